// Which provider serves a request: Stripe when a secret key is configured, the offline sandbox otherwise (local
// development, tests, demos). Both implement the same interface and emit events the same webhook handler verifies.
import { SandboxPaymentProvider, type SandboxOptions } from "./sandbox";
import { StripePaymentProvider, type StripeProviderOptions } from "./stripe";
import type { PaymentProvider } from "./types";

export function paymentProvider(config: { stripeSecretKey?: string; stripe?: Omit<StripeProviderOptions, "secretKey">; sandbox: SandboxOptions }): PaymentProvider {
  if (config.stripeSecretKey) return new StripePaymentProvider({ ...config.stripe, secretKey: config.stripeSecretKey });
  return new SandboxPaymentProvider(config.sandbox);
}

export * from "./types";
export { orderKey, userKey } from "./idempotency";
export { verifyWebhook, WEBHOOK_TOLERANCE_S } from "./webhook";
export { SandboxPaymentProvider } from "./sandbox";
export { StripePaymentProvider } from "./stripe";
