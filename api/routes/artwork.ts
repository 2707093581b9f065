// Generated artwork (issue 28, docs/decisions/037), public like /api/assets and bound to the channel of the host: an
// event's matchup graphic (SVG) and share image (1200×630 PNG), a shared clip's share image, the channel's own.
// Every URL carries the version of what it is drawn from, so it is cached for a year; an outdated version (the team's
// colour changed since the page was rendered) is redirected to the current one, never served stale.
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { LANGUAGES } from "../contract/constants";
import { notFound } from "../lib/errors";
import { param } from "../lib/validate";
import {
  type ArtworkScope,
  artworkClip,
  artworkEvent,
  channelDescription,
  channelSharePng,
  clipSharePng,
  eventMatchupSvg,
  eventSharePng,
} from "../services/artwork/serve";
import { channelShareImage, clipShareImage } from "../services/artwork/urls";

export const ARTWORK_MESSAGES = {
  badId: "The id must be a positive whole number.",
  badLang: `The language must be one of: ${LANGUAGES.join(", ")}.`,
  badFile: "The file must be a version followed by .svg or .png.",
  badUuid: "The clip's link is not valid.",
  eventNotFound: "This event does not exist on this channel.",
  clipNotFound: "This clip does not exist or is no longer shared.",
} as const;

const id = z.coerce.number({ error: ARTWORK_MESSAGES.badId }).int(ARTWORK_MESSAGES.badId).positive(ARTWORK_MESSAGES.badId).max(2 ** 31, ARTWORK_MESSAGES.badId);
const file = (exts: string) => z.string().regex(new RegExp(`^[0-9a-z]{6,16}\\.(${exts})$`), ARTWORK_MESSAGES.badFile);
const eventParams = z.object({ id, lang: z.enum(LANGUAGES, { error: ARTWORK_MESSAGES.badLang }), file: file("svg|png") });
const channelParams = z.object({ file: file("png") });
const clipParams = z.object({ id, uuid: z.string().regex(/^[0-9a-fA-F-]{36}$/, ARTWORK_MESSAGES.badUuid), file: file("png") });

const IMMUTABLE = "public, max-age=31536000, immutable";

const scope = (c: Context<AppEnv>): ArtworkScope => ({ db: c.get("db"), env: c.env, bucket: c.env.MEDIA, channel: c.get("channel"), now: c.get("now")() });

/** A 302 to the image's current URL, kept a minute (the next edit may move it again). */
function moved(c: Context<AppEnv>, current: string): Response {
  c.header("Cache-Control", "public, max-age=60");
  return c.redirect(current, 302);
}

/** The image with a year's caching, and its version as the ETag (a revalidation is a 304). */
function image(c: Context<AppEnv>, body: Uint8Array | string, type: string): Response {
  const etag = `"${c.req.path.split("/").pop()}"`;
  const headers = new Headers({
    "Content-Type": type,
    "Cache-Control": IMMUTABLE,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    // An SVG opened on its own runs nothing and loads nothing but its embedded pictures.
    "Content-Security-Policy": "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
  });
  if (c.req.header("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(body as BodyInit, { headers });
}

export const artworkRoutes = new Hono<AppEnv>()
  .get("/artwork/events/:id/:lang/:file", param(eventParams), async (c) => {
    const { id, lang, file } = c.req.valid("param");
    const s = scope(c);
    const event = await artworkEvent(s, id, lang);
    if (!event) throw notFound(ARTWORK_MESSAGES.eventNotFound);
    if (file.endsWith(".png")) {
      if (c.req.path !== event.share_image) return moved(c, event.share_image);
      return image(c, await eventSharePng(s, event, lang), "image/png");
    }
    if (event.poster_kind !== "matchup" || c.req.path !== event.poster) return moved(c, event.poster);
    return image(c, await eventMatchupSvg(s, event, lang), "image/svg+xml; charset=utf-8");
  })
  .get("/artwork/channel/:file", param(channelParams), async (c) => {
    const s = scope(c);
    const current = channelShareImage(s.channel.brand, await channelDescription(s));
    if (c.req.path !== current) return moved(c, current);
    return image(c, await channelSharePng(s, current), "image/png");
  })
  .get("/artwork/clips/:id/:uuid/:file", param(clipParams), async (c) => {
    const { id, uuid } = c.req.valid("param");
    const s = scope(c);
    const row = await artworkClip(s, id, uuid);
    if (!row) throw notFound(ARTWORK_MESSAGES.clipNotFound);
    const current = clipShareImage(row, s.channel.brand);
    if (c.req.path !== current) return moved(c, current);
    return image(c, await clipSharePng(s, row), "image/png");
  });
