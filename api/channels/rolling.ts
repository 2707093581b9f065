// The rolling schedule's rows (issue 24): what an event or library row of a rolling channel keeps of its relative
// time (its rule column), and a roll, which reads those rows at a new `now` and says which times moved and when the
// channel must roll next. Every list, status and manifest keeps reading event_utc_ts / end_utc_ts and date as stored;
// the roll keeps them current. Pure.
import { earliest, rollingStart, type RollingTime } from "./times";

/** events.start_rule: the event's relative start (its zone is the row's time_zone, its length end − start). */
export type StartRule = RollingTime;

/** vod_media_items.date_rule: a relative date in the catalogue's zone, or "the end of its event" (which may roll). */
export type DateRule = { date: RollingTime; time_zone: string } | { event_end: true };

/** A rule as a rule column holds it, its keys in one order (a roll compares the text to see the rule unchanged). */
export function ruleJson(t: RollingTime): string {
  if ("days" in t) return JSON.stringify({ days: t.days, at: t.at });
  return "minutes" in t ? JSON.stringify({ minutes: t.minutes }) : JSON.stringify({ seconds: t.seconds });
}

/** A library date's rule column: its own relative date in the catalogue's zone, or the end of a rolling event. */
export function dateRuleJson(rule: { date: RollingTime; time_zone: string } | "event_end"): string {
  return rule === "event_end" ? JSON.stringify({ event_end: true }) : `{"date":${ruleJson(rule.date)},"time_zone":${JSON.stringify(rule.time_zone)}}`;
}

export interface RollingEventRow {
  id: number;
  /** start_rule as stored (JSON text). */
  rule: string;
  timeZone: string;
  start: number;
  end: number;
}

export interface RollingVodRow {
  id: number;
  /** date_rule as stored (JSON text). */
  rule: string;
  date: number;
  /** The event's row, for a date that follows it. */
  event: { id: number; rule: string | null; timeZone: string; start: number; end: number } | null;
}

export interface Roll {
  /** Rows whose times moved, with the rule (and zone) they were computed from. */
  events: (RollingEventRow & { start: number; end: number })[];
  vods: { id: number; rule: string; date: number }[];
  /** When a time next changes (null: none ever does). */
  next: number | null;
}

const parse = <T>(json: string): T | null => {
  try {
    return JSON.parse(json) as T;
  } catch {
    return null;
  }
};

/** An event row at `now`: where it starts and ends, and until when (null: it does not roll). */
export function rollEvent(row: Pick<RollingEventRow, "rule" | "timeZone" | "start" | "end">, anchor: number, now: number) {
  const rule = parse<StartRule>(row.rule);
  if (!rule) return { start: row.start, end: row.end, until: null };
  const length = row.end - row.start;
  const { start, until } = rollingStart(rule, anchor, now, row.timeZone, length);
  return { start, end: start + length, until };
}

/** The channel's rolling rows read at `now` on the schedule anchored at `anchor`. */
export function rollRows(anchor: number, now: number, events: RollingEventRow[], vods: RollingVodRow[]): Roll {
  const untils: (number | null)[] = [];
  const movedEvents: Roll["events"] = [];
  for (const row of events) {
    const next = rollEvent(row, anchor, now);
    untils.push(next.until);
    if (next.start !== row.start || next.end !== row.end) movedEvents.push({ ...row, start: next.start, end: next.end });
  }
  const movedVods: Roll["vods"] = [];
  for (const row of vods) {
    const rule = parse<DateRule>(row.rule);
    if (!rule) continue;
    let date: number;
    if ("event_end" in rule) {
      if (!row.event) continue;
      const event = row.event.rule === null ? { end: row.event.end, until: null } : rollEvent({ ...row.event, rule: row.event.rule }, anchor, now);
      date = event.end;
      untils.push(event.until);
    } else {
      const rolled = rollingStart(rule.date, anchor, now, rule.time_zone, 0);
      date = rolled.start;
      untils.push(rolled.until);
    }
    if (date !== row.date) movedVods.push({ id: row.id, rule: row.rule, date });
  }
  return { events: movedEvents, vods: movedVods, next: earliest(untils) };
}
