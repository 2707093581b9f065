// The Stripe implementation of PaymentProvider: the official SDK (stripe@23.1.0, API 2026-10-28.endive) over fetch
// and WebCrypto so it runs in Workers. Every mutating POST carries the caller's deterministic idempotency key, so
// Stripe replays the first answer to a retried step instead of charging again. Declines are answers, not errors:
// they come back as `failed` with Stripe's message.
import Stripe from "stripe";
import type * as P from "./types";
import { PaymentProviderError } from "./types";

export interface StripeProviderOptions {
  secretKey: string;
  /** Tests point the SDK at a local stub; production leaves these unset (api.stripe.com over https). */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
  maxNetworkRetries?: number;
}

const withChannel = (channelId: number, metadata: P.PaymentMetadata = {}) => ({ ...metadata, channel_id: String(channelId) });

const SUBSCRIPTION_STATUS: Record<Stripe.Subscription.Status, P.SubscriptionStatus> = {
  trialing: "trialing",
  active: "active",
  incomplete: "incomplete",
  past_due: "past_due",
  unpaid: "past_due",
  incomplete_expired: "canceled",
  canceled: "canceled",
  paused: "canceled",
};

/** Stripe's refusals of a request (unknown id, bad parameter, key reused with other parameters) as provider errors. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeIdempotencyError) {
      throw new PaymentProviderError(error.code ?? error.type, error.message);
    }
    throw error;
  }
}

function intentResult(pi: Stripe.PaymentIntent): P.PaymentResult {
  const pm = typeof pi.payment_method === "string" ? pi.payment_method : (pi.payment_method?.id ?? null);
  if (pi.status === "succeeded") return { status: "succeeded", intentId: pi.id, paymentMethodId: pm };
  // "processing" settles by webhook; the client treats it like a pending confirmation step.
  if ((pi.status === "requires_action" || pi.status === "processing") && pi.client_secret) return { status: "requires_action", intentId: pi.id, clientSecret: pi.client_secret };
  const error = pi.last_payment_error;
  return { status: "failed", intentId: pi.id, message: error?.message ?? "Your card was declined.", code: error?.decline_code ?? error?.code ?? pi.status };
}

/** A card decline arrives as a 402 StripeCardError carrying the PaymentIntent. */
function declineResult(error: unknown): P.PaymentResult | null {
  if (!(error instanceof Stripe.errors.StripeCardError)) return null;
  const pi = (error.raw as { payment_intent?: Stripe.PaymentIntent } | undefined)?.payment_intent;
  return { status: "failed", intentId: pi?.id ?? null, message: error.message, code: error.decline_code ?? error.code ?? "card_declined" };
}

function stateOf(sub: Stripe.Subscription): P.SubscriptionState {
  const periodEnd = sub.items.data[0]?.current_period_end ?? 0;
  return {
    id: sub.id,
    status: SUBSCRIPTION_STATUS[sub.status],
    currentPeriodEnd: periodEnd * 1000,
    trialEnd: sub.trial_end ? sub.trial_end * 1000 : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
  };
}

function couponInfo(code: string, coupon: Stripe.Coupon): P.CouponInfo {
  return {
    id: coupon.id,
    code,
    percentOff: coupon.percent_off ?? null,
    amountOff: coupon.amount_off ?? null,
    currency: coupon.currency ?? null,
    // Stripe's type leaves room for future durations; anything unknown is treated as the shortest.
    duration: coupon.duration === "forever" ? "forever" : coupon.duration === "repeating" ? "repeating" : "once",
    durationInMonths: coupon.duration_in_months ?? null,
  };
}

export class StripePaymentProvider implements P.PaymentProvider {
  readonly name = "stripe";
  readonly stripe: Stripe;

