// The offline payment provider (the default without STRIPE_SECRET_KEY): Stripe test-mode behaviour on local D1.
// 4242… pays, 4000 0000 0000 0002 declines ("Your card was declined."), 4000 0025 0000 3155 asks for a confirmation
// step; cards are saved as pm_… ids; trials, promotion codes, renewals by an injected clock and refunds work as in
// Stripe, and every effect is announced by a Stripe-shaped event signed with the channel's webhook secret, handed to
// `deliver` (the queue, then the one webhook handler). Idempotency keys behave as Stripe's: the first answer replays.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type CardBehaviour, sandboxCoupons, sandboxCustomers, sandboxIdempotency, sandboxPaymentIntents, sandboxPaymentMethods, sandboxRefunds, sandboxSetupIntents } from "../../db/payments-schema";
import { sha256Hex } from "../../lib/crypto";
import * as billing from "./sandbox-billing";
import { checkCard, declineOf, newId, stableJson } from "./sandbox-cards";
import { chargeObject, EventBatch, intentObject } from "./sandbox-events";
import { attachCard, cardOf, charge, getCustomer, getIntent, insertCard, missing, resolveSource, resultOf, type SandboxContext } from "./sandbox-store";
import type * as P from "./types";
import { PaymentProviderError } from "./types";

export interface SandboxOptions {
  db: Db;
  /** The clock (epoch ms); tests inject one. */
  now: () => number;
  /** The channel's webhook signing secret (whsec_…), the one the webhook handler verifies with. */
  webhookSecret: (channelId: number) => string | Promise<string>;
  deliver: P.EventDelivery;
  /** Where the "customer portal" sends the viewer; by default straight back to `returnUrl`. */
  portalUrl?: (input: { channelId: number; customerId: string; returnUrl: string }) => string;
}

export interface NewCoupon {
  channelId: number;
  code: string;
  percentOff?: number;
  amountOff?: number;
  currency?: string;
  duration: "once" | "repeating" | "forever";
  durationInMonths?: number;
  expiresAt?: number;
  maxRedemptions?: number;
}

const withChannel = (channelId: number, metadata: P.PaymentMetadata) => ({ ...metadata, channel_id: String(channelId) });

export class SandboxPaymentProvider implements P.PaymentProvider {
  readonly name = "sandbox";

  constructor(private readonly options: SandboxOptions) {}

  private context(now = this.options.now()): SandboxContext {
    return { db: this.options.db, now, events: new EventBatch() };
  }

  private flush(ctx: SandboxContext): Promise<void> {
    return ctx.events.flush({ now: ctx.now, secret: this.options.webhookSecret, deliver: this.options.deliver });
  }

  /**
   * Runs a mutating call once per (channel, key): a repeat with the same parameters gets the stored answer, other
   * parameters are refused, and a repeat while the first is running is refused (Stripe answers 409 then).
   */
  private async once<T>(channelId: number, key: string, params: unknown, run: (ctx: SandboxContext) => Promise<T>): Promise<T> {
    const { db } = this.options;
    const ctx = this.context();
    const requestHash = await sha256Hex(stableJson(params));
    const claimed = await db
      .insert(sandboxIdempotency)
      .values({ channelId, key, requestHash, response: null, createdAt: ctx.now })
      .onConflictDoNothing()
      .returning({ key: sandboxIdempotency.key });
    const where = and(eq(sandboxIdempotency.channelId, channelId), eq(sandboxIdempotency.key, key));
    if (!claimed.length) {
      const prior = await db.query.sandboxIdempotency.findFirst({ where });
      if (prior?.requestHash !== requestHash) {
        throw new PaymentProviderError("idempotency_error", "Keys for idempotent requests can only be used with the same parameters they were first used with.");
      }
      if (prior.response === null) throw new PaymentProviderError("idempotency_key_in_use", "There is currently another in-progress request using this idempotency key.");
      return prior.response as T;
    }
    let result: T;
    try {
      result = await run(ctx);
    } catch (error) {
      // A refused request leaves nothing behind, so the caller may correct it and retry under the same key.
      await db.delete(sandboxIdempotency).where(where);
      throw error;
    }
    await db.update(sandboxIdempotency).set({ response: result }).where(where);
    await this.flush(ctx);
    return result;
  }

  async ensureCustomer(input: P.ChannelScope & { userId: number; email: string; name?: string }, key: string) {
    const { db } = this.options;
    const existing = await db.query.sandboxCustomers.findFirst({ where: and(eq(sandboxCustomers.channelId, input.channelId), eq(sandboxCustomers.userId, input.userId)) });
    if (existing) return { customerId: existing.id };
    return this.once(input.channelId, key, input, async (ctx) => {
      const id = newId("cus");
      await ctx.db.insert(sandboxCustomers).values({ id, channelId: input.channelId, userId: input.userId, email: input.email, name: input.name ?? null, createdAt: ctx.now });
      return { customerId: id };
    });
  }

