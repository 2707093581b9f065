// Signed, single-use links for email verification, password reset and account deletion (SPEC §2: the link
// carries email, expires and signature). The signature is an HMAC over purpose, channel, email, expiry and a
// random per-link nonce; only its SHA-256 is stored, so a database leak gives no working link.
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { signedLinks } from "../../db/auth-schema";
import { fromBase64Url, hmacSha256, randomToken, sha256Hex, timingSafeEqual, toBase64Url } from "../../lib/crypto";

export type LinkPurpose = (typeof signedLinks.$inferSelect)["purpose"];

/** What the link's query string carries. `expires` is epoch ms. */
export interface LinkParams {
  email: string;
  expires: number;
  signature: string;
}

export type LinkCheck =
  | { ok: true; linkId: number; userId: number }
  | { ok: false; reason: "invalid" | "expired" | "used" };

/** base64url HMAC-SHA256 over everything the link stands for; pure, so the binding is unit-tested. */
export async function linkSignature(secret: string, purpose: LinkPurpose, channelId: number, email: string, expires: number, nonce: string): Promise<string> {
  return toBase64Url(await hmacSha256(secret, `${purpose}:${channelId}:${email}:${expires}:${nonce}`));
}

export interface CreateLinkInput {
  secret: string;
  channelId: number;
  userId: number;
  email: string;
  purpose: LinkPurpose;
  ttlMs: number;
  now: number;
}

/** Stores a new link and answers its query parameters. */
export async function createSignedLink(db: Db, input: CreateLinkInput): Promise<LinkParams> {
  const nonce = randomToken(16);
  const expires = input.now + input.ttlMs;
  const signature = await linkSignature(input.secret, input.purpose, input.channelId, input.email, expires, nonce);
  await db.insert(signedLinks).values({
    channelId: input.channelId,
    userId: input.userId,
    purpose: input.purpose,
    signatureHash: await sha256Hex(signature),
    nonce,
    expiresAt: expires,
    createdAt: input.now,
  });
  return { email: input.email, expires, signature };
}

export interface CheckLinkInput extends LinkParams {
  secret: string;
  channelId: number;
  purpose: LinkPurpose;
  now: number;
}

/**
 * Checks a link without using it: found for this channel and purpose, signature matching the given email and
 * expiry, not expired, not used. The caller marks it used (markLinkUsed) in the same batch as the link's effect.
 */
export async function checkSignedLink(db: Db, input: CheckLinkInput): Promise<LinkCheck> {
  const row = await db
    .select()
    .from(signedLinks)
    .where(and(eq(signedLinks.signatureHash, await sha256Hex(input.signature)), eq(signedLinks.channelId, input.channelId), eq(signedLinks.purpose, input.purpose)))
    .get();
  const given = fromBase64Url(input.signature);
  if (!row || !given) return { ok: false, reason: "invalid" };
  const expected = fromBase64Url(await linkSignature(input.secret, input.purpose, input.channelId, input.email, input.expires, row.nonce))!;
  // The stored expiry is authoritative; the signature already binds the given one to it.
  if (!timingSafeEqual(given, expected) || input.expires !== row.expiresAt) return { ok: false, reason: "invalid" };
  if (row.expiresAt <= input.now) return { ok: false, reason: "expired" };
  if (row.usedAt !== null) return { ok: false, reason: "used" };
  return { ok: true, linkId: row.id, userId: row.userId };
}

/** Marks a link used; only an unused link changes, so a concurrent second use writes nothing. */
export const markLinkUsed = (db: Db, linkId: number, now: number) =>
  db.update(signedLinks).set({ usedAt: now }).where(and(eq(signedLinks.id, linkId), isNull(signedLinks.usedAt)));

/** The path and query of a link on the channel's web app. */
export function linkPath(path: string, params: LinkParams): string {
  const q = new URLSearchParams({ email: params.email, expires: String(params.expires), signature: params.signature });
  return `${path}?${q.toString()}`;
}
