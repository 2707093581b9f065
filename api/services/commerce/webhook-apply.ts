// The one payment webhook handler, for Stripe's events and the sandbox's alike: verify the signature with the
// channel's webhook secret, find the order the event names (metadata.order_id, within this channel only), and apply
// the event's effect together with its payment_events row in one D1 batch. A redelivered or concurrently delivered
// event hits the unique (channel_id, event_id) index, so the whole batch rolls back and nothing changes twice; the
// effects themselves only move state forward (webhook-effects.ts), so events converge in any delivery order.
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../../db/client";
import { orders } from "../../db/commerce-schema";
import { paymentEvents } from "../../db/webhook-schema";
import { hmacSha256 } from "../../lib/crypto";
import { appConfig } from "../../env";
import { authSecret } from "../../lib/secrets";
import { verifyWebhook } from "../../providers/payments/webhook";
import { type ReceiptIntent, receiptIntent } from "./receipts";
import { Effects, type TargetOrder } from "./webhook-effects";

/** The offline sandbox's per-channel signing secret, derived from the app secret: nothing to store, and one channel's
 * events never verify as another's. The sandbox signs with it (services/commerce/provider.ts) and the handler
 * verifies with it. */
export async function sandboxWebhookSecret(env: object, channelId: number): Promise<string> {
  const mac = await hmacSha256(authSecret(env), `sandbox-webhook:${channelId}`);
  return `whsec_${[...mac].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * The secret a channel's events are verified with: with Stripe, the endpoint's signing secret
 * (STRIPE_WEBHOOK_SECRET, one endpoint for every channel; the metadata says which channel); offline, the sandbox's.
 */
export async function webhookSecretFor(env: object, channelId: number): Promise<string> {
  const config = appConfig(env);
  if (!config.STRIPE_SECRET_KEY) return sandboxWebhookSecret(env, channelId);
  if (!config.STRIPE_WEBHOOK_SECRET) throw new Error("STRIPE_WEBHOOK_SECRET is not set");
  return config.STRIPE_WEBHOOK_SECRET;
}

/** A delivery refused before anything is read from it: unsigned, tampered, signed with another key, or stale. */
export class WebhookRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "WebhookRejected";
  }
}

export interface WebhookDelivery {
  channelId: number;
  /** The raw body, exactly as received. */
  payload: string;
  signature: string | null | undefined;
  secret: string;
  /** Epoch ms: the injected clock (staleness is judged against it). */
  now: number;
}

export type WebhookOutcome = {
  result: "applied" | "duplicate" | "ignored";
  eventId: string;
  orderId: number | null;
  /** The receipt the event calls for (receipts.ts), applied now or by an earlier delivery. */
  receipt: ReceiptIntent | null;
};

export async function receiveWebhook(db: Db, delivery: WebhookDelivery): Promise<WebhookOutcome> {
  const check = await verifyWebhook(delivery.payload, delivery.signature, delivery.secret, Math.floor(delivery.now / 1000));
  if (!check.ok) throw new WebhookRejected(check.reason);
  return applyEvent(db, delivery.channelId, check.event, delivery.now);
}

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
/** Stripe's epoch seconds → epoch ms. */
const ms = (v: unknown): number => num(v) * 1000;

/** Where the event's object keeps channel_id and order_id (an invoice: under its subscription, since API 2025-03-31). */
function metadataOf(object: Obj): Record<string, string> {
  const parent = object.parent as { subscription_details?: { metadata?: Record<string, string> } } | undefined;
  return { ...((object.metadata as Record<string, string> | undefined) ?? {}), ...(parent?.subscription_details?.metadata ?? {}) };
}

/** The subscription item's current period end (since API 2025-03-31 the period lives on the item). */
function periodEndOf(sub: Obj): number {
  const items = sub.items as { data?: { current_period_end?: number }[] } | undefined;
  return ms(items?.data?.[0]?.current_period_end ?? sub.current_period_end);
}

async function findOrder(db: Db, channelId: number, metadata: Record<string, string>): Promise<TargetOrder | null> {
  // Another channel's event is not this channel's business, even if its order id happens to exist here.
  if (metadata.channel_id !== undefined && metadata.channel_id !== String(channelId)) return null;
  const id = Number(metadata.order_id);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const row = await db.query.orders.findFirst({
    where: and(eq(orders.channelId, channelId), eq(orders.id, id)),
    columns: { channelId: true, id: true, userId: true, currency: true },
  });
  return row ?? null;
}

/** The effect of one event on its order; an event type the platform does not act on adds nothing. */
function effectsOf(fx: Effects, event: Stripe.Event, object: Obj): Effects {
  const currency = str(object.currency) ?? "usd";
  switch (event.type) {
    case "payment_intent.succeeded":
      return fx.orderStatus("paid").charge("paid", { amount: num(object.amount_received) || num(object.amount), currency, ref: str(object.id) });
    case "payment_intent.payment_failed": {
      const error = object.last_payment_error as { message?: string } | null;
      return fx.orderStatus("failed").charge("failed", { amount: num(object.amount), currency, ref: str(object.id), failure: error?.message ?? null });
    }
    case "charge.refunded": {
      fx.refund({ amount: num(object.amount_refunded), currency, ref: str(object.id) ?? "" });
      // A partial refund is recorded; the order itself is refunded (and loses access) when the whole charge is.
      return object.refunded === true ? fx.orderStatus("refunded") : fx;
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return subscriptionEffects(fx, event.type, object);
    case "invoice.paid":
    case "invoice.payment_failed":
      return invoiceEffects(fx, event.type === "invoice.paid", object, currency);
    default:
      return fx;
  }
}

function subscriptionEffects(fx: Effects, type: string, sub: Obj): Effects {
  const periodEnd = periodEndOf(sub);
  if (sub.cancel_at_period_end === true) fx.renewalCancelled();
  if (type === "customer.subscription.deleted" || sub.status === "canceled" || sub.status === "incomplete_expired") return fx.subscription(periodEnd, "expired");
  if (sub.status === "trialing") {
    // A trial is usable at once with nothing charged: the order is paid (zero) and active until the trial ends.
    if (sub.trial_end) fx.trial(ms(sub.trial_end));
    return fx.orderStatus("paid").subscription(periodEnd, "active");
  }
  if (sub.status === "active") return fx.orderStatus("paid").subscription(periodEnd, "active");
  if (sub.status === "past_due" || sub.status === "unpaid") return fx.subscription(periodEnd, "inactive");
  // incomplete: the first invoice's events decide.
  return fx;
}

/** An invoice carries no decline reason (its PaymentIntent does); Stripe's generic words stand in for it. */
const DECLINED = "Your card was declined.";

function invoiceEffects(fx: Effects, paid: boolean, invoice: Obj, currency: string): Effects {
  const first = invoice.billing_reason === "subscription_create";
  const intent = (invoice.payments as { data?: { payment?: { payment_intent?: string } }[] } | undefined)?.data?.[0]?.payment?.payment_intent ?? null;
  const amount = num(paid ? invoice.amount_paid : invoice.amount_due);
  if (first) {
    if (paid) return fx.orderStatus("paid").subscription(ms(invoice.period_end), "active").charge("paid", { amount, currency, ref: intent ?? str(invoice.id) });
    return fx.orderStatus("failed").charge("failed", { amount, currency, ref: intent ?? str(invoice.id), failure: DECLINED });
  }
  const ref = str(invoice.id) ?? "";
  if (paid) return fx.orderStatus("paid").subscription(ms(invoice.period_end), "active").renewal("paid", { amount, currency, ref });
  // The renewal of the period that just ended failed: that period's state becomes inactive (Stripe: past_due).
  return fx.subscription(ms(invoice.period_start), "inactive").renewal("failed", { amount, currency, ref, failure: DECLINED });
}

/** Applies a verified event once. Duplicates (already applied, or applied concurrently) change nothing. */
export async function applyEvent(db: Db, channelId: number, event: Stripe.Event, now: number): Promise<WebhookOutcome> {
  const object = event.data.object as unknown as Obj;
  const order = await findOrder(db, channelId, metadataOf(object));
  const record = db.insert(paymentEvents).values({ channelId, eventId: event.id, type: event.type, orderId: order?.id ?? null, createdAt: ms(event.created), appliedAt: now });
  const statements = order ? effectsOf(new Effects(db, order, now), event, object).deriveActivity().statements : [];
  const receipt = order ? receiptIntent(event.type, object) : null;
  try {
    await db.batch([record, ...statements]);
  } catch (error) {
    if (isDuplicate(error)) return { result: "duplicate", eventId: event.id, orderId: order?.id ?? null, receipt };
    throw error;
  }
  return { result: order ? "applied" : "ignored", eventId: event.id, orderId: order?.id ?? null, receipt };
}

/** The unique (channel_id, event_id) index refused the row: this event was applied by another delivery. */
function isDuplicate(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (/UNIQUE constraint failed: payment_events\./.test(e.message)) return true;
  }
  return false;
}
