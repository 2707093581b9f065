// /events and its filters, /events/{id}, /events-for-homepage, /events-categories, /events-locations, against real
// D1 with a fixed clock (createApi({ now })).
import { beforeAll, describe, expect, it } from "vitest";
import type { Event, EventCategory, EventsForHomepage, ListResponse, Location } from "@api/contract/catalogue";
import { createApi } from "@api/index";
import { type CatalogueFixtures, DAY, FIXED, H, seedCatalogue } from "./catalogue-fixtures";
import { CHANNEL_KEYS, call, type Fixtures, HOSTS, mintKey, seedChannels } from "./fixtures";

type ErrorBody = { message: string; errors?: Record<string, string[]> };
let clock = FIXED;
const app = createApi({ now: () => clock });
let fx: Fixtures;
let cat: CatalogueFixtures;
let alphaKey: string;
let betaKey: string;

beforeAll(async () => {
  fx = await seedChannels();
  cat = await seedCatalogue(fx);
  alphaKey = await mintKey(HOSTS.alpha, CHANNEL_KEYS.alpha, app);
  betaKey = await mintKey(HOSTS.beta, CHANNEL_KEYS.beta, app);
});

const get = (path: string, key = alphaKey, host: string = HOSTS.alpha) =>
  call(host, `${path}${path.includes("?") ? "&" : "?"}api_key=${encodeURIComponent(key)}`, undefined, app);
async function list(query = "", key = alphaKey, host: string = HOSTS.alpha): Promise<ListResponse<Event>> {
  const res = await get(`/api/events${query}`, key, host);
  expect(res.status, query).toBe(200);
  return (await res.json()) as ListResponse<Event>;
}
const keys = async (query = "") => (await list(query)).data.map((e) => e.id);

