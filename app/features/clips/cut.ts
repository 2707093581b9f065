// The cutter's arithmetic (issue 11), pure so it is unit-tested: cuts snap to the source's segments and stay within
// the seekable range and the longest clip; the timeline shows a zoomed window around the cut.

export interface Span {
  start: number;
  end: number;
}

/** The first cut's length when the cutter opens. */
export const DEFAULT_CLIP_S = 30;

export const snap = (seconds: number, step: number) => Math.round(seconds / step) * step;
const clamp = (x: number, lo: number, hi: number) => Math.min(Math.max(x, lo), hi);

/** The first and last step marks inside a range (at least one step apart): where a cut's ends may sit. */
function stepBounds(range: Span, step: number): { lo: number; hi: number } {
  const lo = Math.ceil(range.start / step) * step;
  return { lo, hi: Math.max(lo + step, Math.floor(range.end / step) * step) };
}

/**
 * The cut when the cutter opens at `at`: while live, the last 30 s up to the position (what just happened); otherwise
 * 30 s from the position. Snapped, inside the range, at least one step long.
 */
export function initialCut(at: number, range: Span, live: boolean, step: number): Span {
  const { lo, hi } = stepBounds(range, step);
  // Against the edge of the range, the cut grows the other way to keep its length where there is room.
  const widen = (cut: Span): Span => ({ start: Math.max(lo, Math.min(cut.start, cut.end - DEFAULT_CLIP_S)), end: Math.min(hi, Math.max(cut.end, cut.start + DEFAULT_CLIP_S)) });
  if (live) {
    const end = clamp(snap(at, step), lo + step, hi);
    return widen({ start: Math.max(lo, end - DEFAULT_CLIP_S), end });
  }
  const start = clamp(snap(at, step), lo, hi - step);
  return widen({ start, end: Math.min(hi, start + DEFAULT_CLIP_S) });
}

/** One reading of the player for the cutter: its seekable range and position, and whether the position is settled. */
export interface PlayerReading {
  range: Span;
  time: number;
  live: boolean;
  /** The video has data at its position (readyState ≥ HAVE_CURRENT_DATA) and is not seeking. */
  steady: boolean;
}

/**
 * Whether a reading can place the first cut. Right after a stream loads, the video may still report 0 (or the old
 * position) until the player's first seek lands: a live cut made then would sit at the start of the DVR window,
 * where a sliding window soon takes it away. A steady position (data there, no seek under way) inside the range,
 * within a step, is the viewer's.
 */
export function readyToCut(r: PlayerReading, step: number): boolean {
  return r.steady && r.range.end > r.range.start && r.time >= r.range.start - step && r.time <= r.range.end + step;
}

/**
 * Keeps a cut inside a range that moved: a live DVR window slides forward, and what leaves it can no longer be cut.
 * The cut moves forward whole (its length kept where the range has room); a cut still inside is returned as is.
 */
export function followRange(cut: Span, range: Span, step: number): Span {
  const { lo, hi } = stepBounds(range, step);
  if (cut.start >= lo) return cut;
  return { start: lo, end: Math.min(hi, Math.max(lo + step, lo + (cut.end - cut.start))) };
}

/**
 * Moves one end of the cut to `to` (snapped, within the range). The other end follows when it must: the cut stays at
 * least one step and at most `max` seconds long.
 */
export function moveEdge(cut: Span, edge: "start" | "end", to: number, range: Span, step: number, max: number): Span {
  const { lo, hi } = stepBounds(range, step);
  const longest = Math.floor(max / step) * step;
  if (edge === "start") {
    const start = clamp(snap(to, step), lo, hi - step);
    const end = clamp(cut.end, start + step, Math.min(hi, start + longest));
    return { start, end };
  }
  const end = clamp(snap(to, step), lo + step, hi);
  const start = clamp(cut.start, Math.max(lo, end - longest), end - step);
  return { start, end };
}

/**
 * The timeline's zoom (issue 28): the track shows a window of `span` seconds around the cut, so a 10-s cut on a
 * 30-min DVR window is not a sliver with its handles on top of each other. The spans a viewer may pick are steps of
 * ZOOM_SPANS between the one that holds the cut inside the margins and the widest where the cut still takes
 * 1/MAX_SPAN_PER_CUT of the track (its two handles never overlap); the whole range when it is shorter.
 */
