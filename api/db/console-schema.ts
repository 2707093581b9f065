// The operator side (issue 16): the stored channel definition the console edits, the audit log of every edit,
// custom domains claimed by owners, live inputs from encoders and uploaded videos.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { channels } from "./schema";
import { events } from "./catalogue-schema";
import { users } from "./auth-schema";
import type { EncoderInfo } from "../contract/video";

const channelId = () => integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" });

/**
 * The channel's definition as last written (api/channels/definition.ts, without demo users), with every relative
 * time resolved. The console reads a section from here, and writes the whole document back with a new version, so
 * two editors never overwrite each other unseen.
 */
export const channelDefinitions = sqliteTable("channel_definitions", {
  channelId: integer("channel_id")
    .primaryKey()
    .references(() => channels.id, { onDelete: "cascade" }),
  definition: text("definition", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  version: integer("version").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/** Who changed what on a channel, with the value before and after. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: channelId(),
    /** Null for the platform itself (setup, a job). */
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    /** e.g. "section.update", "image.upload", "domain.add", "channel.create". */
    action: text("action").notNull(),
    /** What was changed: a section name, "events/<key>", a hostname… */
    target: text("target").notNull(),
    before: text("before", { mode: "json" }),
    after: text("after", { mode: "json" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("audit_log_channel_idx").on(t.channelId, t.createdAt)],
);

/**
 * A domain an owner added in the console. It serves the channel once verified (status active); domains declared in a
 * tenant folder (channel_domains) need no verification.
 */
export const customHostnames = sqliteTable(
  "custom_hostnames",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: channelId(),
    hostname: text("hostname").notNull(),
    status: text("status", { enum: ["pending", "active", "failed"] }).notNull().default("pending"),
    /** The provider's id (Cloudflare's custom hostname id; the local provider's own). */
    providerId: text("provider_id").notNull(),
    /** The TXT record that proves the owner controls the domain. */
    verificationName: text("verification_name").notNull(),
    verificationValue: text("verification_value").notNull(),
    /** The provider's last word on why it is not active yet. */
    detail: text("detail"),
    createdAt: integer("created_at").notNull(),
    checkedAt: integer("checked_at"),
    activatedAt: integer("activated_at"),
  },
  (t) => [
    index("custom_hostnames_channel_idx").on(t.channelId),
    index("custom_hostnames_hostname_idx").on(t.hostname),
    uniqueIndex("custom_hostnames_channel_hostname_idx").on(t.channelId, t.hostname),
    // A hostname serves one channel at most, but unverified claims of several channels wait side by side (issue 25):
    // the first verified wins, so a claim alone cannot squat a domain.
    uniqueIndex("custom_hostnames_active_hostname_idx").on(t.hostname).where(sql`status = 'active'`),
  ],
);

/** DNS as the local CustomHostnames provider sees it: records a tester "creates" through a dev-only route. */
export const localDnsRecords = sqliteTable(
  "local_dns_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    type: text("type", { enum: ["CNAME", "TXT"] }).notNull(),
    value: text("value").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("local_dns_records_idx").on(t.name, t.type, t.value)],
);

/** An encoder's way in for one event (RTMPS/SRT ingest), from the video provider. */
export const liveInputs = sqliteTable(
  "live_inputs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: channelId(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["local", "cloudflare"] }).notNull(),
    /** The provider's id of the input. */
    uid: text("uid").notNull().unique(),
    ingestUrl: text("ingest_url").notNull(),
    streamKey: text("stream_key").notNull(),
    srtUrl: text("srt_url"),
    status: text("status", { enum: ["idle", "connected", "reconnecting", "ended"] }).notNull().default("idle"),
    /** The media asset the stream is packaged into (media/<media_key>/ in R2). */
    mediaKey: text("media_key").notNull(),
    startedAt: integer("started_at"),
    endedAt: integer("ended_at"),
    /** Complete segments written so far (the live edge). */
    segmentCount: integer("segment_count").notNull().default(0),
    /** The provider's video of the recording once the stream ended (Stream's recording uid); null for local. */
    recordingUid: text("recording_uid"),
    /** When the encoder dropped, while it may come back within the channel's grace period (status `reconnecting`). */
    droppedAt: integer("dropped_at"),
    /** The broadcast's breaks: where in the recording and how long the encoder was away (LiveGap[]). */
    gaps: text("gaps", { mode: "json" }).$type<{ at_s: number; gap_s: number }[]>().notNull().default([]),
    /** What the encoder sends and how far the packaging trails it, from the ingest's last report (EncoderInfo). */
    encoder: text("encoder", { mode: "json" }).$type<EncoderInfo>(),
    /** When an encoder last tried to publish with a wrong stream key (issue 29: the console tells the owner). */
    refusedAt: integer("refused_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("live_inputs_event_idx").on(t.channelId, t.eventId)],
);

/** A video uploaded in the console, packaged into a media asset for the library. */
export const mediaUploads = sqliteTable(
  "media_uploads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: channelId(),
    provider: text("provider", { enum: ["local", "cloudflare"] }).notNull(),
    uid: text("uid").notNull().unique(),
    status: text("status", { enum: ["waiting", "uploaded", "processing", "ready", "failed"] }).notNull().default("uploaded"),
    /** The upload's bytes in R2 until packaged (local provider). */
    sourceKey: text("source_key"),
    mediaKey: text("media_key").notNull(),
    /** What the library item is called, per language. */
    title: text("title", { mode: "json" }).$type<Record<string, string>>().notNull(),
    /** The VOD item key it becomes in the channel definition once ready. */
    vodKey: text("vod_key").notNull(),
    error: text("error"),
    /**
     * A direct upload's tus target and the file it was made for (docs/decisions/025): while it waits for its bytes, the
     * console can carry on sending the same file there after a reload, from the offset the target answers.
     */
    direct: text("direct", { mode: "json" }).$type<{ uploadUrl: string; chunkBytes: number; fileName: string; fileBytes: number; expiresAt?: number | null }>(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("media_uploads_channel_idx").on(t.channelId, t.createdAt), index("media_uploads_media_idx").on(t.channelId, t.mediaKey)],
);
