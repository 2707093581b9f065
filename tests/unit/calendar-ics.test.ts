// The iCalendar writer of "Add to calendar" and the feeds (issue 12), read back with a real parser (ical.js): the
// UTC instants of DTSTART across DST in America/New_York, America/Toronto and Europe/Paris (summer and winter, and
// either side of a change), zones without DST, TEXT escaping and 75-octet folding of long accented French names.
import ICAL from "ical.js";
import { afterEach, describe, expect, it } from "vitest";
import { escapeText, foldLine, utcOffset, writeCalendar, type IcsCalendar, type IcsEvent } from "@api/services/calendar/ics";
import { teamName } from "@api/contract/names";
import { eventTitle, fileSlug } from "@api/services/calendar/events";
import { offsetAt, transitions } from "@api/services/calendar/zone";

const STAMP = Date.UTC(2026, 10, 22, 12, 0, 0);
const HOUR = 3_600_000;

const event = (over: Partial<IcsEvent> & Pick<IcsEvent, "start" | "timeZone">): IcsEvent => ({
  uid: `event-${over.start}@alpha.localhost`,
  end: over.start + 2 * HOUR,
  summary: "North @ South",
  ...over,
});

const write = (events: IcsEvent[], extra: Partial<IcsCalendar> = {}) => writeCalendar({ prodId: "-//StreamHub//Test//EN", stamp: STAMP, events, ...extra });

/** Parses a file the way a calendar app would: its VTIMEZONEs registered first, then the events read in them. */
function parse(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  for (const tz of root.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
  return { root, events: root.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c)) };
}

afterEach(() => ICAL.TimezoneService.reset());

describe("the calendar's frame", () => {
  it("is a VCALENDAR with PRODID, VERSION, CALSCALE and METHOD:PUBLISH, CRLF line ends and nothing longer than 75 octets", () => {
    const text = write([event({ start: Date.UTC(2026, 6, 4, 23), timeZone: "America/New_York" })]);
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//StreamHub//Test//EN\r\nCALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const { root, events } = parse(text);
    expect(root.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(events[0].uid).toBe(`event-${Date.UTC(2026, 6, 4, 23)}@alpha.localhost`);
    expect(root.getFirstSubcomponent("vevent")!.getFirstPropertyValue("dtstamp")!.toString()).toBe("2026-11-22T12:00:00Z");
    expect(root.getFirstSubcomponent("vevent")!.getFirstPropertyValue("status")).toBe("CONFIRMED");
  });

  it("a feed carries its name, REFRESH-INTERVAL and X-PUBLISHED-TTL", () => {
    const text = write([], { feed: { name: "Rouge et Or, Laval · Réseau Sport Bêta", refresh: "PT6H" } });
    expect(text).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT6H\r\n");
    expect(text).toContain("X-PUBLISHED-TTL:PT6H\r\n");
    // X-WR-CALNAME and NAME (RFC 7986) are TEXT, escaped like SUMMARY (the parser leaves unknown properties raw).
    expect(text).toContain("NAME:Rouge et Or\\, Laval · Réseau Sport Bêta\r\n");
    expect(text).toContain("X-WR-CALNAME:Rouge et Or\\, Laval · Réseau Sport Bêta\r\n");
    expect(parse(text).root.getAllSubcomponents("vevent")).toHaveLength(0);
  });

  it("one VTIMEZONE per zone used, none for UTC", () => {
    const text = write([
      event({ start: Date.UTC(2026, 0, 10, 18), timeZone: "Europe/Paris" }),
      event({ start: Date.UTC(2026, 6, 10, 18), timeZone: "Europe/Paris" }),
      event({ start: Date.UTC(2026, 6, 10, 18), timeZone: "America/Toronto" }),
      event({ start: Date.UTC(2026, 6, 10, 18), timeZone: "UTC" }),
    ]);
    const zones = parse(text).root.getAllSubcomponents("vtimezone").map((z) => z.getFirstPropertyValue("tzid"));
    expect(zones).toEqual(["Europe/Paris", "America/Toronto"]);
    expect(text).toContain("DTSTART:20260710T180000Z\r\n");
  });
});

describe("DTSTART and DTEND in the venue's zone give the right UTC instants", () => {
  const cases: [string, string, number, string][] = [
    // zone, season, instant, the wall-clock DTSTART
    ["America/New_York", "winter", Date.UTC(2026, 0, 15, 0, 0), "20260114T190000"],
    ["America/New_York", "summer", Date.UTC(2026, 6, 4, 23, 0), "20260704T190000"],
    ["America/New_York", "just before spring forward", Date.UTC(2026, 2, 8, 6, 30), "20260308T013000"],
    ["America/New_York", "just after spring forward", Date.UTC(2026, 2, 8, 7, 30), "20260308T033000"],
    ["America/New_York", "after fall back", Date.UTC(2026, 10, 1, 7, 30), "20261101T023000"],
    ["America/Toronto", "winter", Date.UTC(2026, 1, 1, 0, 30), "20260131T193000"],
    ["America/Toronto", "summer", Date.UTC(2026, 7, 15, 23, 0), "20260815T190000"],
    ["Europe/Paris", "winter", Date.UTC(2026, 11, 5, 19, 0), "20261205T200000"],
    ["Europe/Paris", "summer", Date.UTC(2026, 5, 20, 18, 45), "20260620T204500"],
    ["Europe/Paris", "just after spring forward", Date.UTC(2026, 2, 29, 1, 0), "20260329T030000"],
    ["America/Phoenix", "winter", Date.UTC(2026, 0, 15, 2, 0), "20260114T190000"],
    ["America/Phoenix", "summer", Date.UTC(2026, 6, 15, 2, 0), "20260714T190000"],
    ["Australia/Sydney", "southern summer", Date.UTC(2026, 0, 10, 8, 0), "20260110T190000"],
    ["Australia/Sydney", "southern winter", Date.UTC(2026, 6, 10, 9, 0), "20260710T190000"],
  ];
  it.each(cases)("%s in %s", (zone, _season, start, wall) => {
    const text = write([event({ start, timeZone: zone })]);
    expect(text).toContain(`DTSTART;TZID=${zone}:${wall}\r\n`);
    const [parsed] = parse(text).events;
    expect(parsed.startDate.zone.tzid).toBe(zone);
    expect(parsed.startDate.toJSDate().getTime()).toBe(start);
    expect(parsed.endDate.toJSDate().getTime()).toBe(start + 2 * HOUR);
  });

  it("a season of events on both sides of the changes, in one file", () => {
    const starts = Array.from({ length: 24 }, (_, i) => Date.UTC(2026, 0, 3) + i * 15 * 24 * HOUR + 23 * HOUR);
    const text = write(starts.map((start) => event({ start, timeZone: "America/New_York" })));
    expect(parse(text).events.map((e) => e.startDate.toJSDate().getTime())).toEqual(starts);
  });

  it("New York's VTIMEZONE has its real changes: EST -0500 and EDT -0400 on the second Sunday of March and the first of November", () => {
    const text = write([event({ start: Date.UTC(2026, 6, 4, 23), timeZone: "America/New_York" })]);
    expect(text).toContain("BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nEND:DAYLIGHT");
    expect(text).toContain("BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nEND:STANDARD");
  });

  it("a zone without DST has one STANDARD observance", () => {
    const text = write([event({ start: Date.UTC(2026, 6, 15, 2), timeZone: "America/Phoenix" })]);
    const tz = parse(text).root.getFirstSubcomponent("vtimezone")!;
    expect(tz.getAllSubcomponents("daylight")).toHaveLength(0);
    expect(tz.getAllSubcomponents("standard")).toHaveLength(1);
    expect(tz.getFirstSubcomponent("standard")!.getFirstPropertyValue("tzoffsetto")!.toString()).toBe("-07:00");
  });

  it("a zone the runtime does not know is written in UTC, still the same instant", () => {
    const start = Date.UTC(2026, 6, 4, 23);
    const text = write([event({ start, timeZone: "Mars/Olympus_Mons" })]);
    expect(text).not.toContain("VTIMEZONE");
    expect(parse(text).events[0].startDate.toJSDate().getTime()).toBe(start);
  });
});

describe("zone data", () => {
  it("offsets and the two changes of a year", () => {
    expect(offsetAt(Date.UTC(2026, 0, 1), "Europe/Paris")).toBe(60);
    expect(offsetAt(Date.UTC(2026, 6, 1), "Europe/Paris")).toBe(120);
    expect(transitions("Europe/Paris", Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1))).toEqual([
      { at: Date.UTC(2026, 2, 29, 1), from: 60, to: 120 },
      { at: Date.UTC(2026, 9, 25, 1), from: 120, to: 60 },
    ]);
    expect(utcOffset(-270)).toBe("-0430");
    expect(utcOffset(330)).toBe("+0530");
  });
});

