import { API_KEY_TTL_MS } from "../contract/constants";
import type { Db } from "../db/client";
import { findApiKey, insertApiKey } from "../db/repos/channels";
import { randomToken, sha256Hex } from "../lib/crypto";
import { TtlCache } from "../lib/ttl-cache";

/** Mints a random 256-bit api key for a channel. Only its SHA-256 is stored. */
export async function mintApiKey(db: Db, channelId: number, now: number) {
  const apiKey = randomToken(32);
  const expiresAt = now + API_KEY_TTL_MS;
  await insertApiKey(db, channelId, await sha256Hex(apiKey), now, expiresAt);
  return { api_key: apiKey, expires_at: expiresAt };
}

// Verified keys are remembered briefly per isolate; a revocation takes effect within this time.
const verified = new TtlCache<{ channelId: number; expiresAt: number }>(60_000, 2_000);

/** The channel id an api key belongs to, or null when it is unknown, expired or revoked. */
export async function verifyApiKey(db: Db, apiKey: string, now: number): Promise<number | null> {
  if (!apiKey || apiKey.length > 128) return null;
  const hash = await sha256Hex(apiKey);
  let hit = verified.get(hash, now);
  if (!hit) {
    hit = await findApiKey(db, hash, now);
    if (!hit) return null;
    verified.set(hash, hit, now, Math.min(60_000, hit.expiresAt - now));
  }
  return hit.expiresAt > now ? hit.channelId : null;
}
