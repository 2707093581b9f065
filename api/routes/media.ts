// Media delivery (issue 5, DESIGN "Media and playback"): the playback call that checks access and mints a token,
// the generated live/finished manifests of an event, and segments and images from R2. Media paths need no api key:
// the signed token is the proof, and it is checked on every request against the host's channel.
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { idParamSchema, langQuerySchema } from "../contract/common";
import { EVENT_STREAM_TYPE, LIVE_ROLES, LIVE_UPGRADE_MESSAGE } from "../contract/event-live";
import { eventFileParamSchema, mediaTokenQuerySchema, PLAYBACK_MESSAGES, type Playback, type PlaybackDenied } from "../contract/media";
import { channelEventQuery, type EventRow } from "../db/repos/catalogue-events";
import { randomToken } from "../lib/crypto";
import { ApiError, notFound } from "../lib/errors";
import { authSecret } from "../lib/secrets";
import { param, query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { loadViewer, viewerDecision } from "../services/event-access";
import { streamStatus } from "../services/event-status";
import { subscribeEventLive } from "../services/event-live";
import { downloadVerdict, hostedDownloadVerdict, loadDownloadAllowance } from "../services/downloads";
import { ASSET_NAME, loadMediaInfo, mediaObjectKey } from "../services/media-asset";
import { MEDIA_TOKEN_MAX_TTL_MS, mintMediaToken, verifyMediaToken } from "../services/media-token";
import { prerollFor } from "../services/preroll-grant";
import { serveR2Object } from "../services/r2-range";
import { serveTimelineFile } from "../services/timeline-files";
import { CLIP_MAX_DURATION_S, type Thumbnails } from "../contract/clips";
import { fromEvent, clipVerdict, hostedClipVerdict } from "../services/clips/sources";
import { eventMediaSource, hostedGrantUrls, hostedPlayback, liveAssetStalled, playable } from "../services/video/media-source";
import type { MediaInfo } from "../services/livesim";
import { grantedStream } from "./streams";
import { eventFrame } from "../services/video/event-frame";

const FRAME_MISSING = "This event has no picture yet.";

/** Who subscribes (contract/event-live.ts); kept out of the contract, which the pages import, so zod stays out of their bundle. */
const liveQuerySchema = z.object({ role: z.enum(LIVE_ROLES).default("watch") });

/** The thumbnails of a timeline whose media URLs live at `base` (`thumb-{n}.jpg`, served by timeline-files). */
export function thumbnailsOf(info: MediaInfo, base: string, q: string): Thumbnails | null {
  const t = info.thumbnails;
  return t ? { interval_s: t.interval_s, url: `${base}/thumb-{n}.jpg${q}`, width: t.width, height: t.height } : null;
}

const SAFE_FILE = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,200}$/;
const assetParamSchema = z.object({ asset: z.string().regex(ASSET_NAME), file: z.string().regex(SAFE_FILE) });

const eventPrefix = (id: number) => `event/${id}`;
const eventTimes = (e: EventRow) => ({ start: e.eventUtcTs, end: e.endUtcTs });

const channelEvent = (c: Context<AppEnv>, id: number): Promise<EventRow | undefined> => channelEventQuery(c.get("db"), c.get("channel").id, id).get();

/** Refuses (403) a missing, tampered, expired, other-asset or other-channel token. */
export async function requireMediaToken(c: Context<AppEnv>, token: string | undefined, prefix: string): Promise<string> {
  const check = await verifyMediaToken(authSecret(c.env), token, { channelId: c.get("channel").id, prefix, now: c.get("now")() });
  if (!check.ok) throw new ApiError(403, PLAYBACK_MESSAGES.badToken);
  return token!;
}

function orNotFound(res: Response | null): Response {
  if (!res) throw notFound();
  return res;
}