describe("/events", () => {
  it("needs the api key, and is not cached in shared caches", async () => {
    expect((await call(HOSTS.alpha, "/api/events", undefined, app)).status).toBe(403);
    expect((await get("/api/events")).headers.get("cache-control")).toBe("private, no-store");
  });

  it("lists the channel's events chronologically with participants (away first), school, sport and venue", async () => {
    const e = cat.alpha.events;
    const body = await list();
    expect(body.meta).toEqual({ total: 6, offset: 0, limit: 20 });
    expect(body.data.map((x) => x.id)).toEqual([e.finishedOld, e.finishedRecent, e.live, e.upcomingSoon, e.upcomingLater, e.soccerOpen]);
    const live = body.data.find((x) => x.id === e.live)!;
    expect(live).toMatchObject({
      name: "hockey live",
      stream_status: "live",
      access_type: "free",
      gender: "men",
      event_utc_ts: new Date(FIXED - H).toISOString(),
      end_utc_ts: new Date(FIXED + H).toISOString(),
      time_zone: "America/Chicago",
      home_team_id: cat.alpha.teams.northHockeyM,
      category: { id: cat.alpha.categories.hockey, alias: "hockey", name: "Hockey" },
      location: { id: cat.alpha.locations.arenaA, name: "Arena A", city: "Springfield", state: "IL" },
    });
    expect(live.participants.map((p) => [p.side, p.alias, p.group?.alias])).toEqual([
      ["away", "south-hockey-m", "south"],
      ["home", "north-hockey-m", "north"],
    ]);
    expect(live.participants[1].group).toEqual({ id: cat.alpha.groups.north, alias: "north", name: "North University" });
    const soccer = body.data.find((x) => x.id === e.soccerOpen)!;
    expect(soccer).toMatchObject({ participants: [], location: null, stream_status: "upcoming" });
  });

  it("filters by status from the clock, with the default direction per status", async () => {
    const e = cat.alpha.events;
    expect(await keys("?status=live")).toEqual([e.live]);
    expect(await keys("?status=upcoming")).toEqual([e.upcomingSoon, e.upcomingLater, e.soccerOpen]);
    expect(await keys("?status=finished")).toEqual([e.finishedRecent, e.finishedOld]);
    expect(await keys("?status=finished&sort_direction=asc")).toEqual([e.finishedOld, e.finishedRecent]);
  });

  it("moves events between statuses as the clock moves", async () => {
    const e = cat.alpha.events;
    try {
      clock = FIXED + 2 * H; // hockey-live just ended, hockey-women-soon just started
      expect(await keys("?status=live")).toEqual([e.upcomingSoon]);
      expect((await keys("?status=finished"))[0]).toBe(e.live);
      const ev = ((await (await get(`/api/events/${e.live}`)).json()) as { data: Event }).data;
      expect(ev.stream_status).toBe("finished");
      clock = FIXED - 6 * H;
      expect(await keys("?status=live")).toEqual([]);
      expect(await keys("?status=upcoming")).toContain(e.finishedRecent);
    } finally {
      clock = FIXED;
    }
  });

  it("filters by sport id or alias or name, including sub-sports", async () => {
    const { categories: c, events: e } = cat.alpha;
    expect(await keys(`?event_category_id=${c.hockey}`)).toEqual([e.finishedOld, e.live, e.upcomingSoon]);
    expect(await keys("?sport=hockey")).toEqual([e.finishedOld, e.live, e.upcomingSoon]);
    expect(await keys("?sport=Soccer")).toEqual([e.soccerOpen]);
    expect(await keys("?sport=basketball")).toEqual([e.finishedRecent, e.upcomingLater]);
    expect(await keys(`?event_category_id=${c.threeByThree}`)).toEqual([e.finishedRecent]);
  });

  it("filters by team (id, alias or name), home or away", async () => {
    const { teams: t, events: e } = cat.alpha;
    expect(await keys(`?participant_id=${t.northHockeyM}`)).toEqual([e.finishedOld, e.live]);
    expect(await keys("?team=north-hockey-m")).toEqual([e.finishedOld, e.live]);
    expect(await keys("?team=South%20Hockey%20Women")).toEqual([e.upcomingSoon]);
  });

  it("filters by school (id or alias or name): any team of the school, home or away", async () => {
    const { groups: g, events: e } = cat.alpha;
    const all = [e.finishedOld, e.finishedRecent, e.live, e.upcomingSoon, e.upcomingLater];
    expect(await keys(`?participant_group_id=${g.south}`)).toEqual(all);
    expect(await keys("?school=north")).toEqual(all);
    expect(await keys("?school=university%20of%20south&gender=women")).toEqual([e.upcomingSoon]);
  });

  it("answers an unknown sport, team or school with an empty list", async () => {
    for (const q of ["?sport=curling", "?team=nobody", "?school=nowhere", "?participant_id=999999"]) {
      expect(await list(q), q).toEqual({ data: [], meta: { total: 0, offset: 0, limit: 20 } });
    }
  });

  it("filters by gender, venue (id, city, state) and access type", async () => {
    const { locations: l, events: e } = cat.alpha;
    expect(await keys("?gender=women")).toEqual([e.upcomingSoon]);
    expect(await keys(`?location_id=${l.arenaB}`)).toEqual([e.finishedOld, e.upcomingSoon]);
    expect(await keys("?city=springfield")).toEqual([e.finishedRecent, e.live, e.upcomingLater]);
    expect(await keys("?state=TX")).toEqual([e.finishedOld, e.upcomingSoon]);
    expect(await keys("?city=Springfield&state=TX")).toEqual([]);
    expect(await keys("?access_type=ppv")).toEqual([e.finishedOld]);
    expect(await keys("?access_type=register")).toEqual([e.upcomingLater]);
  });

  it("filters by date range: whole UTC days, end date inclusive", async () => {
    const e = cat.alpha.events;
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(await keys(`?start_date=${day(FIXED)}&end_date=${day(FIXED)}`)).toEqual([e.finishedRecent, e.live, e.upcomingSoon]);
    expect(await keys(`?start_date=${day(FIXED + DAY)}`)).toEqual([e.upcomingLater, e.soccerOpen]);
    expect(await keys(`?end_date=${day(FIXED - DAY)}`)).toEqual([e.finishedOld]);
  });

  it("pages with offset/limit and reports the total; sorts by name", async () => {
    const e = cat.alpha.events;
    const page = await list("?limit=2&offset=2");
    expect(page.meta).toEqual({ total: 6, offset: 2, limit: 2 });
    expect(page.data.map((x) => x.id)).toEqual([e.live, e.upcomingSoon]);
    const names = (await list("?sort_field=name")).data.map((x) => x.name);
    expect(names).toEqual([...names].sort());
    const desc = (await list("?sort_field=name&sort_direction=desc")).data.map((x) => x.name);
    expect(desc).toEqual([...names].reverse());
  });

  it("refuses malformed filters with a 422 and a per-field message", async () => {
    for (const [q, field] of [
      ["?limit=-1", "limit"],
      ["?sort_direction=sideways", "sort_direction"],
      ["?start_date=notadate", "start_date"],
      ["?end_date=2026-13-45", "end_date"],
      ["?status=soon", "status"],
      ["?participant_id=abc", "participant_id"],
      ["?limit=1000", "limit"],
    ]) {
      const res = await get(`/api/events${q}`);
      expect(res.status, q).toBe(422);
      const body = (await res.json()) as ErrorBody;
      expect(body.message, q).toBeTruthy();
      expect(body.errors?.[field]?.[0], q).toBeTruthy();
    }
  });

  it("never lists another channel's events", async () => {
    const beta = await list("", betaKey, HOSTS.beta);
    expect(beta.data.map((x) => x.id)).toEqual([cat.beta.event]);
    expect(beta.data[0]).toMatchObject({ name: "Match bêta", participants: [{ alias: "nord-b" }, { alias: "nord-a" }] });
    expect((await list(`?sport=soccer`, betaKey, HOSTS.beta)).data).toEqual([]);
    expect((await list(`?participant_id=${cat.alpha.teams.northHockeyM}`, betaKey, HOSTS.beta)).data).toEqual([]);
  });
});

