// Commerce tables. Issue 5 (playback) starts with `orders`, the pass a user holds, because access depends on it;
// the commerce issue adds products, transactions and provider references as new tables and columns, not a new
// orders table. Every row carries channel_id and every index leads with it.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  BILLING_PERIODS,
  COUPON_DURATIONS,
  CURRENCIES,
  PACKAGE_TYPES,
  PASS_TYPES,
  PRODUCT_KINDS,
  RENEWAL_STATES,
  SUBSCRIPTION_STATES,
  TRANSACTION_KINDS,
  TRANSACTION_STATUSES,
} from "../contract/commerce-types";
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
    // Commerce (issue 6). Nullable or defaulted, so the demo passes of issue 5 stay valid rows.
    /** An event order bought through a single-event package: that package (product_id stays the event's id). */
    singleEventPackageId: integer("single_event_package_id"),
    /** What was charged for the first period, minor units, after the coupon; null for seeded passes. */
    amount: integer("amount"),
    currency: text("currency", { enum: CURRENCIES }),
    couponId: integer("coupon_id"),
    /** The coupon's reduction, minor units. */
    discount: integer("discount").notNull().default(0),
    /** "stripe" or "sandbox"; null for seeded passes. */
    provider: text("provider"),
    /** The provider's PaymentIntent or Subscription id. */
    providerRef: text("provider_ref"),
    autoRenew: integer("auto_renew", { mode: "boolean" }).notNull().default(false),
    renewalStatus: text("renewal_status", { enum: RENEWAL_STATES }),
    subscriptionStatus: text("subscription_status", { enum: SUBSCRIPTION_STATES }),
    trialEndsAt: integer("trial_ends_at"),
    currentPeriodEnd: integer("current_period_end"),
    /** The bundle order this order was bought in (each bundle item is its own order, so access rules see it). */
    bundleOrderId: integer("bundle_order_id"),
    /** An addon's order: the pass order it sits on. */
    parentOrderId: integer("parent_order_id"),
    /** The categories and teams the buyer picked on /select-package (the access columns hold one each). */
    selectedCategoryIds: text("selected_category_ids", { mode: "json" }).$type<number[]>().notNull().default(sql`'[]'`),
    selectedParticipantIds: text("selected_participant_ids", { mode: "json" }).$type<number[]>().notNull().default(sql`'[]'`),
  },
  (t) => [
    // A user's active passes (access checks, /user/access, the profile's orders).
    index("orders_user_idx").on(t.channelId, t.userId, t.status, t.activityStatus),
    // The channel's orders by state and date (back office, renewals).
    index("orders_status_idx").on(t.channelId, t.status, t.createdAt),
    // Webhooks find the order of a provider object.
    index("orders_provider_idx").on(t.channelId, t.providerRef),
    // Renewals due by a date.
    index("orders_renewal_idx").on(t.channelId, t.subscriptionStatus, t.currentPeriodEnd),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

/** Localized text as stored ({"en": "...", "fr": "..."} or one string), like the catalogue tables. */
type Localized = string | Record<string, string>;

/**
 * Packages, subscriptions, addons (packages with pass_type "addition" and `addon_of`) and bundles. Money is in
 * minor units. What a pass covers is by id (sports, teams, event), resolved from keys when a tenant is loaded.
 */
export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    /** Stable key from tenants/<alias>/products.json. */
    key: text("key").notNull(),
    kind: text("kind", { enum: PRODUCT_KINDS }).notNull(),
    name: text("name", { mode: "json" }).$type<Localized>().notNull(),
    description: text("description", { mode: "json" }).$type<Localized>(),
    price: integer("price").notNull(),
    basePrice: integer("base_price").notNull(),
    serviceFee: integer("service_fee").notNull().default(0),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    image: text("image"),
    weight: integer("weight").notNull().default(0),
    packageType: text("package_type", { enum: PACKAGE_TYPES }),
    period: text("period", { enum: BILLING_PERIODS }),
    trialDays: integer("trial_days").notNull().default(0),
    passType: text("pass_type", { enum: PASS_TYPES }).notNull().default("regular"),
    /** An addon: the pass it sits on. */
    addonOf: integer("addon_of"),
    isTeamPass: integer("is_team_pass", { mode: "boolean" }).notNull().default(false),
    eventCategoryIds: text("event_category_ids", { mode: "json" }).$type<number[]>().notNull().default(sql`'[]'`),
    participantIds: text("participant_ids", { mode: "json" }).$type<number[]>().notNull().default(sql`'[]'`),
    /** How many categories or teams the buyer picks; null: all of them. */
    maxChoices: integer("max_choices"),
    /** A single-event package's event. */
    eventId: integer("event_id"),
    capabilities: text("capabilities", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    limits: text("limits", { mode: "json" }).$type<OrderLimits>().notNull().default(sql`'{}'`),
    simultaneousLogins: integer("simultaneous_logins"),
    /** A bundle's products. */
    bundleItemIds: text("bundle_item_ids", { mode: "json" }).$type<number[]>().notNull().default(sql`'[]'`),
    /** Set when the product is mirrored in Stripe; the sandbox needs none. */
    stripePriceId: text("stripe_price_id"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [
    uniqueIndex("products_key_idx").on(t.channelId, t.key),
    // GET packages / subscriptions: a channel's active products of a kind in weight order.
    index("products_list_idx").on(t.channelId, t.kind, t.active, t.weight),
    index("products_event_idx").on(t.channelId, t.eventId),
  ],
);

export type ProductRow = typeof products.$inferSelect;

/** Promo codes (SPEC §5 "Wrong promo code" / "Promo code is invalid"). */
export const coupons = sqliteTable(
  "coupons",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    /** Stored upper-case; codes are matched case-insensitively. */
    code: text("code").notNull(),
    /** Exactly one of percent_off (1–100) and amount_off (minor units, in `currency`) is set. */
    percentOff: integer("percent_off"),
    amountOff: integer("amount_off"),
    currency: text("currency", { enum: CURRENCIES }),
    duration: text("duration", { enum: COUPON_DURATIONS }).notNull().default("once"),
    durationMonths: integer("duration_months"),
    validFrom: integer("valid_from"),
    validUntil: integer("valid_until"),
    maxRedemptions: integer("max_redemptions"),
    timesRedeemed: integer("times_redeemed").notNull().default(0),
    /** Product ids it applies to; empty: every product. */
    productIds: text("product_ids", { mode: "json" }).$type<number[]>().notNull().default(sql`'[]'`),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [uniqueIndex("coupons_code_idx").on(t.channelId, t.code)],
);

export type CouponRow = typeof coupons.$inferSelect;

/** Money movements of an order (SPEC §3 transaction status): first charge, renewals, refunds. */
export const transactions = sqliteTable(
  "transactions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    orderId: integer("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: TRANSACTION_STATUSES }).notNull().default("created"),
    kind: text("kind", { enum: TRANSACTION_KINDS }).notNull().default("charge"),
    /** Minor units. */
    amount: integer("amount").notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    providerRef: text("provider_ref"),
    failureMessage: text("failure_message"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("transactions_user_idx").on(t.channelId, t.userId, t.createdAt),
    index("transactions_order_idx").on(t.channelId, t.orderId),
    index("transactions_provider_idx").on(t.channelId, t.providerRef),
  ],
);

export type TransactionRow = typeof transactions.$inferSelect;
