// Which preroll plays before an item (SPEC §3 "Preroll", §4): pure rules, so the playback routes, the played call and
// the unit tests share one definition of eligibility, the weighted choice and suppression.
import { z } from "zod";
import { capabilityFlags } from "../contract/auth";
import type { Preroll } from "../contract/channel";
import { passEntitlements, type AccessOrder } from "./access";

/**
 * A preroll's `url` in tenant config: a file of our media bucket, `media:<asset>/<file>` (R2 key
 * `media/<asset>/<file>`). The asset names of the media routes' own paths (event, vod, download) are refused, since
 * `/api/media/<asset>/<file>` would reach those routes instead.
 */
export const PREROLL_MEDIA_URL = /^media:(?!(?:event|vod|download)\/)([a-z0-9][a-z0-9_-]{0,63})\/([A-Za-z0-9][A-Za-z0-9._-]{0,127})$/;

/** The anonymous viewer id the web app keeps in cookie `vid` and sends as `X-Viewer-Id`. */
export const viewerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/);

/** What a preroll is matched against: the event (or VOD item) about to play. */
export interface PrerollItem {
  live: boolean;
  locationId: number | null;
  /** The item's category followed by its ancestors (access.ts `categoryAncestry`); empty when it has none. */
  categoryPath: readonly number[];
}

/** The media a preroll URL names, or null when it is not one of ours. */
export function prerollMedia(url: string): { asset: string; file: string } | null {
  const match = PREROLL_MEDIA_URL.exec(url);
  return match ? { asset: match[1], file: match[2] } : null;
}

/**
 * Eligible: a positive weight, made for this kind of playback (live or on demand), at this location (none = any) and
 * for this category or one of its ancestors (none listed = any).
 */
export function prerollMatches(preroll: Preroll, item: PrerollItem): boolean {
  if (!(preroll.weight > 0)) return false;
  if (!(item.live ? preroll.for_live : preroll.for_vod)) return false;
  if (preroll.location_id !== null && preroll.location_id !== item.locationId) return false;
  if (preroll.event_categories.length && !preroll.event_categories.some((id) => item.categoryPath.includes(id))) return false;
  return true;
}

/**
 * A number in [0, 1) from a string: FNV-1a, then the murmur3 finaliser so that near-identical inputs ("u:1|event:7",
 * "u:2|event:7") spread over the whole range instead of clustering.
 */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 0x1_0000_0000;
}

/** The seed of one subject's choice for one item, so the same viewer sees the same preroll on the same item. */
export const prerollSeed = (subject: string, itemKey: string) => seedOf(`${subject}|${itemKey}`);

/** Picks by weight with a seed in [0, 1); a weight of 0 (or less) is never picked. Null when nothing has weight. */
export function pickWeighted<T extends { weight: number }>(candidates: readonly T[], seed: number): T | null {
  const weighted = candidates.filter((c) => c.weight > 0);
  const total = weighted.reduce((sum, c) => sum + c.weight, 0);
  if (total <= 0) return null;
  let point = Math.min(Math.max(seed, 0), 1 - Number.EPSILON) * total;
  for (const c of weighted) {
    if (point < c.weight) return c;
    point -= c.weight;
  }
  return weighted[weighted.length - 1];
}

/** The preroll for an item: a weighted choice among the eligible ones, or null when none is. */
export function choosePreroll(prerolls: readonly Preroll[], item: PrerollItem, seed: number): Preroll | null {
  return pickWeighted(
    prerolls.filter((p) => prerollMatches(p, item)),
    seed,
  );
}

/** `no_ads` (SPEC §6): the account's own capability, or one of a pass active now. Anonymous viewers see ads. */
export function viewerHasNoAds(user: { capabilities: readonly string[] } | null, orders: readonly AccessOrder[], now: number): boolean {
  return user !== null && capabilityFlags([...user.capabilities, ...passEntitlements(orders, now).capabilities]).no_ads;
}

/**
 * Whose suppression applies: the signed-in user, else the anonymous viewer id when it is well formed, else nobody
 * (an anonymous visitor without a viewer id sees the preroll every time).
 */
export function prerollSubject(userId: number | null, viewerId: string | null | undefined): string | null {
  if (userId !== null) return `u:${userId}`;
  const parsed = viewerIdSchema.safeParse(viewerId);
  return parsed.success ? `v:${parsed.data}` : null;
}

/** Suppressed while the clock is before the stored end; from the end on, prerolls play again. */
export const isSuppressed = (until: number | null, now: number): boolean => until !== null && now < until;

/** When a suppression recorded now ends, or null when the channel suppresses nothing (`prerolls.suppress_ms` 0). */
export const suppressionEnd = (now: number, suppressMs: number): number | null => (suppressMs > 0 ? now + suppressMs : null);