export const ZOOM_SPANS = [10, 20, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200, 14400] as const;
/** The widest window for a cut, in cut lengths: the cut keeps a twelfth of the track, wider than its two handles. */
export const MAX_SPAN_PER_CUT = 12;
/** The window the cutter opens on, in cut lengths: the cut takes about a third of the track. */
export const FIT_SPAN_PER_CUT = 3;
/** A cut nearer a window's edge than this share of it moves the window (so a handle can go on past the edge). */
export const EDGE_SHARE = 0.1;

/** The spans the timeline may show for a cut of `length` seconds in `range`, narrowest first. */
export function zoomSpans(range: Span, length: number): number[] {
  const full = range.end - range.start;
  if (full <= 0) return [0];
  const narrowest = length / (1 - 2 * EDGE_SHARE);
  const widest = Math.max(narrowest, length * MAX_SPAN_PER_CUT);
  const spans = ZOOM_SPANS.filter((s) => s >= narrowest && s <= widest).map((s) => Math.min(s, full));
  if (full <= widest) spans.push(full);
  else if (!spans.length) spans.push(widest);
  return [...new Set(spans)].sort((a, b) => a - b);
}

/** The span to show: the wanted one when allowed, else the nearest allowed; without a wish, a third of the track for the cut. */
export function pickSpan(spans: readonly number[], length: number, wanted: number | null): number {
  const goal = wanted ?? length * FIT_SPAN_PER_CUT;
  if (wanted === null) return spans.find((s) => s >= goal) ?? spans[spans.length - 1]!;
  return spans.reduce((best, s) => (Math.abs(s - goal) < Math.abs(best - goal) ? s : best), spans[0]!);
}

/** One step in (narrower) or out (wider) from `span`, or null at the end of the allowed spans. */
export function zoomStep(spans: readonly number[], span: number, direction: "in" | "out"): number | null {
  const i = spans.indexOf(span);
  const next = direction === "in" ? i - 1 : i + 1;
  return i < 0 || next < 0 || next >= spans.length ? null : spans[next]!;
}

/**
 * The window of `span` seconds the track shows: the previous window (moved back inside a range that slid) while the
 * cut stays clear of its edges, else one centred on the cut; always inside the range. Keeping it still while the cut
 * moves inside means a dragged handle does not move under the pointer.
 */
export function zoomWindow(range: Span, cut: Span, span: number, previous: Span | null): Span {
  if (span >= range.end - range.start) return range;
  const inside = (w: Span): Span => {
    const start = clamp(w.start, range.start, range.end - span);
    return { start, end: start + span };
  };
  if (previous && previous.end - previous.start === span) {
    const kept = inside(previous);
    const margin = span * EDGE_SHARE;
    const clearStart = cut.start >= kept.start + margin || kept.start <= range.start;
    const clearEnd = cut.end <= kept.end - margin || kept.end >= range.end;
    if (clearStart && clearEnd) return kept.start === previous.start ? previous : kept;
  }
  const middle = (cut.start + cut.end) / 2;
  return inside({ start: middle - span / 2, end: middle + span / 2 });
}

/** The thumbnail numbers along a window, one per slot (`{n}` of the grant's thumbnail URL: floor(t / interval)). */
export function thumbnailSlots(window: Span, slots: number, interval: number): { n: number; at: number }[] {
  const width = (window.end - window.start) / slots;
  return Array.from({ length: slots }, (_, i) => {
    const at = window.start + width * (i + 0.5);
    return { n: Math.max(0, Math.floor(at / interval)), at };
  });
}

/** Where a time sits along a window, 0–100 %. */
export const percentOf = (t: number, window: Span) => (window.end > window.start ? clamp(((t - window.start) / (window.end - window.start)) * 100, 0, 100) : 0);

/** A cut from a key play's marker (issue 27): the marker to this many seconds after it, as the key play's own clip. */
export const MARKER_CUT_S = 15;

/**
 * The cut that starts at a marker (seconds on the player's timeline): snapped to the grid like any cut, inside the
 * range, and as long as the range allows up to MARKER_CUT_S.
 */
export function cutFromMarker(marker: number, range: Span, step: number, max: number): Span {
  const { start } = moveEdge({ start: marker, end: marker + step }, "start", marker, range, step, max);
  return moveEdge({ start, end: start + step }, "end", start + Math.min(MARKER_CUT_S, max), range, step, max);
}
