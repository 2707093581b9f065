// Participants, schools, the VOD library, geo and the bootstrap's catalogue parts, against real D1.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { BootstrapData } from "@api/contract/channel";
import type { Geo, ListResponse, Participant, ParticipantGroup, ParticipantGroupProperty, VodCategory, VodItem, VodRail } from "@api/contract/catalogue";
import { getDb } from "@api/db/client";
import { channelSettings } from "@api/db/schema";
import { createApi } from "@api/index";
import { type CatalogueFixtures, FIXED, seedCatalogue } from "./catalogue-fixtures";
import { CHANNEL_KEYS, call, type Fixtures, HOSTS, mintKey, seedChannels } from "./fixtures";
import { clearChannelCache } from "@api/middleware/tenant";

const app = createApi({ now: () => FIXED });
let fx: Fixtures;
let cat: CatalogueFixtures;
let alphaKey: string;
let betaKey: string;

beforeAll(async () => {
  fx = await seedChannels();
  cat = await seedCatalogue(fx);
  await getDb(env.DB).insert(channelSettings).values({ channelId: fx.alpha.id, key: "geo.blocked_countries", value: ["RU", "BY"] });
  clearChannelCache();
  alphaKey = await mintKey(HOSTS.alpha, CHANNEL_KEYS.alpha, app);
  betaKey = await mintKey(HOSTS.beta, CHANNEL_KEYS.beta, app);
});

const get = (path: string, key = alphaKey, host: string = HOSTS.alpha, init?: RequestInit) =>
  call(host, `${path}${path.includes("?") ? "&" : "?"}api_key=${encodeURIComponent(key)}`, init, app);
async function json<T>(res: Response | Promise<Response>): Promise<T> {
  const r = await res;
  expect(r.status).toBe(200);
  return (await r.json()) as T;
}
const pub = (path: string, host: string = HOSTS.alpha) => call(host, path, undefined, app);

describe("/participants", () => {
  it("is public; no_limit=1 answers every top-level team with children nested and properties {gender, sport}", async () => {
    const body = await json<ListResponse<Participant>>(pub("/api/participants?no_limit=1"));
    expect(body.meta).toEqual({ total: 6, offset: 0, limit: 6 });
    expect(body.data.map((p) => p.alias)).toEqual(["north-hockey-m", "north-hockey-w", "south-hockey-m", "south-hockey-w", "north-bball-m", "south-bball-m"]);
    const first = body.data[0];
    expect(first).toMatchObject({ name: "North Hockey Men", group_id: cat.alpha.groups.north, images: { logo: "/api/assets/north-hockey-m.svg" } });
    expect(first.properties).toEqual({ gender: "men", sport: "hockey" });
    expect(first.children.map((c) => [c.alias, c.parent_id])).toEqual([["north-hockey-jv", cat.alpha.teams.northHockeyM]]);
  });

  it("pages without no_limit, and filters by school, sport and gender", async () => {
    const page = await json<ListResponse<Participant>>(pub("/api/participants?limit=2&offset=1"));
    expect(page.meta).toEqual({ total: 6, offset: 1, limit: 2 });
    expect(page.data.map((p) => p.alias)).toEqual(["north-hockey-w", "south-hockey-m"]);
    const aliases = async (q: string) => (await json<ListResponse<Participant>>(pub(`/api/participants?no_limit=1&${q}`))).data.map((p) => p.alias);
    expect(await aliases(`participant_group_id=${cat.alpha.groups.south}`)).toEqual(["south-hockey-m", "south-hockey-w", "south-bball-m"]);
    expect(await aliases(`event_category_id=${cat.alpha.categories.basketball}`)).toEqual(["north-bball-m", "south-bball-m"]);
    expect(await aliases("gender=women")).toEqual(["north-hockey-w", "south-hockey-w"]);
    expect(await aliases(`gender=women&participant_group_id=${cat.alpha.groups.north}`)).toEqual(["north-hockey-w"]);
    expect((await pub("/api/participants?gender=other")).status).toBe(422);
    expect((await pub("/api/participants?limit=-1")).status).toBe(422);
  });

  it("never shows another channel's teams", async () => {
    const beta = await json<ListResponse<Participant>>(pub("/api/participants?no_limit=1", HOSTS.beta));
    expect(beta.data.map((p) => p.alias)).toEqual(["nord-a", "nord-b"]);
    const none = await json<ListResponse<Participant>>(pub(`/api/participants?participant_group_id=${cat.alpha.groups.north}`, HOSTS.beta));
    expect(none.data).toEqual([]);
  });
});

