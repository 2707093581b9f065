// The sandbox's webhook events: Stripe's event envelope and the fields of its objects the webhook handler reads
// (ids, amounts, status, metadata with channel_id and order_id, the subscription period), signed with the channel's
// webhook secret in Stripe's header format so they pass the same verification as Stripe's own.
import type { sandboxPaymentIntents, sandboxSubscriptions } from "../../db/payments-schema";
import { newId } from "./sandbox-cards";
import { stripeSignatureHeader } from "./signing";
import type { EventDelivery } from "./types";

type IntentRow = typeof sandboxPaymentIntents.$inferSelect;
type SubscriptionRow = typeof sandboxSubscriptions.$inferSelect;

/** Epoch ms → Stripe's epoch seconds. */
const s = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));

export const chargeId = (intentId: string) => intentId.replace(/^pi_/, "ch_");

export function intentObject(row: IntentRow) {
  return {
    id: row.id,
    object: "payment_intent",
    amount: row.amount,
    amount_received: row.status === "succeeded" ? row.amount : 0,
    currency: row.currency,
    customer: row.customerId,
    payment_method: row.paymentMethodId,
    status: row.status,
    latest_charge: row.status === "succeeded" ? chargeId(row.id) : null,
    last_payment_error: row.declineMessage ? { type: "card_error", code: "card_declined", decline_code: row.declineCode, message: row.declineMessage } : null,
    metadata: row.metadata,
    created: s(row.createdAt),
    livemode: false,
  };
}

export function chargeObject(row: IntentRow) {
  return {
    id: chargeId(row.id),
    object: "charge",
    amount: row.amount,
    amount_refunded: row.amountRefunded,
    currency: row.currency,
    customer: row.customerId,
    payment_intent: row.id,
    refunded: row.amountRefunded >= row.amount,
    status: "succeeded",
    metadata: row.metadata,
    livemode: false,
  };
}

export function subscriptionObject(row: SubscriptionRow) {
  const interval = row.period === "month" ? "month" : "year";
  return {
    id: row.id,
    object: "subscription",
    customer: row.customerId,
    status: row.status,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    default_payment_method: row.paymentMethodId,
    trial_end: s(row.trialEnd),
    // Since API 2025-03-31 the period lives on the subscription item.
    items: {
      object: "list",
      data: [
        {
          id: row.id.replace(/^sub_/, "si_"),
          object: "subscription_item",
          current_period_start: s(row.currentPeriodStart),
          current_period_end: s(row.currentPeriodEnd),
          price: { object: "price", product: row.productKey, unit_amount: row.amount, currency: row.currency, recurring: { interval, interval_count: 1 } },
        },
      ],
    },
    discounts: row.couponId ? [row.couponId] : [],
    metadata: row.metadata,
    livemode: false,
  };
}

export interface InvoiceFacts {
  sub: SubscriptionRow;
  reason: "subscription_create" | "subscription_cycle";
  periodStart: number;
  periodEnd: number;
  subtotal: number;
  total: number;
  paid: boolean;
  intentId: string | null;
}

export function invoiceObject(f: InvoiceFacts) {
  return {
    id: newId("in"),
    object: "invoice",
    customer: f.sub.customerId,
    billing_reason: f.reason,
    currency: f.sub.currency,
    subtotal: f.subtotal,
    total: f.total,
    amount_due: f.total,
    amount_paid: f.paid ? f.total : 0,
    status: f.paid ? "paid" : "open",
    period_start: s(f.periodStart),
    period_end: s(f.periodEnd),
    // Stripe puts the subscription (and its metadata) under parent since API 2025-03-31; the invoice's own metadata
    // is copied too so handlers can read either.
    parent: { type: "subscription_details", subscription_details: { subscription: f.sub.id, metadata: f.sub.metadata } },
    lines: { object: "list", data: [{ object: "line_item", amount: f.total, currency: f.sub.currency, period: { start: s(f.periodStart), end: s(f.periodEnd) } }] },
    payments: f.intentId ? { object: "list", data: [{ object: "invoice_payment", payment: { type: "payment_intent", payment_intent: f.intentId } }] } : { object: "list", data: [] },
    metadata: f.sub.metadata,
    livemode: false,
  };
}

interface PendingEvent {
  channelId: number;
  type: string;
  object: unknown;
}

/** Collects the events of one operation; `flush` signs and delivers them once its state is written. */
export class EventBatch {
  private readonly events: PendingEvent[] = [];

  add(channelId: number, type: string, object: unknown): void {
    this.events.push({ channelId, type, object });
  }

  async flush(options: { now: number; secret: (channelId: number) => string | Promise<string>; deliver: EventDelivery }): Promise<void> {
    for (const e of this.events.splice(0)) {
      const id = newId("evt");
      const created = Math.floor(options.now / 1000);
      const payload = JSON.stringify({
        id,
        object: "event",
        // The API version the pinned SDK (stripe@23.1.0) speaks, so both providers send the same object shapes.
        api_version: "2026-10-28.endive",
        created,
        type: e.type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: e.object },
      });
      const signature = await stripeSignatureHeader(payload, await options.secret(e.channelId), created);
      await options.deliver({ channelId: e.channelId, id, type: e.type, payload, signature });
    }
  }
}
