// The watch page's rails (issue 28): what plays next on the channel and more from the event's teams. The queries
// (repos/catalogue-events.ts relatedPages) fetch the candidates; `relatedEvents`, pure, decides what shows and in
// which order.
import { RELATED_RAIL_LIMIT, type Event, type RelatedEvents } from "../contract/catalogue";
import type { Db } from "../db/client";
import { channelEventQuery, eventPageQuery, eventRelationsOfRows, eventsOrder, relatedPages } from "../db/repos/catalogue-events";
import { eventMapper } from "./catalogue-events";
import type { Verdicts } from "./event-access";
import type { ChannelBrand } from "./artwork/brand";
import type { Lang } from "./lang";

/** What the queries found, the event itself already left out; each list in its own order. */
export interface RelatedCandidates<T> {
  live: readonly T[];
  upcoming: readonly T[];
  /** The teams' games that are live or still to come, soonest first. */
  moreComing: readonly T[];
  /** The teams' games on demand, latest first. */
  moreRecent: readonly T[];
}

/**
 * Up next: live first, then upcoming, `limit` in all. More from the teams: their games not already up next, half
 * still to come and half on demand (either side filling what the other lacks), to come first.
 */
export function relatedEvents<T extends { id: number }>(c: RelatedCandidates<T>, limit: number): { up_next: T[]; more: T[] } {
  const upNext = [...c.live, ...c.upcoming].slice(0, limit);
  const shown = new Set(upNext.map((e) => e.id));
  const coming = c.moreComing.filter((e) => !shown.has(e.id));
  const recent = c.moreRecent.filter((e) => !shown.has(e.id));
  const comingCount = Math.min(coming.length, Math.max(Math.ceil(limit / 2), limit - recent.length));
  const recentCount = Math.min(recent.length, limit - comingCount);
  return { up_next: upNext, more: [...coming.slice(0, comingCount), ...recent.slice(0, recentCount)] };
}

/**
 * The rails of one of the channel's published events, as `access` says the viewer may watch each; null when the
 * channel has no such event. Two round trips: the event and the four pages, then what their rows refer to (the
 * pages' team-heavy WHEREs repeated as subqueries would pass D1's bound-variable limit).
 */
export async function loadRelatedEvents(
  db: Db,
  scope: Lang & { channelId: number; now: number },
  eventId: number,
  access: () => Promise<Verdicts>,
  brand: ChannelBrand,
): Promise<RelatedEvents | null> {
  const { channelId, now } = scope;
  const pages = relatedPages(db, channelId, eventId, now, (direction) => eventsOrder({ field: "event_utc_ts", direction, ...scope }), RELATED_RAIL_LIMIT);
  // Twice as many of the teams' coming games: those already up next are left out of "more".
  pages.moreComing.limit = 2 * RELATED_RAIL_LIMIT;
  const [[found, live, upcoming, moreComing, moreRecent], hasAccess] = await Promise.all([
    db.batch([
      channelEventQuery(db, channelId, eventId),
      eventPageQuery(db, pages.live),
      eventPageQuery(db, pages.upcoming),
      eventPageQuery(db, pages.moreComing),
      eventPageQuery(db, pages.moreRecent),
    ]),
    access(),
  ]);
  if (!found[0]) return null;
  const rows = [...live, ...upcoming, ...moreComing, ...moreRecent];
  if (!rows.length) return { up_next: [], more: [] };
  const [teams, groups, categories, locations] = await db.batch(eventRelationsOfRows(db, channelId, rows));
  const toEvent: (row: (typeof rows)[number]) => Event = eventMapper({ teams, groups, categories, locations }, now, scope, hasAccess, brand);
  return relatedEvents({ live: live.map(toEvent), upcoming: upcoming.map(toEvent), moreComing: moreComing.map(toEvent), moreRecent: moreRecent.map(toEvent) }, RELATED_RAIL_LIMIT);
}
