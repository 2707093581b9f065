// The rolling schedule (issue 24, docs/decisions/027): a demo channel's relative times read against the clock, with
// the anchor (its load time) and now as parameters. Live slots repeat back to back, {days, at} follows the local
// date, other minute offsets roll by whole days; absolute times never move.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveEvents, resolveVodItems } from "../../api/channels/catalogue";
import { rollRows, type RollingEventRow, type RollingVodRow } from "../../api/channels/rolling";
import { nextLocalMidnight, resolveStart, rollingStart } from "../../api/channels/times";
import { streamStatus } from "../../api/services/event-status";
import { DVR_WINDOW_S, eventTimeline, type MediaInfo } from "../../api/services/livesim";
import { readTenant } from "../../scripts/lib/tenant-reader";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ANCHOR = Date.parse("2026-01-15T12:00:00Z");
const MIN = 60_000;
const H = 60 * MIN;
const DAY = 24 * H;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe("a live slot ({minutes} live at the anchor)", () => {
  const rule = { minutes: -25 };
  const length = 120 * MIN;
  const base = ANCHOR - 25 * MIN;

  it("is where the fixed schedule puts it at the anchor", () => {
    expect(rollingStart(rule, ANCHOR, ANCHOR, "UTC", length)).toEqual({ start: resolveStart(rule, ANCHOR, "UTC"), until: base + length });
  });

  it("a week later is live, in an occurrence that started less than its length ago", () => {
    for (const later of [7 * DAY, 7 * DAY + 13 * MIN, 7 * DAY + 95 * MIN, 7 * DAY + 17 * H + 1]) {
      const now = ANCHOR + later;
      const { start, until } = rollingStart(rule, ANCHOR, now, "UTC", length);
      expect(streamStatus({ start, end: start + length }, now)).toBe("live");
      expect(now - start).toBeLessThan(length);
      expect((start - base) % length).toBe(0); // back to back from the first
      expect(until).toBe(start + length); // the next occurrence begins where this one ends
    }
  });

  it("hands over from one occurrence to the next at its end", () => {
    const end = base + 84 * length;
    expect(rollingStart(rule, ANCHOR, end - 1, "UTC", length).start).toBe(end - length);
    expect(rollingStart(rule, ANCHOR, end, "UTC", length).start).toBe(end);
  });

  it("has a DVR window that grows from the occurrence's start, then slides", () => {
    const info = { segment_duration_s: 2, segment_count: 10, duration_s: 20, streams: [] } as unknown as MediaInfo;
    const occurrence = rollingStart(rule, ANCHOR, ANCHOR + 3 * DAY, "UTC", length).start;
    const at = (offset: number) => {
      const now = occurrence + offset;
      const { start } = rollingStart(rule, ANCHOR, now, "UTC", length);
      return eventTimeline(info, { start, end: start + length }, now);
    };
    expect(at(10 * MIN)).toMatchObject({ status: "live", first: 1, last: 300 }); // 10 min of 2-s segments, all kept
    const windowSegments = DVR_WINDOW_S / 2;
    expect(at(45 * MIN)).toMatchObject({ status: "live", first: 1350 - windowSegments + 1, last: 1350 }); // sliding
    expect(at(length + 5 * MIN)).toMatchObject({ status: "live", first: 1, last: 150 }); // the next occurrence grows again
  });

  it("repeats to the second for a {seconds} rule", () => {
    const { start } = rollingStart({ seconds: -30 }, ANCHOR + 400, ANCHOR + 2 * DAY + 45_000, "UTC", 60_000);
    expect(iso(start)).toBe("2026-01-17T12:00:30.000Z"); // slots of one minute from 11:59:30 on the anchor's day
  });
});

