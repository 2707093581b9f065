// The owner dashboard (issue 14): audience, viewing, sales and quality of experience per UTC day, what is playing
// now, and the most watched streams. Viewing comes from the analytics store; sales from the payments themselves.
import {
  ANALYTICS_MESSAGES,
  type AnalyticsDashboard,
  CONCURRENT_WINDOW_MS,
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_MAX_DAYS,
  type DashboardDay,
  type RequestErrorEntry,
  STREAM_TYPES,
  type StreamType,
} from "../../contract/datalake";
import type { Db } from "../../db/client";
import {
  concurrentViewersQuery,
  dailySalesQuery,
  dailyStartupQuery,
  dailyTrafficQuery,
  minutesPerStreamQuery,
  rangeTotalsQuery,
  requestErrorsQuery,
  streamTitlesQuery,
} from "../../db/repos/analytics";
import { ApiError } from "../../lib/errors";
import { type Lang, tr } from "../lang";

const DAY_MS = 86_400_000;

export interface DashboardScope {
  db: Db;
  channelId: number;
  currency: string;
  now: number;
}

export interface DayRange {
  from: string;
  to: string;
  /** ms epoch: from's midnight UTC, and the midnight after `to`. */
  start: number;
  end: number;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The asked range of UTC days (both ends included); by default the last DASHBOARD_DEFAULT_DAYS, today included. */
export function dayRange(asked: { from?: string; to?: string }, now: number): DayRange {
  const to = asked.to ?? dayOf(now);
  const from = asked.from ?? dayOf(Date.parse(to) - (DASHBOARD_DEFAULT_DAYS - 1) * DAY_MS);
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start || end - start > DASHBOARD_MAX_DAYS * DAY_MS) {
    throw new ApiError(422, ANALYTICS_MESSAGES.range, { from: [ANALYTICS_MESSAGES.range] });
  }
  return { from, to, start, end };
}

/** Every day of the range, oldest first, so the charts have no gaps. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let t = range.start; t < range.end; t += DAY_MS) days.push(dayOf(t));
  return days;
}

const ratio = (rebuffer: number, minutes: number) => (rebuffer + minutes * 60 > 0 ? rebuffer / (rebuffer + minutes * 60) : null);
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const isStreamType = (t: string): t is StreamType => (STREAM_TYPES as readonly string[]).includes(t);

export async function dashboard(s: DashboardScope, range: DayRange, lang: Lang): Promise<AnalyticsDashboard> {
  const { db, channelId } = s;
  const [traffic, startup, sales, totals, top, playing] = await Promise.all([
    dailyTrafficQuery(db, channelId, range.start, range.end),
    dailyStartupQuery(db, channelId, range.start, range.end),
    dailySalesQuery(db, channelId, range.start, range.end),
    rangeTotalsQuery(db, channelId, range.start, range.end),
    minutesPerStreamQuery(db, channelId, range.start, range.end),
    concurrentViewersQuery(db, channelId, s.now - CONCURRENT_WINDOW_MS),
  ]);
  const streams = [...top, ...playing].filter((x) => isStreamType(x.stream_type));
  const titles = await streamTitlesQuery(db, channelId, streams);
  const title = (type: string, id: number) => tr(titles.get(`${type}:${id}`), lang) || `#${id}`;

  const byDay = <T extends { day: string }>(rows: T[]) => new Map(rows.map((r) => [r.day, r]));
  const trafficByDay = byDay(traffic);
  const startupByDay = byDay(startup);
  // Sales in the channel's currency; an order in another currency (a changed setting) is not added to it.
  const salesByDay = byDay(sales.filter((x) => x.currency === s.currency));
  const days: DashboardDay[] = daysOf(range).map((day) => {
    const t = trafficByDay.get(day);
    const st = startupByDay.get(day);
    const sa = salesByDay.get(day);
    return {
      day,
      visits: t?.visits ?? 0,
      page_views: t?.page_views ?? 0,
      viewers: t?.viewers ?? 0,
      minutes: round(t?.minutes ?? 0, 1),
      plays: st?.plays ?? 0,
      startup_p50_ms: st ? Math.round(st.p50_ms) : null,
      startup_p90_ms: st ? Math.round(st.p90_ms) : null,
      rebuffer_ratio: t ? ratio(t.rebuffer_s, t.minutes) : null,
      sales: (sa?.amount ?? 0) / 100,
      orders: sa?.orders ?? 0,
    };
  });
  const sum = (pick: (d: DashboardDay) => number) => days.reduce((n, d) => n + pick(d), 0);
  return {
    from: range.from,
    to: range.to,
    currency: s.currency,
    days,
    totals: {
      visits: totals.visits,
      page_views: sum((d) => d.page_views),
      viewers: totals.viewers,
      minutes: round(sum((d) => d.minutes), 1),
      plays: totals.plays,
      startup_p50_ms: totals.p50_ms === null ? null : Math.round(totals.p50_ms),
      startup_p90_ms: totals.p90_ms === null ? null : Math.round(totals.p90_ms),
      rebuffer_ratio: ratio(totals.rebuffer_s, totals.minutes),
      sales: round(sum((d) => d.sales)),
      orders: sum((d) => d.orders),
    },
    now: {
      viewers: playing.reduce((n, p) => n + p.viewers, 0),
      streams: playing.filter((p) => isStreamType(p.stream_type)).map((p) => ({ stream_type: p.stream_type as StreamType, stream_id: p.stream_id, title: title(p.stream_type, p.stream_id), viewers: p.viewers })),
    },
    top_streams: top
      .filter((p) => isStreamType(p.stream_type))
      .map((p) => ({ stream_type: p.stream_type as StreamType, stream_id: p.stream_id, title: title(p.stream_type, p.stream_id), minutes: round(p.minutes, 1), viewers: p.viewers })),
  };
}

export async function requestErrorLog(s: DashboardScope, range: DayRange, limit: number): Promise<RequestErrorEntry[]> {
  const rows = await requestErrorsQuery(s.db, s.channelId, range.start, range.end, limit);
  return rows.map((r) => ({ id: r.id, at: new Date(r.at).toISOString(), method: r.method, path: r.path, status: r.status, message: r.message, fields: r.fields, user_id: r.userId }));
}
