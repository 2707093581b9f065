// The checkout flows (SPEC §4 "Checkout preparation", §5 promo and payment messages): prepare → a pending order and
// its `created` transaction → the provider call under the order's idempotency key → the result the browser acts on.
// Checkout never makes an order paid: only the verified payment event does (the webhook). A decline is known at
// once, so the order and transaction fail here (the webhook's payment_failed converges to the same).
import { and, eq } from "drizzle-orm";
import { type BuyBody, CHECKOUT_MESSAGES } from "../../contract/commerce";
import { type BuyResult, COMMERCE_MESSAGES } from "../../contract/commerce-types";
import type { Db } from "../../db/client";
import { type CouponRow, coupons, type OrderRow, type ProductRow } from "../../db/commerce-schema";
import * as repo from "../../db/repos/commerce-orders";
import { activeOrdersOf } from "../../db/repos/orders";
import { checkoutRequests, events } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import { ApiError, notFound } from "../../lib/errors";
import { orderKey, type PaymentMetadata, PaymentProviderError, type PaymentResult, type PaymentSource } from "../../providers/payments";
import { stableJson } from "../../providers/payments/sandbox-cards";
import type { UserRow } from "../auth/users";
import { checkCoupon, invoicePreview, trialEnd } from "./pricing";
import { customerOf, mirrorCoupon, type Payments, providerError } from "./provider";
import { coverage, orderFor, type OrderScope, parentOf, unprocessable } from "./checkout-order";
import { type CheckoutTarget, prepareCheckout, purchaseState, trialEligible } from "./rules";

export interface Checkout {
  db: Db;
  payments: Payments;
  channelId: number;
  user: UserRow;
  now: number;
  /** SPEC §6: the request comes from a country the channel blocks (services/geo.ts, the rule playback applies). */
  geoBlocked: boolean;
}

export interface SourceFields {
  payment_method_id?: string;
  confirmation_token?: string;
  save_card?: boolean;
  code?: string;
  idempotency_key?: string;
}

/** "Pass not found" is a 404: no such product of this channel (another channel's id included). */
const passNotFound = () => notFound(COMMERCE_MESSAGES.passNotFound);

/** What the order rows of this checkout record of it. */
const scopeOf = (ck: Checkout): OrderScope => ({ channelId: ck.channelId, userId: ck.user.id, now: ck.now, provider: ck.payments.provider.name });

/** The provider-side description of a product (its dashboard and receipts): the first of its names. */
const plainName = (p: ProductRow): string => (typeof p.name === "string" ? p.name : (Object.values(p.name)[0] ?? p.key));

// ---- Preparation ----------------------------------------------------------------------------------------------

/**
 * SPEC §6: nothing is sold where nothing can be watched. Geo comes first in the access rule (access.ts canWatch),
 * whatever the buyer holds, so a purchase from a blocked country is refused before any order or payment exists.
 */
function refuseBlockedRegion(ck: Checkout): void {
  if (ck.geoBlocked) throw new ApiError(403, CHECKOUT_MESSAGES.regionBlocked);
}

/** SPEC §5: a saved card or a new one, exactly one. */
export function sourceOf(body: SourceFields): PaymentSource {
  const pm = body.payment_method_id;
  const token = body.confirmation_token;
  if (pm && !token) return { paymentMethodId: pm };
  if (token && !pm) return { confirmationToken: token };
  throw unprocessable(COMMERCE_MESSAGES.selectCard, "payment_method_id");
}

/** A saved card must be this buyer's (another channel's or user's card id is a 404); Stripe's test `pm_card_*` pass. */
async function checkSource(ck: Checkout, customerId: string, source: PaymentSource): Promise<void> {
  if (!("paymentMethodId" in source) || source.paymentMethodId.startsWith("pm_card_")) return;
  const cards = await ck.payments.provider.listCards({ channelId: ck.channelId, customerId }).catch(providerError);
  if (!cards.some((card) => card.id === source.paymentMethodId)) throw notFound();
}

/** SPEC §5: "Wrong promo code" for an unknown code, "Promo code is invalid" for one that cannot be used here now. */
async function couponFor(ck: Checkout, code: string | undefined, product: ProductRow): Promise<CouponRow | null> {
  if (!code) return null;
  const rows = await ck.db.select().from(coupons).where(eq(coupons.channelId, ck.channelId));
  const check = checkCoupon(code, rows, { id: product.id, currency: product.currency }, ck.now);
  if (!check.ok) throw unprocessable(check.message, "code");
  return rows.find((r) => r.id === check.coupon.id)!;
}

