// Payment webhook bookkeeping: every provider event applied, by (channel, event id). The row is inserted in the
// same D1 batch as the event's effect, so a redelivered or concurrently delivered event fails on the unique index
// and changes nothing (api/services/commerce/webhook-apply.ts). Channel first, like every row.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { channels } from "./schema";

export const paymentEvents = sqliteTable(
  "payment_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    /** The provider's event id (evt_…). */
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    /** The order the event was about; null when it named none of this channel's orders (acknowledged, no effect). */
    orderId: integer("order_id"),
    /** The event's own `created`, epoch ms. */
    createdAt: integer("created_at").notNull(),
    appliedAt: integer("applied_at").notNull(),
  },
  (t) => [uniqueIndex("payment_events_event_idx").on(t.channelId, t.eventId), index("payment_events_order_idx").on(t.channelId, t.orderId)],
);

export type PaymentEventRow = typeof paymentEvents.$inferSelect;
