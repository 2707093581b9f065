// Signed media tokens (DESIGN "Media and playback"): every manifest and segment URL carries one, so R2 objects are
// only served to a viewer the playback call has already checked. Format: base64url(payload JSON) "." base64url(HMAC).
import { z } from "zod";
import { fromBase64Url, hmacKey, hmacSha256, toBase64Url } from "../lib/crypto";

/** Tokens live at most this long; the player renews them (issue 5 "Media delivery"). */
export const MEDIA_TOKEN_MAX_TTL_MS = 10 * 60_000;
/** Tolerated clock difference between the isolate that minted a token and the one checking it. */
const CLOCK_SKEW_MS = 60_000;

const payloadSchema = z.object({
  /** Channel id. */
  c: z.number().int().positive(),
  /** Subject: "u:<userId>" or "a:<random session id>". */
  s: z.string().regex(/^[ua]:[A-Za-z0-9_-]{1,64}$/),
  /** Asset prefix, e.g. "demo" or "event/12". */
  p: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}(\/[a-z0-9_-]{1,64})?$/),
  /** Expiry, epoch ms. */
  e: z.number().int().positive(),
});
export type MediaTokenPayload = z.infer<typeof payloadSchema>;

export type MediaTokenCheck =
  | { ok: true; payload: MediaTokenPayload }
  | { ok: false; reason: "malformed" | "signature" | "expired" | "channel" | "prefix" };

export class MediaTokenExpiryError extends Error {
  constructor() {
    super(`A media token expires at most ${MEDIA_TOKEN_MAX_TTL_MS / 60_000} minutes ahead`);
    this.name = "MediaTokenExpiryError";
  }
}

const encoder = new TextEncoder();

/** Mints a token; refuses an expiry in the past or more than MEDIA_TOKEN_MAX_TTL_MS ahead. */
export async function mintMediaToken(secret: string, payload: MediaTokenPayload, now: number): Promise<string> {
  if (payload.e <= now || payload.e - now > MEDIA_TOKEN_MAX_TTL_MS) throw new MediaTokenExpiryError();
  const body = toBase64Url(encoder.encode(JSON.stringify(payloadSchema.parse(payload))));
  const signature = await hmacSha256(secret, body);
  return `${body}.${toBase64Url(signature)}`;
}

/**
 * Checks a token for one channel and asset prefix. The signature is checked with crypto.subtle.verify, which
 * compares in constant time, before the payload is trusted.
 */
export async function verifyMediaToken(
  secret: string,
  token: string | null | undefined,
  expected: { channelId: number; prefix: string; now: number },
): Promise<MediaTokenCheck> {
  if (!token || token.length > 1024) return { ok: false, reason: "malformed" };
  const [body, sig, ...rest] = token.split(".");
  const signature = sig ? fromBase64Url(sig) : null;
  if (!body || !signature || rest.length) return { ok: false, reason: "malformed" };
  const valid = await crypto.subtle.verify("HMAC", await hmacKey(secret), signature, encoder.encode(body));
  if (!valid) return { ok: false, reason: "signature" };
  const bytes = fromBase64Url(body);
  let parsed: unknown = null;
  try {
    parsed = bytes ? JSON.parse(new TextDecoder().decode(bytes)) : null;
  } catch {
    parsed = null;
  }
  const result = payloadSchema.safeParse(parsed);
  if (!result.success) return { ok: false, reason: "malformed" };
  const payload = result.data;
  // An expiry further ahead than any mint allows means a token from a misconfigured or future clock: refuse it too.
  if (payload.e <= expected.now || payload.e - expected.now > MEDIA_TOKEN_MAX_TTL_MS + CLOCK_SKEW_MS) return { ok: false, reason: "expired" };
  if (payload.c !== expected.channelId) return { ok: false, reason: "channel" };
  if (payload.p !== expected.prefix) return { ok: false, reason: "prefix" };
  return { ok: true, payload };
}
