// Commerce tables. Issue 5 (playback) starts with `orders`, the pass a user holds, because access depends on it;
// the commerce issue adds products, transactions and provider references as new tables and columns, not a new
// orders table. Every row carries channel_id and every index leads with it.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth-schema";
import { channels } from "./schema";

export const ORDER_TYPES = ["event", "package", "subscription"] as const;
export const ORDER_STATUSES = ["pending", "paid", "failed", "refunded"] as const;
export const ORDER_ACTIVITY = ["active", "inactive"] as const;

/** Per-pass allowances (SPEC §3 limit types). Absent means the pass grants none. */
export interface OrderLimits {
  clips?: number;
  downloads?: number;
}

export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: ORDER_TYPES }).notNull(),
    // What was bought: the event id for type "event", the package or subscription id otherwise (products arrive
    // with the commerce issue, so no foreign key yet).
    productId: integer("product_id"),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    activityStatus: text("activity_status", { enum: ORDER_ACTIVITY }).notNull().default("inactive"),
    // The category a category package covers (and its sub-categories), SPEC §3 product.event_category_id.
    eventCategoryId: integer("event_category_id"),
    // The team a team pass covers, home or away (SPEC §3 product.participant_id).
    participantId: integer("participant_id"),
    capabilities: text("capabilities", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    limits: text("limits", { mode: "json" }).$type<OrderLimits>().notNull().default(sql`'{}'`),
    // Validity window, epoch ms; a null end is open-ended (a subscription until it is cancelled or lapses).
    startsAt: integer("starts_at").notNull(),
    endsAt: integer("ends_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    // A user's active passes (access checks, /user/access, the profile's orders).
    index("orders_user_idx").on(t.channelId, t.userId, t.status, t.activityStatus),
    // The channel's orders by state and date (back office, renewals).
    index("orders_status_idx").on(t.channelId, t.status, t.createdAt),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
