// The one webhook verifier, for Stripe's events and the sandbox's alike (the sandbox signs in Stripe's format): the
// SDK's constructEventAsync with WebCrypto, so it runs in Workers. The clock is passed in, never read, so a replay
// older than the tolerance is refused the same way in tests and in production.
import Stripe from "stripe";

/** Stripe's default: a signed event older than 5 minutes is refused (replay protection). */
export const WEBHOOK_TOLERANCE_S = 300;

const cryptoProvider = Stripe.createSubtleCryptoProvider();

export type WebhookCheck = { ok: true; event: Stripe.Event } | { ok: false; reason: string };

/**
 * Verifies `Stripe-Signature` over the raw body (the exact bytes received, before any JSON parsing) with the
 * channel's webhook secret. Unsigned, tampered, wrongly keyed or stale (> 300 s) events are refused.
 */
export async function verifyWebhook(rawBody: string, signatureHeader: string | null | undefined, secret: string, nowSeconds: number): Promise<WebhookCheck> {
  if (!signatureHeader) return { ok: false, reason: "No signatures found matching the expected signature for payload" };
  try {
    const event = await Stripe.webhooks.constructEventAsync(rawBody, signatureHeader, secret, WEBHOOK_TOLERANCE_S, cryptoProvider, nowSeconds * 1000);
    return { ok: true, event };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError || error instanceof SyntaxError) {
      return { ok: false, reason: error.message };
    }
    throw error;
  }
}
