// Known devices for sign-in throttling (ADR 021, OWASP "device cookies"): a browser that signed in to an account gets
// a signed token naming the channel, the email and an expiry. Sent back with a later sign-in, it lets that browser
// past the per-account limit that slows guessing from many IPs, so an attack does not lock the owner out.
import { DEVICE_TOKEN_TTL_MS } from "../../contract/constants";
import { fromBase64Url, hmacSha256, randomToken, timingSafeEqual, toBase64Url } from "../../lib/crypto";

const sign = async (secret: string, channelId: number, email: string, expires: number, nonce: string) =>
  toBase64Url(await hmacSha256(secret, `known-device:${channelId}:${email}:${expires}:${nonce}`));

/** `<expires>.<nonce>.<signature>`, good for DEVICE_TOKEN_TTL_MS. */
export async function issueDeviceToken(secret: string, channelId: number, email: string, now: number): Promise<string> {
  const expires = now + DEVICE_TOKEN_TTL_MS;
  const nonce = randomToken(12);
  return `${expires}.${nonce}.${await sign(secret, channelId, email, expires, nonce)}`;
}

/** Whether `token` was issued by this API for this channel and email, and has not expired. */
export async function isKnownDevice(secret: string, channelId: number, email: string, token: string | undefined, now: number): Promise<boolean> {
  const [expiresText, nonce, signature, ...rest] = token?.split(".") ?? [];
  const expires = Number(expiresText);
  if (rest.length || !nonce || !signature || !Number.isSafeInteger(expires) || expires <= now) return false;
  const given = fromBase64Url(signature);
  const expected = fromBase64Url(await sign(secret, channelId, email, expires, nonce));
  return Boolean(given && expected && timingSafeEqual(given, expected));
}