describe("a {minutes} time not live at the anchor", () => {
  it("keeps its offset from the anchor, moved by the whole days since it", () => {
    const soon = { minutes: 30 };
    const length = 60 * MIN;
    const start = ANCHOR + 30 * MIN;
    expect(rollingStart(soon, ANCHOR, ANCHOR + 10 * MIN, "UTC", length)).toEqual({ start, until: ANCHOR + DAY });
    // It plays once a day: live at +45 min, finished at +2 h, upcoming again a day later.
    expect(streamStatus({ start, end: start + length }, ANCHOR + 45 * MIN)).toBe("live");
    expect(rollingStart(soon, ANCHOR, ANCHOR + 2 * H, "UTC", length).start).toBe(start);
    const nextDay = rollingStart(soon, ANCHOR, ANCHOR + DAY + 5 * MIN, "UTC", length);
    expect(nextDay).toEqual({ start: start + DAY, until: ANCHOR + 2 * DAY });
    expect(streamStatus({ start: nextDay.start, end: nextDay.start + length }, ANCHOR + DAY + 5 * MIN)).toBe("upcoming");
  });

  it("stays as long ago as it was when finished at the anchor", () => {
    const { start } = rollingStart({ minutes: -300 }, ANCHOR, ANCHOR + 3 * DAY + 2 * H, "UTC", 120 * MIN);
    expect(start).toBe(ANCHOR - 300 * MIN + 3 * DAY);
    expect(streamStatus({ start, end: start + 120 * MIN }, ANCHOR + 3 * DAY + 2 * H)).toBe("finished");
  });

  it("rolls a library date (no length) by days too", () => {
    expect(rollingStart({ minutes: -90 }, ANCHOR, ANCHOR + 2 * DAY + H, "UTC", 0)).toEqual({ start: ANCHOR - 90 * MIN + 2 * DAY, until: ANCHOR + 3 * DAY });
  });
});

describe("a {days, at} time", () => {
  const tomorrowAt7 = { days: 1, at: "19:00" };

  it("moves a day forward at each local midnight, not UTC's", () => {
    // 07:59Z on the 15th is 23:59 on the 14th in Los Angeles: tomorrow is the 15th, until midnight there (08:00Z).
    const before = Date.parse("2026-01-15T07:59:00Z");
    expect(rollingStart(tomorrowAt7, ANCHOR, before, "America/Los_Angeles", 2 * H)).toEqual({
      start: Date.parse("2026-01-16T03:00:00Z"),
      until: Date.parse("2026-01-15T08:00:00Z"),
    });
    expect(iso(rollingStart(tomorrowAt7, ANCHOR, Date.parse("2026-01-15T08:00:00Z"), "America/Los_Angeles", 2 * H).start)).toBe("2026-01-17T03:00:00.000Z");
  });

  it("keeps its wall-clock time across DST changes, and its days last 23 or 25 hours", () => {
    // Toronto goes to EDT on 2026-03-08 and back to EST on 2026-11-01.
    const sat = rollingStart(tomorrowAt7, ANCHOR, Date.parse("2026-03-07T17:00:00Z"), "America/Toronto", 2 * H);
    expect([iso(sat.start), iso(sat.until)]).toEqual(["2026-03-08T23:00:00.000Z", "2026-03-08T05:00:00.000Z"]);
    const sun = rollingStart(tomorrowAt7, ANCHOR, sat.until!, "America/Toronto", 2 * H);
    expect([iso(sun.start), iso(sun.until)]).toEqual(["2026-03-09T23:00:00.000Z", "2026-03-09T04:00:00.000Z"]); // a 23-h day
    const fallBack = rollingStart({ days: -1, at: "13:00" }, ANCHOR, Date.parse("2026-11-01T17:00:00Z"), "America/Toronto", 2 * H);
    expect([iso(fallBack.start), iso(fallBack.until)]).toEqual(["2026-10-31T17:00:00.000Z", "2026-11-02T05:00:00.000Z"]); // a 25-h day
  });

  it("finds the new date where a DST change skips midnight", () => {
    // Santiago skips 00:00–01:00 on 2026-09-06: the 6th begins at 01:00 local, 04:00Z.
    expect(iso(nextLocalMidnight(Date.parse("2026-09-05T16:00:00Z"), "America/Santiago"))).toBe("2026-09-06T04:00:00.000Z");
    expect(iso(nextLocalMidnight(Date.parse("2026-09-06T03:59:59Z"), "America/Santiago"))).toBe("2026-09-06T04:00:00.000Z");
  });
});

describe("an absolute time", () => {
  it("never moves", () => {
    const utc = { utc: "2026-01-20T18:00:00Z" };
    expect(rollingStart(utc, ANCHOR, ANCHOR + 30 * DAY, "UTC", 2 * H)).toEqual({ start: Date.parse(utc.utc), until: null });
  });
});