  createSetupIntent(input: P.ChannelScope & { customerId: string }, key: string) {
    return this.once(input.channelId, key, input, async (ctx) => {
      await getCustomer(ctx, input.channelId, input.customerId);
      const id = newId("seti");
      const clientSecret = `${id}_secret_${newId("s").slice(2)}`;
      await ctx.db.insert(sandboxSetupIntents).values({ id, channelId: input.channelId, customerId: input.customerId, clientSecret, status: "requires_payment_method", createdAt: ctx.now });
      return { id, clientSecret };
    });
  }

  /** The sandbox card form's step (Stripe.js's, with Stripe): a typed test card becomes a one-time token. */
  async tokenizeCard(input: P.ChannelScope & { number: string; expMonth: number; expYear: number }): Promise<{ token: string; card: P.SavedCard }> {
    const ctx = this.context();
    const check = checkCard(input, ctx.now);
    if (!check.ok) throw new PaymentProviderError(check.code, check.message);
    const token = newId("ctoken");
    const row = await insertCard(ctx, input.channelId, { number: check.number, expMonth: input.expMonth, expYear: input.expYear, token });
    return { token, card: cardOf(row) };
  }

  /** The browser's confirmation of a SetupIntent with a token: the card is saved (a declining card is refused). */
  async confirmSetupIntent(input: P.ChannelScope & { setupIntentId: string; confirmationToken: string }): Promise<P.SavedCard> {
    const ctx = this.context();
    const where = and(eq(sandboxSetupIntents.channelId, input.channelId), eq(sandboxSetupIntents.id, input.setupIntentId));
    const intent = await ctx.db.query.sandboxSetupIntents.findFirst({ where });
    if (!intent) throw missing("setup_intent", input.setupIntentId);
    const customer = await getCustomer(ctx, input.channelId, intent.customerId);
    const method = await resolveSource(ctx, input.channelId, customer.id, { confirmationToken: input.confirmationToken });
    if (method.behaviour === "decline") throw new PaymentProviderError("card_declined", declineOf(method.last4, method.behaviour).message);
    await attachCard(ctx, customer, method);
    await ctx.db.update(sandboxSetupIntents).set({ status: "succeeded", paymentMethodId: method.id }).where(where);
    return cardOf(method);
  }

  async listCards(input: P.ChannelScope & { customerId: string }): Promise<P.SavedCard[]> {
    const rows = await this.options.db.query.sandboxPaymentMethods.findMany({
      where: and(eq(sandboxPaymentMethods.channelId, input.channelId), eq(sandboxPaymentMethods.customerId, input.customerId)),
      orderBy: (t, { asc }) => [asc(t.createdAt), asc(t.id)],
    });
    return rows.map(cardOf);
  }

  pay(input: Parameters<P.PaymentProvider["pay"]>[0], key: string): Promise<P.PaymentResult> {
    return this.once(input.channelId, key, input, async (ctx) => {
      const customer = await getCustomer(ctx, input.channelId, input.customerId);
      const method = await resolveSource(ctx, input.channelId, customer.id, input.source);
      const metadata = withChannel(input.channelId, input.metadata);
      const row = await charge(ctx, { channelId: input.channelId, customer, method, amount: input.amount, currency: input.currency, metadata, saveCard: !!input.saveCard, offSession: false });
      return resultOf(row);
    });
  }

  /** The confirmation step passed (the sandbox's 3-D Secure page always approves): the payment succeeds. */
  confirmPayment(input: P.ChannelScope & { intentId: string; authenticated?: boolean }, key: string): Promise<P.PaymentResult> {
    return this.once(input.channelId, key, input, async (ctx) => {
      const intent = await getIntent(ctx, input.channelId, input.intentId);
      if (intent.status !== "requires_action") return resultOf(intent);
      if (input.authenticated === false) return billing.failAuthentication(ctx, intent);
      const [row] = await ctx.db
        .update(sandboxPaymentIntents)
        .set({ status: "succeeded", updatedAt: ctx.now })
        .where(and(eq(sandboxPaymentIntents.channelId, input.channelId), eq(sandboxPaymentIntents.id, intent.id)))
        .returning();
      if (row.saveCard && row.paymentMethodId) {
        const customer = await getCustomer(ctx, input.channelId, row.customerId);
        const method = await resolveSource(ctx, input.channelId, customer.id, { paymentMethodId: row.paymentMethodId });
        await attachCard(ctx, customer, method);
      }
      if (row.subscriptionId) await billing.settleFirstInvoice(ctx, row);
      else ctx.events.add(input.channelId, "payment_intent.succeeded", intentObject(row));
      return resultOf(row);
    });
  }

