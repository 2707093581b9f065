// Sandbox billing: promotion codes, subscriptions with trials, first invoices and renewals by the injected clock.
// Renewal follows Stripe: at period end an auto-renewing subscription charges its default card off-session
// (invoice.paid, or invoice.payment_failed and past_due); one set to cancel at period end is deleted instead.
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { sandboxCoupons, sandboxPaymentIntents, sandboxSubscriptions } from "../../db/payments-schema";
import { addPeriod, newId } from "./sandbox-cards";
import { intentObject, invoiceObject, subscriptionObject } from "./sandbox-events";
import { attachCard, charge, getCustomer, type IntentRow, resolveSource, resultOf, type SandboxContext } from "./sandbox-store";
import { type CouponInfo, PaymentProviderError, type PaymentResult, type SubscriptionResult, type SubscriptionState } from "./types";

type CouponRow = typeof sandboxCoupons.$inferSelect;
export type SubscriptionRow = typeof sandboxSubscriptions.$inferSelect;

const DAY = 86_400_000;

export function couponInfo(row: CouponRow): CouponInfo {
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percentOff,
    amountOff: row.amountOff,
    currency: row.currency,
    duration: row.duration,
    durationInMonths: row.durationInMonths,
  };
}

/** An active, unexpired, not exhausted promotion code (codes match case-insensitively). */
export async function findCoupon(ctx: SandboxContext, channelId: number, code: string): Promise<CouponRow | null> {
  const row = await ctx.db.query.sandboxCoupons.findFirst({
    where: and(eq(sandboxCoupons.channelId, channelId), eq(sandboxCoupons.code, code.trim().toUpperCase())),
  });
  if (!row || !row.active) return null;
  if (row.expiresAt !== null && row.expiresAt <= ctx.now) return null;
  if (row.maxRedemptions !== null && row.timesRedeemed >= row.maxRedemptions) return null;
  return row;
}

export async function requireCoupon(ctx: SandboxContext, channelId: number, code: string): Promise<CouponRow> {
  const row = await findCoupon(ctx, channelId, code);
  if (!row) throw new PaymentProviderError("resource_missing", `No such promotion code: '${code}'`);
  return row;
}

/** The discount a coupon gives on an amount (never more than the amount). */
export function discountOf(coupon: CouponInfo, amount: number, currency: string): number {
  if (coupon.percentOff !== null) return Math.round((amount * coupon.percentOff) / 100);
  if (coupon.amountOff !== null) {
    if (coupon.currency !== currency) throw new PaymentProviderError("coupon_currency_mismatch", `This coupon is in ${coupon.currency}, the invoice in ${currency}.`);
    return Math.min(amount, coupon.amountOff);
  }
  return 0;
}

/** Whether the coupon still applies to the subscription's n-th charged invoice (0-based). */
function couponApplies(coupon: CouponInfo, invoiceIndex: number, period: "month" | "annual"): boolean {
  if (coupon.duration === "forever") return true;
  if (coupon.duration === "once") return invoiceIndex === 0;
  return invoiceIndex * (period === "month" ? 1 : 12) < (coupon.durationInMonths ?? 0);
}

async function invoiceAmount(ctx: SandboxContext, sub: SubscriptionRow): Promise<{ subtotal: number; total: number }> {
  if (!sub.couponId) return { subtotal: sub.amount, total: sub.amount };
  const coupon = await ctx.db.query.sandboxCoupons.findFirst({ where: and(eq(sandboxCoupons.channelId, sub.channelId), eq(sandboxCoupons.id, sub.couponId)) });
  if (!coupon || !couponApplies(couponInfo(coupon), sub.paidInvoices, sub.period)) return { subtotal: sub.amount, total: sub.amount };
  return { subtotal: sub.amount, total: sub.amount - discountOf(couponInfo(coupon), sub.amount, sub.currency) };
}

export function stateOf(row: SubscriptionRow): SubscriptionState {
  return { id: row.id, status: row.status, currentPeriodEnd: row.currentPeriodEnd, trialEnd: row.trialEnd, cancelAtPeriodEnd: row.cancelAtPeriodEnd };
}

async function save(ctx: SandboxContext, id: string, channelId: number, patch: Partial<SubscriptionRow>): Promise<SubscriptionRow> {
  const [row] = await ctx.db
    .update(sandboxSubscriptions)
    .set({ ...patch, updatedAt: ctx.now })
    .where(and(eq(sandboxSubscriptions.channelId, channelId), eq(sandboxSubscriptions.id, id)))
    .returning();
  return row;
}

/**
 * Charges one invoice of the subscription (the first, or a renewal from `periodStart`) and moves the subscription
 * on: paid → active for the next period; declined → past_due (renewal) or incomplete (first invoice); needing
 * authentication (first invoice only) → incomplete until confirmPayment.
 */
