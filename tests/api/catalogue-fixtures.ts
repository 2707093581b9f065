// A small catalogue for alpha and beta, inserted with Drizzle on top of seedChannels(). Times are relative to FIXED,
// the clock the catalogue tests give the API (createApi({ now })), so stream statuses are deterministic.
import { env } from "cloudflare:workers";
import { getDb } from "@api/db/client";
import {
  eventCategories,
  events,
  locations,
  participantGroupProperties,
  participantGroups,
  participants,
  vodMediaCategories,
  vodMediaItems,
  vodMediaRailItems,
  vodMediaRails,
} from "@api/db/schema";
import type { Fixtures } from "./fixtures";

export const FIXED = Date.UTC(2026, 10, 21, 12, 0, 0);
export const H = 3_600_000;
export const DAY = 24 * H;

const ids = <T extends { id: number }>(rows: T[]) => rows.map((r) => r.id);

export async function seedCatalogue(fx: Fixtures) {
  const db = getDb(env.DB);
  const a = fx.alpha.id;
  const b = fx.beta.id;

  const [hockey, basketball, soccer] = ids(
    await db
      .insert(eventCategories)
      .values([
        { channelId: a, alias: "hockey", name: { en: "Hockey", fr: "Hockey sur glace" }, weight: 0 },
        { channelId: a, alias: "basketball", name: { en: "Basketball" }, weight: 1 },
        { channelId: a, alias: "soccer", name: { en: "Soccer", fr: "Football" }, weight: 2 },
      ])
      .returning({ id: eventCategories.id }),
  );
  const [threeByThree] = ids(
    await db
      .insert(eventCategories)
      .values({ channelId: a, alias: "basketball-3x3", name: { en: "3x3" }, parentId: basketball, weight: 0 })
      .returning({ id: eventCategories.id }),
  );
  const [north, south] = ids(
    await db
      .insert(participantGroups)
      .values([
        { channelId: a, alias: "north", name: { en: "North University" }, shortName: "North", city: "Springfield", state: "IL", properties: { conference: "East" } },
        { channelId: a, alias: "south", name: { en: "University of South" }, shortName: "South", city: "Shelbyville", state: "TX", weight: 1 },
      ])
      .returning({ id: participantGroups.id }),
  );
  await db.insert(participantGroupProperties).values({ channelId: a, key: "conference", name: { en: "Conference" }, values: ["East", "West"] });
  const team = (alias: string, name: string, groupId: number, eventCategoryId: number, gender: "men" | "women", weight = 0) => ({
    channelId: a,
    alias,
    name: { en: name },
    shortName: name.split(" ")[0],
    groupId,
    eventCategoryId,
    gender,
    weight,
    images: { logo: `/api/assets/${alias}.svg` },
    color: "#123456",
  });
  const [northHockeyM, northHockeyW, southHockeyM, southHockeyW, northBballM, southBballM] = ids(
    await db
      .insert(participants)
      .values([
        team("north-hockey-m", "North Hockey Men", north, hockey, "men", 0),
        team("north-hockey-w", "North Hockey Women", north, hockey, "women", 1),
        team("south-hockey-m", "South Hockey Men", south, hockey, "men", 2),
        team("south-hockey-w", "South Hockey Women", south, hockey, "women", 3),
        team("north-bball-m", "North Basketball Men", north, basketball, "men", 4),
        team("south-bball-m", "South Basketball Men", south, basketball, "men", 5),
      ])
      .returning({ id: participants.id }),
  );
  const [northHockeyJv] = ids(
    await db
      .insert(participants)
      .values({ ...team("north-hockey-jv", "North Hockey JV", north, hockey, "men"), parentId: northHockeyM })
      .returning({ id: participants.id }),
  );
  const [arenaA, arenaB] = ids(
    await db
      .insert(locations)
      .values([
        { channelId: a, key: "arena-a", name: { en: "Arena A" }, city: "Springfield", state: "IL" },
        { channelId: a, key: "arena-b", name: { en: "Arena B" }, city: "Shelbyville", state: "TX" },
      ])
      .returning({ id: locations.id }),
  );

  const ev = (
    key: string,
    start: number,
    hours: number,
    o: { cat?: number; home?: number; away?: number; loc?: number; gender?: "men" | "women"; access?: "free" | "register" | "paid" | "ppv" },
  ) => ({
    channelId: a,
    key,
    name: { en: key.replace(/-/g, " ") },
    accessType: o.access ?? "free",
    type: o.access === "paid" || o.access === "ppv" ? ("paid" as const) : ("free" as const),
    eventUtcTs: start,
    endUtcTs: start + hours * H,
    timeZone: "America/Chicago",
    eventCategoryId: o.cat ?? null,
    homeTeamId: o.home ?? null,
    awayTeamId: o.away ?? null,
    locationId: o.loc ?? null,
    gender: o.gender ?? ("not_identified" as const),
  });
  const [live, upcomingSoon, upcomingLater, finishedOld, finishedRecent, soccerOpen] = ids(
    await db
      .insert(events)
      .values([
        ev("hockey-live", FIXED - H, 2, { cat: hockey, home: northHockeyM, away: southHockeyM, loc: arenaA, gender: "men" }),
        ev("hockey-women-soon", FIXED + 2 * H, 2, { cat: hockey, home: northHockeyW, away: southHockeyW, loc: arenaB, gender: "women", access: "paid" }),
        ev("basketball-tomorrow", FIXED + DAY + 2 * H, 2, { cat: basketball, home: southBballM, away: northBballM, loc: arenaA, gender: "men", access: "register" }),
        ev("hockey-two-days-ago", FIXED - 2 * DAY, 2, { cat: hockey, home: southHockeyM, away: northHockeyM, loc: arenaB, gender: "men", access: "ppv" }),
        ev("three-by-three-today", FIXED - 5 * H, 2, { cat: threeByThree, home: northBballM, away: southBballM, loc: arenaA, gender: "men" }),
        ev("soccer-open-day", FIXED + 3 * DAY, 3, { cat: soccer }),
      ])
      .returning({ id: events.id }),
  );

  // VOD: 12 "Highlights" items a day apart (newest first = highest n), one with LIKE wildcards, one interview.
  const [highlights, interviews] = ids(
    await db
      .insert(vodMediaCategories)
      .values([
        { channelId: a, alias: "highlights", name: { en: "Highlights" } },
        { channelId: a, alias: "interviews", name: { en: "Interviews" }, weight: 1 },
      ])
      .returning({ id: vodMediaCategories.id }),
  );
  const item = (key: string, title: string, date: number, categoryId: number | null, channelId = a) => ({
    channelId,
    key,
    title: { en: title },
    searchText: title.toLowerCase(),
    date,
    categoryId,
    assets: [{ type: "image" as const, path: `/api/assets/${key}.svg` }],
  });
  const highlightIds = ids(
    await db
      .insert(vodMediaItems)
      .values(Array.from({ length: 12 }, (_, i) => item(`hl-${i + 1}`, `Game Highlights ${i + 1}`, FIXED - (12 - i) * DAY, highlights)))
      .returning({ id: vodMediaItems.id }),
  );
  const [percent, interview] = ids(
    await db
      .insert(vodMediaItems)
      .values([item("percent", "100% Effort_Reel", FIXED - 20 * DAY, null), item("coach", "Interview with the coach", FIXED - 30 * DAY, interviews)])
      .returning({ id: vodMediaItems.id }),
  );
  const [topRail, interviewRail] = ids(
    await db
      .insert(vodMediaRails)
      .values([
        { channelId: a, key: "interviews", title: { en: "Interviews" }, weight: 1 },
        { channelId: a, key: "top", title: { en: "Top plays" }, weight: 0 },
      ])
      .returning({ id: vodMediaRails.id }),
  ).reverse() as [number, number];
  await db.insert(vodMediaRailItems).values([
    { channelId: a, railId: topRail, itemId: highlightIds[2], weight: 0 },
    { channelId: a, railId: topRail, itemId: highlightIds[0], weight: 1 },
    { channelId: a, railId: topRail, itemId: percent, weight: 2 },
    { channelId: a, railId: interviewRail, itemId: interview, weight: 0 },
  ]);

  // Beta: one sport, one school, two teams, one live event, one rail.
  const [betaHockey] = ids(
    await db.insert(eventCategories).values({ channelId: b, alias: "hockey", name: { en: "Hockey", fr: "Hockey" } }).returning({ id: eventCategories.id }),
  );
  const [betaSchool] = ids(
    await db.insert(participantGroups).values({ channelId: b, alias: "north", name: { fr: "Nord" } }).returning({ id: participantGroups.id }),
  );
  const [betaHome, betaAway] = ids(
    await db
      .insert(participants)
      .values([
        { channelId: b, alias: "nord-a", name: { fr: "Nord A" }, groupId: betaSchool, eventCategoryId: betaHockey, gender: "men" },
        { channelId: b, alias: "nord-b", name: { fr: "Nord B" }, groupId: betaSchool, eventCategoryId: betaHockey, gender: "men" },
      ])
      .returning({ id: participants.id }),
  );
  const [betaEvent] = ids(
    await db
      .insert(events)
      .values({ ...ev("beta-live", FIXED - H, 2, { cat: betaHockey, home: betaHome, away: betaAway, gender: "men" }), channelId: b, name: { fr: "Match bêta" } })
      .returning({ id: events.id }),
  );
  const [betaItem] = ids(await db.insert(vodMediaItems).values(item("beta-1", "Beta highlights", FIXED - DAY, null, b)).returning({ id: vodMediaItems.id }));
  const [betaRail] = ids(await db.insert(vodMediaRails).values({ channelId: b, key: "top", title: { fr: "À la une" } }).returning({ id: vodMediaRails.id }));
  await db.insert(vodMediaRailItems).values({ channelId: b, railId: betaRail, itemId: betaItem, weight: 0 });

  return {
    alpha: {
      categories: { hockey, basketball, soccer, threeByThree },
      groups: { north, south },
      teams: { northHockeyM, northHockeyW, southHockeyM, southHockeyW, northBballM, southBballM, northHockeyJv },
      locations: { arenaA, arenaB },
      events: { live, upcomingSoon, upcomingLater, finishedOld, finishedRecent, soccerOpen },
      vod: { highlights, interviews, highlightIds, percent, interview, topRail, interviewRail },
    },
    beta: { hockey: betaHockey, event: betaEvent, item: betaItem, rail: betaRail },
  };
}

export type CatalogueFixtures = Awaited<ReturnType<typeof seedCatalogue>>;
