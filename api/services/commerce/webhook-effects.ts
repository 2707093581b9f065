// What a verified payment event does to an order, as SQL statements run in one D1 batch with the event's
// payment_events row (webhook-apply.ts). Every statement is guarded so state only moves forward, which makes the
// outcome the same whatever order events arrive in:
// - order status by rank: pending < failed < paid < refunded (a later successful attempt outranks a decline; a
//   refund outranks the payment it refunds, even if the refund is delivered first);
// - a subscription's (period end, state) pair by rank: a later period wins; within one period, active < inactive
//   (that period's renewal failed); expired (the subscription ended) is final;
// - the charge transaction by rank created < failed < paid; a refund transaction only grows;
// - activity_status is derived last from status and subscription state, never set by an event directly.
import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { type OrderRow, orders, transactions } from "../../db/commerce-schema";
import { users } from "../../db/auth-schema";

type Stmt = BatchItem<"sqlite">;
type OrderStatus = OrderRow["status"];
type TxStatus = "created" | "failed" | "paid" | "refunded";
type TxKind = "charge" | "renewal" | "refund";
type Currency = NonNullable<OrderRow["currency"]>;

const ORDER_RANK: OrderStatus[] = ["pending", "failed", "paid", "refunded"];
const CHARGE_RANK: TxStatus[] = ["created", "failed", "paid"];
const below = <T>(ranks: T[], target: T): T[] => ranks.slice(0, ranks.indexOf(target));

/** The subscription states of an order, ranked within one period (see the header). */
export type SubState = "active" | "inactive" | "expired";
const SUB_RANK: Record<SubState, number> = { active: 1, inactive: 2, expired: 3 };
const subRankOf = sql`CASE ${orders.subscriptionStatus} WHEN 'active' THEN 1 WHEN 'canceled' THEN 1 WHEN 'inactive' THEN 2 WHEN 'expired' THEN 3 ELSE 0 END`;

/** The order an event names, with what the effects need (fields the webhook never changes). */
export interface TargetOrder {
  channelId: number;
  id: number;
  userId: number;
  currency: Currency | null;
}

export class Effects {
  readonly statements: Stmt[] = [];

  constructor(
    private readonly db: Db,
    private readonly order: TargetOrder,
    private readonly now: number,
  ) {}

  /** The order and the items bought with it in a bundle (each bundle item is its own order, paid by one payment). */
  private orderAndItems(): SQL {
    return and(eq(orders.channelId, this.order.channelId), or(eq(orders.id, this.order.id), eq(orders.bundleOrderId, this.order.id)))!;
  }

  /** Moves the order (and its bundle items) up to `status` if it is below it. */
  orderStatus(status: OrderStatus): this {
    this.statements.push(
      this.db
        .update(orders)
        .set({ status, updatedAt: this.now })
        .where(and(this.orderAndItems(), inArray(orders.status, below(ORDER_RANK, status)))),
    );
    return this;
  }

  /** Records a subscription fact if it is ahead of what the order holds (a later period, or a worse state of it). */
  subscription(periodEnd: number, state: SubState): this {
    const rank = SUB_RANK[state];
    const ahead = or(
      sql`${orders.subscriptionStatus} IS NULL`,
      and(
        sql`${orders.subscriptionStatus} <> 'expired'`,
        or(sql`${rank} = 3`, sql`${orders.currentPeriodEnd} IS NULL`, sql`${orders.currentPeriodEnd} < ${periodEnd}`, and(eq(orders.currentPeriodEnd, periodEnd), sql`${subRankOf} < ${rank}`)),
      ),
    );
    this.statements.push(
      this.db
        .update(orders)
        .set({ subscriptionStatus: state, currentPeriodEnd: periodEnd, endsAt: periodEnd, updatedAt: this.now })
        .where(and(this.orderAndItems(), ahead)),
    );
    return this;
  }

  /** A trial started: its end is kept once, and the buyer has now used their trial (SPEC §4 trial eligibility). */
  trial(trialEnd: number): this {
    this.statements.push(
      this.db
        .update(orders)
        .set({ trialEndsAt: trialEnd, updatedAt: this.now })
        .where(and(eq(orders.channelId, this.order.channelId), eq(orders.id, this.order.id), sql`${orders.trialEndsAt} IS NULL`)),
      this.db
        .update(users)
        .set({ trialPeriodUsed: true })
        .where(and(eq(users.channelId, this.order.channelId), eq(users.id, this.order.userId))),
    );
    return this;
  }

