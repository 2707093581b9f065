// Search (issue 28): the channel's documents that match a query, from the FTS5 index (migrations/0025_search_index.sql,
// kept by triggers), then the rows they name. The match expression is built by services/search-query.ts; the channel
// is a term of it and every row query below is bound to the channel again.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { StreamStatus } from "../../contract/catalogue";
import { statusRange } from "../../services/event-status";
import type { Db } from "../client";
import { eventCategories, events, participantGroups, participants, vodMediaItems } from "../schema";
import { type EventPage, publicEvents, statusCondition } from "./catalogue-events";

/** What a document is: its rowid is its row's id * 4 + the kind. */
export const SEARCH_KINDS = { event: 0, team: 1, school: 2, vod: 3 } as const;

export interface SearchHit {
  id: number;
  kind: number;
}

/** The documents matching an FTS5 expression, best first (bm25), at most `limit`. */
export const searchHitsQuery = (db: Db, match: string, limit: number) =>
  db.all<SearchHit>(sql`select rowid >> 2 as id, rowid & 3 as kind from search_index where search_index match ${match} order by rank limit ${limit}`);

/**
 * The index's words (every channel's) that start with a letter in [from, to) and are minLength to maxLength long:
 * the candidates for a misspelt word. Only words, never which channel holds them, leave the query.
 */
export const searchTermsQuery = (db: Db, range: { from: string; to: string; minLength: number; maxLength: number }, limit: number) =>
  db.all<{ term: string }>(
    sql`select term from search_terms where term >= ${range.from} and term < ${range.to} and length(term) between ${range.minLength} and ${range.maxLength} limit ${limit}`
  );

const jsonIds = (ids: number[]) => sql`(select value from json_each(${JSON.stringify(ids)}))`;

/** The schools among `ids` (the channel's only), in the channel's order. */
export const searchSchoolsQuery = (db: Db, channelId: number, ids: number[], limit: number) =>
  db
    .select()
    .from(participantGroups)
    .where(and(eq(participantGroups.channelId, channelId), inArray(participantGroups.id, jsonIds(ids))))
    .orderBy(asc(participantGroups.weight), asc(participantGroups.id))
    .limit(limit);

/** The teams among `ids`, with their school's and sport's names as stored JSON (for the results row; null when unset). */
export const searchTeamsQuery = (db: Db, channelId: number, ids: number[], limit: number) =>
  db
    .select({
      team: participants,
      schoolName: sql<string | null>`${participantGroups.name}`.as("school_name"),
      sportName: sql<string | null>`${eventCategories.name}`.as("sport_name"),
    })
    .from(participants)
    .leftJoin(participantGroups, and(eq(participantGroups.id, participants.groupId), eq(participantGroups.channelId, channelId)))
    .leftJoin(eventCategories, and(eq(eventCategories.id, participants.eventCategoryId), eq(eventCategories.channelId, channelId)))
    .where(and(eq(participants.channelId, channelId), inArray(participants.id, jsonIds(ids))))
    .orderBy(asc(participants.weight), asc(participants.id))
    .limit(limit);

/**
 * One status's page of the published events among `ids`: soonest first for live and upcoming, latest first for what
 * is over (as the lists sort them). The id list travels as one JSON parameter (D1 binds at most 100 values).
 */
export function searchEventsPage(channelId: number, ids: number[], status: StreamStatus, now: number, limit: number): EventPage {
  const dir = status === "finished" ? desc : asc;
  return {
    where: and(publicEvents(channelId), statusCondition(statusRange(status, now)), inArray(events.id, jsonIds(ids)))!,
    order: [dir(events.eventUtcTs), dir(events.id)],
    limit,
    offset: 0,
  };
}

/** The library items among `ids`, newest first. */
export const searchVodQuery = (db: Db, channelId: number, ids: number[], limit: number) =>
  db
    .select()
    .from(vodMediaItems)
    .where(and(eq(vodMediaItems.channelId, channelId), inArray(vodMediaItems.id, jsonIds(ids))))
    .orderBy(desc(vodMediaItems.date), desc(vodMediaItems.id))
    .limit(limit);
