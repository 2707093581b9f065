// Accounts (issue 4): users, their sign-in identities and sessions, single-use signed links, and the mail outbox.
// A user belongs to one channel: the same email on two channels is two accounts.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { USER_ROLES } from "../contract/auth";
import { channels } from "./schema";

const channelId = () => integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" });

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: channelId(),
    // Stored lowercased and trimmed; unique per channel.
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    phone: text("phone"),
    // "pbkdf2-sha256$<iterations>$<salt b64url>$<hash b64url>"; null for accounts that only sign in socially.
    passwordHash: text("password_hash"),
    temporaryPassword: integer("temporary_password", { mode: "boolean" }).notNull().default(false),
    /** Spoiler-safe (issue 27): the account hides scores on every page of the channel, on every device it signs in on. */
    hideScores: integer("hide_scores", { mode: "boolean" }).notNull().default(false),
    emailVerifiedAt: integer("email_verified_at"),
    // An email change waiting for its link (issue 25): `email` stays the account's address until the new one is proven.
    pendingEmail: text("pending_email"),
    pendingEmailExpiresAt: integer("pending_email_expires_at"),
    trialPeriodUsed: integer("trial_period_used", { mode: "boolean" }).notNull().default(false),
    // The language mails are written in.
    language: text("language").notNull().default("en"),
    features: text("features", { mode: "json" }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    // Capabilities granted to the account itself (demo viewers, operators); orders add theirs (commerce issue).
    capabilities: text("capabilities", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /** "owner": the channel's owner, who sees its analytics (issue 14) and, later, its console. */
    role: text("role", { enum: USER_ROLES }).notNull().default("viewer"),
    clipCount: integer("clip_count").notNull().default(0),
    downloadCount: integer("download_count").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("users_channel_email_idx").on(t.channelId, t.email)],
);

/** A Google or Facebook account linked to a user. */
export const userIdentities = sqliteTable(
  "user_identities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: channelId(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["google", "facebook"] }).notNull(),
    subject: text("subject").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("user_identities_subject_idx").on(t.channelId, t.provider, t.subject), index("user_identities_user_idx").on(t.userId)],
);

/** A signed-in device. Only the SHA-256 of the token is stored. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: channelId(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    device: text("device").notNull().default("web"),
    userAgent: text("user_agent"),
    ip: text("ip"),
    // ISO 3166-1 alpha-2 of the request that signed in (Cloudflare's country); null when unknown.
    country: text("country"),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.channelId, t.userId), index("sessions_expiry_idx").on(t.expiresAt)],
);

/**
 * Email verification, password reset, account deletion and email change links. The link carries email, expires and
 * signature; only the signature's SHA-256 is stored, and `used_at` makes the link single-use.
 */
export const signedLinks = sqliteTable(
  "signed_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: channelId(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify_email", "password_reset", "delete_account", "change_email"] }).notNull(),
    signatureHash: text("signature_hash").notNull().unique(),
    // Random per link, part of the HMAC input, so two links for the same email and expiry still differ.
    nonce: text("nonce").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("signed_links_user_idx").on(t.channelId, t.userId, t.purpose)],
);

/** Every mail the platform writes, in the recipient's language and the channel's branding. */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: channelId(),
    // A user's mails are personal data: they go when the account is deleted.
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    language: text("language").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed", "held"] }).notNull().default("queued"),
    providerId: text("provider_id"),
    error: text("error"),
    createdAt: integer("created_at").notNull(),
    sentAt: integer("sent_at"),
    /** A mail that must be written once whatever repeats its cause (a receipt per payment): unique per channel. */
    dedupeKey: text("dedupe_key"),
  },
  (t) => [index("mail_outbox_channel_idx").on(t.channelId, t.createdAt), uniqueIndex("mail_outbox_dedupe_idx").on(t.channelId, t.dedupeKey)],
);
