// Analytics queries (issue 14): the local store's writes, and the owner dashboard's aggregates. Every query is scoped
// to one channel. Days are UTC calendar days (`strftime` on the record's time).
import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../client";
import { analyticsRecords, type NewAnalyticsRecord, type NewRequestError, requestErrors } from "../analytics-schema";
import { events, vodMediaItems } from "../catalogue-schema";
import { clips } from "../clips-schema";
import { transactions } from "../commerce-schema";

const day = (column: unknown) => sql<string>`strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch')`;

/**
 * Writes records in one statement whatever their number: the rows travel as one JSON parameter (D1 caps a
 * statement's bound parameters at 100, a batch of 50 records has 700 values).
 */
export async function insertAnalyticsRecords(db: Db, rows: readonly NewAnalyticsRecord[]): Promise<void> {
  if (!rows.length) return;
  const json = JSON.stringify(rows.map((r) => ({ ...r, data: JSON.stringify(r.data ?? {}) })));
  const f = (name: string) => sql.raw(`json_extract(j.value, '$.${name}')`);
  await db.run(sql`INSERT INTO analytics_records
    (channel_id, kind, name, at, session_uuid, user_id, video_view_uuid, stream_type, stream_id, value, value2, trk, data)
    SELECT ${f("channelId")}, ${f("kind")}, ${f("name")}, ${f("at")}, ${f("sessionUuid")}, ${f("userId")}, ${f("videoViewUuid")},
      ${f("streamType")}, ${f("streamId")}, ${f("value")}, ${f("value2")}, ${f("trk")}, ${f("data")}
    FROM json_each(${json}) AS j`);
}

/** One analytics session's records on the channel, oldest first (development: tests read what the client sent). */
export const sessionRecordsQuery = (db: Db, channelId: number, sessionUuid: string, limit: number) =>
  db
    .select()
    .from(analyticsRecords)
    .where(and(eq(analyticsRecords.channelId, channelId), eq(analyticsRecords.sessionUuid, sessionUuid)))
    .orderBy(analyticsRecords.at, analyticsRecords.id)
    .limit(limit)
    .all();

export interface DayTraffic {
  day: string;
  /** Sessions that visited a page that day. */
  visits: number;
  page_views: number;
  /** Distinct viewers (the user when signed in, else the analytics session) who watched that day. */
  viewers: number;
  minutes: number;
  rebuffer_s: number;
}