/** SPEC §6 trial eligibility, plus a trial order still waiting for its event: a trial is never started twice. */
async function isTrialEligible(ck: Checkout, product: ProductRow): Promise<boolean> {
  return trialEligible({ trial_period_used: ck.user.trialPeriodUsed }, product) && !(await repo.hasTrialOrder(ck.db, ck.channelId, ck.user.id));
}

/** What stripe/buy names (SPEC §2 /buy parameters): a subscription, a package (or bundle), or an event. */
async function targetOf(ck: Checkout, body: BuyBody, products: readonly ProductRow[]): Promise<{ target: CheckoutTarget; eventId: number | null }> {
  if (body.subscription_id !== undefined) return { target: { kind: "subscription", subscriptionId: body.subscription_id }, eventId: null };
  if (body.package_id !== undefined) return { target: { kind: "package", packageId: body.package_id }, eventId: null };
  const eventId = body.event_id ?? products.find((p) => p.id === body.single_event_package_id)?.eventId ?? undefined;
  if (eventId === undefined) throw unprocessable(COMMERCE_MESSAGES.idNotSelected);
  const event = await ck.db.query.events.findFirst({ where: and(eq(events.channelId, ck.channelId), eq(events.id, eventId)), columns: { id: true, type: true } });
  if (!event) throw notFound();
  return { target: { kind: "event", event, singleEventPackageId: body.single_event_package_id }, eventId: event.id };
}

// ---- Idempotent attempts --------------------------------------------------------------------------------------

/**
 * Runs one checkout attempt once per (user, idempotency key): a retry gets the first answer (no second order, no
 * second charge); the same key with another request is refused; a retry while the first still runs is told so.
 */
async function once(ck: Checkout, key: string | undefined, params: unknown, run: () => Promise<BuyResult>): Promise<BuyResult> {
  if (!key) return run();
  // The api key may rotate between a request and its retry; it names no part of the purchase.
  const requestHash = await sha256Hex(stableJson({ ...(params as object), api_key: undefined }));
  const where = and(eq(checkoutRequests.channelId, ck.channelId), eq(checkoutRequests.userId, ck.user.id), eq(checkoutRequests.key, key));
  const claimed = await ck.db
    .insert(checkoutRequests)
    .values({ channelId: ck.channelId, userId: ck.user.id, key, requestHash, result: null, createdAt: ck.now })
    .onConflictDoNothing()
    .returning({ key: checkoutRequests.key });
  if (!claimed.length) {
    const prior = await ck.db.query.checkoutRequests.findFirst({ where });
    if (prior?.requestHash !== requestHash) throw unprocessable("This idempotency key was used for another purchase", "idempotency_key");
    if (!prior.result) throw new ApiError(409, CHECKOUT_MESSAGES.inProgress);
    return prior.result;
  }
  try {
    const result = await run();
    await ck.db.update(checkoutRequests).set({ result }).where(where);
    return result;
  } catch (error) {
    // A refused attempt leaves nothing to replay: the buyer may correct it and retry under the same key.
    await ck.db.delete(checkoutRequests).where(where);
    throw error;
  }
}

// ---- The provider call ----------------------------------------------------------------------------------------

interface Attempt {
  order: OrderRow;
  transactionId: number;
  customerId: string;
  source: PaymentSource;
  saveCard: boolean;
  metadata: PaymentMetadata;
}

/** The provider's answer → the order's refs, a failure recorded at once, and what the browser does next. */
type Step = Pick<Attempt, "order" | "transactionId">;

async function settle(ck: Checkout, attempt: Step, payment: PaymentResult | null | undefined, orderRef: string | null): Promise<BuyResult> {
  const { order, transactionId } = attempt;
  const intent = payment?.intentId ?? null;
  await repo.recordProviderRefs(ck.db, ck.channelId, order.id, transactionId, { order: orderRef ?? intent, intent }, ck.now);
  if (payment?.status === "failed") {
    await repo.markFailed(ck.db, ck.channelId, order.id, transactionId, payment.message, ck.now);
    return { order_id: order.id, status: "failed", client_secret: null, message: payment.message };
  }
  if (payment?.status === "requires_action") return { order_id: order.id, status: "requires_action", client_secret: payment.clientSecret, message: null };
  return { order_id: order.id, status: "pending", client_secret: null, message: null };
}

