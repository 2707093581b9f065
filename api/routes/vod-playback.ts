// VOD playback (issue 5): the playback call of a VOD item and its media. An item plays its `media_key` asset laid
// as a finished timeline from 0 to its duration, through the same generated manifests and segments as a finished
// event (serveTimelineFile), under its own token prefix `vod/<id>` so a token for one item opens no other.
import { Hono, type Context } from "hono";
import { and, eq } from "drizzle-orm";
import type { AppEnv } from "../context";
import { capabilityFlags } from "../contract/auth";
import { idParamSchema, langQuerySchema } from "../contract/common";
import { eventFileParamSchema, mediaTokenQuerySchema, PLAYBACK_MESSAGES, type Playback, type PlaybackDenied } from "../contract/media";
import { events, vodMediaItems } from "../db/schema";
import { randomToken } from "../lib/crypto";
import { notFound } from "../lib/errors";
import { authSecret } from "../lib/secrets";
import { param, query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { canWatchVod, passEntitlements } from "../services/access";
import { loadViewer } from "../services/event-access";
import type { EventTimes } from "../services/event-status";
import type { MediaInfo } from "../services/livesim";
import { ASSET_NAME, loadMediaInfo } from "../services/media-asset";
import { MEDIA_TOKEN_MAX_TTL_MS, mintMediaToken } from "../services/media-token";
import { prerollFor } from "../services/preroll-grant";
import { serveTimelineFile } from "../services/timeline-files";
import { CLIP_MAX_DURATION_S } from "../contract/clips";
import { clipVerdict, hostedClipVerdict, vodSource } from "../services/clips/sources";
import { hostedGrantUrls, hostedPlayback, playable, vodMediaSource } from "../services/video/media-source";
import { requireMediaToken, thumbnailsOf } from "./media";
import { grantedStream } from "./streams";

const vodPrefix = (id: number) => `vod/${id}`;

/** The channel's item, with the location and sport of its event (for prerolls) in the same query. */
async function channelItem(c: Context<AppEnv>, id: number) {
  const channelId = c.get("channel").id;
  return c
    .get("db")
    .select({
      id: vodMediaItems.id,
      title: vodMediaItems.title,
      durationS: vodMediaItems.durationS,
      requiresVodMedia: vodMediaItems.requiresVodMedia,
      mediaKey: vodMediaItems.mediaKey,
      assets: vodMediaItems.assets,
      locationId: events.locationId,
      eventCategoryId: events.eventCategoryId,
    })
    .from(vodMediaItems)
    .leftJoin(events, and(eq(events.channelId, channelId), eq(events.id, vodMediaItems.eventId)))
    .where(and(eq(vodMediaItems.channelId, channelId), eq(vodMediaItems.id, id)))
    .get();
}

type VodRow = NonNullable<Awaited<ReturnType<typeof channelItem>>>;

/** The item's asset and its media.json, or null when it has none (or it is not in R2). */
async function itemMedia(c: Context<AppEnv>, item: VodRow, now: number): Promise<{ asset: string; info: MediaInfo } | null> {
  const asset = item.mediaKey && ASSET_NAME.test(item.mediaKey) ? item.mediaKey : null;
  const info = asset ? await loadMediaInfo(c.env.MEDIA, asset, now) : null;
  return asset && info ? { asset, info } : null;
}

/**
 * A VOD item as a finished span starting at the epoch: the timeline code only needs start < end ≤ now, and a
 * fixed start keeps the manifests identical between calls. Its length is the item's duration, else the asset's.
 */
const itemTimes = (item: VodRow, info: MediaInfo): EventTimes => ({ start: 0, end: Math.round((item.durationS ?? info.duration_s) * 1000) });

/** The clip verdict of a library video (its source re-read whole: the grant's row is a projection). */
async function vodClipVerdict(c: Context<AppEnv>, viewer: Awaited<ReturnType<typeof loadViewer>>, id: number) {
  const scope = { db: c.get("db"), bucket: c.env.MEDIA, channelId: c.get("channel").id };
  const source = await vodSource(scope, viewer, id);
  return clipVerdict(scope, viewer, source!, CLIP_MAX_DURATION_S);
}

export const vodPlaybackRoutes = new Hono<AppEnv>()
  .post("/vod-media-items/:id/playback", requireApiKey, param(idParamSchema), query(langQuerySchema), async (c) => {
    const id = c.req.valid("param").id;
    const item = await channelItem(c, id);
    if (!item) throw notFound();
    c.header("Cache-Control", "private, no-store");
    const viewer = await loadViewer(c);
    const decision = canWatchVod({
      requiresVodMedia: item.requiresVodMedia,
      user: viewer.user && { id: viewer.user.id, capabilities: viewer.user.capabilities },
      passCapabilities: passEntitlements(viewer.orders, viewer.now).capabilities,
      geoBlocked: viewer.geoBlocked,
    });
    if (!decision.allowed) {
      const body: PlaybackDenied = { message: PLAYBACK_MESSAGES[decision.reason], reason: decision.reason };
      return c.json(body, 403);
    }
    const now = viewer.now;
    const scope = { db: c.get("db"), env: c.env, channelId: c.get("channel").id };
    const media = await playable(c.env.MEDIA, await vodMediaSource(scope, item), now);
    if (!media) throw notFound(PLAYBACK_MESSAGES.noMedia);
    const expires = now + MEDIA_TOKEN_MAX_TTL_MS;
    // Stream signs before the stream is counted: a provider failure (502) takes no slot.
    const signed = media.kind === "stream" ? await hostedPlayback(scope, media.uid, expires) : null;
    // A pass-only video played through a pass (not the account's own vod_media) counts against the pass's limit.
    const viaPass = item.requiresVodMedia && !capabilityFlags(viewer.user?.capabilities ?? []).vod_media;
    const counted = await grantedStream(c, viewer, { title: item.title, viaPass, lang: c.req.valid("query").lang });
    if (!counted.ok) return counted.response;

    const image = item.assets.find((a) => a.type === "image")?.path;
    const preroll = await prerollFor(c, viewer, { key: `vod:${id}`, live: false, locationId: item.locationId, eventCategoryId: item.eventCategoryId });
    if (media.kind === "stream") {
      const hosted = signed!;
      const clipScope = { db: c.get("db"), bucket: c.env.MEDIA, channelId: c.get("channel").id };
      const data: Playback = {
        ...hostedGrantUrls(hosted, expires),
        poster: image ?? hosted.poster,
        preroll,
        download: null,
        clip: await hostedClipVerdict(clipScope, viewer, { kind: "vod", event: null, item, status: "finished", live: media.live }, CLIP_MAX_DURATION_S),
        stream: counted.stream,
      };
      return c.json({ data });
    }
    const subject = viewer.user ? `u:${viewer.user.id}` : `a:${randomToken(12)}`;
    const token = await mintMediaToken(authSecret(c.env), { c: c.get("channel").id, s: subject, p: vodPrefix(id), e: expires }, now);
    const base = `${new URL(c.req.url).origin}/api/media/vod/${id}`;
    const q = `?token=${encodeURIComponent(token)}`;
    const { info } = media;
    const data: Playback = {
      dash: `${base}/manifest.mpd${q}`,
      hls: `${base}/master.m3u8${q}`,
      low_latency: null,
      token,
      token_place: "query",
      expires_at: new Date(expires).toISOString(),
      poster: image ?? (info.poster ? `${base}/${info.poster}${q}` : null),
      preroll,
      // Downloads are of events (SPEC §7 download-event); a VOD item has none.
      download: null,
      clip: await vodClipVerdict(c, viewer, id),
      thumbnails: thumbnailsOf(info, base, q),
      stream: counted.stream,
    };
    return c.json({ data });
  })
  .get("/media/vod/:id/:file", param(eventFileParamSchema), query(mediaTokenQuerySchema), async (c) => {
    const { id, file } = c.req.valid("param");
    const token = await requireMediaToken(c, c.req.valid("query").token, vodPrefix(id));
    const now = c.get("now")();
    const item = await channelItem(c, id);
    const media = item ? await itemMedia(c, item, now) : null;
    if (!item || !media) throw notFound();
    return serveTimelineFile({
      bucket: c.env.MEDIA,
      asset: media.asset,
      info: media.info,
      times: itemTimes(item, media.info),
      now,
      token,
      file,
      request: c.req.raw,
      upcomingMessage: PLAYBACK_MESSAGES.upcoming,
    });
  });
