// The cutter's arithmetic (issue 11): the first cut, moving either end (snapped, one step at least, 5 minutes at
// most, inside the seekable range), the ten-minute window of a long timeline, and its thumbnail slots; when a reading of
// the player may place the first cut, and a cut kept inside a live DVR window that slides.
import { describe, expect, it } from "vitest";
import { cutFromMarker, followRange, initialCut, MARKER_CUT_S, moveEdge, percentOf, readyToCut, thumbnailSlots, timelineWindow } from "~/features/clips/cut";

const RANGE = { start: 0, end: 7200 };

describe("initialCut", () => {
  it("on demand: 30 s from the position, snapped; live: the 30 s up to the position", () => {
    expect(initialCut(61.3, RANGE, false, 2)).toEqual({ start: 62, end: 92 });
    expect(initialCut(61.3, { start: 1000, end: 2800 }, true, 2)).toEqual({ start: 1000, end: 1030 });
    expect(initialCut(2500.9, { start: 1000, end: 2800 }, true, 2)).toEqual({ start: 2470, end: 2500 });
  });

  it("stays inside a short or nearly finished range", () => {
    expect(initialCut(7199, RANGE, false, 2)).toEqual({ start: 7170, end: 7200 });
    expect(initialCut(3, { start: 0, end: 10 }, true, 2)).toEqual({ start: 0, end: 10 });
    expect(initialCut(0, { start: 0, end: 12 }, false, 2)).toEqual({ start: 0, end: 12 });
  });
});

describe("readyToCut", () => {
  // A live event 32 min in: its 30-min DVR window starts at 120 s.
  const live = { range: { start: 120, end: 1920 }, live: true, steady: true };
  it("takes a steady position inside the range", () => {
    expect(readyToCut({ ...live, time: 1910 }, 2)).toBe(true);
    expect(readyToCut({ ...live, time: 1921 }, 2)).toBe(true);
    expect(readyToCut({ range: { start: 0, end: 600 }, time: 0, live: false, steady: true }, 2)).toBe(true);
  });

  it("waits while the stream is still landing: position 0 before the first seek, seeking, no metadata, no range", () => {
    // The CI failure: a cut made from 0 sat at the window's start (120–150), which the window then slid past.
    expect(readyToCut({ ...live, time: 0 }, 2)).toBe(false);
    expect(readyToCut({ ...live, time: 1910, steady: false }, 2)).toBe(false);
    expect(readyToCut({ ...live, time: 1925 }, 2)).toBe(false);
    expect(readyToCut({ range: { start: 0, end: 0 }, time: 0, live: true, steady: true }, 2)).toBe(false);
  });
});

describe("followRange", () => {
  it("leaves a cut inside the range as it is (the same object)", () => {
    const cut = { start: 1880, end: 1910 };
    expect(followRange(cut, { start: 120, end: 1920 }, 2)).toBe(cut);
    expect(followRange({ start: 120, end: 150 }, { start: 119.5, end: 1920 }, 2)).toEqual({ start: 120, end: 150 });
  });

  it("moves a cut the DVR window slid past forward whole, snapped, and within the range", () => {
    expect(followRange({ start: 120, end: 150 }, { start: 128.4, end: 1928 }, 2)).toEqual({ start: 130, end: 160 });
    expect(followRange({ start: 100, end: 400 }, { start: 110, end: 300 }, 2)).toEqual({ start: 110, end: 300 });
    expect(followRange({ start: 100, end: 130 }, { start: 131, end: 131 }, 2)).toEqual({ start: 132, end: 134 });
  });
});

describe("moveEdge", () => {
  const cut = { start: 100, end: 130 };
  it("moves one end, snapped to the step", () => {
    expect(moveEdge(cut, "start", 90.9, RANGE, 2, 300)).toEqual({ start: 90, end: 130 });
    expect(moveEdge(cut, "end", 161.2, RANGE, 2, 300)).toEqual({ start: 100, end: 162 });
  });

  it("pushes the other end to keep one step at least and 5 minutes at most", () => {
    expect(moveEdge(cut, "start", 140, RANGE, 2, 300)).toEqual({ start: 140, end: 142 });
    expect(moveEdge(cut, "end", 90, RANGE, 2, 300)).toEqual({ start: 88, end: 90 });
    expect(moveEdge(cut, "end", 500, RANGE, 2, 300)).toEqual({ start: 200, end: 500 });
    expect(moveEdge({ start: 400, end: 500 }, "start", 10, RANGE, 2, 300)).toEqual({ start: 10, end: 310 });
  });

  it("never leaves the range (a live edge, a DVR window's start)", () => {
    const live = { start: 1000, end: 2800 };
    expect(moveEdge({ start: 2700, end: 2750 }, "end", 2900, live, 2, 300)).toEqual({ start: 2700, end: 2800 });
    expect(moveEdge({ start: 1100, end: 1150 }, "start", 900, live, 2, 300)).toEqual({ start: 1000, end: 1150 });
  });
});

describe("timelineWindow and thumbnails", () => {
  it("shows a short range whole, and ten minutes around the cut of a long one", () => {
    expect(timelineWindow({ start: 0, end: 120 }, { start: 10, end: 40 })).toEqual({ start: 0, end: 120 });
    expect(timelineWindow(RANGE, { start: 3600, end: 3630 })).toEqual({ start: 3315, end: 3915 });
    expect(timelineWindow(RANGE, { start: 10, end: 40 })).toEqual({ start: 0, end: 600 });
    expect(timelineWindow(RANGE, { start: 7180, end: 7200 })).toEqual({ start: 6600, end: 7200 });
  });

  it("places thumbnails in the middle of equal slots", () => {
    expect(thumbnailSlots({ start: 0, end: 80 }, 4, 10)).toEqual([
      { n: 1, at: 10 },
      { n: 3, at: 30 },
      { n: 5, at: 50 },
      { n: 7, at: 70 },
    ]);
    expect(percentOf(150, { start: 100, end: 200 })).toBe(50);
    expect(percentOf(50, { start: 100, end: 200 })).toBe(0);
  });
});

describe("a cut from a key play's marker (issue 27)", () => {
  const range = { start: 0, end: 600 };
  it("starts at the marker, on the grid, and lasts MARKER_CUT_S", () => {
    // 15 s from the grid point at 122 s ends at 137 s, which the grid rounds to 138 s.
    expect(MARKER_CUT_S).toBe(15);
    expect(cutFromMarker(121.4, range, 2, 300)).toEqual({ start: 122, end: 138 });
    expect(cutFromMarker(120, range, 2, 300)).toEqual({ start: 120, end: 136 });
  });
  it("stays inside the range: a marker by the live edge is cut up to it, one near the window's start from it", () => {
    expect(cutFromMarker(595, range, 2, 300)).toEqual({ start: 596, end: 600 });
    expect(cutFromMarker(-3, { start: 10, end: 600 }, 2, 300)).toEqual({ start: 10, end: 26 });
  });
  it("never past the longest clip", () => {
    expect(cutFromMarker(100, range, 2, 10)).toEqual({ start: 100, end: 110 });
  });
});
