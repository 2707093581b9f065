// SPEC §2's other query parameters on GET /events (issue 28): `location` (a venue by key or name), `group` (a school
// by alias or name, like `school`), `division` (schools whose properties.division is the value), `category_id` (the
// sport's id, like `event_category_id`) and `type` (the access type, like `access_type`). Each filters this channel
// only; a malformed value, or two synonyms that disagree, is a 422 in plain words.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Event, ListResponse } from "@api/contract/catalogue";
import { getDb } from "@api/db/client";
import { events, participantGroups, participants } from "@api/db/schema";
import { createApi } from "@api/index";
import { env } from "./auth-helpers";
import { type CatalogueFixtures, DAY, FIXED, H, seedCatalogue } from "./catalogue-fixtures";
import { CHANNEL_KEYS, call, HOSTS, mintKey, seedChannels } from "./fixtures";

const app = createApi({ now: () => FIXED });
const db = getDb(env.DB);
let cat: CatalogueFixtures;
let alphaKey: string;
let betaKey: string;
let westGame: number;

beforeAll(async () => {
  const fx = await seedChannels();
  cat = await seedCatalogue(fx);
  alphaKey = await mintKey(HOSTS.alpha, CHANNEL_KEYS.alpha, app);
  betaKey = await mintKey(HOSTS.beta, CHANNEL_KEYS.beta, app);
  const { north, south } = cat.alpha.groups;
  await db.update(participantGroups).set({ properties: { conference: "East", division: "6A" } }).where(eq(participantGroups.id, north));
  await db.update(participantGroups).set({ properties: { division: "5A" } }).where(eq(participantGroups.id, south));
  // A third school in division 4A, whose one team plays one game alone (no opponent): division=4A finds only it.
  const [west] = await db.insert(participantGroups).values({ channelId: fx.alpha.id, alias: "west", name: { en: "West Academy" }, properties: { division: "4A" } }).returning({ id: participantGroups.id });
  const [westTeam] = await db
    .insert(participants)
    .values({ channelId: fx.alpha.id, alias: "west-hockey-m", name: { en: "West Hockey Men" }, groupId: west.id, eventCategoryId: cat.alpha.categories.hockey, gender: "men" })
    .returning({ id: participants.id });
  [{ id: westGame }] = await db
    .insert(events)
    .values({
      channelId: fx.alpha.id,
      key: "west-game",
      name: { en: "west game" },
      accessType: "free",
      type: "free",
      eventUtcTs: FIXED + 4 * DAY,
      endUtcTs: FIXED + 4 * DAY + 2 * H,
      timeZone: "America/Chicago",
      eventCategoryId: cat.alpha.categories.hockey,
      homeTeamId: westTeam.id,
      gender: "men",
    })
    .returning({ id: events.id });
  // Beta's school is in 6A too: alpha's 6A never lists beta's game, and beta's never alpha's.
  await db.update(participantGroups).set({ properties: { division: "6A" } }).where(eq(participantGroups.channelId, fx.beta.id));
});

const get = (path: string, key = alphaKey, host: string = HOSTS.alpha) => call(host, `${path}${path.includes("?") ? "&" : "?"}api_key=${encodeURIComponent(key)}`, undefined, app);
async function keys(query: string, channel: "alpha" | "beta" = "alpha"): Promise<number[]> {
  const res = await get(`/api/events${query}&limit=100`, channel === "alpha" ? alphaKey : betaKey, HOSTS[channel]);
  expect(res.status, query).toBe(200);
  return ((await res.json()) as ListResponse<Event>).data.map((e) => e.id);
}

describe("SPEC §2 parameters on /events", () => {
  it("location: a venue by key or name, case-insensitively; an unknown one lists nothing", async () => {
    const e = cat.alpha.events;
    expect(await keys("?location=arena-a")).toEqual([e.finishedRecent, e.live, e.upcomingLater]);
    expect(await keys("?location=ARENA%20B")).toEqual([e.finishedOld, e.upcomingSoon]);
    expect(await keys("?location=nowhere")).toEqual([]);
    // Another channel's venue key finds nothing on beta.
    expect(await keys("?location=arena-a", "beta")).toEqual([]);
  });

  it("group: a school by alias or name, as school does; beta's school of the same alias stays beta's", async () => {
    const e = cat.alpha.events;
    const all = [e.finishedOld, e.finishedRecent, e.live, e.upcomingSoon, e.upcomingLater];
    expect(await keys("?group=south")).toEqual(all);
    expect(await keys("?group=University%20of%20South&gender=women")).toEqual([e.upcomingSoon]);
    expect(await keys("?group=west")).toEqual([westGame]);
    expect(await keys("?group=north", "beta")).toEqual([cat.beta.event]);
  });

  it("division: the events of teams whose school is in that division, case-insensitively, this channel only", async () => {
    const e = cat.alpha.events;
    expect(await keys("?division=4A")).toEqual([westGame]);
    expect(await keys("?division=6a")).toEqual([e.finishedOld, e.finishedRecent, e.live, e.upcomingSoon, e.upcomingLater]);
    expect(await keys("?division=6A&location=arena-b")).toEqual([e.finishedOld, e.upcomingSoon]);
    expect(await keys("?division=1A")).toEqual([]);
    expect(await keys("?division=6A", "beta")).toEqual([cat.beta.event]);
  });

  it("category_id: the sport and its sub-sports, as event_category_id; another channel's sport lists nothing", async () => {
    const { categories: c, events: e } = cat.alpha;
    expect(await keys(`?category_id=${c.hockey}`)).toEqual([e.finishedOld, e.live, e.upcomingSoon, westGame]);
    expect(await keys(`?category_id=${c.basketball}`)).toEqual([e.finishedRecent, e.upcomingLater]);
    expect(await keys(`?category_id=${c.hockey}&event_category_id=${c.hockey}`)).toEqual([e.finishedOld, e.live, e.upcomingSoon, westGame]);
    expect(await keys(`?category_id=${cat.beta.hockey}`)).toEqual([]);
  });

  it("type: the access type, as access_type", async () => {
    const e = cat.alpha.events;
    expect(await keys("?type=ppv")).toEqual([e.finishedOld]);
    expect(await keys("?type=register")).toEqual([e.upcomingLater]);
    expect(await keys("?type=paid")).toEqual([e.upcomingSoon]);
    expect(await keys("?type=ppv&access_type=ppv")).toEqual([e.finishedOld]);
  });

  it("refuses malformed values and disagreeing synonyms with a 422 naming the field in plain words", async () => {
    for (const [q, field, words] of [
      ["?type=gold", "type", /Invalid type: use one of free, register, paid, ppv/],
      ["?category_id=abc", "category_id", /./],
      ["?category_id=0", "category_id", /./],
      ["?location=", "location", /./],
      [`?division=${"x".repeat(101)}`, "division", /./],
      ["?type=paid&access_type=ppv", "type", /disagree/],
      [`?category_id=${1}&event_category_id=${2}`, "category_id", /different sports/],
    ] as const) {
      const res = await get(`/api/events${q}`);
      expect(res.status, q).toBe(422);
      const body = (await res.json()) as { message: string; errors?: Record<string, string[]> };
      expect(body.errors?.[field]?.[0], q).toMatch(words);
    }
  });
});