async function billInvoice(ctx: SandboxContext, sub: SubscriptionRow, reason: "subscription_create" | "subscription_cycle", periodStart: number): Promise<{ sub: SubscriptionRow; payment: PaymentResult | null }> {
  const periodEnd = addPeriod(periodStart, sub.period);
  const { subtotal, total } = await invoiceAmount(ctx, sub);
  const customer = await getCustomer(ctx, sub.channelId, sub.customerId);
  let intent: IntentRow | null = null;
  if (total > 0) {
    const method = await resolveSource(ctx, sub.channelId, sub.customerId, { paymentMethodId: sub.paymentMethodId });
    intent = await charge(ctx, {
      channelId: sub.channelId,
      customer,
      method,
      amount: total,
      currency: sub.currency,
      metadata: sub.metadata,
      saveCard: true,
      offSession: reason === "subscription_cycle",
      subscriptionId: sub.id,
    });
  }
  const status = intent?.status ?? "succeeded";
  if (status === "requires_action") {
    return { sub: await save(ctx, sub.id, sub.channelId, { status: "incomplete" }), payment: resultOf(intent!) };
  }
  const paid = status === "succeeded";
  const next = paid
    ? await save(ctx, sub.id, sub.channelId, { status: "active", currentPeriodStart: periodStart, currentPeriodEnd: periodEnd, paidInvoices: sub.paidInvoices + 1 })
    : await save(ctx, sub.id, sub.channelId, { status: reason === "subscription_create" ? "incomplete" : "past_due" });
  const invoice = invoiceObject({ sub: next, reason, periodStart, periodEnd, subtotal, total, paid, intentId: intent?.id ?? null });
  ctx.events.add(sub.channelId, paid ? "invoice.paid" : "invoice.payment_failed", invoice);
  if (reason === "subscription_cycle" || sub.status !== next.status) ctx.events.add(sub.channelId, "customer.subscription.updated", subscriptionObject(next));
  // A fully discounted invoice charges nothing, so there is no payment to report.
  return { sub: next, payment: intent ? resultOf(intent) : null };
}

export interface CreateSubscription {
  channelId: number;
  customerId: string;
  paymentMethodId: string;
  productKey: string;
  amount: number;
  currency: string;
  period: "month" | "annual";
  trialDays: number;
  promotionCode?: string;
  metadata: Record<string, string>;
}

