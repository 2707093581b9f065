// The cutter's arithmetic (issue 11): the first cut, moving either end (snapped, one step at least, 5 minutes at
// most, inside the seekable range), the ten-minute window of a long timeline, and its thumbnail slots; when a reading of
// the player may place the first cut, and a cut kept inside a live DVR window that slides.
import { describe, expect, it } from "vitest";
import { cutFromMarker, MAX_SPAN_PER_CUT, followRange, initialCut, MARKER_CUT_S, moveEdge, percentOf, pickSpan, readyToCut, thumbnailSlots, zoomSpans, zoomStep, zoomWindow } from "~/features/clips/cut";

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

describe("the timeline's zoom (issue 28)", () => {
  const live = { start: 0, end: 1800 };
  it("offers spans from one that holds the cut to one where the cut still takes a twelfth of the track", () => {
    // A 10-s cut: at least 12.5 s (its margins), at most 120 s.
    expect(zoomSpans(live, 10)).toEqual([20, 30, 60, 120]);
    // A 5-min cut on a 30-min window: the whole window is the widest.
    expect(zoomSpans(live, 300)).toEqual([600, 1200, 1800]);
    // A short range: never wider than it.
    expect(zoomSpans({ start: 0, end: 45 }, 10)).toEqual([20, 30, 45]);
    // A cut as long as the range: the range.
    expect(zoomSpans({ start: 0, end: 30 }, 30)).toEqual([30]);
  });

  it("opens with the cut about a third of the track, and keeps a wish the cut allows", () => {
    expect(pickSpan([20, 30, 60, 120], 10, null)).toBe(30);
    expect(pickSpan([60, 120, 300, 600], 30, null)).toBe(120);
    expect(pickSpan([20, 30, 60, 120], 10, 60)).toBe(60);
    // A wish the cut no longer allows (it shrank): the nearest allowed span.
    expect(pickSpan([20, 30, 60, 120], 10, 600)).toBe(120);
  });

  it("zooms one step in or out, and stops at the ends", () => {
    expect(zoomStep([20, 30, 60, 120], 30, "in")).toBe(20);
    expect(zoomStep([20, 30, 60, 120], 30, "out")).toBe(60);
    expect(zoomStep([20, 30, 60, 120], 20, "in")).toBeNull();
    expect(zoomStep([20, 30, 60, 120], 120, "out")).toBeNull();
  });

  it("a 10-s cut on a 30-min window: its handles a third of the track apart, never on top of each other", () => {
    const cut = { start: 900, end: 910 };
    const span = pickSpan(zoomSpans(live, 10), 10, null);
    const window = zoomWindow(live, cut, span, null);
    expect(window).toEqual({ start: 890, end: 920 });
    expect(percentOf(cut.end, window) - percentOf(cut.start, window)).toBeGreaterThan(100 / MAX_SPAN_PER_CUT);
  });

  it("centres on the cut, inside the range, and stays still while the cut moves clear of its edges", () => {
    expect(zoomWindow(live, { start: 10, end: 40 }, 120, null)).toEqual({ start: 0, end: 120 });
    expect(zoomWindow(live, { start: 1780, end: 1800 }, 120, null)).toEqual({ start: 1680, end: 1800 });
    expect(zoomWindow({ start: 0, end: 100 }, { start: 10, end: 40 }, 120, null)).toEqual({ start: 0, end: 100 });
    const before = { start: 840, end: 960 };
    // Still (the same window): the start moved 10 s left, 26 s from the edge (the margin is 12 s).
    expect(zoomWindow(live, { start: 870, end: 930 }, 120, before)).toBe(before);
    // Into the margin: centred again, so the handle can go on.
    expect(zoomWindow(live, { start: 846, end: 930 }, 120, before)).toEqual({ start: 828, end: 948 });
    // Another span: centred on the cut.
    expect(zoomWindow(live, { start: 870, end: 930 }, 300, before)).toEqual({ start: 750, end: 1050 });
    // A live range that slid past the window: moved back inside.
    expect(zoomWindow({ start: 900, end: 2700 }, { start: 950, end: 980 }, 120, before)).toEqual({ start: 900, end: 1020 });
  });
});

describe("thumbnails", () => {
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
