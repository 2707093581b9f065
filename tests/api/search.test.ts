// GET /search (issue 15): validation, channel isolation, what it matches (events by name, team or school; teams;
// schools; VOD), LIKE wildcards taken literally, accents and limits, against real D1.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SearchResults } from "@api/contract/search";
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from "@api/contract/search";
import { getDb } from "@api/db/client";
import { participantGroups, participants, vodMediaItems } from "@api/db/schema";
import { createApi } from "@api/index";
import { type CatalogueFixtures, FIXED, seedCatalogue } from "./catalogue-fixtures";
import { CHANNEL_KEYS, call, type Fixtures, HOSTS, mintKey, seedChannels } from "./fixtures";

const app = createApi({ now: () => FIXED });
let fx: Fixtures;
let cat: CatalogueFixtures;
let alphaKey: string;
let betaKey: string;
let accented: { school: number; team: number };

beforeAll(async () => {
  fx = await seedChannels();
  cat = await seedCatalogue(fx);
  const db = getDb(env.DB);
  // Beta gets a school with accents and a team whose name shares a word with alpha's ("North"/"Nord" aside).
  const [school] = await db
    .insert(participantGroups)
    .values({
      channelId: fx.beta.id,
      alias: "ecole-sainte-therese",
      name: { fr: "École Sainte-Thérèse", en: "Saint Theresa School" },
    })
    .returning({ id: participantGroups.id });
  const [team] = await db
    .insert(participants)
    .values({
      channelId: fx.beta.id,
      alias: "north-hockey-beta",
      name: { fr: "Cœur de North Hockey" },
      groupId: school.id,
      gender: "men",
    })
    .returning({ id: participants.id });
  await db.insert(vodMediaItems).values({
    channelId: fx.alpha.id,
    key: "under_score",
    title: { en: "Top_10 plays" },
    searchText: "top_10 plays",
    date: FIXED - 3 * 86_400_000,
    assets: [],
  });
  accented = { school: school.id, team: team.id };
  alphaKey = await mintKey(HOSTS.alpha, CHANNEL_KEYS.alpha, app);
  betaKey = await mintKey(HOSTS.beta, CHANNEL_KEYS.beta, app);
});

const search = (params: string, key = alphaKey, host: string = HOSTS.alpha) =>
  call(host, `/api/search?${params}&api_key=${encodeURIComponent(key)}`, undefined, app);
async function results(params: string, key = alphaKey, host: string = HOSTS.alpha): Promise<SearchResults> {
  const r = await search(params, key, host);
  expect(r.status).toBe(200);
  return ((await r.json()) as { data: SearchResults }).data;
}
const eventIds = (r: SearchResults) => [...r.events.live, ...r.events.upcoming, ...r.events.finished].map((e) => e.id);

describe("GET /search validation", () => {
  it("needs the api key", async () => {
    expect((await call(HOSTS.alpha, "/api/search?q=north", undefined, app)).status).toBe(403);
  });

  it.each([
    ["", "Field is required"],
    ["q=", "Field is required"],
    ["q=%20%20%20", "Field is required"],
    ["q=a", "The search must be at least 2 characters"],
    ["q=%20a%20", "The search must be at least 2 characters"],
    [`q=${"x".repeat(101)}`, "The search must be at most 100 characters"],
    ["q=north&limit=0", "The limit must be a whole number from 1 to 20"],
    ["q=north&limit=21", "The limit must be a whole number from 1 to 20"],
    ["q=north&limit=two", "The limit must be a whole number from 1 to 20"],
  ])("%s → 422 %s", async (params, message) => {
    const r = await search(params);
    expect(r.status).toBe(422);
    expect(((await r.json()) as { message: string }).message).toBe(message);
  });

  it("trims the query, and takes 2 and 100 characters", async () => {
    expect((await results("q=%20%20north%20")).q).toBe("north");
    expect((await search("q=no")).status).toBe(200);
    expect((await search(`q=${"x".repeat(100)}`)).status).toBe(200);
  });
});

