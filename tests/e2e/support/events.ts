// The test channel's events and library items, found through its API by what a test needs (status, access type,
// preroll locations): the channel was loaded from a template, so its ids are new each time.
import type { APIRequestContext } from "@playwright/test";
import { expect } from "@playwright/test";
import { apiGet } from "./api";
import type { TestChannel } from "./channels";

export interface PrerollSetting {
  location_id: number | null;
  for_vod: boolean;
  for_live: boolean;
}

/** The channel's prerolls, from its public settings. */
export async function prerolls(request: APIRequestContext, ch: TestChannel): Promise<PrerollSetting[]> {
  return (await apiGet<{ prerolls?: PrerollSetting[] }>(request, ch, "settings")).prerolls ?? [];
}

export interface ListedEvent {
  id: number;
  name: string;
  event_utc_ts?: string;
  location_id?: number | null;
  location?: { id: number } | null;
  participants: { id: number }[];
}

const locationOf = (e: ListedEvent) => e.location?.id ?? e.location_id ?? null;

export interface FindOptions {
  /** Only events at this location. */
  at?: number;
  /** Skip events at preroll locations (tests of the plain player must not meet an ad). */
  noPreroll?: boolean;
}

/** The channel's events of a status and access type (and location rule), as GET /events lists them. */
export async function listEvents(request: APIRequestContext, ch: TestChannel, status: string, access: string, opts: FindOptions = {}): Promise<ListedEvent[]> {
  const location = opts.at ? `&location_id=${opts.at}` : "";
  const list = await apiGet<ListedEvent[]>(request, ch, `events?status=${status}&access_type=${access}&limit=100${location}`);
  const skip = new Set(opts.noPreroll ? (await prerolls(request, ch)).map((p) => p.location_id) : []);
  // A preroll without a location plays everywhere: no event would be free of it.
  expect(skip.has(null), `${ch.template}: a preroll at every location`).toBe(false);
  return list.filter((e) => !skip.has(locationOf(e)));
}

/** The first event of the channel with this status and access type. */
export async function findEvent(request: APIRequestContext, ch: TestChannel, status: string, access: string, opts: FindOptions = {}): Promise<number> {
  const list = await listEvents(request, ch, status, access, opts);
  expect(list.length, `${ch.template}: a ${status} ${access} event${opts.at ? ` at location ${opts.at}` : ""}`).toBeGreaterThan(0);
  return list[0]!.id;
}

/**
 * A library item, free or needing `vod_media`, with its title in `lang`. Items made from an event are skipped: their
 * event's location may have a VOD preroll, and the specs using this are about access, not ads.
 */
export async function findVodItem(request: APIRequestContext, ch: TestChannel, requiresVodMedia: boolean, lang: string = ch.lang): Promise<{ id: number; title: string }> {
  type Item = { id: number; title: string; event_id: number | null; requires_vod_media: boolean };
  const items = await apiGet<Item[]>(request, ch, `vod-media-items?limit=100&lang=${lang}`);
  const item = items.find((i) => i.requires_vod_media === requiresVodMedia && i.event_id === null);
  expect(item, `${ch.template}: a ${requiresVodMedia ? "vod_media" : "free"} library item`).toBeTruthy();
  return item!;
}

/** The first event of the channel with this status and access type and this name (as GET /events names it). */
export async function findEventNamed(request: APIRequestContext, ch: TestChannel, status: string, access: string, name: string): Promise<number> {
  const found = (await listEvents(request, ch, status, access)).find((e) => e.name === name);
  expect(found, `${ch.template}: a ${status} ${access} event named ${name}`).toBeTruthy();
  return found!.id;
}

/** An event a test adds to its channel (catalogue.json's fields; times relative to the load, as there). */
export interface AddedEvent {
  key: string;
  /** Its name in every language, so a test finds it by name whatever the channel's language. */
  name: string;
  access_type: "free" | "register" | "paid" | "ppv";
  /** `{ seconds: 8 }`: starts 8 s after the channel is loaded; `{ minutes: -30 }`: started half an hour before. */
  start: { seconds: number } | { minutes: number };
  /** Minutes. */
  duration: number;
  /** The media it plays: the demo programme unless a test says otherwise (null: none until an encoder brings it). */
  media_key?: string | null;
}

type Catalogue = { events: Record<string, unknown>[] };

/**
 * A `channelSetup.edit` that adds events to the catalogue, each played by the demo programme between the teams of a
 * template event away from the preroll locations (these events are about the player, not ads).
 */
export function addEvents(...added: AddedEvent[]): (definition: Record<string, unknown>) => void {
  return (definition) => {
    const catalogue = definition.catalogue as Catalogue;
    const ads = new Set(((definition.prerolls ?? []) as { location?: string }[]).map((p) => p.location));
    const template = catalogue.events.find((e) => !ads.has(e.location as string | undefined));
    if (!template) throw new Error("no event away from the preroll locations to copy");
    const { sport, home, away, location, time_zone, poster } = template;
    for (const e of added) {
      catalogue.events.push({ sport, home, away, location, time_zone, poster, media_key: "demo", ...e, name: { en: e.name, fr: e.name } });
    }
  };
}

/** A relative time of the catalogue (api/channels/catalogue.ts): `{ minutes: 40 }`, `{ seconds: 8 }`, `{ days, at }`. */
export type RelativeStart = { minutes: number } | { seconds: number } | { days: number; at: string };

/**
 * A `channelSetup.edit` that changes catalogue events, found by key, before the channel is loaded: an event that
 * starts when the test needs it (`{ "avac-005": { start: { minutes: 40 } } }`), another access type…
 */
export function editEvents(changes: Record<string, Record<string, unknown> & { start?: RelativeStart }>) {
  return (definition: Record<string, unknown>) => {
    const events = (definition.catalogue as { events: { key: string }[] }).events;
    for (const [key, change] of Object.entries(changes)) {
      const event = events.find((e) => e.key === key);
      if (!event) throw new Error(`no event ${key} in the template's catalogue`);
      Object.assign(event, change);
    }
  };
}

/** The channel's events of a status, soonest first (GET /events with `event_utc_ts`). */
export async function soonestEvent(request: APIRequestContext, ch: TestChannel, status: string, access: string): Promise<ListedEvent & { event_utc_ts: string }> {
  const list = (await listEvents(request, ch, status, access)).filter((e): e is ListedEvent & { event_utc_ts: string } => Boolean(e.event_utc_ts));
  expect(list.length, `${ch.template}: a ${status} ${access} event`).toBeGreaterThan(0);
  return list.sort((a, b) => Date.parse(a.event_utc_ts) - Date.parse(b.event_utc_ts))[0]!;
}
