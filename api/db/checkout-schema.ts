// Checkout's own tables (issue 6 part 2). Every row carries channel_id and every index leads with it.
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { BuyResult } from "../contract/commerce-types";
import { users } from "./auth-schema";
import { channels } from "./schema";

/**
 * The provider customer of a channel user. Stripe keeps no lookup by our user id, so the id it returns once is kept
 * here; the provider is part of the key, so switching a channel from the sandbox to Stripe starts a fresh customer.
 */
export const paymentCustomers = sqliteTable(
  "payment_customers",
  {
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["stripe", "sandbox"] }).notNull(),
    customerId: text("customer_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId, t.provider] })],
);

/**
 * One checkout attempt per (channel, user, idempotency_key): the first request claims the key, a retry (double
 * click, a resent request after a timeout) reads the stored answer instead of creating a second order and charge.
 */
export const checkoutRequests = sqliteTable(
  "checkout_requests",
  {
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** A hash of the request, so the key cannot be reused for another purchase. */
    requestHash: text("request_hash").notNull(),
    /** Null while the first request runs. */
    result: text("result", { mode: "json" }).$type<BuyResult>(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId, t.key] })],
);
