// A rolling channel's schedule in D1 (issue 24, docs/decisions/027): the channel's anchor and roll times, and the
// event and library rows that keep a rule. A roll reads them in one batch and writes what moved in another.
import type { Roll, RollingEventRow, RollingVodRow } from "../../channels/rolling";

export interface ChannelSchedule {
  /** When the channel was loaded (null: a fixed channel). */
  anchor: number | null;
  /** The `now` its rolling rows were last computed for. */
  rolledAt: number | null;
  /** When a rolling time next changes (null: never). */
  nextRollAt: number | null;
}

interface VodJoinRow {
  id: number;
  rule: string;
  date: number;
  eventId: number | null;
  eventRule: string | null;
  eventTimeZone: string | null;
  eventStart: number | null;
  eventEnd: number | null;
}

const at = (i: number) => `json_extract(j.value, '$[${i}]')`;
/** This roll is the channel's latest: its now (?2) and anchor (?3) are the ones the channel row holds. */
const LATEST = "EXISTS (SELECT 1 FROM channels AS c WHERE c.id = ?1 AND c.rolled_at = ?2 AND c.schedule_anchor = ?3)";

/**
 * The SQL of a roll (the query-plan test reads it too): every row reached by channel_id or its primary key. A move
 * walks the rows it names and finds each by id (the unary + keeps SQLite from walking the channel's index instead).
 */
export const ROLL_SQL = {
  channel: "SELECT schedule_anchor AS anchor, rolled_at AS rolledAt, next_roll_at AS nextRollAt FROM channels WHERE id = ?1",
  events:
    'SELECT id, start_rule AS rule, time_zone AS timeZone, event_utc_ts AS start, end_utc_ts AS "end" FROM events ' +
    "WHERE channel_id = ?1 AND start_rule IS NOT NULL",
  vods:
    "SELECT v.id, v.date_rule AS rule, v.date, e.id AS eventId, e.start_rule AS eventRule, e.time_zone AS eventTimeZone, " +
    "e.event_utc_ts AS eventStart, e.end_utc_ts AS eventEnd FROM vod_media_items AS v " +
    "LEFT JOIN events AS e ON e.id = v.event_id AND e.channel_id = v.channel_id WHERE v.channel_id = ?1 AND v.date_rule IS NOT NULL",
  claim: "UPDATE channels SET rolled_at = ?2, next_roll_at = ?4 WHERE id = ?1 AND schedule_anchor = ?3 AND (rolled_at IS NULL OR rolled_at <= ?2)",
  moveEvents:
    `UPDATE events AS t SET event_utc_ts = ${at(1)}, end_utc_ts = ${at(2)} FROM json_each(?4) AS j ` +
    `WHERE t.id = ${at(0)} AND +t.channel_id = ?1 AND t.start_rule = ${at(3)} AND t.time_zone = ${at(4)} ` +
    `AND (t.event_utc_ts IS NOT ${at(1)} OR t.end_utc_ts IS NOT ${at(2)}) AND ${LATEST}`,
  moveVods:
    `UPDATE vod_media_items AS t SET date = ${at(1)} FROM json_each(?4) AS j ` +
    `WHERE t.id = ${at(0)} AND +t.channel_id = ?1 AND t.date_rule = ${at(2)} AND t.date IS NOT ${at(1)} AND ${LATEST}`,
  next: "SELECT next_roll_at AS nextRollAt FROM channels WHERE id = ?1",
  due: "SELECT id FROM channels WHERE next_roll_at <= ?1",
} as const;

export async function readRollingRows(d1: D1Database, channelId: number) {
  const [channel, events, vods] = await d1.batch<unknown>([
    d1.prepare(ROLL_SQL.channel).bind(channelId),
    d1.prepare(ROLL_SQL.events).bind(channelId),
    d1.prepare(ROLL_SQL.vods).bind(channelId),
  ]);
  return {
    schedule: (channel.results[0] as ChannelSchedule | undefined) ?? null,
    events: events.results as RollingEventRow[],
    vods: (vods.results as VodJoinRow[]).map(
      (v): RollingVodRow => ({
        id: v.id,
        rule: v.rule,
        date: v.date,
        event: v.eventId === null ? null : { id: v.eventId, rule: v.eventRule, timeZone: v.eventTimeZone!, start: v.eventStart!, end: v.eventEnd! },
      }),
    ),
  };
}

const ROWS_PER_STATEMENT = 100;
const chunks = <T>(list: T[]) => Array.from({ length: Math.ceil(list.length / ROWS_PER_STATEMENT) }, (_, i) => list.slice(i * ROWS_PER_STATEMENT, (i + 1) * ROWS_PER_STATEMENT));

/**
 * Writes a roll computed at `now` on the schedule anchored at `anchor`, in one batch, and answers the channel's next
 * roll time as the batch leaves it. The rows move only if this roll is the channel's latest (a roll at a later now,
 * or a reload with a new anchor, wins whatever the order two isolates commit in), and a row only if it still has
 * the rule (and zone) the roll read: an event the console made absolute meanwhile keeps its time.
 */
export async function writeRoll(d1: D1Database, channelId: number, anchor: number, now: number, roll: Roll): Promise<number | null> {
  const results = await d1.batch<{ nextRollAt: number | null }>([
    d1.prepare(ROLL_SQL.claim).bind(channelId, now, anchor, roll.next),
    ...chunks(roll.events).map((rows) =>
      d1.prepare(ROLL_SQL.moveEvents).bind(channelId, now, anchor, JSON.stringify(rows.map((r) => [r.id, r.start, r.end, r.rule, r.timeZone]))),
    ),
    ...chunks(roll.vods).map((rows) => d1.prepare(ROLL_SQL.moveVods).bind(channelId, now, anchor, JSON.stringify(rows.map((r) => [r.id, r.date, r.rule])))),
    d1.prepare(ROLL_SQL.next).bind(channelId),
  ]);
  return results[results.length - 1].results[0]?.nextRollAt ?? null;
}

/** Rolling channels whose next roll time has come by `now` (the Cron Trigger rolls them). */
export async function dueChannels(d1: D1Database, now: number): Promise<number[]> {
  const { results } = await d1.prepare(ROLL_SQL.due).bind(now).all<{ id: number }>();
  return results.map((r) => r.id);
}
