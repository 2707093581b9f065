// Which payment provider a request talks to, and the per-user state checkout keeps about it. Stripe when
// STRIPE_SECRET_KEY is set; otherwise the offline sandbox, whose signed events go through the Queue to the one
// webhook handler (never by HTTP to ourselves), exactly as Stripe's would.
import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../../context";
import type { CouponRow } from "../../db/commerce-schema";
import type { Db } from "../../db/client";
import { paymentCustomers } from "../../db/schema";
import { appConfig } from "../../env";
import { enqueuePaymentEvent } from "../../jobs/payment-events";
import { ApiError, notFound } from "../../lib/errors";
import { type PaymentProvider, PaymentProviderError, paymentProvider, SandboxPaymentProvider, userKey } from "../../providers/payments";
import { sandboxWebhookSecret } from "./webhook-apply";

export interface Payments {
  provider: PaymentProvider;
  /** Set in sandbox mode: the card form's tokens and lazily mirrored coupons need the sandbox itself. */
  sandbox: SandboxPaymentProvider | null;
}

export function paymentsFor(c: Context<AppEnv>): Payments {
  const env = c.env;
  const provider = paymentProvider({
    stripeSecretKey: appConfig(env).STRIPE_SECRET_KEY,
    sandbox: {
      db: c.get("db"),
      now: c.get("now"),
      webhookSecret: (channelId) => sandboxWebhookSecret(env, channelId),
      deliver: (event) => enqueuePaymentEvent(env, event),
    },
  });
  return { provider, sandbox: provider instanceof SandboxPaymentProvider ? provider : null };
}

/** The buyer's provider customer: the stored id, or a new one (one per user, provider and channel). */
export async function customerOf(db: Db, payments: Payments, channelId: number, user: { id: number; email: string; firstName: string; lastName?: string }, now: number): Promise<string> {
  const provider = payments.provider.name;
  const where = and(eq(paymentCustomers.channelId, channelId), eq(paymentCustomers.userId, user.id), eq(paymentCustomers.provider, provider));
  const stored = await db.query.paymentCustomers.findFirst({ where });
  if (stored) return stored.customerId;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || undefined;
  // The key is per user, so two first checkouts at once create one customer, not two.
  const { customerId } = await payments.provider.ensureCustomer({ channelId, userId: user.id, email: user.email, name }, userKey(channelId, user.id, "customer"));
  await db.insert(paymentCustomers).values({ channelId, userId: user.id, provider, customerId, createdAt: now }).onConflictDoNothing();
  return customerId;
}

/** The stored customer, without creating one (listing cards needs none when the user never paid). */
export async function storedCustomer(db: Db, payments: Payments, channelId: number, userId: number): Promise<string | null> {
  const row = await db.query.paymentCustomers.findFirst({
    where: and(eq(paymentCustomers.channelId, channelId), eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, payments.provider.name)),
  });
  return row?.customerId ?? null;
}

/**
 * The sandbox charges a promotion code only once it exists on its side (as in Stripe, where the dashboard holds
 * them): our coupons table is the source, mirrored on first use. A concurrent first use loses the unique index
 * race harmlessly.
 */
export async function mirrorCoupon(payments: Payments, channelId: number, coupon: CouponRow): Promise<void> {
  const sandbox = payments.sandbox;
  if (!sandbox || (await sandbox.validateCoupon({ channelId, code: coupon.code }))) return;
  try {
    await sandbox.createCoupon({
      channelId,
      code: coupon.code,
      percentOff: coupon.percentOff ?? undefined,
      amountOff: coupon.amountOff ?? undefined,
      currency: coupon.currency?.toLowerCase(),
      duration: coupon.duration,
      durationInMonths: coupon.durationMonths ?? undefined,
      expiresAt: coupon.validUntil ?? undefined,
    });
  } catch (error) {
    if (!(await sandbox.validateCoupon({ channelId, code: coupon.code }))) throw error;
  }
}

/**
 * A provider refusal in the API's terms: an id it does not know (another channel's card, an unknown intent) is a
 * 404 like any other channel's id; anything else the buyer can correct is a 422 with the provider's words.
 */
export function providerError(error: unknown): never {
  if (error instanceof PaymentProviderError) {
    if (error.code === "resource_missing") throw notFound();
    throw new ApiError(422, error.message);
  }
  throw error;
}
