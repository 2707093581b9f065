// Event downloads (SPEC §6 "Clip and download limits are per pass"): one row per download taken, charged to the pass
// (order) whose allowance it used, so a new pass brings its own downloads and an expired one takes its count with it.
import { index, integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { users } from "./auth-schema";
import { channels } from "./schema";

export const eventDownloads = sqliteTable(
  "event_downloads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** The pass (order) whose `limits.downloads` this download used. */
    orderId: integer("order_id").notNull(),
    eventId: integer("event_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("event_downloads_order_idx").on(t.channelId, t.orderId), index("event_downloads_user_idx").on(t.channelId, t.userId)],
);

export type EventDownloadRow = typeof eventDownloads.$inferSelect;