describe("GET /search matches", () => {
  it("finds events by a team's name, home or away, grouped by status", async () => {
    const r = await results("q=south%20hockey%20men");
    expect(r.events.live.map((e) => e.id)).toEqual([cat.alpha.events.live]); // home North, away South
    expect(r.events.finished.map((e) => e.id)).toEqual([cat.alpha.events.finishedOld]); // South at home
    expect(r.events.upcoming).toEqual([]);
    expect(r.events.live[0]).toMatchObject({
      stream_status: "live",
      participants: [{ name: "South Hockey Men" }, { name: "North Hockey Men" }],
    });
    expect(r.teams.map((t) => t.alias)).toEqual(["south-hockey-m"]);
    expect(r.teams[0]).toMatchObject({
      name: "South Hockey Men",
      school: "University of South",
      sport: "Hockey",
    });
  });

  it("finds events by their own name, and by their teams' school", async () => {
    expect(eventIds(await results("q=open%20day"))).toEqual([cat.alpha.events.soccerOpen]);
    const bySchool = await results("q=university%20of%20south");
    expect(bySchool.schools.map((s) => s.alias)).toEqual(["south"]);
    expect(new Set(eventIds(bySchool))).toEqual(
      new Set([
        cat.alpha.events.live,
        cat.alpha.events.upcomingSoon,
        cat.alpha.events.upcomingLater,
        cat.alpha.events.finishedOld,
        cat.alpha.events.finishedRecent,
      ])
    );
    // Upcoming soonest first, on demand latest first.
    expect(bySchool.events.upcoming.map((e) => e.id)).toEqual([cat.alpha.events.upcomingSoon, cat.alpha.events.upcomingLater]);
    expect(bySchool.events.finished.map((e) => e.id)).toEqual([cat.alpha.events.finishedRecent, cat.alpha.events.finishedOld]);
  });

  it("finds schools by short name and VOD items by title, case-insensitively", async () => {
    expect((await results("q=NORTH")).schools.map((s) => s.alias)).toEqual(["north"]);
    expect((await results("q=InTeRvIeW")).vod.map((v) => v.id)).toEqual([cat.alpha.vod.interview]);
  });

  it("ignores accents and case in both directions, and answers names in the asked language", async () => {
    for (const q of ["ecole%20sainte", "%C3%89COLE%20SAINTE-TH%C3%89R%C3%88SE", "therese", "coeur"]) {
      const r = await results(`q=${q}`, betaKey, HOSTS.beta);
      expect([...r.schools.map((s) => s.id), ...r.teams.map((t) => t.id)].length, q).toBeGreaterThan(0);
    }
    const fr = await results("q=therese", betaKey, HOSTS.beta);
    expect(fr.schools).toMatchObject([{ id: accented.school, name: "École Sainte-Thérèse" }]);
    const en = await results("q=therese&lang=en", betaKey, HOSTS.beta);
    expect(en.schools).toMatchObject([{ id: accented.school, name: "Saint Theresa School" }]);
    expect((await results("q=c%C5%93ur", betaKey, HOSTS.beta)).teams.map((t) => t.id)).toEqual([accented.team]);
  });

  it("reads punctuation as a space between words, and a query of punctuation only finds nothing", async () => {
    expect((await search("q=%25")).status).toBe(422); // one character
    expect((await results("q=0%25%20effort")).vod.map((v) => v.id)).toEqual([cat.alpha.vod.percent]);
    expect((await results("q=top_10")).vod.map((v) => v.title)).toEqual(["Top_10 plays"]);
    for (const q of ["%25%25", "__", "%22*%22", "NEAR(", "scope%3Ac1", "%22%22"]) {
      const r = await results(`q=${q}`);
      expect([...eventIds(r), ...r.teams, ...r.schools, ...r.vod], q).toEqual([]);
    }
  });

  it("matches every word in any order, as the start of a word, across hyphens", async () => {
    const inOrder = await results("q=south%20hockey%20men");
    for (const q of ["men%20hockey%20south", "sou%20hock%20men", "south-hockey-men", "MEN,%20HOCKEY%20(south)"]) {
      const r = await results(`q=${q}`);
      expect(r.teams.map((t) => t.alias), q).toEqual(inOrder.teams.map((t) => t.alias));
      expect(eventIds(r), q).toEqual(eventIds(inOrder));
    }
    // Every word must match: a word no name holds finds nothing.
    expect((await results("q=south%20hockey%20cricket")).teams).toEqual([]);
  });

  it("finds a game by both teams' schools, with the words that join a matchup left out", async () => {
    const r = await results("q=north%20vs%20south");
    expect(r.events.live.map((e) => e.id)).toEqual([cat.alpha.events.live]);
    expect((await results("q=south%20at%20north")).events.live.map((e) => e.id)).toEqual([cat.alpha.events.live]);
  });

  it("allows one typo in a longer word when the words as typed find nothing", async () => {
    for (const q of ["hokcey", "hocky", "hockeyy", "universty%20of%20south", "soutth%20hockey"]) {
      expect((await results(`q=${q}`)).teams.length, q).toBeGreaterThan(0);
    }
    // Short words must be right, and two typos are too many.
    expect((await results("q=nrth")).schools).toEqual([]);
    expect((await results("q=hkcey")).teams).toEqual([]);
    // A typo's correction is one of the channel's own words: beta's team is not found from alpha.
    expect((await results("q=coeurr", betaKey, HOSTS.beta)).teams.map((t) => t.id)).toEqual([accented.team]);
    expect((await results("q=coeurr")).teams).toEqual([]);
  });

  it("keeps up with renamed teams and schools, and forgets deleted rows", async () => {
    const db = getDb(env.DB);
    const [school] = await db
      .insert(participantGroups)
      .values({ channelId: fx.beta.id, alias: "ecole-saint-hubert", name: { fr: "École Saint-Hubert" } })
      .returning({ id: participantGroups.id });
    const [team] = await db
      .insert(participants)
      .values({ channelId: fx.beta.id, alias: "hiboux-saint-hubert", name: { fr: "Hiboux" }, groupId: school.id })
      .returning({ id: participants.id });
    expect((await results("q=hiboux%20hubert", betaKey, HOSTS.beta)).teams.map((t) => t.id)).toEqual([team.id]);
    await db.update(participantGroups).set({ name: { fr: "Collège Mont-Royal" } }).where(eq(participantGroups.id, school.id));
    const renamed = await results("q=mont%20royal", betaKey, HOSTS.beta);
    expect(renamed.schools.map((s) => s.id)).toEqual([school.id]);
    // The school's teams are found by its new name too, and no longer by the old one.
    expect(renamed.teams.map((t) => t.id)).toEqual([team.id]);
    expect((await results("q=hubert", betaKey, HOSTS.beta)).schools).toEqual([]);
    await db.update(participants).set({ name: { fr: "Faucons" } }).where(eq(participants.id, team.id));
    expect((await results("q=faucons%20royal", betaKey, HOSTS.beta)).teams.map((t) => t.id)).toEqual([team.id]);
    await db.delete(participants).where(eq(participants.id, team.id));
    expect((await results("q=faucons", betaKey, HOSTS.beta)).teams).toEqual([]);
    await db.delete(participantGroups).where(eq(participantGroups.id, school.id));
    expect((await results("q=mont%20royal", betaKey, HOSTS.beta)).schools).toEqual([]);
  });

  it("reads a document's text by primary key when the index is updated", async () => {
    const plan = await env.DB.prepare("explain query plan select body from search_documents where kind = 0 and ref_id = ?").bind(cat.alpha.events.live).all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join("\n");
    expect(details).toMatch(/SEARCH e USING INTEGER PRIMARY KEY/);
    expect(details).not.toMatch(/SCAN e\b/);
  });

  it("answers empty groups for no match", async () => {
    expect(await results("q=zzzz")).toEqual({
      q: "zzzz",
      events: { live: [], upcoming: [], finished: [] },
      teams: [],
      schools: [],
      vod: [],
    });
  });
});

