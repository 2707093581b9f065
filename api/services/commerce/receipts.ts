// Receipts (issue 28): a mail after every purchase and every renewal, written by the payment webhook once the event
// that pays is applied (the sandbox's events through the queue, Stripe's through POST /stripe/webhook alike). Each
// receipt has a key of its own (the order's purchase, or the renewal's invoice) that the outbox accepts once, so a
// redelivered, reordered or concurrent event never mails twice; a delivery that failed before its mail was written
// is answered 500 and redelivered, and the duplicate delivery writes it then.
import type { Currency } from "../../contract/commerce-types";
import type { Db } from "../../db/client";
import type { OrderRow, TransactionRow } from "../../db/commerce-schema";
import { orderNames } from "../../db/repos/commerce-orders";
import { receiptRows } from "../../db/repos/receipts";
import { appConfig } from "../../env";
import { channelBranding, mailLanguage, queueRenderedMailOnce } from "../../providers/email/outbox";
import { renderReceiptMail, type ReceiptKind } from "../../providers/email/receipt-template";
import { channelWebOrigin } from "../reminder-run";
import { orderWire } from "./orders-wire";
import type { WebhookOutcome } from "./webhook-apply";

export const RECEIPT_MAIL_KIND = "order_receipt";

/** What a payment event asks to be receipted: the order's purchase, or the renewal paid by an invoice. */
export type ReceiptIntent = { kind: "purchase" } | { kind: "renewal"; invoice: string };

/** The receipt a verified payment event calls for (its type and object as Stripe sends them), or none. */
export function receiptIntent(type: string, object: Record<string, unknown>): ReceiptIntent | null {
  switch (type) {
    case "payment_intent.succeeded":
      return { kind: "purchase" };
    case "customer.subscription.created":
    case "customer.subscription.updated":
      return object.status === "active" || object.status === "trialing" ? { kind: "purchase" } : null;
    case "invoice.paid":
      if (object.billing_reason === "subscription_create") return { kind: "purchase" };
      return typeof object.id === "string" && object.id ? { kind: "renewal", invoice: object.id } : null;
    default:
      return null;
  }
}

export interface ReceiptDue {
  kind: ReceiptKind;
  /** Minor units. */
  amount: number;
  currency: Currency;
  /** The outbox's once-only key. */
  key: string;
}

/**
 * Whether the order as it now stands owes that receipt: only a paid order; a purchase's receipt only before any
 * renewal (a renewal's subscription update never sends a late purchase receipt); a renewal's only once its invoice's
 * transaction is paid. The amount is what that payment charged (a trial's start: nothing).
 */
export function receiptDue(intent: ReceiptIntent, order: Pick<OrderRow, "id" | "status" | "amount" | "currency">, txns: readonly Pick<TransactionRow, "kind" | "status" | "amount" | "currency" | "providerRef">[]): ReceiptDue | null {
  if (order.status !== "paid") return null;
  if (intent.kind === "purchase") {
    if (txns.some((t) => t.kind === "renewal")) return null;
    const charge = txns.find((t) => t.kind === "charge");
    return { kind: "purchase", amount: charge?.amount ?? order.amount ?? 0, currency: charge?.currency ?? order.currency ?? "USD", key: `receipt:purchase:${order.id}` };
  }
  const renewal = txns.find((t) => t.kind === "renewal" && t.status === "paid" && t.providerRef === intent.invoice);
  return renewal ? { kind: "renewal", amount: renewal.amount, currency: renewal.currency, key: `receipt:renewal:${order.id}:${intent.invoice}` } : null;
}

export interface ReceiptScope {
  db: Db;
  env: Env;
  channelId: number;
  /** Epoch ms: the payment's time as the event was handled. */
  now: number;
  /** The request the event came in on, where there was one: the links' origin when it is the channel's. */
  base?: URL;
}

/** Writes the receipt an applied (or already applied) event calls for; the outbox row's id, or null when none is due. */
export async function mailReceipt(scope: ReceiptScope, orderId: number, intent: ReceiptIntent): Promise<number | null> {
  const { db, env, channelId, now } = scope;
  const rows = await receiptRows(db, channelId, orderId);
  if (!rows) return null;
  const due = receiptDue(intent, rows.order, rows.txns);
  if (!due) return null;
  // The buyer's language when the account has one, else the channel's.
  const language = mailLanguage(rows.buyer.language || rows.channelLanguage);
  const l = { lang: language, fallback: mailLanguage(rows.channelLanguage) };
  const bought = [rows.order, ...rows.items];
  const eventIds = bought.filter((o) => o.type === "event" && o.productId !== null).map((o) => o.productId!);
  const { toOrder } = orderWire(await orderNames(db, channelId, eventIds), l);
  const head = toOrder(rows.order, rows.txns);
  const productName = bought.map((o) => (o === rows.order ? head : toOrder(o, [])).product.name).filter(Boolean).join(" + ");
  const origin = channelWebOrigin(rows.channel, rows.domains, appConfig(env).ROOT_DOMAINS, scope.base);
  const content = renderReceiptMail({
    kind: due.kind,
    language,
    branding: await channelBranding(db, rows.channel, origin),
    firstName: rows.buyer.firstName,
    orderId: rows.order.id,
    productName,
    amount: due.amount,
    currency: due.currency,
    paidAt: now,
    trialEndsAt: rows.order.trialEndsAt,
    validity: head.validity,
    ordersLink: new URL("/profile", origin).toString(),
  });
  return queueRenderedMailOnce(db, env, { channelId, userId: rows.order.userId, kind: RECEIPT_MAIL_KIND, to: rows.buyer.email, language, content, now, dedupeKey: due.key });
}

/**
 * After a payment event: its receipt, if it calls for one. A duplicate delivery asks again, so a receipt whose first
 * writing failed is written by the redelivery (the outbox's key keeps it to one).
 */
export async function receiptAfter(scope: ReceiptScope, outcome: WebhookOutcome): Promise<number | null> {
  if (outcome.result === "ignored" || outcome.orderId === null || !outcome.receipt) return null;
  return mailReceipt(scope, outcome.orderId, outcome.receipt);
}
