// Game day on the lists (issue 27) against real local D1: the game a scorekeeper's taps make is kept per event
// (event_scores) and carried as `score` by every Event the catalogue answers (lists, one event, the home's sections,
// search), joined in the list queries; an undo rewrites it; another channel's row never reaches an event.
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@api/db/client";
import type { Event, EventsForHomepage, ListResponse } from "@api/contract/catalogue";
import type { SearchResults } from "@api/contract/search";
import type { EventScore, TapAction } from "@api/contract/scores";
import { eventCategories, events, eventScores, users } from "@api/db/schema";
import { client, clockedApi, env, freshEmail, json, registerUser, type Client, type Data } from "./auth-helpers";
import { seedChannels, type Fixtures } from "./fixtures";

const T0 = Date.UTC(2026, 11, 5, 18, 0, 0);
const H = 3_600_000;
const { app } = clockedApi(T0);
const db = getDb(env.DB);

let fx: Fixtures;
let alpha: Client;
let beta: Client;
let owner = "";
const ev = { live: 0, finished: 0, plain: 0, beta: 0 };

const tap = (s: number, action: TapAction) => ({ id: crypto.randomUUID(), at: T0 + s * 1000, action });
const basket = (side: "home" | "away", play = "field_goal") => ({ kind: "score", side, play }) as const;
const send = async (eventId: number, taps: unknown[]) => {
  const res = await alpha.post(`/api/events/${eventId}/score/taps`, { taps }, owner);
  expect(res.status).toBe(200);
};
const stored = (eventId: number) => db.select().from(eventScores).where(eq(eventScores.eventId, eventId));

async function get<T>(c: Client, path: string): Promise<T> {
  const res = await c.get(path);
  expect(res.status).toBe(200);
  return (await json<Data<T>>(res)).data;
}

const scoreOf = (list: Event[], id: number) => list.find((e) => e.id === id)?.score;

/** A sport that is basketball by its parent's alias (the parent is shared with other files' fixtures when present). */
async function basketballSport(channelId: number): Promise<number> {
  const found = await db.select({ id: eventCategories.id }).from(eventCategories).where(and(eq(eventCategories.channelId, channelId), eq(eventCategories.alias, "basketball"))).get();
  const parent = found ?? (await db.insert(eventCategories).values({ channelId, alias: "basketball", name: { en: "Basketball" } }).returning())[0];
  const [sport] = await db.insert(eventCategories).values({ channelId, alias: "cardscore-hoops", name: { en: "Card hoops" }, parentId: parent.id }).returning();
  return sport.id;
}

beforeAll(async () => {
  fx = await seedChannels();
  const a = fx.alpha.id;
  const hoops = await basketballSport(a);
  const game = (key: string, start: number, end: number) => ({ channelId: a, key, name: { en: `Cardscore ${key}` }, eventUtcTs: start, endUtcTs: end, timeZone: "America/New_York", eventCategoryId: hoops });
  const rows = await db
    .insert(events)
    .values([
      game("live", T0 - 10 * 60_000, T0 + 2 * H),
      game("finished", T0 - 5 * H, T0 - 3 * H),
      game("plain", T0 - 5 * 60_000, T0 + H),
      { channelId: fx.beta.id, key: "cardscore-beta", name: { en: "Cardscore beta" }, eventUtcTs: T0 - 5 * 60_000, endUtcTs: T0 + H, timeZone: "America/Montreal", eventCategoryId: null },
    ])
    .returning({ id: events.id });
  [ev.live, ev.finished, ev.plain, ev.beta] = rows.map((r) => r.id);
  alpha = await client(app, "alpha");
  beta = await client(app, "beta");
  const s = await registerUser(alpha, freshEmail("cardscore"));
  await db.update(users).set({ role: "owner" }).where(eq(users.id, s.user.id));
  owner = s.token;

  await send(ev.live, [tap(10, basket("home", "three")), tap(20, basket("away"))]);
  await send(ev.finished, [tap(-4 * 3600, basket("away", "three")), tap(-3.5 * 3600, { kind: "final" })]);
});