/**
 * A refusal by the provider (unknown token, reused key, …) fails the attempt, then answers 404/422. A promotion code
 * our table accepts but Stripe's dashboard lacks is the buyer's "Promo code is invalid", not a missing resource.
 */
async function guarded<T>(ck: Checkout, attempt: Step, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    await repo.markFailed(ck.db, ck.channelId, attempt.order.id, attempt.transactionId, error.message, ck.now);
    if (error.code === "resource_missing" && /promotion code/i.test(error.message)) throw unprocessable(COMMERCE_MESSAGES.invalidPromoCode, "code");
    return providerError(error);
  }
}

async function payOnce(ck: Checkout, attempt: Attempt, amount: number, currency: string, description: string): Promise<BuyResult> {
  const payment = await guarded(ck, attempt, () =>
    ck.payments.provider.pay(
      { channelId: ck.channelId, amount, currency: currency.toLowerCase(), customerId: attempt.customerId, source: attempt.source, saveCard: attempt.saveCard, description, metadata: attempt.metadata },
      orderKey(ck.channelId, attempt.order.id, "pay"),
    ),
  );
  return settle(ck, attempt, payment, null);
}

/**
 * A subscription bills a saved card. A new card from the sandbox form is saved first through a SetupIntent (a
 * declining card is refused there, as Stripe refuses it); with Stripe, Elements saves it in the browser and the
 * checkout receives the pm_ id.
 */
async function subscriptionCard(ck: Checkout, attempt: Attempt): Promise<{ id: string } | { declined: string }> {
  if ("paymentMethodId" in attempt.source) return { id: attempt.source.paymentMethodId };
  const sandbox = ck.payments.sandbox;
  if (!sandbox) throw unprocessable(COMMERCE_MESSAGES.selectCard, "payment_method_id");
  const token = attempt.source.confirmationToken;
  return guarded(ck, attempt, async () => {
    const setup = await sandbox.createSetupIntent({ channelId: ck.channelId, customerId: attempt.customerId }, orderKey(ck.channelId, attempt.order.id, "setup"));
    try {
      return { id: (await sandbox.confirmSetupIntent({ channelId: ck.channelId, setupIntentId: setup.id, confirmationToken: token })).id };
    } catch (error) {
      if (error instanceof PaymentProviderError && error.code === "card_declined") return { declined: error.message };
      throw error;
    }
  });
}

async function subscribe(ck: Checkout, attempt: Attempt, product: ProductRow, trialDays: number, coupon: CouponRow | null): Promise<BuyResult> {
  const card = await subscriptionCard(ck, attempt);
  if ("declined" in card) return settle(ck, attempt, { status: "failed", intentId: null, message: card.declined, code: "card_declined" }, null);
  if (coupon) await mirrorCoupon(ck.payments, ck.channelId, coupon);
  const sub = await guarded(ck, attempt, () =>
    ck.payments.provider.createSubscription(
      {
        channelId: ck.channelId,
        customerId: attempt.customerId,
        plan: {
          amount: product.price,
          currency: product.currency.toLowerCase(),
          period: product.period ?? "month",
          productKey: `ch${ck.channelId}-product-${product.id}`,
          productName: plainName(product),
          priceId: product.stripePriceId ?? undefined,
        },
        paymentMethodId: card.id,
        trialDays: trialDays || undefined,
        promotionCode: coupon?.code,
        metadata: attempt.metadata,
      },
      orderKey(ck.channelId, attempt.order.id, "subscribe"),
    ),
  );
  return settle(ck, attempt, sub.payment, sub.id);
}

// ---- The flows ------------------------------------------------------------------------------------------------

const metadataOf = (ck: Checkout, order: OrderRow, extra: PaymentMetadata = {}): PaymentMetadata => ({ order_id: String(order.id), user_id: String(ck.user.id), ...extra });

