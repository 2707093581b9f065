// IANA time zones as iCalendar needs them (RFC 5545 §3.6.5), from the runtime's own zone data (Intl): the UTC
// offset at an instant, a wall-clock time in a zone, and the offset transitions of a span of years. Pure.

export const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A wall-clock time: what a clock in the zone shows. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** An offset change: at `at` (epoch ms) the zone goes from `from` to `to` minutes east of UTC. */
export interface Transition {
  at: number;
  from: number;
  to: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    // hourCycle h23: midnight is 00, never 24 (some engines answer 24 with hour12: false).
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether the runtime knows the zone (the catalogue validates zones, but a feed must never fail on one). */
export { isKnownZone } from "../../contract/time-zones";

export function wallTime(ms: number, zone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(ms))) if (p.type !== "literal") parts[p.type] = Number(p.value);
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour % 24, minute: parts.minute, second: parts.second };
}

/** Minutes east of UTC in `zone` at the instant `ms`. */
export function offsetAt(ms: number, zone: string): number {
  const w = wallTime(ms, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / MINUTE_MS);
}

/**
 * Every offset change in [from, to): sampled weekly (real zones change at most twice a year, months apart), then
 * each change is narrowed to the minute by bisection.
 */
export function transitions(zone: string, from: number, to: number): Transition[] {
  const out: Transition[] = [];
  const step = 7 * DAY_MS;
  let t = from;
  let offset = offsetAt(t, zone);
  while (t < to) {
    const next = Math.min(t + step, to);
    const nextOffset = offsetAt(next, zone);
    if (nextOffset !== offset) {
      let lo = t;
      let hi = next;
      while (hi - lo > MINUTE_MS) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
        if (offsetAt(mid, zone) === offset) lo = mid;
        else hi = mid;
      }
      out.push({ at: hi, from: offset, to: offsetAt(hi, zone) });
      offset = offsetAt(hi, zone);
    }
    t = next;
  }
  return out;
}
