// The test channel's events and library items, found through its API by what a test needs (status, access type,
// preroll locations): the channel was loaded from a template, so its ids are new each time (as tests/e2e/support/events.ts).
import { expect } from "vitest";
import type { Event } from "@api/contract/catalogue";
import { api, type TestChannel } from "./harness";

export interface FindOptions {
  /** Skip events at preroll locations. */
  noPreroll?: boolean;
}

type ListedEvent = { id: number; location_id?: number | null; location?: { id: number } | null };
const locationOf = (e: ListedEvent) => e.location?.id ?? e.location_id ?? null;

/** The first event of the channel with this status and access type. */
export async function findEvent(ch: TestChannel, status: string, access: string, opts: FindOptions = {}): Promise<number> {
  const list = await api<ListedEvent[]>(ch, "GET", `events?status=${status}&access_type=${access}&limit=100`);
  const prerolls = opts.noPreroll ? ((await api<{ prerolls?: { location_id: number | null }[] }>(ch, "GET", "settings")).prerolls ?? []) : [];
  const skip = new Set(prerolls.map((p) => p.location_id));
  // A preroll without a location plays everywhere: no event would be free of it.
  expect(skip.has(null), `${ch.template}: a preroll at every location`).toBe(false);
  const found = list.filter((e) => !skip.has(locationOf(e)));
  expect(found.length, `${ch.template}: a ${status} ${access} event`).toBeGreaterThan(0);
  return found[0]!.id;
}

/** An event as the API gives it, in `lang`. */
export const eventOf = (ch: TestChannel, id: number, lang: string = ch.lang) => api<Event>(ch, "GET", `events/${id}?lang=${lang}`);

/** A library item, free or needing `vod_media`, not made from an event (its location may have a VOD preroll). */
export async function findVodItem(ch: TestChannel, requiresVodMedia: boolean, lang: string = ch.lang): Promise<{ id: number; title: string }> {
  type Item = { id: number; title: string; event_id: number | null; requires_vod_media: boolean };
  const items = await api<Item[]>(ch, "GET", `vod-media-items?limit=100&lang=${lang}`);
  const item = items.find((i) => i.requires_vod_media === requiresVodMedia && i.event_id === null);
  expect(item, `${ch.template}: a ${requiresVodMedia ? "vod_media" : "free"} library item`).toBeTruthy();
  return item!;
}
