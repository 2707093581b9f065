// API look-ups shared by the watch-page specs: the channel's api key, its preroll locations, and events found by
// status and access type (ADR 010 demo data: prerolls play at a few locations only, so other tests avoid those).
import type { APIRequestContext, FrameLocator, Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { PORT, expect } from "./fixtures";

export type PlayerCopy = typeof import("../../app/locales/en/player.json");
export const playerCopy = (lang: "en" | "fr") => JSON.parse(readFileSync(`app/locales/${lang}/player.json`, "utf8")) as PlayerCopy;

/** The channel's player seek step (`player.seek_step_s` in its channel.json, 10 when unset). */
export function seekStepOf(alias: string): number {
  const channel = JSON.parse(readFileSync(`tenants/${alias}/channel.json`, "utf8")) as { settings: { "player.seek_step_s"?: number } };
  return channel.settings["player.seek_step_s"] ?? 10;
}

const host = (alias: string) => ({ host: `${alias}.localhost:${PORT}` });
const api = (path: string) => `http://127.0.0.1:${PORT}/api/${path}`;

export async function apiKey(request: APIRequestContext, alias: string): Promise<string> {
  const channel = JSON.parse(readFileSync(`tenants/${alias}/channel.json`, "utf8")) as { channel_key: string };
  const res = await request.post(api("get_api_key"), { headers: host(alias), data: { channel_key: channel.channel_key } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { api_key: string } }).data.api_key;
}

interface PrerollSetting {
  location_id: number | null;
  for_vod: boolean;
  for_live: boolean;
}

/** The channel's prerolls, from its public settings. */
export async function prerolls(request: APIRequestContext, alias: string): Promise<PrerollSetting[]> {
  const key = await apiKey(request, alias);
  const res = await request.get(api(`settings?api_key=${key}`), { headers: host(alias) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { prerolls?: PrerollSetting[] } }).data.prerolls ?? [];
}

interface ListedEvent {
  id: number;
  location_id?: number | null;
  location?: { id: number } | null;
}

const locationOf = (e: ListedEvent) => e.location?.id ?? e.location_id ?? null;

export interface FindOptions {
  /** Only events at this location. */
  at?: number;
  /** Skip events at preroll locations (tests of the plain player must not meet an ad). */
  noPreroll?: boolean;
}

/** The first event of the channel with this status and access type (and location rule), found through the API. */
export async function findEvent(request: APIRequestContext, alias: string, status: string, access: string, opts: FindOptions = {}): Promise<number> {
  const key = await apiKey(request, alias);
  const location = opts.at ? `&location_id=${opts.at}` : "";
  const res = await request.get(api(`events?api_key=${key}&status=${status}&access_type=${access}&limit=50${location}`), { headers: host(alias) });
  expect(res.status()).toBe(200);
  const skip = new Set(opts.noPreroll ? (await prerolls(request, alias)).map((p) => p.location_id) : []);
  // A preroll without a location plays everywhere: no event would be free of it.
  expect(skip.has(null), `${alias}: a preroll at every location`).toBe(false);
  const list = ((await res.json()) as { data: ListedEvent[] }).data.filter((e) => !skip.has(locationOf(e)));
  expect(list.length, `${alias}: a ${status} ${access} event${opts.at ? ` at location ${opts.at}` : ""}`).toBeGreaterThan(0);
  return list[0]!.id;
}

/**
 * A VOD library item, free or needing `vod_media`, with its title in `lang`. Items made from an event are skipped:
 * their event's location may have a VOD preroll, and the specs using this are about access, not ads.
 */
export async function findVodItem(request: APIRequestContext, alias: string, requiresVodMedia: boolean, lang = "en"): Promise<{ id: number; title: string }> {
  type Item = { id: number; title: string; event_id: number | null; requires_vod_media: boolean };
  const key = await apiKey(request, alias);
  const res = await request.get(api(`vod-media-items?api_key=${key}&limit=100&lang=${lang}`), { headers: host(alias) });
  expect(res.status()).toBe(200);
  const item = ((await res.json()) as { data: Item[] }).data.find((i) => i.requires_vod_media === requiresVodMedia && i.event_id === null);
  expect(item, `${alias}: a ${requiresVodMedia ? "vod_media" : "free"} VOD item`).toBeTruthy();
  return item!;
}

type Scope = Page | FrameLocator;
export const video = (scope: Scope) => scope.locator("video.player__video");
export const currentTime = (scope: Scope) => video(scope).evaluate((v: HTMLVideoElement) => v.currentTime);

/** Waits until the main video in `scope` (a page or a frame) has played `seconds` past where it was when first seen. */
export async function expectPlaying(scope: Scope, seconds = 3) {
  await expect(scope.locator(".player")).toHaveAttribute("data-status", "ready", { timeout: 15_000 });
  await expect.poll(() => currentTime(scope), { timeout: 15_000 }).toBeGreaterThan(0);
  const from = await currentTime(scope);
  await expect.poll(() => currentTime(scope), { timeout: 15_000, intervals: [250] }).toBeGreaterThanOrEqual(from + seconds);
}