  constructor(options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      httpClient: Stripe.createFetchHttpClient(),
      host: options.host,
      port: options.port,
      protocol: options.protocol,
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      telemetry: false,
    });
  }

  /** Stripe keeps no per-user lookup: callers store the returned id on the channel user and call this only once. */
  async ensureCustomer(input: P.ChannelScope & { userId: number; email: string; name?: string }, idempotencyKey: string) {
    const customer = await call(() =>
      this.stripe.customers.create(
        { email: input.email, name: input.name, metadata: withChannel(input.channelId, { user_id: String(input.userId) }) },
        { idempotencyKey },
      ),
    );
    return { customerId: customer.id };
  }

  async createSetupIntent(input: P.ChannelScope & { customerId: string }, idempotencyKey: string) {
    const si = await call(() =>
      this.stripe.setupIntents.create(
        { customer: input.customerId, usage: "off_session", allowed_payment_method_types: ["card"], metadata: withChannel(input.channelId) },
        { idempotencyKey },
      ),
    );
    return { id: si.id, clientSecret: si.client_secret ?? "" };
  }

  async listCards(input: P.ChannelScope & { customerId: string }): Promise<P.SavedCard[]> {
    const list = await call(() => this.stripe.paymentMethods.list({ customer: input.customerId, type: "card", limit: 100 }));
    return list.data.flatMap((pm) => (pm.card ? [{ id: pm.id, brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year }] : []));
  }

  async pay(input: Parameters<P.PaymentProvider["pay"]>[0], idempotencyKey: string): Promise<P.PaymentResult> {
    const source = "paymentMethodId" in input.source ? { payment_method: input.source.paymentMethodId } : { confirmation_token: input.source.confirmationToken };
    try {
      const pi = await call(() =>
        this.stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency,
            customer: input.customerId,
            ...source,
            confirm: true,
            allowed_payment_method_types: ["card"],
            ...(input.saveCard ? { setup_future_usage: "off_session" as const } : {}),
            description: input.description,
            metadata: withChannel(input.channelId, input.metadata),
          },
          { idempotencyKey },
        ),
      );
      return intentResult(pi);
    } catch (error) {
      const declined = declineResult(error);
      if (declined) return declined;
      throw error;
    }
  }

  /** After the browser's confirmation step the intent has usually settled; one still awaiting confirmation is confirmed. */
  async confirmPayment(input: P.ChannelScope & { intentId: string }, idempotencyKey: string): Promise<P.PaymentResult> {
    try {
      const pi = await call(() => this.stripe.paymentIntents.retrieve(input.intentId));
      if (pi.status !== "requires_confirmation") return intentResult(pi);
      return intentResult(await call(() => this.stripe.paymentIntents.confirm(input.intentId, {}, { idempotencyKey })));
    } catch (error) {
      const declined = declineResult(error);
      if (declined) return declined;
      throw error;
    }
  }

  /** Subscriptions price by a dashboard price, or inline on a product whose id is our stable product key. */
  private async ensureProduct(plan: P.SubscriptionPlan, idempotencyKey: string): Promise<void> {
    try {
      await this.stripe.products.create({ id: plan.productKey, name: plan.productName }, { idempotencyKey: `${idempotencyKey}-product` });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_already_exists") return;
      throw error;
    }
  }

  private async promotionCode(code: string): Promise<{ id: string; coupon: P.CouponInfo } | null> {
    const list = await call(() => this.stripe.promotionCodes.list({ code: code.trim(), active: true, limit: 1, expand: ["data.promotion.coupon"] }));
    const promo = list.data[0];
    const coupon = promo?.promotion.coupon;
    if (!promo || !coupon || typeof coupon === "string") return null;
    return { id: promo.id, coupon: couponInfo(promo.code, coupon) };
  }

  async createSubscription(input: Parameters<P.PaymentProvider["createSubscription"]>[0], idempotencyKey: string): Promise<P.SubscriptionResult> {
    const { plan } = input;
    const promo = input.promotionCode ? await this.promotionCode(input.promotionCode) : null;
    if (input.promotionCode && !promo) throw new PaymentProviderError("resource_missing", `No such promotion code: '${input.promotionCode}'`);
    if (!plan.priceId) await this.ensureProduct(plan, idempotencyKey);
    const item = plan.priceId
      ? { price: plan.priceId }
      : { price_data: { currency: plan.currency, product: plan.productKey, unit_amount: plan.amount, recurring: { interval: plan.period === "month" ? ("month" as const) : ("year" as const) } } };
    const sub = await call(() =>
      this.stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [item],
          default_payment_method: input.paymentMethodId,
          ...(input.trialDays ? { trial_period_days: input.trialDays } : {}),
          ...(promo ? { discounts: [{ promotion_code: promo.id }] } : {}),
          payment_behavior: "allow_incomplete",
          metadata: withChannel(input.channelId, input.metadata),
          expand: ["latest_invoice.confirmation_secret"],
        },
        { idempotencyKey },
      ),
    );
    const state = stateOf(sub);
    if (sub.status === "trialing") return state;
    const invoice = typeof sub.latest_invoice === "object" ? sub.latest_invoice : null;
    const secret = invoice?.confirmation_secret?.client_secret;
    if (!secret) return state;
    // The invoice's PaymentIntent id is the client secret's prefix (pi_…_secret_…).
    const intentId = secret.slice(0, secret.indexOf("_secret_"));
    if (sub.status === "active") return { ...state, payment: { status: "succeeded", intentId, paymentMethodId: input.paymentMethodId } };
    return { ...state, payment: intentResult(await call(() => this.stripe.paymentIntents.retrieve(intentId))) };
  }

  async cancelAtPeriodEnd(input: P.ChannelScope & { subscriptionId: string }, idempotencyKey: string): Promise<P.SubscriptionState> {
    return stateOf(await call(() => this.stripe.subscriptions.update(input.subscriptionId, { cancel_at_period_end: true }, { idempotencyKey })));
  }

  /** A preview changes nothing, so it carries no business key (the SDK adds its own for network retries). */
  async previewInvoice(input: P.ChannelScope & P.Price & { customerId: string; promotionCode?: string }): Promise<P.InvoicePreview> {
    const promo = input.promotionCode ? await this.promotionCode(input.promotionCode) : null;
    if (input.promotionCode && !promo) throw new PaymentProviderError("resource_missing", `No such promotion code: '${input.promotionCode}'`);
    const invoice = await call(() =>
      this.stripe.invoices.createPreview({
        customer: input.customerId,
        currency: input.currency,
        invoice_items: [{ amount: input.amount, currency: input.currency }],
        ...(promo ? { discounts: [{ promotion_code: promo.id }] } : {}),
      }),
    );
    const discount = (invoice.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0);
    return { currency: invoice.currency, subtotal: invoice.subtotal, discount, total: invoice.total, coupon: promo?.coupon ?? null };
  }

  async validateCoupon(input: P.ChannelScope & { code: string }): Promise<P.CouponInfo | null> {
    const promo = await this.promotionCode(input.code);
    return promo?.coupon ?? null;
  }

  /** A portal session is short-lived, so each call makes a new one (no business key). */
  async customerPortalUrl(input: P.ChannelScope & { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    const session = await call(() => this.stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl }));
    return { url: session.url };
  }

  async refund(input: P.ChannelScope & { intentId: string; amount?: number; metadata: P.PaymentMetadata }, idempotencyKey: string): Promise<P.RefundResult> {
    const refund = await call(() =>
      this.stripe.refunds.create({ payment_intent: input.intentId, amount: input.amount, metadata: withChannel(input.channelId, input.metadata) }, { idempotencyKey }),
    );
    const status = refund.status === "succeeded" ? "succeeded" : refund.status === "failed" || refund.status === "canceled" ? "failed" : "pending";
    return { id: refund.id, amount: refund.amount, status };
  }
}
