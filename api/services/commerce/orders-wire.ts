// Order and transaction rows → the wire's Order and Transaction (SPEC §3 "Order"): money in major units, dates as
// ISO strings, names in the call's language. Pure: the routes load the rows.
import { CAPABILITIES, type Capability, type Currency, type Order, type ProductKind, type Transaction } from "../../contract/commerce-types";
import type { OrderRow, TransactionRow } from "../../db/commerce-schema";
import { type Lang, tr } from "../lang";
import { toMajor } from "./pricing";
import { type OrderEvent, orderValidity } from "./validity";

export interface OrderNames {
  products: { id: number; name: unknown; kind: ProductKind; simultaneousLogins: number | null }[];
  events: OrderEvent[];
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const capabilitiesOf = (list: readonly string[]): Capability[] =>
  CAPABILITIES.filter((c) => list.some((raw) => raw.trim().toLowerCase() === c || (c === "vod_media" && raw.trim().toLowerCase() === "vod_media_access")));

/** The product an order was sold as: an event order names its single-event package when it had one. */
const soldAs = (row: OrderRow) => (row.type === "event" ? row.singleEventPackageId : row.productId);

export function orderWire(names: OrderNames, l: Lang) {
  const products = new Map(names.products.map((p) => [p.id, p]));
  const eventsById = new Map(names.events.map((e) => [e.id, e]));
  const events = new Map(names.events.map((e) => [e.id, e.name]));
  const nameOf = (row: OrderRow): string => {
    const product = products.get(soldAs(row) ?? 0);
    if (product) return tr(product.name, l);
    return row.type === "event" && events.has(row.productId ?? 0) ? tr(events.get(row.productId ?? 0), l) : "";
  };

  /** `txns`: the order's transactions, newest first. */
  const toOrder = (row: OrderRow, txns: readonly TransactionRow[]): Order => {
    const product = products.get(soldAs(row) ?? 0);
    const latest = txns[0] ?? null;
    return {
      id: row.id,
      type: row.type,
      status: row.status,
      activity_status: row.activityStatus,
      product: {
        id: soldAs(row),
        name: nameOf(row),
        kind: row.type === "event" && !product ? "event" : (product?.kind ?? (row.type === "subscription" ? "subscription" : "package")),
        event_category_id: row.eventCategoryId,
        participant_id: row.participantId,
      },
      event_id: row.type === "event" ? row.productId : null,
      amount: row.amount === null ? null : toMajor(row.amount),
      amount_paid: toMajor(amountPaid(txns)),
      discount: toMajor(row.discount),
      currency: row.currency as Currency | null,
      created_at: iso(row.createdAt)!,
      starts_at: iso(row.startsAt)!,
      ends_at: iso(row.endsAt),
      renewal: row.type === "subscription" ? (row.renewalStatus ?? (row.autoRenew ? "active" : "cancelled")) : null,
      subscription_status: row.subscriptionStatus,
      trial_ends_at: iso(row.trialEndsAt),
      current_period_end: iso(row.currentPeriodEnd),
      validity: orderValidity(row, row.type === "event" ? eventsById.get(row.productId ?? 0) : null, l),
      failure_message: row.status === "failed" ? (latest?.failureMessage ?? null) : null,
      selected_category_ids: row.selectedCategoryIds,
      selected_participant_ids: row.selectedParticipantIds,
      capabilities: capabilitiesOf(row.capabilities),
      limits: { clips: row.limits.clips ?? 0, downloads: row.limits.downloads ?? 0 },
      simultaneous_logins: product?.simultaneousLogins ?? null,
    };
  };

  const toTransaction = (row: TransactionRow, order: OrderRow | undefined): Transaction => ({
    id: row.id,
    order_id: row.orderId,
    status: row.status,
    kind: row.kind,
    amount: toMajor(row.amount),
    currency: row.currency as Currency,
    product_name: order ? nameOf(order) : "",
    failure_message: row.failureMessage,
    created_at: iso(row.createdAt)!,
  });

  return { toOrder, toTransaction };
}

/** Each order's transactions, from a list sorted newest first (kept in that order). */
export function transactionsByOrder(rows: readonly TransactionRow[]): Map<number, TransactionRow[]> {
  const out = new Map<number, TransactionRow[]>();
  for (const row of rows) {
    const list = out.get(row.orderId);
    if (list) list.push(row);
    else out.set(row.orderId, [row]);
  }
  return out;
}

/** Minor units charged for an order: its paid charges and renewals, less what was refunded (never below 0). */
export function amountPaid(txns: readonly Pick<TransactionRow, "kind" | "status" | "amount">[]): number {
  let total = 0;
  for (const tx of txns) {
    if (tx.kind === "refund") total -= Math.abs(tx.amount);
    else if (tx.status === "paid" || tx.status === "refunded") total += tx.amount;
  }
  return Math.max(0, total);
}
