// Stripe's webhook signature format, produced for the sandbox's events: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<payload>">` keyed with the channel's webhook secret. Signing the sandbox's events exactly like Stripe lets one
// verifier (the SDK's constructEventAsync, webhook.ts) guard the one webhook handler for both providers.
import { hmacSha256 } from "../../lib/crypto";

export async function stripeSignatureHeader(payload: string, secret: string, timestampSeconds: number): Promise<string> {
  const mac = await hmacSha256(secret, `${timestampSeconds}.${payload}`);
  const hex = [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `t=${timestampSeconds},v1=${hex}`;
}
