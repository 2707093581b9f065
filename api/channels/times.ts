// Catalogue times (issues 3 and 24). A time is absolute (`{utc}`) or relative: `{minutes}` / `{seconds}` from an
// anchor, or `{days, at}`, a wall-clock time some days from today in a time zone. A fixed channel resolves its
// relative times once, when it is loaded; a rolling one keeps them and reads them against the clock
// (`rollingStart`), so a demo channel has live, upcoming and finished games on any day. Pure: time is a parameter.
import type { RelativeTime } from "./catalogue";

export const DAY_MS = 86_400_000;

// Building a formatter is the costly part of reading a zone; a roll reads the same one or two zones many times.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock parts of an instant in a time zone. */
export function zonedParts(ms: number, timeZone: string) {
  const parts = formatter(timeZone).formatToParts(ms);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute"), second: get("second") };
}

/** The UTC instant of a wall-clock time in a time zone (the earlier one when a DST change makes it ambiguous). */
export function zonedTimeToUtc(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wall;
  for (let i = 0; i < 3; i++) {
    const p = zonedParts(guess, timeZone);
    const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - guess;
    const next = wall - offset;
    if (next === guess) break;
    guess = next;
  }
  return guess;
}

/** The local calendar date of an instant, as the epoch ms of that date's UTC midnight (comparable, day arithmetic). */
const localDate = (ms: number, timeZone: string) => {
  const p = zonedParts(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day);
};

/**
 * A zone's local date at `now` and the next local midnight, kept for the last `now` the zone was read at: loading or
 * rolling a channel reads every event at one now, and reading a zone is the costly part (tens of µs each).
 */
const lastRead = new Map<string, { now: number; today: number; midnight?: number }>();
function readAt(now: number, timeZone: string) {
  let read = lastRead.get(timeZone);
  if (read?.now !== now) lastRead.set(timeZone, (read = { now, today: localDate(now, timeZone) }));
  return read;
}

/** Epoch ms of a relative time, from `now` (epoch ms); `{days, at}` is a wall-clock time in `timeZone`. */
export function resolveStart(t: RelativeTime, now: number, timeZone: string): number {
  if ("utc" in t) return Date.parse(t.utc);
  if ("minutes" in t) return Math.floor(now / 60_000) * 60_000 + t.minutes * 60_000;
  if ("seconds" in t) return Math.floor(now / 1000) * 1000 + t.seconds * 1000;
  // Calendar arithmetic on the local date (UTC noon avoids any day-boundary surprise), then back to UTC.
  const target = new Date(readAt(now, timeZone).today + 12 * 3_600_000 + t.days * DAY_MS);
  const [hour, minute] = t.at.split(":").map(Number);
  return zonedTimeToUtc(target.getUTCFullYear(), target.getUTCMonth() + 1, target.getUTCDate(), hour, minute, timeZone);
}

/**
 * The first instant after `now` on another local date in `timeZone`: local midnight, or where a DST change skips
 * midnight (America/Santiago, America/Havana) the first instant that exists on the new date.
 */
export function nextLocalMidnight(now: number, timeZone: string): number {
  const read = readAt(now, timeZone);
  return (read.midnight ??= findNextMidnight(now, read.today + DAY_MS, timeZone));
}

function findNextMidnight(now: number, tomorrow: number, timeZone: string): number {
  const d = new Date(tomorrow);
  const guess = zonedTimeToUtc(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), 0, 0, timeZone);
  if (guess > now && localDate(guess, timeZone) >= tomorrow && localDate(guess - 1, timeZone) < tomorrow) return guess;
  // The guess missed the change of date (a skipped midnight): search for it, to the millisecond, within two days.
  let before = now;
  let after = now + 2 * DAY_MS;
  while (after - before > 1) {
    const mid = before + Math.floor((after - before) / 2);
    if (localDate(mid, timeZone) >= tomorrow) after = mid;
    else before = mid;
  }
  return after;
}

/** A time that rolls: every relative one. An absolute time never moves. */
export type RollingTime = Exclude<RelativeTime, { utc: string }>;
export const isRollingTime = (t: RelativeTime): t is RollingTime => !("utc" in t);

/** Where a time stands at `now` on a rolling schedule, and until when that holds (null: for good). */
export interface RolledTime {
  start: number;
  until: number | null;
}

/**
 * A time read at `now` on a schedule anchored at `anchor` (when the channel was loaded; a fixed channel reads its
 * relative times once, at now = anchor, where every rule below gives what resolveStart gives):
 * - `{utc}` never moves;
 * - `{days, at}` counts its days from today's date in `timeZone`, so it moves a day forward at each local midnight;
 * - `{minutes}` / `{seconds}` live at the anchor (started, not over) is a slot that repeats back to back every
 *   `durationMs` from anchor + offset: the occurrence that contains now, so the game is live at any hour and its
 *   DVR window grows from the occurrence's start, then slides;
 * - `{minutes}` / `{seconds}` not live at the anchor keeps its offset from the anchor, moved by the whole days since
 *   the anchor (it rolls every 24 h after it).
 */
export function rollingStart(t: RelativeTime, anchor: number, now: number, timeZone: string, durationMs: number): RolledTime {
  if ("utc" in t) return { start: Date.parse(t.utc), until: null };
  if ("days" in t) return { start: resolveStart(t, now, timeZone), until: nextLocalMidnight(now, timeZone) };
  const base = resolveStart(t, anchor, timeZone);
  if (durationMs > 0 && base <= anchor && anchor < base + durationMs) {
    const start = base + Math.floor((now - base) / durationMs) * durationMs;
    return { start, until: start + durationMs };
  }
  const days = Math.floor((now - anchor) / DAY_MS);
  return { start: base + days * DAY_MS, until: anchor + (days + 1) * DAY_MS };
}

/** The earliest of some instants (null: none of them ever changes). */
export function earliest(instants: Iterable<number | null>): number | null {
  let min: number | null = null;
  for (const t of instants) if (t !== null && (min === null || t < min)) min = t;
  return min;
}
