// Analytics (issue 14, DESIGN "Analytics"). `analytics_records` is the local store of what the browser client sends
// to /api/datalake/* when Workers Analytics Engine is not bound (locally and in tests): one row per record, shaped
// like an Analytics Engine data point (a few indexed columns, numbers, the rest as JSON) so both stores answer the
// same questions. `request_errors` is the channel owner's log of API requests that failed (SPEC §7, last line).
import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { channels } from "./schema";

export const ANALYTICS_KINDS = ["session", "event", "video_event", "viewing"] as const;
export type AnalyticsKind = (typeof ANALYTICS_KINDS)[number];

export const analyticsRecords = sqliteTable(
  "analytics_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ANALYTICS_KINDS }).notNull(),
    /** The event's name (visit_page, play…); the device type for a session; null for viewing. */
    name: text("name"),
    /** When it happened: the time it arrived, less its `age_ms`. */
    at: integer("at").notNull(),
    sessionUuid: text("session_uuid").notNull(),
    userId: integer("user_id"),
    videoViewUuid: text("video_view_uuid"),
    streamType: text("stream_type"),
    streamId: integer("stream_id"),
    /** viewing: seconds watched; first_frame: startup ms; api_request: total ms. */
    value: real("value"),
    /** viewing: seconds rebuffering. */
    value2: real("value2"),
    trk: text("trk"),
    /** Everything else the record carried (origin, extra fields, the video's category…). */
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
  },
  (t) => [index("analytics_records_channel_at_idx").on(t.channelId, t.kind, t.at)],
);

export type AnalyticsRecordRow = typeof analyticsRecords.$inferSelect;
export type NewAnalyticsRecord = typeof analyticsRecords.$inferInsert;

export const requestErrors = sqliteTable(
  "request_errors",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    at: integer("at").notNull(),
    method: text("method").notNull(),
    /** The path without the query (a query may carry the api key or a signature). */
    path: text("path").notNull(),
    status: integer("status").notNull(),
    message: text("message").notNull(),
    /** The request's form fields, secrets removed (passwords, card data, tokens, keys). */
    fields: text("fields", { mode: "json" }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    userId: integer("user_id"),
  },
  (t) => [index("request_errors_channel_at_idx").on(t.channelId, t.at)],
);

export type RequestErrorRow = typeof requestErrors.$inferSelect;
export type NewRequestError = typeof requestErrors.$inferInsert;