export async function dailyTrafficQuery(db: Db, channelId: number, from: number, to: number): Promise<DayTraffic[]> {
  const r = analyticsRecords;
  const range = and(eq(r.channelId, channelId), gte(r.at, from), lt(r.at, to));
  const d = day(r.at);
  const pages = await db
    .select({ day: d, visits: sql<number>`count(distinct ${r.sessionUuid})`, page_views: sql<number>`count(*)` })
    .from(r)
    .where(and(range, eq(r.kind, "event"), eq(r.name, "visit_page")))
    .groupBy(d)
    .all();
  const watching = await db
    .select({
      day: d,
      viewers: sql<number>`count(distinct coalesce('u' || ${r.userId}, ${r.sessionUuid}))`,
      minutes: sql<number>`coalesce(sum(${r.value}), 0) / 60.0`,
      rebuffer_s: sql<number>`coalesce(sum(${r.value2}), 0)`,
    })
    .from(r)
    .where(and(range, eq(r.kind, "viewing")))
    .groupBy(d)
    .all();
  const days = new Map<string, DayTraffic>();
  const at = (key: string) => days.get(key) ?? days.set(key, { day: key, visits: 0, page_views: 0, viewers: 0, minutes: 0, rebuffer_s: 0 }).get(key)!;
  for (const p of pages) Object.assign(at(p.day), { visits: p.visits, page_views: p.page_views });
  for (const w of watching) Object.assign(at(w.day), { viewers: w.viewers, minutes: w.minutes, rebuffer_s: w.rebuffer_s });
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

export interface DayStartup {
  day: string;
  plays: number;
  p50_ms: number;
  p90_ms: number;
}

/** Startup time (first_frame's startup_ms) per day: nearest-rank median and 90th percentile. */
export async function dailyStartupQuery(db: Db, channelId: number, from: number, to: number): Promise<DayStartup[]> {
  return db.all<DayStartup>(sql`
    WITH s AS (
      SELECT ${day(sql`at`)} AS day, value,
        row_number() OVER (PARTITION BY ${day(sql`at`)} ORDER BY value) AS rn,
        count(*) OVER (PARTITION BY ${day(sql`at`)}) AS n
      FROM analytics_records
      WHERE channel_id = ${channelId} AND kind = 'video_event' AND name = 'first_frame' AND value IS NOT NULL
        AND at >= ${from} AND at < ${to}
    )
    SELECT day, max(n) AS plays,
      min(CASE WHEN rn >= 0.5 * n THEN value END) AS p50_ms,
      min(CASE WHEN rn >= 0.9 * n THEN value END) AS p90_ms
    FROM s GROUP BY day ORDER BY day`);
}

export interface RangeTotals {
  visits: number;
  viewers: number;
  minutes: number;
  rebuffer_s: number;
  plays: number;
  p50_ms: number | null;
  p90_ms: number | null;
}

/** The range's totals that are not sums of its days (distinct sessions and viewers, percentiles). */
export async function rangeTotalsQuery(db: Db, channelId: number, from: number, to: number): Promise<RangeTotals> {
  const [counts] = await db.all<Omit<RangeTotals, "plays" | "p50_ms" | "p90_ms">>(sql`
    SELECT
      count(DISTINCT CASE WHEN kind = 'event' AND name = 'visit_page' THEN session_uuid END) AS visits,
      count(DISTINCT CASE WHEN kind = 'viewing' THEN coalesce('u' || user_id, session_uuid) END) AS viewers,
      coalesce(sum(CASE WHEN kind = 'viewing' THEN value END), 0) / 60.0 AS minutes,
      coalesce(sum(CASE WHEN kind = 'viewing' THEN value2 END), 0) AS rebuffer_s
    FROM analytics_records
    WHERE channel_id = ${channelId} AND kind IN ('event', 'viewing') AND at >= ${from} AND at < ${to}`);
  const [startup] = await db.all<Pick<RangeTotals, "plays" | "p50_ms" | "p90_ms">>(sql`
    WITH s AS (
      SELECT value, row_number() OVER (ORDER BY value) AS rn, count(*) OVER () AS n
      FROM analytics_records
      WHERE channel_id = ${channelId} AND kind = 'video_event' AND name = 'first_frame' AND value IS NOT NULL
        AND at >= ${from} AND at < ${to}
    )
    SELECT coalesce(max(n), 0) AS plays, min(CASE WHEN rn >= 0.5 * n THEN value END) AS p50_ms, min(CASE WHEN rn >= 0.9 * n THEN value END) AS p90_ms FROM s`);
  return { visits: counts?.visits ?? 0, viewers: counts?.viewers ?? 0, minutes: counts?.minutes ?? 0, rebuffer_s: counts?.rebuffer_s ?? 0, plays: startup?.plays ?? 0, p50_ms: startup?.p50_ms ?? null, p90_ms: startup?.p90_ms ?? null };
}

export interface StreamMinutes {
  stream_type: string;
  stream_id: number;
  minutes: number;
  viewers: number;
}

/** Minutes watched and distinct viewers per stream (event, library item, clip) over the range, most watched first. */
export async function minutesPerStreamQuery(db: Db, channelId: number, from: number, to: number, limit = 20): Promise<StreamMinutes[]> {
  const r = analyticsRecords;
  return db
    .select({
      stream_type: sql<string>`${r.streamType}`,
      stream_id: sql<number>`${r.streamId}`,
      minutes: sql<number>`coalesce(sum(${r.value}), 0) / 60.0`,
      viewers: sql<number>`count(distinct coalesce('u' || ${r.userId}, ${r.sessionUuid}))`,
    })
    .from(r)
    .where(and(eq(r.channelId, channelId), eq(r.kind, "viewing"), gte(r.at, from), lt(r.at, to)))
    .groupBy(r.streamType, r.streamId)
    .orderBy(desc(sql`3`))
    .limit(limit)
    .all();
}

export interface ConcurrentStream {
  stream_type: string;
  stream_id: number;
  viewers: number;
}

/**
 * Video views playing now: those with a record since `since` whose latest player event is not a pause, an end or
 * an error. Grouped by stream.
 */
export async function concurrentViewersQuery(db: Db, channelId: number, since: number): Promise<ConcurrentStream[]> {
  return db.all<ConcurrentStream>(sql`
    WITH latest AS (
      SELECT video_view_uuid, stream_type, stream_id, kind, name,
        row_number() OVER (PARTITION BY video_view_uuid ORDER BY at DESC, id DESC) AS rn
      FROM analytics_records
      WHERE channel_id = ${channelId} AND kind IN ('video_event', 'viewing') AND at >= ${since} AND video_view_uuid IS NOT NULL
    )
    SELECT stream_type, stream_id, count(*) AS viewers FROM latest
    WHERE rn = 1 AND NOT (kind = 'video_event' AND name IN ('pause', 'complete', 'error'))
    GROUP BY stream_type, stream_id ORDER BY viewers DESC`);
}

export interface DaySales {
  day: string;
  currency: string;
  orders: number;
  /** Minor units: charges and renewals paid, less refunds. */
  amount: number;
}

/** Sales per day from the payments themselves (transactions), not from what browsers reported. */
export async function dailySalesQuery(db: Db, channelId: number, from: number, to: number): Promise<DaySales[]> {
  const t = transactions;
  const d = day(t.createdAt);
  return db
    .select({
      day: d,
      currency: t.currency,
      orders: sql<number>`count(distinct CASE WHEN ${t.kind} != 'refund' THEN ${t.orderId} END)`,
      amount: sql<number>`coalesce(sum(CASE WHEN ${t.kind} = 'refund' THEN -${t.amount} ELSE ${t.amount} END), 0)`,
    })
    .from(t)
    .where(and(eq(t.channelId, channelId), sql`${t.status} IN ('paid', 'refunded')`, gte(t.createdAt, from), lt(t.createdAt, to)))
    .groupBy(d, t.currency)
    .orderBy(d)
    .all();
}

/** The stored titles (localized JSON) of the streams named, keyed "type:id": events, library items and clips. */
export async function streamTitlesQuery(db: Db, channelId: number, streams: readonly { stream_type: string; stream_id: number }[]): Promise<Map<string, unknown>> {
  const ids = (...types: string[]) => [...new Set(streams.filter((x) => types.includes(x.stream_type)).map((x) => x.stream_id))];
  const some = (list: number[]) => (list.length ? list : [0]);
  const eventIds = ids("live", "replay");
  const vodIds = ids("vod");
  const clipIds = ids("clip");
  const [eventRows, vodRows, clipRows] = await db.batch([
    db.select({ id: events.id, name: events.name }).from(events).where(and(eq(events.channelId, channelId), inArray(events.id, some(eventIds)))),
    db.select({ id: vodMediaItems.id, title: vodMediaItems.title }).from(vodMediaItems).where(and(eq(vodMediaItems.channelId, channelId), inArray(vodMediaItems.id, some(vodIds)))),
    db.select({ id: clips.id, name: clips.name }).from(clips).where(and(eq(clips.channelId, channelId), inArray(clips.id, some(clipIds)))),
  ]);
  const titles = new Map<string, unknown>();
  for (const r of eventRows) titles.set(`live:${r.id}`, r.name).set(`replay:${r.id}`, r.name);
  for (const r of vodRows) titles.set(`vod:${r.id}`, r.title);
  for (const r of clipRows) titles.set(`clip:${r.id}`, r.name);
  return titles;
}

export async function insertRequestError(db: Db, row: NewRequestError): Promise<void> {
  await db.insert(requestErrors).values(row);
}

/** The channel's latest request errors in the range, newest first. */
export async function requestErrorsQuery(db: Db, channelId: number, from: number, to: number, limit: number) {
  return db
    .select()
    .from(requestErrors)
    .where(and(eq(requestErrors.channelId, channelId), gte(requestErrors.at, from), lt(requestErrors.at, to)))
    .orderBy(desc(requestErrors.at), desc(requestErrors.id))
    .limit(limit)
    .all();
}
