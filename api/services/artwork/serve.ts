// What the artwork routes answer (issue 28, docs/decisions/037): an event's matchup SVG, and the 1200×630 PNGs of an
// event, a clip and the channel. Each URL carries the version of what it is drawn from; a PNG is rendered once per
// version and kept in R2 under artwork/<channel>/…, so every later request (any colo, any isolate) only reads it.
import { and, eq } from "drizzle-orm";
import type { ChannelContext } from "../../context";
import { ARTWORK_PATH } from "../../contract/artwork";
import type { Event } from "../../contract/catalogue-types";
import type { Language } from "../../contract/constants";
import { matchup } from "../../contract/names";
import type { Db } from "../../db/client";
import { channelSettingsSchema } from "../../contract/settings";
import { channelEventQuery, type EventPage, eventPageQuery, eventRelationsQueries, publicEvents } from "../../db/repos/catalogue-events";
import { eventFrame } from "../video/event-frame";
import { sharedClip } from "../../db/repos/clips";
import { settingsQuery } from "../../db/repos/content";
import type { ClipRow } from "../../db/clips-schema";
import { events } from "../../db/schema";
import { eventMapper } from "../catalogue-events";
import { noVerdict } from "../event-access";
import { type ArtworkSubject, matchupInput } from "./choose";
import { loadImages } from "./images";
import { matchupSvg } from "./matchup-svg";
import { svgToPng } from "./render-png";
import { channelShareSvg, clipShareSvg, eventShareSvg } from "./share-svg";
import { clipShareImage } from "./urls";

export interface ArtworkScope {
  db: Db;
  env: Env;
  bucket: R2Bucket;
  channel: ChannelContext;
  now: number;
}

const imageScope = (s: ArtworkScope) => ({ bucket: s.bucket, alias: s.channel.alias });

/** The channel's published event as the wire gives it in `lang` (its artwork URLs included), or null. */
export async function artworkEvent(s: ArtworkScope, id: number, lang: Language): Promise<Event | null> {
  const page: EventPage = { where: and(publicEvents(s.channel.id), eq(events.id, id))!, order: [], limit: 1, offset: 0 };
  const [rows, ...rel] = await s.db.batch([eventPageQuery(s.db, page), ...eventRelationsQueries(s.db, s.channel.id, [page])]);
  if (!rows[0]) return null;
  const [teams, groups, categories, locations] = rel;
  const l = { lang, fallback: s.channel.defaultLanguage };
  return eventMapper({ teams, groups, categories, locations }, s.now, l, noVerdict, s.channel.brand)(rows[0]);
}

/** The event's matchup graphic (the SVG its `poster` names when it has no artwork of its own). */
export async function eventMatchupSvg(s: ArtworkScope, event: ArtworkSubject, lang: Language): Promise<string> {
  const input = matchupInput(event, lang, s.channel.brand);
  const images = await loadImages(imageScope(s), [input.teams?.away.logo, input.teams?.home.logo], false);
  return matchupSvg(input, images);
}

/** A PNG kept in R2 under `key`, rendered by `render` the first time. */
async function cachedPng(s: ArtworkScope, path: string, render: () => Promise<string>): Promise<Uint8Array> {
  const key = `artwork/${s.channel.alias}${path.slice(ARTWORK_PATH.length)}`;
  const kept = await s.bucket.get(key);
  if (kept) return new Uint8Array(await kept.arrayBuffer());
  const png = await svgToPng(await render());
  await s.bucket.put(key, png, { httpMetadata: { contentType: "image/png" } });
  return png;
}

/**
 * The R2 key of the event's frame (frames.ts) for its share image, as `{ key }` (the images the API itself holds), or
 * null: none yet, or the provider's (another site's URL, left to the matchup graphic).
 */
async function frameKey(s: ArtworkScope, id: number): Promise<{ key: string } | null> {
  const row = await channelEventQuery(s.db, s.channel.id, id).get();
  const frame = row ? await eventFrame({ db: s.db, env: s.env, channelId: s.channel.id, bucket: s.bucket }, row, s.now) : null;
  return frame?.kind === "object" ? { key: frame.key } : null;
}

/** The event's share image: its artwork (the owner's poster, a frame, or the matchup) over the channel's bar. */
export function eventSharePng(s: ArtworkScope, event: Event, lang: Language): Promise<Uint8Array> {
  return cachedPng(s, event.share_image, async () => {
    const input = matchupInput(event, lang, s.channel.brand);
    const picture = event.poster_kind === "poster" ? event.poster : event.poster_kind === "frame" ? await frameKey(s, event.id) : null;
    const images = await loadImages(imageScope(s), [picture, input.teams?.away.logo, input.teams?.home.logo, s.channel.brand.logo], true);
    // A picture that cannot be read (another site's URL, a missing file) leaves the matchup graphic in its place.
    const name = picture && typeof picture === "object" ? picture.key : picture;
    const readable = name && images(name) ? name : null;
    return eventShareSvg({ input, picture: readable, title: matchup(event) }, s.channel.brand, images);
  });
}

export async function channelSharePng(s: ArtworkScope, path: string): Promise<Uint8Array> {
  return cachedPng(s, path, async () => {
    const images = await loadImages(imageScope(s), [s.channel.brand.logo], true);
    return channelShareSvg(s.channel.brand, await channelDescription(s), images);
  });
}

/** The setting "description", as the bootstrap resolves it (the home page's share image shows it). */
export async function channelDescription(s: Pick<ArtworkScope, "db" | "channel">): Promise<string | null> {
  const rows = await settingsQuery(s.db, s.channel.id);
  return channelSettingsSchema.shape.description.parse(rows.find((r) => r.key === "description")?.value ?? null);
}

/** The shared clip by id and uuid (ready, not deleted, not a hidden key play), or null. */
export const artworkClip = (s: ArtworkScope, id: number, uuid: string) => sharedClip(s.db, s.channel.id, id, uuid);

export function clipSharePng(s: ArtworkScope, row: ClipRow): Promise<Uint8Array> {
  return cachedPng(s, clipShareImage(row, s.channel.brand), async () => {
    const frame = row.posterKey ? { key: row.posterKey } : null;
    const images = await loadImages(imageScope(s), [frame, s.channel.brand.logo], true);
    return clipShareSvg({ title: row.name, frame: frame && images(frame.key) ? frame.key : null }, s.channel.brand, images);
  });
}