const LIVE: EventScore = { sport: "basketball", home: 3, away: 2, period: 1, overtime: 0, sets: null, final: false };
const FINAL: EventScore = { sport: "basketball", home: 0, away: 3, period: 1, overtime: 0, sets: null, final: true };

describe("the kept game", () => {
  it("is the replay of the stored taps, one row per event, rewritten by an undo", async () => {
    expect(await stored(ev.live)).toEqual([{ channelId: fx.alpha.id, eventId: ev.live, ...LIVE, updatedAt: T0 }]);
    const three = tap(30, basket("home", "three"));
    await send(ev.live, [three]);
    expect((await stored(ev.live))[0]).toMatchObject({ home: 6, away: 2 });
    await send(ev.live, [tap(31, { kind: "undo", target: three.id })]);
    const rows = await stored(ev.live);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ home: 3, away: 2, final: false });
  });

  it("is not written by taps that were all refused or resent", async () => {
    const before = await stored(ev.finished);
    // The game is final: a basket is refused (422: no tap of the batch counted).
    expect((await alpha.post(`/api/events/${ev.finished}/score/taps`, { taps: [tap(-3 * 3600, basket("home"))] }, owner)).status).toBe(422);
    expect(await stored(ev.finished)).toEqual(before);
  });
});

describe("Event.score", () => {
  it("is carried by /events, one event and the home's sections; null without a kept game", async () => {
    const live = await get<ListResponse<Event>["data"]>(alpha, "/api/events?status=live&limit=100");
    expect(scoreOf(live, ev.live)).toEqual(LIVE);
    expect(scoreOf(live, ev.plain)).toBeNull();
    const finished = await get<ListResponse<Event>["data"]>(alpha, "/api/events?status=finished&limit=100");
    expect(scoreOf(finished, ev.finished)).toEqual(FINAL);
    // Sorted by name (a sort over the joined rows) too.
    const byName = await get<ListResponse<Event>["data"]>(alpha, "/api/events?sort_field=name&limit=100");
    expect(scoreOf(byName, ev.live)).toEqual(LIVE);
    expect((await get<Event>(alpha, `/api/events/${ev.finished}`)).score).toEqual(FINAL);
    expect((await get<Event>(alpha, `/api/events/${ev.plain}`)).score).toBeNull();
    const home = await get<EventsForHomepage>(alpha, "/api/events-for-homepage");
    expect(scoreOf(home.live, ev.live)).toEqual(LIVE);
    expect(scoreOf(home.recent, ev.finished)).toEqual(FINAL);
  });

  it("is carried by search results", async () => {
    const found = await get<SearchResults>(alpha, "/api/search?q=cardscore");
    expect(scoreOf(found.events.live, ev.live)).toEqual(LIVE);
    expect(scoreOf(found.events.live, ev.plain)).toBeNull();
    expect(scoreOf(found.events.finished, ev.finished)).toEqual(FINAL);
  });

  it("never takes another channel's row, and another channel never sees the game", async () => {
    // A row of channel beta naming alpha's event (no API writes one): the join is bound to the event's own channel.
    await db.insert(eventScores).values({ channelId: fx.beta.id, eventId: ev.plain, ...LIVE, home: 99, updatedAt: T0 });
    expect((await get<Event>(alpha, `/api/events/${ev.plain}`)).score).toBeNull();
    expect(scoreOf(await get<Event[]>(alpha, "/api/events?status=live&limit=100"), ev.plain)).toBeNull();
    expect(scoreOf((await get<SearchResults>(alpha, "/api/search?q=cardscore")).events.live, ev.plain)).toBeNull();
    // Beta's own event has no game, and alpha's events are not beta's to show.
    expect((await get<Event>(beta, `/api/events/${ev.beta}`)).score).toBeNull();
    expect((await beta.get(`/api/events/${ev.live}`)).status).toBe(404);
    const betaFound = await get<SearchResults>(beta, "/api/search?q=cardscore");
    expect([...betaFound.events.live, ...betaFound.events.finished].map((e) => [e.id, e.score])).toEqual([[ev.beta, null]]);
  });
});