  createSubscription(input: Parameters<P.PaymentProvider["createSubscription"]>[0], key: string): Promise<P.SubscriptionResult> {
    return this.once(input.channelId, key, input, (ctx) =>
      billing.createSubscription(ctx, {
        channelId: input.channelId,
        customerId: input.customerId,
        paymentMethodId: input.paymentMethodId,
        productKey: input.plan.priceId ?? input.plan.productKey,
        amount: input.plan.amount,
        currency: input.plan.currency,
        period: input.plan.period,
        trialDays: input.trialDays ?? 0,
        promotionCode: input.promotionCode,
        metadata: withChannel(input.channelId, input.metadata),
      }),
    );
  }

  cancelAtPeriodEnd(input: P.ChannelScope & { subscriptionId: string }, key: string): Promise<P.SubscriptionState> {
    return this.once(input.channelId, key, input, (ctx) => billing.cancelAtPeriodEnd(ctx, input.channelId, input.subscriptionId));
  }

  async previewInvoice(input: P.ChannelScope & P.Price & { customerId: string; promotionCode?: string }): Promise<P.InvoicePreview> {
    const ctx = this.context();
    await getCustomer(ctx, input.channelId, input.customerId);
    const coupon = input.promotionCode ? billing.couponInfo(await billing.requireCoupon(ctx, input.channelId, input.promotionCode)) : null;
    const discount = coupon ? billing.discountOf(coupon, input.amount, input.currency) : 0;
    return { currency: input.currency, subtotal: input.amount, discount, total: input.amount - discount, coupon };
  }

  async validateCoupon(input: P.ChannelScope & { code: string }): Promise<P.CouponInfo | null> {
    const row = await billing.findCoupon(this.context(), input.channelId, input.code);
    return row ? billing.couponInfo(row) : null;
  }

  async customerPortalUrl(input: P.ChannelScope & { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    await getCustomer(this.context(), input.channelId, input.customerId);
    return { url: this.options.portalUrl?.(input) ?? input.returnUrl };
  }

  refund(input: P.ChannelScope & { intentId: string; amount?: number; metadata: P.PaymentMetadata }, key: string): Promise<P.RefundResult> {
    return this.once(input.channelId, key, input, async (ctx) => {
      const intent = await getIntent(ctx, input.channelId, input.intentId);
      if (intent.status !== "succeeded") throw new PaymentProviderError("charge_not_refundable", "This PaymentIntent does not have a successful charge to refund.");
      const left = intent.amount - intent.amountRefunded;
      const amount = input.amount ?? left;
      if (left <= 0) throw new PaymentProviderError("charge_already_refunded", `Charge ${intent.id.replace(/^pi_/, "ch_")} has already been refunded.`);
      if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
        throw new PaymentProviderError("amount_too_large", `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`);
      }
      const id = newId("re");
      await ctx.db.insert(sandboxRefunds).values({ id, channelId: input.channelId, paymentIntentId: intent.id, amount, createdAt: ctx.now });
      const [row] = await ctx.db
        .update(sandboxPaymentIntents)
        .set({ amountRefunded: intent.amountRefunded + amount, updatedAt: ctx.now })
        .where(and(eq(sandboxPaymentIntents.channelId, input.channelId), eq(sandboxPaymentIntents.id, intent.id)))
        .returning();
      ctx.events.add(input.channelId, "charge.refunded", { ...chargeObject(row), metadata: { ...row.metadata, ...withChannel(input.channelId, input.metadata) } });
      return { id, amount, status: "succeeded" as const };
    });
  }

  /** Renews, fails or ends every subscription whose period ended by `now` (the injected clock drives renewals). */
  async runDue(now: number): Promise<billing.RenewalReport> {
    const ctx = this.context(now);
    const report = await billing.runDue(ctx);
    await this.flush(ctx);
    return report;
  }

  /** A coupon with its promotion code, as made in Stripe's dashboard. */
  async createCoupon(input: NewCoupon): Promise<P.CouponInfo> {
    const [row] = await this.options.db
      .insert(sandboxCoupons)
      .values({
        id: newId("co"),
        channelId: input.channelId,
        code: input.code.trim().toUpperCase(),
        percentOff: input.percentOff ?? null,
        amountOff: input.amountOff ?? null,
        currency: input.currency ?? null,
        duration: input.duration,
        durationInMonths: input.durationInMonths ?? null,
        expiresAt: input.expiresAt ?? null,
        maxRedemptions: input.maxRedemptions ?? null,
      })
      .returning();
    return billing.couponInfo(row);
  }

  /** Makes a saved card start declining (or paying again): how the demo and tests reach a failed renewal. */
  async setCardBehaviour(input: P.ChannelScope & { paymentMethodId: string; behaviour: CardBehaviour }): Promise<void> {
    const where = and(eq(sandboxPaymentMethods.channelId, input.channelId), eq(sandboxPaymentMethods.id, input.paymentMethodId));
    const [row] = await this.options.db.update(sandboxPaymentMethods).set({ behaviour: input.behaviour }).where(where).returning({ id: sandboxPaymentMethods.id });
    if (!row) throw missing("PaymentMethod", input.paymentMethodId);
  }
}