describe("/participant-groups and /participant-group-properties", () => {
  it("groups are public, in weight order", async () => {
    const { data } = await json<{ data: ParticipantGroup[] }>(pub("/api/participant-groups"));
    expect(data.map((g) => [g.alias, g.name, g.short_name])).toEqual([
      ["north", "North University", "North"],
      ["south", "University of South", "South"],
    ]);
    expect(data[0]).toMatchObject({ city: "Springfield", state: "IL", properties: { conference: "East" } });
  });

  it("group properties need the key", async () => {
    expect((await pub("/api/participant-group-properties")).status).toBe(403);
    const { data } = await json<{ data: ParticipantGroupProperty[] }>(get("/api/participant-group-properties"));
    expect(data).toEqual([{ id: expect.any(Number), key: "conference", name: "Conference", values: ["East", "West"] }]);
  });
});

describe("VOD", () => {
  it("vod-media-items pages newest first and filters by category", async () => {
    const hl = cat.alpha.vod.highlightIds;
    const body = await json<ListResponse<VodItem>>(get("/api/vod-media-items?limit=3"));
    expect(body.meta).toEqual({ total: 14, offset: 0, limit: 3 });
    expect(body.data.map((i) => i.id)).toEqual([hl[11], hl[10], hl[9]]);
    expect(body.data[0]).toMatchObject({ title: "Game Highlights 12", date: new Date(FIXED - 86_400_000).toISOString(), assets: [{ type: "image" }] });
    const byCat = await json<ListResponse<VodItem>>(get(`/api/vod-media-items?category_id=${cat.alpha.vod.interviews}`));
    expect(byCat.data.map((i) => i.id)).toEqual([cat.alpha.vod.interview]);
    expect((await get("/api/vod-media-items?limit=0")).status).toBe(422);
  });

  it("vod-media-items/{id}: 404 for another channel's item", async () => {
    const item = await json<{ data: VodItem }>(get(`/api/vod-media-items/${cat.alpha.vod.percent}`));
    expect(item.data.title).toBe("100% Effort_Reel");
    expect((await get(`/api/vod-media-items/${cat.alpha.vod.percent}`, betaKey, HOSTS.beta)).status).toBe(404);
    expect((await get(`/api/vod-media-items/${cat.beta.item}`, betaKey, HOSTS.beta)).status).toBe(200);
  });

  it("vod-media-categories", async () => {
    const { data } = await json<{ data: VodCategory[] }>(get("/api/vod-media-categories"));
    expect(data.map((c) => c.alias)).toEqual(["highlights", "interviews"]);
  });

  it("vod-media/search finds part of a title, case-insensitively, 10 items by default, newest first", async () => {
    const hl = cat.alpha.vod.highlightIds;
    const body = await json<ListResponse<VodItem>>(get("/api/vod-media/search?title=HIGHLIGHTS"));
    expect(body.meta).toEqual({ total: 12, offset: 0, limit: 10 });
    expect(body.data).toHaveLength(10);
    expect(body.data.map((i) => i.id)).toEqual([...hl].reverse().slice(0, 10));
    const next = await json<ListResponse<VodItem>>(get("/api/vod-media/search?title=highlights&offset=10"));
    expect(next.data.map((i) => i.id)).toEqual([hl[1], hl[0]]);
    const asc = await json<ListResponse<VodItem>>(get("/api/vod-media/search?title=highlights&limit=2&sort_direction=asc"));
    expect(asc.data.map((i) => i.id)).toEqual([hl[0], hl[1]]);
  });

  it("vod-media/search escapes LIKE wildcards and requires a title", async () => {
    const pct = await json<ListResponse<VodItem>>(get("/api/vod-media/search?title=%25%20effort_"));
    expect(pct.data.map((i) => i.id)).toEqual([cat.alpha.vod.percent]);
    expect((await json<ListResponse<VodItem>>(get("/api/vod-media/search?title=%25"))).data.map((i) => i.id)).toEqual([cat.alpha.vod.percent]);
    expect((await json<ListResponse<VodItem>>(get("/api/vod-media/search?title=_"))).data.map((i) => i.id)).toEqual([cat.alpha.vod.percent]);
    const missing = await get("/api/vod-media/search");
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { errors: Record<string, string[]> }).errors.title).toBeTruthy();
    const beta = await json<ListResponse<VodItem>>(get("/api/vod-media/search?title=highlights", betaKey, HOSTS.beta));
    expect(beta.data.map((i) => i.id)).toEqual([cat.beta.item]);
  });

  it("vod-media-rails answers rails in weight order with items in rail order, per channel", async () => {
    const v = cat.alpha.vod;
    const { data } = await json<{ data: VodRail[] }>(get("/api/vod-media-rails"));
    expect(data.map((r) => [r.id, r.title])).toEqual([
      [v.topRail, "Top plays"],
      [v.interviewRail, "Interviews"],
    ]);
    expect(data[0].vod_media_items.map((i) => i.id)).toEqual([v.highlightIds[2], v.highlightIds[0], v.percent]);
    expect(data[1].vod_media_items.map((i) => i.id)).toEqual([v.interview]);
    const beta = await json<{ data: VodRail[] }>(get("/api/vod-media-rails", betaKey, HOSTS.beta));
    expect(beta.data.map((r) => r.id)).toEqual([cat.beta.rail]);
    expect(beta.data[0]).toMatchObject({ title: "À la une", vod_media_items: [{ id: cat.beta.item }] });
    expect((await pub("/api/vod-media-rails")).status).toBe(403);
  });
});