describe("/events/{id}", () => {
  it("answers the event, and 404 for an unknown id or another channel's id", async () => {
    const res = await get(`/api/events/${cat.alpha.events.upcomingSoon}`);
    expect(res.status).toBe(200);
    const ev = ((await res.json()) as { data: Event }).data;
    expect(ev).toMatchObject({ id: cat.alpha.events.upcomingSoon, stream_status: "upcoming", access_type: "paid", type: "paid", gender: "women" });
    expect(ev.participants.map((p) => p.alias)).toEqual(["south-hockey-w", "north-hockey-w"]);
    expect((await get("/api/events/999999")).status).toBe(404);
    const cross = await get(`/api/events/${cat.alpha.events.live}`, betaKey, HOSTS.beta);
    expect(cross.status).toBe(404);
    expect(((await cross.json()) as ErrorBody).message).toBeTruthy();
    expect((await get("/api/events/abc")).status).toBe(422);
  });
});

describe("/events-for-homepage", () => {
  it("answers live, the soonest upcoming and the latest finished", async () => {
    const e = cat.alpha.events;
    const res = await get("/api/events-for-homepage");
    expect(res.status).toBe(200);
    const home = ((await res.json()) as { data: EventsForHomepage }).data;
    expect(home.live.map((x) => x.id)).toEqual([e.live]);
    expect(home.upcoming.map((x) => x.id)).toEqual([e.upcomingSoon, e.upcomingLater, e.soccerOpen]);
    expect(home.recent.map((x) => x.id)).toEqual([e.finishedRecent, e.finishedOld]);
    expect(home.recent[0].participants).toHaveLength(2);
    expect(home.upcoming[0].category?.alias).toBe("hockey");
    const beta = ((await (await get("/api/events-for-homepage", betaKey, HOSTS.beta)).json()) as { data: EventsForHomepage }).data;
    expect(beta).toMatchObject({ live: [{ id: cat.beta.event }], upcoming: [], recent: [] });
  });
});

describe("/events-categories and /events-locations", () => {
  it("answers the sports as a tree with the All placeholder first", async () => {
    const res = await get("/api/events-categories?lang=fr");
    expect(res.status).toBe(200);
    const tree = ((await res.json()) as { data: EventCategory[] }).data;
    expect(tree[0]).toEqual({ id: 0, alias: "all", name: "All", parent_id: 0, image: null, children: [] });
    expect(tree.slice(1).map((c) => [c.alias, c.name, c.parent_id])).toEqual([
      ["hockey", "Hockey sur glace", 0],
      ["basketball", "Basketball", 0],
      ["soccer", "Football", 0],
    ]);
    expect(tree[2].children.map((c) => [c.alias, c.parent_id])).toEqual([["basketball-3x3", cat.alpha.categories.basketball]]);
  });

  it("events-locations is public and answers the channel's venues", async () => {
    const res = await call(HOSTS.alpha, "/api/events-locations", undefined, app);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/^public/);
    const locs = ((await res.json()) as { data: Location[] }).data;
    expect(locs.map((l) => [l.name, l.city, l.state])).toEqual([
      ["Arena A", "Springfield", "IL"],
      ["Arena B", "Shelbyville", "TX"],
    ]);
    const beta = ((await (await call(HOSTS.beta, "/api/events-locations", undefined, app)).json()) as { data: Location[] }).data;
    expect(beta).toEqual([]);
  });
});
