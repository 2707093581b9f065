// "Add to calendar" (issue 12) against real local D1 with a fixed clock: GET /calendar/event/{id} and the team,
// school and sport feeds GET /calendar/{type}/{id}, read back with ical.js. The contract (type, disposition, UID,
// title, venue, watch URL on the channel's host), the feed window and owner, isolation between channels, and 4xx
// (never 5xx) for bad input.
import ICAL from "ical.js";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { getDb } from "@api/db/client";
import { events } from "@api/db/schema";
import { CALENDAR_MESSAGES } from "@api/contract/favorites";
import { createApi } from "@api/index";
import { type CatalogueFixtures, DAY, FIXED, H, seedCatalogue } from "./catalogue-fixtures";
import { CHANNEL_KEYS, call, type Fixtures, HOSTS, mintKey, seedChannels } from "./fixtures";

type ErrorBody = { message: string; errors?: Record<string, string[]> };
const app = createApi({ now: () => FIXED });
let fx: Fixtures;
let cat: CatalogueFixtures;
let alphaKey: string;
let betaKey: string;
const extra = { tooOld: 0, inWindow: 0, tooFar: 0, french: 0 };

beforeAll(async () => {
  fx = await seedChannels();
  cat = await seedCatalogue(fx);
  const t = cat.alpha.teams;
  const base = { channelId: fx.alpha.id, accessType: "free" as const, type: "free" as const, timeZone: "America/New_York", eventCategoryId: cat.alpha.categories.hockey };
  const rows = await getDb(env.DB)
    .insert(events)
    .values([
      { ...base, key: "cal-too-old", name: { en: "too old" }, eventUtcTs: FIXED - 40 * DAY, endUtcTs: FIXED - 40 * DAY + 2 * H, homeTeamId: t.northHockeyM, awayTeamId: t.southHockeyM },
      { ...base, key: "cal-summer", name: { en: "summer" }, eventUtcTs: Date.UTC(2027, 6, 4, 23), endUtcTs: Date.UTC(2027, 6, 5, 1), homeTeamId: t.southHockeyM, awayTeamId: t.northHockeyM },
      { ...base, key: "cal-too-far", name: { en: "too far" }, eventUtcTs: FIXED + 400 * DAY, endUtcTs: FIXED + 400 * DAY + 2 * H, homeTeamId: t.northHockeyM, awayTeamId: t.southHockeyM },
      {
        ...base,
        channelId: fx.beta.id,
        eventCategoryId: cat.beta.hockey,
        key: "cal-fr",
        name: { fr: "Gala des Carabins de l'Université de Montréal; « finale », match décisif" },
        description: { fr: "Billets, stationnement et accès : voir le site.\nBonne partie !" },
        timeZone: "America/Toronto",
        eventUtcTs: FIXED + 5 * DAY,
        endUtcTs: FIXED + 5 * DAY + 3 * H,
      },
    ])
    .returning({ id: events.id });
  [extra.tooOld, extra.inWindow, extra.tooFar, extra.french] = rows.map((r) => r.id);
  alphaKey = await mintKey(HOSTS.alpha, CHANNEL_KEYS.alpha, app);
  betaKey = await mintKey(HOSTS.beta, CHANNEL_KEYS.beta, app);
});

afterEach(() => ICAL.TimezoneService.reset());

const get = (path: string, key = alphaKey, host: string = HOSTS.alpha) =>
  call(host, `${path}${path.includes("?") ? "&" : "?"}api_key=${encodeURIComponent(key)}`, undefined, app);