export const mediaRoutes = new Hono<AppEnv>()
  // The event's live-state channel (issue 26): a WebSocket a watch page or an event card holds, or server-sent events
  // where WebSockets are blocked; public, like the event itself.
  .get("/events/:id/live", param(idParamSchema), query(liveQuerySchema), async (c) => {
    const event = await channelEvent(c, c.req.valid("param").id);
    if (!event) throw notFound();
    const upgrade = c.req.header("Upgrade")?.toLowerCase() === "websocket";
    if (!upgrade && !c.req.header("Accept")?.includes(EVENT_STREAM_TYPE)) throw new ApiError(426, LIVE_UPGRADE_MESSAGE);
    const scope = { env: c.env, channelId: c.get("channel").id };
    return subscribeEventLive(scope, event.id, c.req.raw, eventTimes(event), c.get("now")(), c.req.valid("query").role);
  })
  // The event's frame (issue 28): the picture its cards, poster and share image show while it has one. Public, like
  // the event; its URL carries a version that moves with the broadcast (frames.ts eventFrameUrl).
  .get("/events/:id/frame.jpg", param(idParamSchema), async (c) => {
    const event = await channelEvent(c, c.req.valid("param").id);
    if (!event) throw notFound();
    const scope = { db: c.get("db"), env: c.env, channelId: c.get("channel").id, bucket: c.env.MEDIA };
    const frame = await eventFrame(scope, event, c.get("now")());
    if (!frame) throw notFound(FRAME_MISSING);
    // A live game's picture moves on: a versioned URL is kept a little; a recording's frame for a day.
    const cache = frame.live ? "public, max-age=30" : "public, max-age=86400";
    if (frame.kind === "redirect") return new Response(null, { status: 302, headers: { Location: frame.url, "Cache-Control": "public, max-age=300" } });
    const object = await c.env.MEDIA.get(frame.key);
    if (!object) throw notFound(FRAME_MISSING);
    return new Response(object.body, { headers: { "Content-Type": "image/jpeg", "Cache-Control": cache, ETag: object.httpEtag, "X-Content-Type-Options": "nosniff" } });
  })
  .post("/events/:id/playback", requireApiKey, param(idParamSchema), query(langQuerySchema), async (c) => {
    const id = c.req.valid("param").id;
    const event = await channelEvent(c, id);
    if (!event) throw notFound();
    c.header("Cache-Control", "private, no-store");
    // One viewer load serves the access rule, the preroll choice and the download allowance.
    const viewer = await loadViewer(c);
    const decision = viewerDecision(viewer, event);
    if (!decision.allowed) {
      const body: PlaybackDenied = { message: PLAYBACK_MESSAGES[decision.reason], reason: decision.reason };
      return c.json(body, 403);
    }
    const now = viewer.now;
    const status = streamStatus(eventTimes(event), now);
    if (status === "upcoming") return c.json({ message: PLAYBACK_MESSAGES.upcoming }, 409);
    const scope = { db: c.get("db"), env: c.env, channelId: c.get("channel").id };
    const media = await playable(c.env.MEDIA, await eventMediaSource(scope, event), now);
    // A game on air by its schedule without a picture yet waits for it (the page shows the slate and asks again);
    // a finished one without a video has none.
    if (!media && status === "live") return c.json({ message: PLAYBACK_MESSAGES.waiting, reason: "waiting" }, 409);
    if (!media) throw notFound(PLAYBACK_MESSAGES.noMedia);
    if (status === "live" && (await liveAssetStalled(scope, event.id, media, now))) return c.json({ message: PLAYBACK_MESSAGES.interrupted, reason: "interrupted" }, 409);
    const expires = now + MEDIA_TOKEN_MAX_TTL_MS;
    // Stream signs before the stream is counted: a provider failure (502) takes no slot.
    const signed = media.kind === "stream" ? await hostedPlayback(scope, media.uid, expires) : null;
    // Paid and pay-per-view events play only through a pass: their streams count against its limit.
    const viaPass = event.accessType === "paid" || event.accessType === "ppv";
    const counted = await grantedStream(c, viewer, { title: event.name, viaPass, lang: c.req.valid("query").lang });
    if (!counted.ok) return counted.response;

    const preroll = await prerollFor(c, viewer, { key: `event:${id}`, live: status === "live", locationId: event.locationId, eventCategoryId: event.eventCategoryId });
    const allowance = status === "finished" ? await loadDownloadAllowance({ db: c.get("db"), channelId: c.get("channel").id }, viewer) : null;
    const clipScope = { db: c.get("db"), bucket: c.env.MEDIA, channelId: c.get("channel").id };
    if (media.kind === "stream") {
      const hosted = signed!;
      const data: Playback = {
        ...hostedGrantUrls(hosted, expires, media.live),
        poster: event.poster ?? hosted.poster,
        preroll,
        // The recording downloads as Stream's MP4 once the stream has ended; a live input has no file yet.
        download: status === "finished" && !media.live ? hostedDownloadVerdict(allowance, event.endUtcTs - event.eventUtcTs) : null,
        clip: await hostedClipVerdict(clipScope, viewer, { kind: "event", event, item: null, status, live: media.live }, CLIP_MAX_DURATION_S),
        stream: counted.stream,
      };
      return c.json({ data });
    }
    const subject = viewer.user ? `u:${viewer.user.id}` : `a:${randomToken(12)}`;
    const token = await mintMediaToken(authSecret(c.env), { c: c.get("channel").id, s: subject, p: eventPrefix(id), e: expires }, now);
    const base = `${new URL(c.req.url).origin}/api/media/event/${id}`;
    const q = `?token=${encodeURIComponent(token)}`;
    const { info } = media;
    const data: Playback = {
      dash: `${base}/manifest.mpd${q}`,
      low_latency: null,
      hls: `${base}/master.m3u8${q}`,
      token,
      token_place: "query",
      expires_at: new Date(expires).toISOString(),
      poster: event.poster ?? (info.poster ? `${base}/${info.poster}${q}` : null),
      preroll,
      // Only a finished event with media downloads; `info` above proved the media.
      download: status === "finished" ? downloadVerdict(allowance, event.endUtcTs - event.eventUtcTs, info.segment_duration_s) : null,
      clip: await clipVerdict(clipScope, viewer, fromEvent(event, { asset: media.asset, info }, viewer), CLIP_MAX_DURATION_S),
      thumbnails: thumbnailsOf(info, base, q),
      stream: counted.stream,
    };
    return c.json({ data });
  })
  .get("/media/event/:id/:file", param(eventFileParamSchema), query(mediaTokenQuerySchema), async (c) => {
    const { id, file } = c.req.valid("param");
    const token = await requireMediaToken(c, c.req.valid("query").token, eventPrefix(id));
    const event = await channelEvent(c, id);
    const now = c.get("now")();
    const asset = event?.mediaKey && ASSET_NAME.test(event.mediaKey) ? event.mediaKey : null;
    const info = asset ? await loadMediaInfo(c.env.MEDIA, asset, now) : null;
    if (!event || !asset || !info) throw notFound();
    return serveTimelineFile({
      bucket: c.env.MEDIA,
      asset,
      info,
      times: eventTimes(event),
      now,
      token,
      file,
      request: c.req.raw,
      upcomingMessage: PLAYBACK_MESSAGES.upcoming,
    });
  })
  .get("/media/:asset/:file{.+}", param(assetParamSchema), query(mediaTokenQuerySchema), async (c) => {
    const { asset, file } = c.req.valid("param");
    await requireMediaToken(c, c.req.valid("query").token, asset);
    if (file.includes("..")) throw notFound();
    return orNotFound(await serveR2Object(c.env.MEDIA, mediaObjectKey(asset, file), c.req.raw));
  });