describe("GET /search scope and limits", () => {
  it("never shows another channel's events, teams, schools or VOD", async () => {
    // "north" names alpha's school and teams, and a beta team: each channel sees its own only.
    const alpha = await results("q=north&limit=20");
    expect(alpha.teams.map((t) => t.alias)).not.toContain("north-hockey-beta");
    expect(alpha.teams.length).toBeGreaterThan(0);
    const beta = await results("q=north&limit=20", betaKey, HOSTS.beta);
    expect(beta.teams.map((t) => t.alias)).toEqual(["north-hockey-beta"]);
    expect(beta.schools).toEqual([]);
    expect(eventIds(beta)).toEqual([]);
    expect(beta.vod).toEqual([]);
    // The beta event and VOD item by their own words, only on beta.
    expect(eventIds(await results("q=match%20b%C3%AAta", betaKey, HOSTS.beta))).toEqual([cat.beta.event]);
    expect(eventIds(await results("q=match%20b%C3%AAta"))).toEqual([]);
    expect((await results("q=beta%20highlights")).vod).toEqual([]);
    // A key of one channel on the other's host is refused.
    expect((await search("q=north", alphaKey, HOSTS.beta)).status).toBe(403);
  });

  it("limits every group (default and asked)", async () => {
    const all = await results("q=highlights&limit=20");
    expect(all.vod).toHaveLength(12);
    expect((await results("q=highlights")).vod).toHaveLength(SEARCH_DEFAULT_LIMIT);
    const two = await results("q=hockey&limit=2");
    expect(two.teams).toHaveLength(2);
    expect(two.vod.length).toBeLessThanOrEqual(2);
    for (const group of Object.values(two.events)) expect(group.length).toBeLessThanOrEqual(2);
    expect((await results(`q=highlights&limit=${SEARCH_MAX_LIMIT}`)).vod.map((v) => v.id)).toEqual([...cat.alpha.vod.highlightIds].reverse());
  });
});