describe("/geo", () => {
  const geo = (headers: Record<string, string>, host: string = HOSTS.alpha, key = alphaKey) => json<{ data: Geo }>(get("/api/geo", key, host, { headers }));

  it("answers the country from CF-IPCountry and the ip, not blocked", async () => {
    const { data } = await geo({ "cf-ipcountry": "US", "cf-connecting-ip": "203.0.113.9" });
    expect(data).toEqual({ country: "United States", country_code: "US", ip: "203.0.113.9", is_geo_blocked: false });
  });

  it("blocks the channel's blocked countries; X-Simulate-Country overrides outside production", async () => {
    expect((await geo({ "cf-ipcountry": "RU" })).data.is_geo_blocked).toBe(true);
    expect((await geo({ "cf-ipcountry": "US", "x-simulate-country": "BY" })).data).toMatchObject({ country_code: "BY", is_geo_blocked: true });
    expect((await geo({ "cf-ipcountry": "RU" }, HOSTS.beta, betaKey)).data.is_geo_blocked).toBe(false);
  });

  it("needs the key and is never cached", async () => {
    expect((await pub("/api/geo")).status).toBe(403);
    expect((await get("/api/geo")).headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("channel-bootstrap-data", () => {
  it("now carries sports (with All), venues, schools and their properties", async () => {
    const { data } = await json<{ data: BootstrapData }>(pub("/api/channel-bootstrap-data"));
    expect(data.categories.map((c) => c.alias)).toEqual(["all", "hockey", "basketball", "soccer"]);
    expect(data.categories[2].children.map((c) => c.alias)).toEqual(["basketball-3x3"]);
    expect(data.locations.map((l) => l.name)).toEqual(["Arena A", "Arena B"]);
    expect(data.participant_groups.map((g) => g.alias)).toEqual(["north", "south"]);
    expect(data.participant_group_properties.map((p) => p.key)).toEqual(["conference"]);
    expect(data.packages).toEqual([]);
    expect(data.subscriptions).toEqual([]);
    const beta = await json<{ data: BootstrapData }>(pub("/api/channel-bootstrap-data", HOSTS.beta));
    expect(beta.data.participant_groups.map((g) => g.name)).toEqual(["Nord"]);
    expect(beta.data.locations).toEqual([]);
  });
});