async function calendar(path: string, key = alphaKey, host: string = HOSTS.alpha) {
  const res = await get(path, key, host);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  const text = await res.text();
  const root = new ICAL.Component(ICAL.parse(text));
  for (const tz of root.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
  const vevents = root.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
  return { res, text, root, vevents, ids: vevents.map((e) => Number(/^event-(\d+)@/.exec(e.uid)![1])) };
}

describe("GET /calendar/event/{id}", () => {
  it("answers the event as an iCalendar attachment: UID, title as the web shows it, times in its zone, venue, watch URL", async () => {
    const id = cat.alpha.events.upcomingSoon;
    const { res, root, vevents } = await calendar(`/api/calendar/event/${id}`);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="south-at-north.ics"');
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(root.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(root.getFirstSubcomponent("vtimezone")!.getFirstPropertyValue("tzid")).toBe("America/Chicago");
    const [e] = vevents;
    expect(e.uid).toBe(`event-${id}@alpha.localhost`);
    expect(e.summary).toBe("South @ North");
    expect(e.startDate.zone.tzid).toBe("America/Chicago");
    expect(e.startDate.toJSDate().getTime()).toBe(FIXED + 2 * H);
    expect(e.endDate.toJSDate().getTime()).toBe(FIXED + 4 * H);
    expect(e.location).toBe("Arena B, Shelbyville, TX");
    expect(e.component.getFirstPropertyValue("url")).toBe(`http://alpha.localhost/watch/${id}`);
    expect(e.description).toContain(`http://alpha.localhost/watch/${id}`);
    expect((e.component.getFirstPropertyValue("dtstamp") as ICAL.Time).toJSDate().getTime()).toBe(FIXED);
  });

  it("answers in the channel's language, with the event's own name when it is not a two-sided game", async () => {
    const { vevents, res } = await calendar(`/api/calendar/event/${extra.french}`, betaKey, HOSTS.beta);
    expect(vevents[0].summary).toBe("Gala des Carabins de l'Université de Montréal; « finale », match décisif");
    expect(vevents[0].description).toContain("Billets, stationnement et accès : voir le site.\nBonne partie !");
    expect(vevents[0].startDate.zone.tzid).toBe("America/Toronto");
    expect(vevents[0].startDate.toJSDate().getTime()).toBe(FIXED + 5 * DAY);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="gala-des-carabins-de-l-universite-de-montreal-finale-match.ics"');
  });

  it("another channel's event, or none, is a 404; a bad id a 422; no api key a 403", async () => {
    expect((await get(`/api/calendar/event/${extra.french}`)).status).toBe(404);
    expect((await get(`/api/calendar/event/${cat.alpha.events.live}`, betaKey, HOSTS.beta)).status).toBe(404);
    expect((await get("/api/calendar/event/99999999")).status).toBe(404);
    for (const bad of ["abc", "0", "-3", "1.5"]) {
      const res = await get(`/api/calendar/event/${bad}`);
      expect(res.status, bad).toBe(422);
      expect(((await res.json()) as ErrorBody).errors?.id).toEqual([CALENDAR_MESSAGES.idInvalid]);
    }
    expect((await call(HOSTS.alpha, `/api/calendar/event/${cat.alpha.events.live}`, undefined, app)).status).toBe(403);
    expect((await get(`/api/calendar/event/${cat.alpha.events.live}`, betaKey)).status).toBe(403);
  });
});

describe("GET /calendar/{type}/{id}", () => {
  it("a team's feed holds only that team's events, from 30 days ago to a year ahead, in order, with its name and refresh", async () => {
    const e = cat.alpha.events;
    const { res, root, ids, text } = await calendar(`/api/calendar/participant/${cat.alpha.teams.northHockeyM}`);
    expect(ids).toEqual([e.finishedOld, e.live, extra.inWindow]);
    expect(res.headers.get("content-disposition")).toBe('inline; filename="north-hockey-men.ics"');
    expect(text).toContain("X-WR-CALNAME:North Hockey Men · Alpha Sports\r\n");
    expect(text).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT6H\r\n");
    expect(text).toContain("X-PUBLISHED-TTL:PT6H\r\n");
    // Two zones used (the fixtures' Chicago, the extra New York game): one VTIMEZONE each.
    expect(root.getAllSubcomponents("vtimezone").map((z) => z.getFirstPropertyValue("tzid"))).toEqual(["America/Chicago", "America/New_York"]);
    const summer = (await calendar(`/api/calendar/participant/${cat.alpha.teams.northHockeyM}`)).vevents.find((v) => v.uid.startsWith(`event-${extra.inWindow}@`))!;
    expect(summer.startDate.toString()).toBe("2027-07-04T19:00:00");
    expect(summer.startDate.toJSDate().getTime()).toBe(Date.UTC(2027, 6, 4, 23));
  });

  it("a school's feed holds its teams' events; a sport's its own and its sub-sports'", async () => {
    const e = cat.alpha.events;
    const school = await calendar(`/api/calendar/group/${cat.alpha.groups.north}`);
    expect(school.ids.sort()).toEqual([e.live, e.upcomingSoon, e.upcomingLater, e.finishedOld, e.finishedRecent, extra.inWindow].sort());
    const sport = await calendar(`/api/calendar/category/${cat.alpha.categories.basketball}`);
    expect(sport.ids.sort()).toEqual([e.upcomingLater, e.finishedRecent].sort());
    const empty = await calendar(`/api/calendar/category/${cat.alpha.categories.soccer}?lang=fr`);
    expect(empty.ids).toEqual([e.soccerOpen]);
    expect(empty.text).toContain("X-WR-CALNAME:Football · Alpha Sports\r\n");
  });

  it("another channel's team, school or sport is a 404", async () => {
    expect((await get(`/api/calendar/participant/${cat.alpha.teams.northHockeyM}`, betaKey, HOSTS.beta)).status).toBe(404);
    expect((await get(`/api/calendar/group/${cat.alpha.groups.north}`, betaKey, HOSTS.beta)).status).toBe(404);
    expect((await get(`/api/calendar/category/${cat.beta.hockey}`)).status).toBe(404);
    expect((await get("/api/calendar/participant/99999999")).status).toBe(404);
  });

  it("an unknown type is a 422 in the contract's words; never a 5xx", async () => {
    for (const type of ["team", "school", "PARTICIPANT", "favorite"]) {
      const res = await get(`/api/calendar/${type}/${cat.alpha.teams.northHockeyM}`);
      expect(res.status, type).toBe(422);
      expect(((await res.json()) as ErrorBody).errors?.type).toEqual([CALENDAR_MESSAGES.typeInvalid]);
    }
    for (const path of ["/api/calendar/participant/x", "/api/calendar/group/0", "/api/calendar/event/1?lang=de", "/api/calendar/participant/1e99"]) {
      const res = await get(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });
});
