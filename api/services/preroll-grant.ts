// The preroll of a playback grant and the record of one played (SPEC §3 "Preroll", §4, §9): the channel's preroll
// list and its preroll settings come from one cached read (KV `CACHE`, PREROLL_CACHE_MS), suppression per subject
// sits in KV too, and the rules themselves are the pure functions of prerolls.ts.
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { PREROLL_CACHE_MS } from "../contract/constants";
import type { PrerollGrant } from "../contract/media";
import { prerollsQuery, settingsQuery } from "../db/repos/content";
import { categoryParentsQuery } from "../db/repos/orders";
import { randomToken } from "../lib/crypto";
import { authSecret } from "../lib/secrets";
import { categoryAncestry } from "./access";
import { toSettings } from "./channel-content";
import type { Viewer } from "./event-access";
import { ASSET_NAME } from "./media-asset";
import { MEDIA_TOKEN_MAX_TTL_MS, mintMediaToken } from "./media-token";
import { choosePreroll, isSuppressed, prerollMedia, prerollSeed, prerollSubject, suppressionEnd, viewerHasNoAds } from "./prerolls";
import { prerollListKey, prerollSeenKey } from "../lib/cache-keys";

/** The item a playback grant is for. */
export interface PrerollTarget {
  /** "event:<id>" | "vod:<id>": with the subject, it seeds the choice. */
  key: string;
  live: boolean;
  locationId: number | null;
  eventCategoryId: number | null;
}

const prerollSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  weight: z.number(),
  location_id: z.number().int().nullable(),
  event_categories: z.array(z.number().int()),
  for_vod: z.boolean(),
  for_live: z.boolean(),
});

/** What one cached read holds: the list, the category tree (for ancestry) and the two preroll settings. */
const configSchema = z.object({
  prerolls: z.array(prerollSchema),
  categoryParents: z.array(z.tuple([z.number().int(), z.number().int().nullable()])),
  skipAfterS: z.number().int().min(0),
  suppressMs: z.number().int().min(0),
});
export type PrerollConfig = z.infer<typeof configSchema>;
/** A KV entry remembers when (by the API's clock) it was read from D1, so freshness follows the injected clock. */
const entrySchema = z.object({ storedAt: z.number(), value: configSchema });
const untilSchema = z.number().int();

export { prerollListKey, prerollSeenKey };
/** KV refuses an expirationTtl under 60 s. */
const kvTtlSeconds = (ms: number) => Math.max(60, Math.ceil(ms / 1000));

async function readKv<T>(kv: KVNamespace, key: string, schema: z.ZodType<T>): Promise<T | null> {
  try {
    const parsed = schema.safeParse(await kv.get(key, "json"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // an unreadable cache entry is a miss, not an error
  }
}

/** The channel's prerolls and preroll settings: from KV while younger than PREROLL_CACHE_MS, else one D1 batch. */
export async function prerollConfig(c: Context<AppEnv>): Promise<PrerollConfig> {
  const channel = c.get("channel");
  const now = c.get("now")();
  const key = prerollListKey(channel);
  const entry = await readKv(c.env.CACHE, key, entrySchema);
  if (entry && now >= entry.storedAt && now - entry.storedAt < PREROLL_CACHE_MS) return entry.value;

  // Settings are resolved as GET /settings resolves them (defaults and fallbacks included), in the same batch.
  const db = c.get("db");
  const [settingRows, prerollRows, parents] = await db.batch([settingsQuery(db, channel.id), prerollsQuery(db, channel.id), categoryParentsQuery(db, channel.id)]);
  const settings = toSettings(channel, settingRows, prerollRows);
  const value: PrerollConfig = {
    prerolls: settings.prerolls,
    categoryParents: parents.map((p) => [p.id, p.parentId]),
    skipAfterS: settings["prerolls.skip_after_s"],
    suppressMs: settings["prerolls.suppress_ms"],
  };
  // Awaited rather than left to waitUntil: the write is once an hour, and the next call must find it.
  await c.env.CACHE.put(key, JSON.stringify({ storedAt: now, value }), { expirationTtl: kvTtlSeconds(PREROLL_CACHE_MS) }).catch(() => undefined);
  return value;
}

/** The subject of this request: the signed-in user, else a valid `X-Viewer-Id`, else null. */
export const requestSubject = (c: Context<AppEnv>, userId: number | null) => prerollSubject(userId, c.req.header("x-viewer-id"));

/** Records that a preroll played for this subject: prerolls are suppressed until now + `prerolls.suppress_ms`. */
export async function recordPrerollPlayed(c: Context<AppEnv>, subject: string, config: PrerollConfig): Promise<void> {
  const until = suppressionEnd(c.get("now")(), config.suppressMs);
  if (until === null) return;
  await c.env.CACHE.put(prerollSeenKey(c.get("channel"), subject), JSON.stringify(until), { expirationTtl: kvTtlSeconds(config.suppressMs) });
}

/**
 * The preroll of a playback grant: none for a viewer with `no_ads` (own or pass capability), for a suppressed
 * subject, or when no preroll matches; else the weighted choice seeded by subject and item, with a signed URL.
 */
export async function prerollFor(c: Context<AppEnv>, viewer: Viewer, target: PrerollTarget): Promise<PrerollGrant | null> {
  const user = viewer.user;
  if (viewerHasNoAds(user, viewer.orders, viewer.now)) return null;
  const subject = requestSubject(c, user?.id ?? null);
  const now = c.get("now")();
  const [config, until] = await Promise.all([
    prerollConfig(c),
    subject ? readKv(c.env.CACHE, prerollSeenKey(c.get("channel"), subject), untilSchema) : null,
  ]);
  if (isSuppressed(until, now)) return null;

  const item = {
    live: target.live,
    locationId: target.locationId,
    categoryPath: categoryAncestry(target.eventCategoryId, new Map(config.categoryParents)),
  };
  // Without a subject nothing is remembered, so the rotation is random rather than the same preroll for everyone.
  const chosen = choosePreroll(config.prerolls, item, subject ? prerollSeed(subject, target.key) : Math.random());
  const media = chosen ? prerollMedia(chosen.url) : null;
  if (!chosen || !media || !ASSET_NAME.test(media.asset)) return null;

  // Media tokens name a user or an anonymous session: the viewer id serves as that session when there is one.
  const tokenSubject = user ? `u:${user.id}` : `a:${subject ? subject.slice(2) : randomToken(12)}`;
  const expires = now + MEDIA_TOKEN_MAX_TTL_MS;
  const token = await mintMediaToken(authSecret(c.env), { c: c.get("channel").id, s: tokenSubject, p: media.asset, e: expires }, now);
  const url = `${new URL(c.req.url).origin}/api/media/${media.asset}/${media.file}?token=${encodeURIComponent(token)}`;
  return { id: chosen.id, url, skip_after_s: config.skipAfterS };
}
