// D1 schema. Every tenant-owned table carries channel_id; repositories take the channel from the request context.
// Translatable text is stored as JSON ({"en": "...", "fr": "..."}) and resolved to one language by the API.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const timestamps = {
  createdAt: integer("created_at", { mode: "number" }).notNull().default(sql`(unixepoch() * 1000)`),
  updatedAt: integer("updated_at", { mode: "number" }).notNull().default(sql`(unixepoch() * 1000)`),
};

export const channels = sqliteTable(
  "channels",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    alias: text("alias").notNull().unique(),
    name: text("name").notNull(),
    // The channel key is publishable (like a Stripe publishable key): it only lets a client mint an api key.
    channelKey: text("channel_key").notNull().unique(),
    status: text("status", { enum: ["active", "suspended"] }).notNull().default("active"),
    /**
     * A rolling schedule (issue 24, docs/decisions/027): when the channel was loaded (its relative times count from
     * it), the now its rolling rows were last computed for, and when one of them next changes. Null: a fixed channel.
     */
    scheduleAnchor: integer("schedule_anchor"),
    rolledAt: integer("rolled_at"),
    nextRollAt: integer("next_roll_at"),
    ...timestamps,
  },
  // The Cron Trigger looks up the rolling channels that are due.
  (t) => [index("channels_next_roll_idx").on(t.nextRollAt)],
);

export const channelDomains = sqliteTable(
  "channel_domains",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    hostname: text("hostname").notNull().unique(),
  },
  (t) => [index("channel_domains_channel_idx").on(t.channelId)],
);

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    // SHA-256 of the key, hex. The key itself is returned once and never stored.
    keyHash: text("key_hash").notNull().unique(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("api_keys_channel_expiry_idx").on(t.channelId, t.expiresAt)],
);

export const channelSettings = sqliteTable(
  "channel_settings",
  {
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: text("value", { mode: "json" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.key] })],
);

export const colorSettings = sqliteTable(
  "color_settings",
  {
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    clientInterface: text("client_interface").notNull().default("web"),
    key: text("key").notNull(),
    value: text("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.clientInterface, t.key] })],
);

export const menuItems = sqliteTable(
  "menu_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    // Stable key from the tenant definition, so reloading a channel keeps ids.
    key: text("key").notNull(),
    parentId: integer("parent_id"),
    placement: text("placement", { enum: ["header", "footer", "both"] }).notNull(),
    kind: text("kind", { enum: ["link", "page", "group", "participant", "category"] }).notNull(),
    name: text("name", { mode: "json" }).notNull(),
    url: text("url"),
    alias: text("alias"),
    image: text("image"),
    weight: integer("weight").notNull().default(0),
  },
  (t) => [uniqueIndex("menu_items_channel_key_idx").on(t.channelId, t.key), index("menu_items_order_idx").on(t.channelId, t.weight)],
);

export const slides = sqliteTable(
  "slides",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    clientInterface: text("client_interface").notNull().default("web"),
    slidableType: text("slidable_type", { enum: ["main", "category", "participant", "group"] }).notNull(),
    slidableId: integer("slidable_id"),
    slidableAlias: text("slidable_alias"),
    title: text("title", { mode: "json" }).notNull(),
    subtitle: text("subtitle", { mode: "json" }),
    image: text("image").notNull(),
    imageAlt: text("image_alt", { mode: "json" }),
    linkUrl: text("link_url"),
    cta: text("cta", { mode: "json" }),
    weight: integer("weight").notNull().default(0),
  },
  (t) => [uniqueIndex("slides_channel_key_idx").on(t.channelId, t.key), index("slides_order_idx").on(t.channelId, t.clientInterface, t.slidableType, t.weight)],
);

export const pages = sqliteTable(
  "pages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    name: text("name", { mode: "json" }).notNull(),
    altName: text("alt_name", { mode: "json" }),
    description: text("description", { mode: "json" }),
    // Markdown, per language.
    content: text("content", { mode: "json" }).notNull(),
    weight: integer("weight").notNull().default(0),
  },
  (t) => [uniqueIndex("pages_channel_url_idx").on(t.channelId, t.url)],
);

export const faqs = sqliteTable(
  "faqs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    question: text("question", { mode: "json" }).notNull(),
    answer: text("answer", { mode: "json" }).notNull(),
    weight: integer("weight").notNull().default(0),
  },
  (t) => [uniqueIndex("faqs_channel_key_idx").on(t.channelId, t.key), index("faqs_order_idx").on(t.channelId, t.weight)],
);

export const customForms = sqliteTable(
  "custom_forms",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    alias: text("alias").notNull(),
    title: text("title", { mode: "json" }).notNull(),
    // [{ name, type, label, required, min_length, max_length, options? }]
    fields: text("fields", { mode: "json" }).notNull(),
    successMessage: text("success_message", { mode: "json" }),
  },
  (t) => [uniqueIndex("custom_forms_channel_alias_idx").on(t.channelId, t.alias)],
);

export const customFormSubmissions = sqliteTable(
  "custom_form_submissions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    formId: integer("form_id").notNull().references(() => customForms.id, { onDelete: "cascade" }),
    data: text("data", { mode: "json" }).notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("custom_form_submissions_form_idx").on(t.channelId, t.formId, t.createdAt)],
);

export const staticBlocks = sqliteTable(
  "static_blocks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    // Where the block renders: home_top, home_bottom, footer, or page:<url>.
    placement: text("placement").notNull(),
    type: text("type", { enum: ["text", "image"] }).notNull(),
    title: text("title", { mode: "json" }),
    content: text("content", { mode: "json" }),
    imageUrl: text("image_url"),
    imageAlt: text("image_alt", { mode: "json" }),
    linkUrl: text("link_url"),
    weight: integer("weight").notNull().default(0),
  },
  (t) => [uniqueIndex("static_blocks_channel_key_idx").on(t.channelId, t.key), index("static_blocks_order_idx").on(t.channelId, t.placement, t.weight)],
);

export const prerolls = sqliteTable(
  "prerolls",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    url: text("url").notNull(),
    weight: integer("weight").notNull().default(1),
    locationId: integer("location_id"),
    eventCategories: text("event_categories", { mode: "json" }).$type<number[]>().notNull().default(sql`'[]'`),
    forVod: integer("for_vod", { mode: "boolean" }).notNull().default(true),
    forLive: integer("for_live", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [uniqueIndex("prerolls_channel_key_idx").on(t.channelId, t.key)],
);

export * from "./catalogue-schema";
export * from "./auth-schema";
export * from "./commerce-schema";
export * from "./payments-schema";
export * from "./webhook-schema";
export * from "./checkout-schema";
export * from "./clips-schema";
export * from "./favorites-schema";
export * from "./devices-schema";
export * from "./analytics-schema";
export * from "./downloads-schema";
export * from "./console-schema";
export * from "./scores-schema";
export * from "./event-scores-schema";
