// The stream status of an event follows from the clock (it is not stored): upcoming before event_utc_ts, live
// until end_utc_ts, then finished (on demand). The same rule, as time bounds, drives the SQL filter.
import type { StreamStatus } from "../contract/catalogue";

export interface EventTimes {
  /** Start, epoch ms. */
  start: number;
  /** End, epoch ms. */
  end: number;
}

/** Bounds on start and end that select the events of one status at `now` (all optional, all inclusive/exclusive as named). */
export interface StatusRange {
  startAfter?: number;
  startAtOrBefore?: number;
  endAfter?: number;
  endAtOrBefore?: number;
}

export function streamStatus(event: EventTimes, now: number): StreamStatus {
  if (now < event.start) return "upcoming";
  if (now < event.end) return "live";
  return "finished";
}

/** The status rule as bounds. For every event exactly one status's range matches, and it is `streamStatus`. */
export function statusRange(status: StreamStatus, now: number): StatusRange {
  switch (status) {
    case "upcoming":
      return { startAfter: now };
    case "live":
      return { startAtOrBefore: now, endAfter: now };
    case "finished":
      // Bounding the start too keeps a bad row (end before start) in one status only.
      return { startAtOrBefore: now, endAtOrBefore: now };
  }
}

export function inRange(range: StatusRange, event: EventTimes): boolean {
  if (range.startAfter !== undefined && !(event.start > range.startAfter)) return false;
  if (range.startAtOrBefore !== undefined && !(event.start <= range.startAtOrBefore)) return false;
  if (range.endAfter !== undefined && !(event.end > range.endAfter)) return false;
  if (range.endAtOrBefore !== undefined && !(event.end <= range.endAtOrBefore)) return false;
  return true;
}

/** Soonest first for what is coming or running, latest first for what is over; chronological otherwise. */
export function defaultSortDirection(status: StreamStatus | undefined): "asc" | "desc" {
  return status === "finished" ? "desc" : "asc";
}

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * start_date/end_date as bounds on the start time. A date means the whole UTC day (end_date inclusive); a date-time
 * is taken as given. Returns `from` (inclusive) and `before` (exclusive).
 */
export function dateBounds(startDate?: string, endDate?: string): { from?: number; before?: number } {
  const out: { from?: number; before?: number } = {};
  if (startDate) out.from = Date.parse(DATE_ONLY.test(startDate) ? `${startDate}T00:00:00Z` : startDate);
  if (endDate) out.before = DATE_ONLY.test(endDate) ? Date.parse(`${endDate}T00:00:00Z`) + DAY_MS : Date.parse(endDate) + 1;
  return out;
}
