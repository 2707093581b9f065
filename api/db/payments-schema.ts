// The offline payment sandbox's own state (api/providers/payments/sandbox.ts): the objects Stripe would keep on its
// side, so the sandbox behaves like Stripe test mode across requests and renewals. Stripe-style string ids (cus_, pm_,
// pi_, seti_, sub_, re_, co_); every row carries channel_id and every index leads with it. Commerce tables keep only
// the provider ids, never these rows, so switching to Stripe changes no commerce data.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { channels } from "./schema";

const channelId = () => integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" });

/** How a test card behaves, from its number (Stripe test-mode cards). */
export const CARD_BEHAVIOURS = ["succeed", "decline", "authenticate", "decline_after_attach"] as const;
export type CardBehaviour = (typeof CARD_BEHAVIOURS)[number];

export const sandboxCustomers = sqliteTable(
  "sandbox_customers",
  {
    id: text("id").primaryKey(),
    channelId: channelId(),
    userId: integer("user_id").notNull(),
    email: text("email").notNull(),
    name: text("name"),
    defaultPaymentMethodId: text("default_payment_method_id"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("sandbox_customers_user_idx").on(t.channelId, t.userId)],
);

export const sandboxPaymentMethods = sqliteTable(
  "sandbox_payment_methods",
  {
    id: text("id").primaryKey(),
    channelId: channelId(),
    // Null until attached (saved) to a customer.
    customerId: text("customer_id"),
    // The one-time confirmation token the sandbox card form produced for this card, if any.
    token: text("token"),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    behaviour: text("behaviour", { enum: CARD_BEHAVIOURS }).notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("sandbox_payment_methods_customer_idx").on(t.channelId, t.customerId), uniqueIndex("sandbox_payment_methods_token_idx").on(t.channelId, t.token)],
);

export const sandboxSetupIntents = sqliteTable(
  "sandbox_setup_intents",
  {
    id: text("id").primaryKey(),
    channelId: channelId(),
    customerId: text("customer_id").notNull(),
    clientSecret: text("client_secret").notNull(),
    status: text("status", { enum: ["requires_payment_method", "succeeded"] }).notNull(),
    paymentMethodId: text("payment_method_id"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("sandbox_setup_intents_customer_idx").on(t.channelId, t.customerId)],
);

export const sandboxPaymentIntents = sqliteTable(
  "sandbox_payment_intents",
  {
    id: text("id").primaryKey(),
    channelId: channelId(),
    customerId: text("customer_id").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: ["requires_action", "requires_payment_method", "succeeded"] }).notNull(),
    paymentMethodId: text("payment_method_id"),
    clientSecret: text("client_secret").notNull(),
    // Stripe's last_payment_error, when declined.
    declineCode: text("decline_code"),
    declineMessage: text("decline_message"),
    amountRefunded: integer("amount_refunded").notNull().default(0),
    // Whether the card is kept on the customer once the payment succeeds (setup_future_usage).
    saveCard: integer("save_card", { mode: "boolean" }).notNull().default(false),
    // Set when the intent pays a subscription's invoice (its first one, or a renewal).
    subscriptionId: text("subscription_id"),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("sandbox_payment_intents_customer_idx").on(t.channelId, t.customerId, t.createdAt)],
);

export const sandboxSubscriptions = sqliteTable(
  "sandbox_subscriptions",
  {
    id: text("id").primaryKey(),
    channelId: channelId(),
    customerId: text("customer_id").notNull(),
    paymentMethodId: text("payment_method_id").notNull(),
    productKey: text("product_key").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    period: text("period", { enum: ["month", "annual"] }).notNull(),
    status: text("status", { enum: ["trialing", "active", "incomplete", "past_due", "canceled"] }).notNull(),
    trialEnd: integer("trial_end"),
    currentPeriodStart: integer("current_period_start").notNull(),
    currentPeriodEnd: integer("current_period_end").notNull(),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    couponId: text("coupon_id"),
    // Invoices charged so far (trial invoices excluded): a "once" coupon applies to the first, a "repeating" one to
    // those that start within duration_in_months.
    paidInvoices: integer("paid_invoices").notNull().default(0),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  // Renewals look for subscriptions whose period has ended.
  (t) => [index("sandbox_subscriptions_due_idx").on(t.channelId, t.status, t.currentPeriodEnd), index("sandbox_subscriptions_customer_idx").on(t.channelId, t.customerId)],
);

/** A Stripe coupon together with its promotion code (the sandbox keeps one code per coupon). */
export const sandboxCoupons = sqliteTable(
  "sandbox_coupons",
  {
    id: text("id").primaryKey(),
    channelId: channelId(),
    code: text("code").notNull(),
    percentOff: integer("percent_off"),
    amountOff: integer("amount_off"),
    currency: text("currency"),
    duration: text("duration", { enum: ["once", "repeating", "forever"] }).notNull(),
    durationInMonths: integer("duration_in_months"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    expiresAt: integer("expires_at"),
    maxRedemptions: integer("max_redemptions"),
    timesRedeemed: integer("times_redeemed").notNull().default(0),
  },
  // Codes are matched case-insensitively, so they are stored upper-case.
  (t) => [uniqueIndex("sandbox_coupons_code_idx").on(t.channelId, t.code)],
);

export const sandboxRefunds = sqliteTable(
  "sandbox_refunds",
  {
    id: text("id").primaryKey(),
    channelId: channelId(),
    paymentIntentId: text("payment_intent_id").notNull(),
    amount: integer("amount").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("sandbox_refunds_intent_idx").on(t.channelId, t.paymentIntentId)],
);

/** Stripe's idempotency: the first answer to a key is replayed; the same key with other parameters is refused. */
export const sandboxIdempotency = sqliteTable(
  "sandbox_idempotency",
  {
    channelId: channelId(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    // Null while the first request with the key is still running (a concurrent duplicate is refused meanwhile).
    response: text("response", { mode: "json" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.key] })],
);
