// The payment provider boundary. Commerce routes talk to this interface only; two implementations stand behind it:
// Stripe (the official SDK, when STRIPE_SECRET_KEY is set) and the offline sandbox (D1 state, Stripe test-mode card
// semantics). Amounts are integer minor units (cents) with a lower-case ISO currency, as Stripe takes them.
// Every call is channel-scoped; every mutating call takes a deterministic idempotency key (see idempotency.ts), so a
// retried request never charges twice.

export type BillingPeriod = "month" | "annual";

/** A card saved on a customer (Stripe PaymentMethod of type card). */
export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * What pays: a saved (or Stripe test-mode `pm_card_*`) payment method, or a one-time confirmation token the browser
 * produced (Stripe.js `createConfirmationToken`, or the sandbox card form's `tokenizeCard`).
 */
export type PaymentSource = { paymentMethodId: string } | { confirmationToken: string };

/** Metadata every object carries so webhook events find their way back (channel_id, order_id, …). */
export type PaymentMetadata = Record<string, string>;

/** The outcome of a charge attempt, in the words the checkout needs. */
export type PaymentResult =
  | { status: "succeeded"; intentId: string; paymentMethodId: string | null }
  /** A confirmation step (3-D Secure): the browser completes it with `clientSecret`, then `confirmPayment`. */
  | { status: "requires_action"; intentId: string; clientSecret: string }
  /** Declined: `message` is the card issuer's words as Stripe gives them ("Your card was declined."). */
  | { status: "failed"; intentId: string | null; message: string; code: string };

export type SubscriptionStatus = "trialing" | "active" | "incomplete" | "past_due" | "canceled";

export interface SubscriptionState {
  id: string;
  status: SubscriptionStatus;
  /** Epoch ms. */
  currentPeriodEnd: number;
  trialEnd: number | null;
  cancelAtPeriodEnd: boolean;
}

export interface SubscriptionResult extends SubscriptionState {
  /** The first invoice's payment; absent during a trial (nothing is charged). */
  payment?: PaymentResult;
}

/** A coupon as reached through its promotion code (what the viewer types). */
export interface CouponInfo {
  /** The provider's coupon id. */
  id: string;
  /** The code the viewer typed, as stored. */
  code: string;
  percentOff: number | null;
  /** Minor units, in `currency`. */
  amountOff: number | null;
  currency: string | null;
  duration: "once" | "repeating" | "forever";
  durationInMonths: number | null;
}

export interface InvoicePreview {
  currency: string;
  subtotal: number;
  discount: number;
  total: number;
  coupon: CouponInfo | null;
}

export interface Price {
  amount: number;
  currency: string;
}

export interface SubscriptionPlan extends Price {
  period: BillingPeriod;
  /** A stable product reference in the provider (Stripe product id), e.g. `ch1-product-7`. */
  productKey: string;
  productName: string;
  /** A provider price id, when the product is priced in the provider's dashboard; otherwise price_data is used. */
  priceId?: string;
}

export interface RefundResult {
  id: string;
  amount: number;
  status: "succeeded" | "pending" | "failed";
}

export interface ChannelScope {
  channelId: number;
}

export interface PaymentProvider {
  readonly name: "stripe" | "sandbox";

  /** The provider customer of a channel user, created on first use. */
  ensureCustomer(input: ChannelScope & { userId: number; email: string; name?: string }, idempotencyKey: string): Promise<{ customerId: string }>;

  /** A SetupIntent for saving a card without paying (the browser confirms it). */
  createSetupIntent(input: ChannelScope & { customerId: string }, idempotencyKey: string): Promise<{ id: string; clientSecret: string }>;

  listCards(input: ChannelScope & { customerId: string }): Promise<SavedCard[]>;

  /** Creates and confirms a PaymentIntent for a one-off amount. `saveCard` keeps the card for later (off-session). */
  pay(
    input: ChannelScope & Price & { customerId: string; source: PaymentSource; saveCard?: boolean; description?: string; metadata: PaymentMetadata },
    idempotencyKey: string,
  ): Promise<PaymentResult>;

  /**
   * Settles a payment (one-off or a subscription's first invoice) after its confirmation step. `authenticated: false`
   * reports that the buyer failed (or abandoned) the step: the payment fails, as Stripe's does after a failed 3-D
   * Secure challenge. With Stripe the browser's step decides and the intent is only read back.
   */
  confirmPayment(input: ChannelScope & { intentId: string; authenticated?: boolean }, idempotencyKey: string): Promise<PaymentResult>;

  createSubscription(
    input: ChannelScope & {
      customerId: string;
      plan: SubscriptionPlan;
      paymentMethodId: string;
      trialDays?: number;
      promotionCode?: string;
      metadata: PaymentMetadata;
    },
    idempotencyKey: string,
  ): Promise<SubscriptionResult>;

  /** Turns auto-renew off: access runs to the end of the paid period, then the subscription ends. */
  cancelAtPeriodEnd(input: ChannelScope & { subscriptionId: string }, idempotencyKey: string): Promise<SubscriptionState>;

  previewInvoice(input: ChannelScope & Price & { customerId: string; promotionCode?: string }): Promise<InvoicePreview>;

  /** The coupon behind an active promotion code, or null when the code is unknown, inactive or expired. */
  validateCoupon(input: ChannelScope & { code: string }): Promise<CouponInfo | null>;

  customerPortalUrl(input: ChannelScope & { customerId: string; returnUrl: string }): Promise<{ url: string }>;

  /** Refunds a succeeded payment, in full unless `amount` is given. */
  refund(input: ChannelScope & { intentId: string; amount?: number; metadata: PaymentMetadata }, idempotencyKey: string): Promise<RefundResult>;
}

/** Stripe-shaped webhook event ready for delivery: the raw body and its `Stripe-Signature` header value. */
export interface SignedEvent {
  channelId: number;
  id: string;
  type: string;
  payload: string;
  signature: string;
}

export type EventDelivery = (event: SignedEvent) => Promise<void>;

/** A provider-side refusal that is the caller's fault (unknown id, amount too large, reused key with other params). */
export class PaymentProviderError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}
