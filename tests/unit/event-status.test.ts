import { describe, expect, it } from "vitest";
import { STREAM_STATUSES } from "@api/contract/catalogue";
import { dateBounds, defaultSortDirection, inRange, statusRange, streamStatus } from "@api/services/event-status";

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const H = 3_600_000;

describe("streamStatus", () => {
  it("is upcoming before the start, live from the start until the end, finished from the end", () => {
    const ev = { start: NOW, end: NOW + 2 * H };
    expect(streamStatus(ev, NOW - 1)).toBe("upcoming");
    expect(streamStatus(ev, NOW)).toBe("live");
    expect(streamStatus(ev, NOW + 2 * H - 1)).toBe("live");
    expect(streamStatus(ev, NOW + 2 * H)).toBe("finished");
    expect(streamStatus(ev, NOW + 100 * H)).toBe("finished");
  });
});

describe("statusRange (the SQL filter's bounds)", () => {
  // Events around NOW at every boundary, including a bad row that ends before it starts.
  const offsets = [-3 * H, -H, -1, 0, 1, H, 3 * H];
  const events = offsets.flatMap((s) => offsets.map((e) => ({ start: NOW + s, end: NOW + e })));

  it("selects exactly the events whose status is that status, and each event in one status only", () => {
    for (const ev of events) {
      const matching = STREAM_STATUSES.filter((s) => inRange(statusRange(s, NOW), ev));
      if (ev.end >= ev.start) expect(matching, JSON.stringify(ev)).toEqual([streamStatus(ev, NOW)]);
      else expect(matching.length, JSON.stringify(ev)).toBeLessThanOrEqual(1);
    }
  });

  it("moves with the clock", () => {
    const ev = { start: NOW + H, end: NOW + 2 * H };
    expect(inRange(statusRange("upcoming", NOW), ev)).toBe(true);
    expect(inRange(statusRange("live", NOW + H), ev)).toBe(true);
    expect(inRange(statusRange("finished", NOW + 2 * H), ev)).toBe(true);
    expect(inRange(statusRange("upcoming", NOW + H), ev)).toBe(false);
  });
});

describe("defaultSortDirection", () => {
  it("is ascending for upcoming, live and no status, descending for finished", () => {
    expect(defaultSortDirection("upcoming")).toBe("asc");
    expect(defaultSortDirection("live")).toBe("asc");
    expect(defaultSortDirection(undefined)).toBe("asc");
    expect(defaultSortDirection("finished")).toBe("desc");
  });
});

describe("dateBounds", () => {
  it("takes dates as whole UTC days, the end date inclusive", () => {
    expect(dateBounds("2026-11-21", "2026-11-22")).toEqual({ from: Date.UTC(2026, 10, 21), before: Date.UTC(2026, 10, 23) });
    expect(dateBounds(undefined, "2026-11-21")).toEqual({ before: Date.UTC(2026, 10, 22) });
    expect(dateBounds()).toEqual({});
  });

  it("takes a date-time as given, inclusive at both ends", () => {
    expect(dateBounds("2026-11-21T10:00:00Z", "2026-11-21T12:00:00Z")).toEqual({ from: NOW - 2 * H, before: NOW + 1 });
  });
});
