// Search (issue 15): the channel's teams, schools, events and VOD items whose names contain the query. Every query
// is bound to one channel and binds the text as a parameter, matched literally (instr, so % and _ are plain); matching ignores case and
// the accents of Latin scripts (fold() below, the same map in SQL and in JS, since SQLite's lower() is ASCII-only).
import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { StreamStatus } from "../../contract/catalogue";
import { statusRange } from "../../services/event-status";
import type { Db } from "../client";
import { eventCategories, events, participantGroups, participants, vodMediaItems } from "../schema";
import { type EventPage, playsIn, publicEvents, statusCondition } from "./catalogue-events";

/**
 * Accented letters and what they fold to: the lower-case letters of French, Spanish and German, and the capitals that
 * start French words (SQLite's lower() leaves non-ASCII alone). Kept short: D1 caps an expression's depth at 100, and
 * each letter is one nested replace(). A capital not listed still matches itself exactly.
 */
const FOLDS: [string, string][] = [
  ...[..."àâäá"].map((c) => [c, "a"] as [string, string]),
  ...[..."éèêë"].map((c) => [c, "e"] as [string, string]),
  ...[..."îïí"].map((c) => [c, "i"] as [string, string]),
  ...[..."ôöó"].map((c) => [c, "o"] as [string, string]),
  ...[..."ûüùú"].map((c) => [c, "u"] as [string, string]),
  ["ç", "c"],
  ["ñ", "n"],
  ["ÿ", "y"],
  ["œ", "oe"],
  ["æ", "ae"],
  ...[..."ÀÂ"].map((c) => [c, "a"] as [string, string]),
  ...[..."ÉÈÊ"].map((c) => [c, "e"] as [string, string]),
  ["Î", "i"],
  ["Ô", "o"],
  ["Ç", "c"],
  ["Œ", "oe"],
];

/** The query text as the SQL side folds stored names: accents off (the same map), then lower case (ASCII). */
export function fold(text: string): string {
  let out = text;
  for (const [from, to] of FOLDS) out = out.replaceAll(from, to);
  return out.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/**
 * The same folding in SQL, over a text expression. The map's letters are written into the statement as literals (our
 * constants, no quotes among them): bound, they would pass D1's limit of 100 variables per statement.
 */
function foldSql(expr: SQL): SQL {
  let out = expr;
  for (const [from, to] of FOLDS) out = sql`replace(${out}, ${sql.raw(`'${from}'`)}, ${sql.raw(`'${to}'`)})`;
  return sql`lower(${out})`;
}

/** What the queries look for: the folded text, bound as a parameter and matched literally. */
export const searchNeedle = (text: string): string => fold(text);

/**
 * "Contains", as instr() rather than LIKE: no wildcard exists in it, so % and _ (and \\) in a query are plain
 * characters with nothing to escape, and it has no needle length cap (D1 refuses LIKE needles over 50 bytes).
 */
const contains = (expr: SQL, needle: string) => sql`instr(${foldSql(expr)}, ${needle}) > 0`;

/** A translatable name (a JSON object of languages, or a plain JSON string) contains the needle in any language. */
const nameLike = (column: SQLiteColumn, needle: string) =>
  sql`exists (select 1 from json_each(${column}) where ${contains(sql`json_each.value`, needle)})`;

const schoolMatches = (channelId: number, needle: string) =>
  and(
    eq(participantGroups.channelId, channelId),
    or(nameLike(participantGroups.name, needle), contains(sql`coalesce(${participantGroups.shortName}, '')`, needle))
  )!;

const teamMatches = (channelId: number, needle: string) =>
  and(
    eq(participants.channelId, channelId),
    or(nameLike(participants.name, needle), contains(sql`coalesce(${participants.shortName}, '')`, needle))
  )!;

export const searchSchoolsQuery = (db: Db, channelId: number, needle: string, limit: number) =>
  db
    .select()
    .from(participantGroups)
    .where(schoolMatches(channelId, needle))
    .orderBy(asc(participantGroups.weight), asc(participantGroups.id))
    .limit(limit);

/** Teams by name, with their school's and sport's names as stored JSON (for the results row; null when unset). */
export const searchTeamsQuery = (db: Db, channelId: number, needle: string, limit: number) =>
  db
    .select({
      team: participants,
      schoolName: sql<string | null>`${participantGroups.name}`.as("school_name"),
      sportName: sql<string | null>`${eventCategories.name}`.as("sport_name"),
    })
    .from(participants)
    .leftJoin(participantGroups, and(eq(participantGroups.id, participants.groupId), eq(participantGroups.channelId, channelId)))
    .leftJoin(eventCategories, and(eq(eventCategories.id, participants.eventCategoryId), eq(eventCategories.channelId, channelId)))
    .where(teamMatches(channelId, needle))
    .orderBy(asc(participants.weight), asc(participants.id))
    .limit(limit);

/** Ids of every team whose name matches (no limit): an event search reaches their games. */
export const matchedTeamIdsQuery = (db: Db, channelId: number, needle: string) =>
  db.select({ id: participants.id }).from(participants).where(teamMatches(channelId, needle));

/** Ids of every school whose name matches (no limit): an event search reaches their teams' games. */
export const matchedSchoolIdsQuery = (db: Db, channelId: number, needle: string) =>
  db.select({ id: participantGroups.id }).from(participantGroups).where(schoolMatches(channelId, needle));

/** What an event search reaches besides the event's own name, found by the two queries above. Run on their own: */
// nested inside the event pages, the folding would pass D1's expression depth limit (100).
export interface Reached {
  teamIds: number[];
  schoolIds: number[];
}

const jsonIds = (ids: number[]) => sql`(select value from json_each(${JSON.stringify(ids)}))`;

/**
 * One status's page of events whose name contains the needle or where a reached team, or a team of a reached school,
 * plays (home or away). Soonest
 * first for live and upcoming, latest first for what is over (as the lists sort them). Id lists travel as one JSON
 * parameter each (D1 binds at most 100 values).
 */
export function searchEventsPage(
  db: Db,
  channelId: number,
  needle: string,
  reached: Reached,
  status: StreamStatus,
  now: number,
  limit: number
): EventPage {
  const dir = status === "finished" ? desc : asc;
  const teams = db
    .select({ id: participants.id })
    .from(participants)
    .where(
      and(
        eq(participants.channelId, channelId),
        or(inArray(participants.id, jsonIds(reached.teamIds)), inArray(participants.groupId, jsonIds(reached.schoolIds)))
      )
    );
  const anyTeam = reached.teamIds.length > 0 || reached.schoolIds.length > 0;
  return {
    where: and(
      publicEvents(channelId),
      statusCondition(statusRange(status, now)),
      anyTeam ? or(nameLike(events.name, needle), playsIn(db, channelId, teams)) : nameLike(events.name, needle)
    )!,
    order: [dir(events.eventUtcTs), dir(events.id)],
    limit,
    offset: 0,
  };
}

/** VOD items by title in any language (search_text holds them lowercased at load), newest first. */
export const searchVodQuery = (db: Db, channelId: number, needle: string, limit: number) =>
  db
    .select()
    .from(vodMediaItems)
    .where(and(eq(vodMediaItems.channelId, channelId), contains(sql`${vodMediaItems.searchText}`, needle)))
    .orderBy(desc(vodMediaItems.date), desc(vodMediaItems.id))
    .limit(limit);