  /** Auto-renewal turned off (cancel at period end): one way, access runs to the period end. */
  renewalCancelled(): this {
    this.statements.push(
      this.db
        .update(orders)
        .set({ autoRenew: false, renewalStatus: "cancelled", updatedAt: this.now })
        .where(and(eq(orders.channelId, this.order.channelId), eq(orders.id, this.order.id), sql`${orders.renewalStatus} IS NOT 'cancelled'`)),
    );
    return this;
  }

  /**
   * The order's first payment (its `charge` transaction, written pending at checkout): moved up to `status`, or
   * written now if checkout left none (an order created elsewhere, e.g. by hand in the back office).
   */
  charge(status: "failed" | "paid", money: { amount: number; currency: string; ref: string | null; failure?: string | null }): this {
    const where = and(eq(transactions.channelId, this.order.channelId), eq(transactions.orderId, this.order.id), eq(transactions.kind, "charge"));
    this.statements.push(
      this.db
        .update(transactions)
        .set({ status, amount: money.amount, providerRef: money.ref, failureMessage: status === "failed" ? (money.failure ?? null) : null })
        .where(and(where, inArray(transactions.status, below(CHARGE_RANK, status)))),
      this.insertUnless("charge", status, money, where),
    );
    return this;
  }

  /** A renewal invoice, paid or failed: one transaction per invoice. */
  renewal(status: "failed" | "paid", money: { amount: number; currency: string; ref: string; failure?: string | null }): this {
    const where = and(eq(transactions.channelId, this.order.channelId), eq(transactions.orderId, this.order.id), eq(transactions.kind, "renewal"), eq(transactions.providerRef, money.ref));
    this.statements.push(this.insertUnless("renewal", status, money, where));
    return this;
  }

  /** The refunded total of a charge: one refund transaction per charge, whose amount only grows. */
  refund(money: { amount: number; currency: string; ref: string }): this {
    const where = and(eq(transactions.channelId, this.order.channelId), eq(transactions.orderId, this.order.id), eq(transactions.kind, "refund"), eq(transactions.providerRef, money.ref));
    this.statements.push(
      this.db
        .update(transactions)
        .set({ amount: money.amount })
        .where(and(where, sql`${transactions.amount} < ${money.amount}`)),
      this.insertUnless("refund", "refunded", money, where),
    );
    return this;
  }

  /** activity_status from status and subscription state: active only when paid and not lapsed or ended. */
  deriveActivity(): this {
    this.statements.push(
      this.db
        .update(orders)
        .set({
          activityStatus: sql`CASE WHEN ${orders.status} = 'paid' AND (${orders.subscriptionStatus} IS NULL OR ${orders.subscriptionStatus} IN ('active', 'canceled')) THEN 'active' ELSE 'inactive' END`,
        })
        .where(this.orderAndItems()),
    );
    return this;
  }

  private insertUnless(kind: TxKind, status: TxStatus, money: { amount: number; currency: string; ref: string | null; failure?: string | null }, where: SQL | undefined): Stmt {
    const currency = currencyOf(money.currency, this.order.currency);
    const failure = status === "failed" ? (money.failure ?? null) : null;
    const { channelId, id, userId } = this.order;
    // Drizzle inserts every column in table order, so the id goes first (NULL: autoincrement).
    return this.db
      .insert(transactions)
      .select(
        sql`SELECT NULL, ${channelId}, ${id}, ${userId}, ${status}, ${kind}, ${money.amount}, ${currency}, ${money.ref}, ${failure}, ${this.now} WHERE NOT EXISTS (SELECT 1 FROM transactions WHERE ${where})`,
      );
  }
}

/** Stripe's lower-case currency as stored (USD, CAD); the order's own when the provider's is not one we sell in. */
function currencyOf(providerCurrency: string, fallback: Currency | null): Currency {
  const upper = providerCurrency.toUpperCase();
  if (upper === "USD" || upper === "CAD") return upper;
  return fallback ?? "USD";
}