export async function createSubscription(ctx: SandboxContext, input: CreateSubscription): Promise<SubscriptionResult> {
  const customer = await getCustomer(ctx, input.channelId, input.customerId);
  const method = await resolveSource(ctx, input.channelId, input.customerId, { paymentMethodId: input.paymentMethodId });
  await attachCard(ctx, customer, method);
  const coupon = input.promotionCode ? await requireCoupon(ctx, input.channelId, input.promotionCode) : null;
  if (coupon) {
    discountOf(couponInfo(coupon), input.amount, input.currency);
    await ctx.db.update(sandboxCoupons).set({ timesRedeemed: sql`${sandboxCoupons.timesRedeemed} + 1` }).where(and(eq(sandboxCoupons.channelId, input.channelId), eq(sandboxCoupons.id, coupon.id)));
  }
  const trialEnd = input.trialDays > 0 ? ctx.now + input.trialDays * DAY : null;
  const [row] = await ctx.db
    .insert(sandboxSubscriptions)
    .values({
      id: newId("sub"),
      channelId: input.channelId,
      customerId: customer.id,
      paymentMethodId: method.id,
      productKey: input.productKey,
      amount: input.amount,
      currency: input.currency,
      period: input.period,
      status: trialEnd ? "trialing" : "incomplete",
      trialEnd,
      currentPeriodStart: ctx.now,
      currentPeriodEnd: trialEnd ?? ctx.now,
      couponId: coupon?.id ?? null,
      metadata: input.metadata,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  ctx.events.add(input.channelId, "customer.subscription.created", subscriptionObject(row));
  if (trialEnd) {
    // Stripe finalises a zero invoice for the trial: nothing is charged, the subscription is usable at once.
    const invoice = invoiceObject({ sub: row, reason: "subscription_create", periodStart: ctx.now, periodEnd: trialEnd, subtotal: 0, total: 0, paid: true, intentId: null });
    ctx.events.add(input.channelId, "invoice.paid", invoice);
    return stateOf(row);
  }
  const { sub, payment } = await billInvoice(ctx, row, "subscription_create", ctx.now);
  return { ...stateOf(sub), ...(payment ? { payment } : {}) };
}

/** After the first invoice's confirmation step succeeded: the subscription becomes active and its invoice paid. */
export async function settleFirstInvoice(ctx: SandboxContext, intent: IntentRow): Promise<void> {
  const sub = await ctx.db.query.sandboxSubscriptions.findFirst({ where: and(eq(sandboxSubscriptions.channelId, intent.channelId), eq(sandboxSubscriptions.id, intent.subscriptionId!)) });
  if (!sub || sub.status !== "incomplete") return;
  const periodEnd = addPeriod(sub.currentPeriodStart, sub.period);
  const next = await save(ctx, sub.id, sub.channelId, { status: "active", currentPeriodEnd: periodEnd, paidInvoices: sub.paidInvoices + 1 });
  const invoice = invoiceObject({ sub: next, reason: "subscription_create", periodStart: sub.currentPeriodStart, periodEnd, subtotal: sub.amount, total: intent.amount, paid: true, intentId: intent.id });
  ctx.events.add(sub.channelId, "invoice.paid", invoice);
  ctx.events.add(sub.channelId, "customer.subscription.updated", subscriptionObject(next));
}

/** Stripe's words when the buyer fails the confirmation step (payment_intent_authentication_failure). */
export const AUTHENTICATION_FAILED = "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

/**
 * The buyer failed the confirmation step: the intent needs a new payment method, and the payment is reported failed
 * (payment_intent.payment_failed, or for a subscription's first invoice invoice.payment_failed, the subscription
 * staying incomplete) — the same events a decline sends.
 */
export async function failAuthentication(ctx: SandboxContext, intent: IntentRow): Promise<PaymentResult> {
  const [row] = await ctx.db
    .update(sandboxPaymentIntents)
    .set({ status: "requires_payment_method", declineCode: "payment_intent_authentication_failure", declineMessage: AUTHENTICATION_FAILED, updatedAt: ctx.now })
    .where(and(eq(sandboxPaymentIntents.channelId, intent.channelId), eq(sandboxPaymentIntents.id, intent.id)))
    .returning();
  const sub = row.subscriptionId
    ? await ctx.db.query.sandboxSubscriptions.findFirst({ where: and(eq(sandboxSubscriptions.channelId, row.channelId), eq(sandboxSubscriptions.id, row.subscriptionId)) })
    : undefined;
  if (sub) {
    const periodEnd = addPeriod(sub.currentPeriodStart, sub.period);
    const invoice = invoiceObject({ sub, reason: "subscription_create", periodStart: sub.currentPeriodStart, periodEnd, subtotal: sub.amount, total: row.amount, paid: false, intentId: row.id });
    ctx.events.add(sub.channelId, "invoice.payment_failed", invoice);
  } else {
    ctx.events.add(row.channelId, "payment_intent.payment_failed", intentObject(row));
  }
  return resultOf(row);
}

export async function cancelAtPeriodEnd(ctx: SandboxContext, channelId: number, subscriptionId: string): Promise<SubscriptionState> {
  const sub = await ctx.db.query.sandboxSubscriptions.findFirst({ where: and(eq(sandboxSubscriptions.channelId, channelId), eq(sandboxSubscriptions.id, subscriptionId)) });
  if (!sub) throw new PaymentProviderError("resource_missing", `No such subscription: '${subscriptionId}'`);
  if (sub.status === "canceled" || sub.cancelAtPeriodEnd) return stateOf(sub);
  // An unpaid first invoice has no period to run to: Stripe ends such a subscription at once.
  if (sub.status === "incomplete") {
    const ended = await save(ctx, sub.id, channelId, { status: "canceled" });
    ctx.events.add(channelId, "customer.subscription.deleted", subscriptionObject(ended));
    return stateOf(ended);
  }
  const next = await save(ctx, sub.id, channelId, { cancelAtPeriodEnd: true });
  ctx.events.add(channelId, "customer.subscription.updated", subscriptionObject(next));
  return stateOf(next);
}

export interface RenewalReport {
  renewed: string[];
  failed: string[];
  ended: string[];
}

/** Every subscription whose period (or trial) ended by `ctx.now`: renews, fails to renew or ends it. */
export async function runDue(ctx: SandboxContext): Promise<RenewalReport> {
  const report: RenewalReport = { renewed: [], failed: [], ended: [] };
  const due = await ctx.db.query.sandboxSubscriptions.findMany({
    where: and(inArray(sandboxSubscriptions.status, ["active", "trialing"]), lte(sandboxSubscriptions.currentPeriodEnd, ctx.now)),
  });
  for (let sub of due) {
    // A clock moved several periods ahead renews each missed period in turn, as Stripe's test clocks do.
    while ((sub.status === "active" || sub.status === "trialing") && sub.currentPeriodEnd <= ctx.now) {
      if (sub.cancelAtPeriodEnd) {
        sub = await save(ctx, sub.id, sub.channelId, { status: "canceled" });
        ctx.events.add(sub.channelId, "customer.subscription.deleted", subscriptionObject(sub));
        report.ended.push(sub.id);
        break;
      }
      const { sub: next } = await billInvoice(ctx, sub, "subscription_cycle", sub.currentPeriodEnd);
      (next.status === "active" ? report.renewed : report.failed).push(sub.id);
      sub = next;
    }
  }
  return report;
}

/** The intent rows of a subscription (tests and the demo's billing history read them). */
export function subscriptionIntents(ctx: SandboxContext, channelId: number, subscriptionId: string) {
  return ctx.db.query.sandboxPaymentIntents.findMany({
    where: and(eq(sandboxPaymentIntents.channelId, channelId), eq(sandboxPaymentIntents.subscriptionId, subscriptionId)),
  });
}