/** One product: a package, addon, single event or subscription (with its trial when the buyer is eligible). */
async function purchase(ck: Checkout, body: SourceFields & { category_ids?: number[]; participant_ids?: number[] }, product: ProductRow, eventId: number | null, requireTrial: boolean): Promise<BuyResult> {
  const held = await activeOrdersOf(ck.db, ck.channelId, ck.user.id, ck.now);
  if (purchaseState(product, held, ck.now).purchased) throw unprocessable(CHECKOUT_MESSAGES.alreadyPurchased);
  const cover = coverage(product, { categories: body.category_ids, participants: body.participant_ids }, held, ck.now);
  const parentOrderId = parentOf(product, held);
  const coupon = await couponFor(ck, body.code, product);
  const trial = product.kind === "subscription" && (await isTrialEligible(ck, product));
  if (requireTrial && !trial) throw unprocessable(CHECKOUT_MESSAGES.trialUsed, "trial_period_used");
  const source = sourceOf(body);
  const customerId = await customerOf(ck.db, ck.payments, ck.channelId, ck.user, ck.now).catch(providerError);
  await checkSource(ck, customerId, source);
  const preview = invoicePreview({ product, coupon, trialEligible: trial, now: ck.now });
  const { order, transactionId } = await repo.createPendingOrder(
    ck.db,
    {
      ...orderFor(scopeOf(ck), product, cover, eventId),
      parentOrderId,
      amount: preview.total,
      discount: preview.discount,
      couponId: coupon?.id ?? null,
      trialEndsAt: preview.trial_days ? trialEnd(ck.now, preview.trial_days) : null,
    },
    { amount: preview.due_today, currency: product.currency, kind: "charge" },
  );
  const attempt: Attempt = { order, transactionId, customerId, source, saveCard: !!body.save_card, metadata: metadataOf(ck, order) };
  if (product.kind === "subscription") return subscribe(ck, attempt, product, preview.trial_days, coupon);
  return payOnce(ck, attempt, preview.total, product.currency, plainName(product));
}

/** A bundle: one payment for the bundle's price, one order per item (so the access rules see each), linked to the first. */
async function purchaseBundle(ck: Checkout, body: SourceFields, bundle: ProductRow, all: readonly ProductRow[]): Promise<BuyResult> {
  const items = bundle.bundleItemIds.map((id) => all.find((p) => p.id === id && p.active && p.kind === "package"));
  if (!items.length || items.some((i) => i === undefined)) throw passNotFound();
  const held = await activeOrdersOf(ck.db, ck.channelId, ck.user.id, ck.now);
  if (purchaseState(bundle, held, ck.now, all).purchased) throw unprocessable(CHECKOUT_MESSAGES.alreadyPurchased);
  const coupon = await couponFor(ck, body.code, bundle);
  const source = sourceOf(body);
  const customerId = await customerOf(ck.db, ck.payments, ck.channelId, ck.user, ck.now).catch(providerError);
  await checkSource(ck, customerId, source);
  const preview = invoicePreview({ product: bundle, coupon, trialEligible: false, now: ck.now });
  const [first, ...rest] = items as ProductRow[];
  const whole = (p: ProductRow) => ({ categories: p.eventCategoryIds, participants: p.participantIds });
  const { order, transactionId } = await repo.createPendingOrder(
    ck.db,
    { ...orderFor(scopeOf(ck), first, whole(first), null), amount: preview.total, discount: preview.discount, couponId: coupon?.id ?? null },
    { amount: preview.total, currency: bundle.currency, kind: "charge" },
  );
  // An addon sold with its pass sits on the pass's order of this bundle.
  await repo.addBundleItems(ck.db, order, rest.map((p) => ({ ...orderFor(scopeOf(ck), p, whole(p), null), parentOrderId: p.addonOf === first.id ? order.id : null })));
  const attempt: Attempt = { order, transactionId, customerId, source, saveCard: !!body.save_card, metadata: metadataOf(ck, order, { bundle_order_id: String(order.id), bundle_id: String(bundle.id) }) };
  return payOnce(ck, attempt, preview.total, bundle.currency, plainName(bundle));
}