describe("TEXT escaping and folding", () => {
  it("escapes backslash, semicolon, comma and line breaks", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("folds at 75 octets without cutting a UTF-8 character, and unfolds to the same text", () => {
    const line = `SUMMARY:${"é".repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(2);
    parts.forEach((p, i) => {
      expect(new TextEncoder().encode(p).length).toBeLessThanOrEqual(75);
      if (i > 0) expect(p.startsWith(" ")).toBe(true);
    });
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join("")).toBe(line);
  });

  it("long French names with accents and punctuation come back intact from a parser", () => {
    const summary = "Carabins de l'Université de Montréal @ Rouge et Or de l'Université Laval — « match décisif », saison 2026; série";
    const description = "Championnat québécois; demi-finale, match 3\nBillets : www.example.com/billets\\réservés";
    const location = "Pavillon de l'éducation physique et des sports (PEPS), 2300 rue de la Terrasse, Québec, QC";
    const start = Date.UTC(2026, 9, 3, 23);
    const text = write([event({ start, timeZone: "America/Toronto", summary, description, location, categories: ["Football, canadien"] })]);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const [parsed] = parse(text).events;
    expect(parsed.summary).toBe(summary);
    expect(parsed.description).toBe(description);
    expect(parsed.location).toBe(location);
    expect(parsed.component.getFirstProperty("categories")!.getValues()).toEqual(["Football, canadien"]);
    expect(parsed.startDate.toJSDate().getTime()).toBe(start);
  });
});

describe("what the web shows", () => {
  const team = (side: "home" | "away", name: string, short_name: string | null = null) =>
    ({ id: side === "home" ? 1 : 2, alias: name, name, short_name, images: {}, color: null, side, group: null }) as const;

  it("the title is away @ home by short name, University dropped (SPEC §3), else the event's name", () => {
    expect(eventTitle({ name: "Game", participants: [team("away", "University of North Hawks"), team("home", "South University Owls", "South")] })).toBe("North Hawks @ South");
    expect(eventTitle({ name: "Gala des champions", participants: [] })).toBe("Gala des champions");
    expect(teamName("University of Oregon")).toBe("Oregon");
  });

  it("file names are plain ASCII", () => {
    expect(fileSlug("Carabins @ Rouge et Or — Québec", "event-1")).toBe("carabins-at-rouge-et-or-quebec");
    expect(fileSlug("« »", "event-1")).toBe("event-1");
  });
});