describe("a roll of a channel's rows", () => {
  const live: RollingEventRow = { id: 1, rule: '{"minutes":-25}', timeZone: "UTC", start: ANCHOR - 25 * MIN, end: ANCHOR + 95 * MIN };
  const tomorrow: RollingEventRow = { id: 2, rule: '{"days":1,"at":"19:00"}', timeZone: "UTC", start: Date.parse("2026-01-16T19:00:00Z"), end: Date.parse("2026-01-16T21:00:00Z") };
  const vods: RollingVodRow[] = [
    { id: 10, rule: '{"event_end":true}', date: tomorrow.end, event: { ...tomorrow } },
    { id: 11, rule: '{"date":{"days":-2,"at":"12:00"},"time_zone":"UTC"}', date: Date.parse("2026-01-13T12:00:00Z"), event: null },
    // Its event was made absolute by an edit: the date follows the event's row as it is.
    { id: 12, rule: '{"event_end":true}', date: 0, event: { id: 3, rule: null, timeZone: "UTC", start: ANCHOR - DAY, end: ANCHOR - DAY + H } },
  ];

  it("moves only what changed and says when to roll next", () => {
    const atLoad = rollRows(ANCHOR, ANCHOR, [live, tomorrow], vods);
    expect(atLoad.events).toEqual([]);
    expect(atLoad.vods).toEqual([{ id: 12, rule: vods[2].rule, date: ANCHOR - DAY + H }]);
    expect(atLoad.next).toBe(ANCHOR + 95 * MIN); // the live slot's end comes before midnight

    const later = rollRows(ANCHOR, ANCHOR + DAY + 2 * H, [live, tomorrow], vods);
    expect(later.events.map((e) => [e.id, iso(e.start), iso(e.end)])).toEqual([
      [1, "2026-01-16T13:35:00.000Z", "2026-01-16T15:35:00.000Z"],
      [2, "2026-01-17T19:00:00.000Z", "2026-01-17T21:00:00.000Z"],
    ]);
    expect(later.vods.map((v) => [v.id, iso(v.date)])).toEqual([
      [10, "2026-01-17T21:00:00.000Z"],
      [11, "2026-01-14T12:00:00.000Z"],
      [12, iso(ANCHOR - DAY + H)],
    ]);
    expect(iso(later.next)).toBe("2026-01-16T15:35:00.000Z");
  });

  it("is the same when made twice", () => {
    const now = ANCHOR + 9 * DAY + 7 * H;
    const once = rollRows(ANCHOR, now, [live, tomorrow], vods);
    const rolled = [live, tomorrow].map((e) => once.events.find((m) => m.id === e.id) ?? e);
    const again = rollRows(ANCHOR, now, rolled, vods.map((v) => ({ ...v, date: once.vods.find((m) => m.id === v.id)?.date ?? v.date, event: v.event && (rolled.find((e) => e.id === v.event!.id) ?? v.event) })));
    expect(again.events).toEqual([]);
    expect(again.vods).toEqual([]);
    expect(again.next).toBe(once.next);
  });
});

describe("the demo channels on a rolling schedule", () => {
  it.each(["alpha", "beta"])("%s has live games, upcoming ones in the next days and finished ones in the past days, a week after loading", async (alias) => {
    const { definition } = await readTenant(path.join(ROOT, "tenants", alias));
    expect(definition.schedule).toBe("rolling");
    for (const later of [H, 3 * H, 7 * DAY, 7 * DAY + 11 * H + 17 * MIN]) {
      const now = ANCHOR + later;
      const events = resolveEvents(definition.catalogue!, now, ANCHOR);
      const status = (e: (typeof events)[number]) => streamStatus({ start: e.eventUtcTs, end: e.endUtcTs }, now);
      expect(events.filter((e) => status(e) === "live").length).toBeGreaterThanOrEqual(3);
      const upcoming = events.filter((e) => status(e) === "upcoming");
      expect(upcoming.length).toBeGreaterThanOrEqual(15);
      expect(upcoming.every((e) => e.eventUtcTs - now < 16 * DAY)).toBe(true);
      const finished = events.filter((e) => status(e) === "finished");
      expect(finished.length).toBeGreaterThanOrEqual(15);
      expect(finished.every((e) => now - e.eventUtcTs < 23 * DAY)).toBe(true);
      // Replays and highlights stay dated in the past days.
      expect(resolveVodItems(definition.catalogue!, now, ANCHOR).every((v) => v.date <= now && now - v.date < 23 * DAY)).toBe(true);
    }
  });
});