/** POST stripe/buy. */
export async function buy(ck: Checkout, body: BuyBody): Promise<BuyResult> {
  refuseBlockedRegion(ck);
  const { idempotency_key, ...params } = body;
  return once(ck, idempotency_key, { step: "buy", ...params }, async () => {
    const all = await repo.productsOfChannel(ck.db, ck.channelId);
    const { target, eventId } = await targetOf(ck, body, all);
    const prepared = prepareCheckout(target, all);
    if (!prepared.ok) throw prepared.message === COMMERCE_MESSAGES.passNotFound ? passNotFound() : unprocessable(prepared.message);
    if (!prepared.product) throw unprocessable(CHECKOUT_MESSAGES.freeEvent, "event_id");
    const product = all.find((p) => p.id === prepared.product!.id)!;
    if (product.kind === "bundle") return purchaseBundle(ck, body, product, all);
    return purchase(ck, body, product, eventId, false);
  });
}

/** POST stripe/buy_bundle. */
export async function buyBundle(ck: Checkout, body: SourceFields & { bundle_id: number }): Promise<BuyResult> {
  refuseBlockedRegion(ck);
  const { idempotency_key, ...params } = body;
  return once(ck, idempotency_key, { step: "bundle", ...params }, async () => {
    const all = await repo.productsOfChannel(ck.db, ck.channelId);
    const bundle = all.find((p) => p.id === body.bundle_id && p.kind === "bundle" && p.active);
    if (!bundle) throw passNotFound();
    return purchaseBundle(ck, body, bundle, all);
  });
}

/** POST /stripe/subscription/start_trial: refused (422) when the buyer is not eligible. */
export async function startTrial(ck: Checkout, body: SourceFields & { subscription_id: number }): Promise<BuyResult> {
  refuseBlockedRegion(ck);
  const { idempotency_key, ...params } = body;
  return once(ck, idempotency_key, { step: "trial", ...params }, async () => {
    const all = await repo.productsOfChannel(ck.db, ck.channelId);
    const prepared = prepareCheckout({ kind: "subscription", subscriptionId: body.subscription_id }, all);
    if (!prepared.ok || !prepared.product) throw passNotFound();
    return purchase(ck, body, all.find((p) => p.id === prepared.product!.id)!, null, true);
  });
}

/** An order's state as a BuyResult, for a confirmation asked after it settled. */
async function resultOf(ck: Checkout, order: OrderRow): Promise<BuyResult> {
  const txn = order.status === "failed" ? await repo.latestTransaction(ck.db, ck.channelId, order.id) : null;
  return { order_id: order.id, status: order.status === "failed" ? "failed" : "pending", client_secret: null, message: txn?.failureMessage ?? null };
}

/** POST /stripe/confirm-payment: after the browser's confirmation step (3-D Secure; the sandbox's 3155 card). */
export async function confirmOrder(ck: Checkout, orderId: number, authenticated = true): Promise<BuyResult> {
  const order = await repo.orderOfUser(ck.db, ck.channelId, ck.user.id, orderId);
  if (!order) throw notFound();
  if (order.status !== "pending") return resultOf(ck, order);
  const txn = await repo.latestTransaction(ck.db, ck.channelId, order.id);
  if (!txn?.providerRef || txn.status !== "created") throw unprocessable(CHECKOUT_MESSAGES.notConfirmable, "order_id");
  const attempt: Step = { order, transactionId: txn.id };
  const payment = await guarded(ck, attempt, () => ck.payments.provider.confirmPayment({ channelId: ck.channelId, intentId: txn.providerRef!, authenticated }, orderKey(ck.channelId, order.id, authenticated ? "confirm" : "abandon")));
  return settle(ck, attempt, payment, order.providerRef);
}

/** POST stripe/unsubscribe: auto-renew off; access runs to the end of the paid period. */
export async function unsubscribe(ck: Checkout, orderId: number): Promise<OrderRow> {
  const order = await repo.orderOfUser(ck.db, ck.channelId, ck.user.id, orderId);
  if (!order) throw notFound();
  if (order.type !== "subscription" || !order.providerRef || order.status === "failed") throw unprocessable(CHECKOUT_MESSAGES.notSubscription, "order_id");
  if (order.renewalStatus !== "cancelled") {
    await ck.payments.provider.cancelAtPeriodEnd({ channelId: ck.channelId, subscriptionId: order.providerRef }, orderKey(ck.channelId, order.id, "cancel")).catch(providerError);
    await repo.setRenewal(ck.db, ck.channelId, order.id, ck.now);
  }
  return (await repo.orderOfUser(ck.db, ck.channelId, ck.user.id, orderId))!;
}
