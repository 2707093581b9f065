// Event queries. Builders are returned unexecuted so a caller runs a page, its total and everything the page refers
// to (teams, schools, sports, venues) in ONE db.batch: the related rows are selected by `id IN (<the page's ids>)`,
// with the page query repeated as a subquery inside D1 instead of a second round trip.
import { and, asc, count, desc, eq, getTableColumns, gt, gte, inArray, lt, lte, ne, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { type SQLiteColumn, unionAll } from "drizzle-orm/sqlite-core";
import type { AccessType, StreamStatus } from "../../contract/catalogue";
import type { Language } from "../../contract/constants";
import { statusRange, type StatusRange } from "../../services/event-status";
import type { Db } from "../client";
import { eventCategories, events, eventScores, liveInputs, locations, participantGroups, participants } from "../schema";

export interface EventFilters {
  status?: StreamStatus;
  categoryId?: number;
  sport?: string;
  participantId?: number;
  team?: string;
  groupId?: number;
  school?: string;
  /** A participant group by alias or name (SPEC §2 `group`), like `school`. */
  group?: string;
  /** Schools whose properties.division is this value (SPEC §2 `division`, e.g. "6A"), case-insensitively. */
  division?: string;
  gender?: "men" | "women";
  locationId?: number;
  /** A venue by key or name (SPEC §2 `location`). */
  location?: string;
  city?: string;
  state?: string;
  accessType?: AccessType;
  /** Start time bounds: from inclusive, before exclusive (epoch ms). */
  from?: number;
  before?: number;
}

export interface EventOrder {
  field: "event_utc_ts" | "name";
  direction: "asc" | "desc";
  lang: Language;
  fallback: Language;
}

/** A page of events: its WHERE, order and window. Each list section (a page, a homepage section) is one. */
export interface EventPage {
  where: SQL;
  order: SQL[];
  limit: number;
  offset: number;
}

/**
 * The status rule's bounds as SQL on the indexed time columns. For live (started, not ended) the search runs on
 * events_end_idx (end > now: only current and future events, a few) and checks the start on each row: `+` keeps
 * SQLite from walking events_start_idx from the channel's oldest event instead.
 */
export function statusCondition(range: StatusRange): SQL | undefined {
  const start: SQL = range.endAfter !== undefined ? sql`+${events.eventUtcTs}` : sql`${events.eventUtcTs}`;
  return and(
    range.startAfter !== undefined ? gt(events.eventUtcTs, range.startAfter) : undefined,
    range.startAtOrBefore !== undefined ? lte(start, range.startAtOrBefore) : undefined,
    range.endAfter !== undefined ? gt(events.endUtcTs, range.endAfter) : undefined,
    range.endAtOrBefore !== undefined ? lte(events.endUtcTs, range.endAtOrBefore) : undefined,
  );
}

/** `alias = ?`, or the name (in any language) or short name, case-insensitively. */
function aliasOrName(table: { alias: SQLiteColumn; name: SQLiteColumn; shortName?: SQLiteColumn }, value: string): SQL {
  const v = value.trim().toLowerCase();
  return or(
    eq(table.alias, v),
    sql`exists (select 1 from json_each(${table.name}) where lower(json_each.value) = ${v})`,
    table.shortName ? sql`lower(${table.shortName}) = ${v}` : undefined,
  )!;
}

/** Ids of a sport and its sub-sports, matched by id or by alias/name. */
function categoryIds(db: Db, channelId: number, byId?: number, byName?: string) {
  const own = eq(eventCategories.channelId, channelId);
  const match = byId !== undefined ? eq(eventCategories.id, byId) : aliasOrName(eventCategories, byName!);
  const parents = db.select({ id: eventCategories.id }).from(eventCategories).where(and(own, match));
  return db
    .select({ id: eventCategories.id })
    .from(eventCategories)
    .where(and(own, or(match, inArray(eventCategories.parentId, parents))));
}

const teamIdsByName = (db: Db, channelId: number, team: string) =>
  db.select({ id: participants.id }).from(participants).where(and(eq(participants.channelId, channelId), aliasOrName(participants, team)));

/** Teams of the schools whose `properties.division` is `division` (case-insensitive). */
function teamIdsOfDivision(db: Db, channelId: number, division: string) {
  const groups = db
    .select({ id: participantGroups.id })
    .from(participantGroups)
    .where(and(eq(participantGroups.channelId, channelId), sql`lower(json_extract(${participantGroups.properties}, '$.division')) = ${division.trim().toLowerCase()}`));
  return db
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.channelId, channelId), inArray(participants.groupId, groups)));
}

/** Venues by key or name, in any language (SPEC §2 `location`). */
const locationIdsByName = (db: Db, channelId: number, location: string) =>
  db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.channelId, channelId), aliasOrName({ alias: locations.key, name: locations.name }, location)));

function teamIdsOfSchool(db: Db, channelId: number, groupId?: number, school?: string) {
  const groups =
    groupId !== undefined
      ? undefined
      : db
          .select({ id: participantGroups.id })
          .from(participantGroups)
          .where(and(eq(participantGroups.channelId, channelId), aliasOrName(participantGroups, school!)));
  return db
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.channelId, channelId), groups ? inArray(participants.groupId, groups) : eq(participants.groupId, groupId!)));
}

/**
 * Events where one of `teams` plays, home or away. Written as a union of two index lookups (events_home_idx,
 * events_away_idx) rather than `home IN … OR away IN …`, which SQLite answers by walking all of the channel's events.
 */
export function playsIn(db: Db, channelId: number, teams: SQLWrapper | number): SQL {
  const side = (column: SQLiteColumn) =>
    db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.channelId, channelId), typeof teams === "number" ? eq(column, teams) : inArray(column, teams)));
  return inArray(events.id, unionAll(side(events.homeTeamId), side(events.awayTeamId)));
}

function locationIds(db: Db, channelId: number, city?: string, state?: string) {
  return db
    .select({ id: locations.id })
    .from(locations)
    .where(
      and(
        eq(locations.channelId, channelId),
        state ? sql`lower(${locations.state}) = ${state.trim().toLowerCase()}` : undefined,
        city ? sql`lower(${locations.city}) = ${city.trim().toLowerCase()}` : undefined,
      ),
    );
}

/** The WHERE of /events. Unknown aliases select nothing (an empty list, not an error). */
export function eventsWhere(db: Db, channelId: number, f: EventFilters, now: number): SQL {
  const byTeam = f.participantId !== undefined || f.team || f.groupId !== undefined || f.school || f.group || f.division;
  return and(
    // With a team filter the union of team lookups is the selective part: `+channel_id` keeps SQLite from walking
    // the channel's whole start index instead (the subqueries are channel-bound too).
    byTeam ? sql`+${events.channelId} = ${channelId}` : eq(events.channelId, channelId),
    eq(events.published, true),
    f.status ? statusCondition(statusRange(f.status, now)) : undefined,
    f.categoryId !== undefined || f.sport ? inArray(events.eventCategoryId, categoryIds(db, channelId, f.categoryId, f.sport)) : undefined,
    f.participantId !== undefined ? playsIn(db, channelId, f.participantId) : undefined,
    f.team ? playsIn(db, channelId, teamIdsByName(db, channelId, f.team)) : undefined,
    f.groupId !== undefined || f.school ? playsIn(db, channelId, teamIdsOfSchool(db, channelId, f.groupId, f.school)) : undefined,
    f.group ? playsIn(db, channelId, teamIdsOfSchool(db, channelId, undefined, f.group)) : undefined,
    f.division ? playsIn(db, channelId, teamIdsOfDivision(db, channelId, f.division)) : undefined,
    f.gender ? eq(events.gender, f.gender) : undefined,
    f.locationId !== undefined ? eq(events.locationId, f.locationId) : undefined,
    f.location ? inArray(events.locationId, locationIdsByName(db, channelId, f.location)) : undefined,
    f.city || f.state ? inArray(events.locationId, locationIds(db, channelId, f.city, f.state)) : undefined,
    f.accessType ? eq(events.accessType, f.accessType) : undefined,
    f.from !== undefined ? gte(events.eventUtcTs, f.from) : undefined,
    f.before !== undefined ? lt(events.eventUtcTs, f.before) : undefined,
  )!;
}

export function eventsOrder(o: EventOrder): SQL[] {
  const dir = o.direction === "desc" ? desc : asc;
  const key =
    o.field === "name"
      ? sql`coalesce(json_extract(${events.name}, ${`$.${o.lang}`}), json_extract(${events.name}, ${`$.${o.fallback}`}), json_extract(${events.name}, '$')) collate nocase`
      : sql`${events.eventUtcTs}`;
  return [dir(key), dir(events.id)];
}

/** An event's kept game (issue 27) beside its row: null when no scorekeeper keeps one. */
export const eventScoreColumns = {
  sport: eventScores.sport,
  home: eventScores.home,
  away: eventScores.away,
  period: eventScores.period,
  overtime: eventScores.overtime,
  sets: eventScores.sets,
  final: eventScores.final,
};

/** The join of a list's events to their kept games: a primary-key lookup per row, bound to the event's own channel. */
export const eventScoreJoin = and(eq(eventScores.channelId, events.channelId), eq(eventScores.eventId, events.id))!;

/**
 * An event's broadcast from an encoder beside its row (issue 28: its frames are the event's artwork): null when it has
 * no live input. How much it has sent, and (Stream) whether an encoder ever connected or a recording exists.
 */
export const eventBroadcastColumns = {
  provider: liveInputs.provider,
  segmentCount: liveInputs.segmentCount,
  startedAt: liveInputs.startedAt,
  recordingUid: liveInputs.recordingUid,
};

/** A primary-key-like lookup per row (the input's unique (channel, event) index), bound to the event's own channel. */
export const eventBroadcastJoin = and(eq(liveInputs.channelId, events.channelId), eq(liveInputs.eventId, events.id))!;

export const eventPageQuery = (db: Db, p: EventPage) =>
  db
    .select({ ...getTableColumns(events), score: eventScoreColumns, broadcast: eventBroadcastColumns })
    .from(events)
    .leftJoin(eventScores, eventScoreJoin)
    .leftJoin(liveInputs, eventBroadcastJoin)
    .where(p.where)
    .orderBy(...p.order)
    .limit(p.limit)
    .offset(p.offset);

export const eventCountQuery = (db: Db, where: SQL) => db.select({ total: count() }).from(events).where(where);

/** One column of a page's rows, as a subquery (for `id IN (...)`). */
const pageColumn = (db: Db, p: EventPage, column: SQLiteColumn) =>
  db.select({ v: column }).from(events).where(p.where).orderBy(...p.order).limit(p.limit).offset(p.offset);

/** The teams, schools, sports and venues the given pages refer to: four queries for the same batch. */
export function eventRelationsQueries(db: Db, channelId: number, pages: EventPage[]) {
  const anyOf = (column: SQLiteColumn, target: SQLiteColumn) => or(...pages.map((p) => inArray(target, pageColumn(db, p, column))));
  const teamsWhere = and(eq(participants.channelId, channelId), or(anyOf(events.homeTeamId, participants.id), anyOf(events.awayTeamId, participants.id)));
  const teamGroups = db.select({ id: participants.groupId }).from(participants).where(teamsWhere);
  return [
    db.select().from(participants).where(teamsWhere),
    db.select().from(participantGroups).where(and(eq(participantGroups.channelId, channelId), inArray(participantGroups.id, teamGroups))),
    db.select().from(eventCategories).where(and(eq(eventCategories.channelId, channelId), anyOf(events.eventCategoryId, eventCategories.id))),
    db.select().from(locations).where(and(eq(locations.channelId, channelId), anyOf(events.locationId, locations.id))),
  ] as const;
}

export type EventRow = typeof events.$inferSelect;
export type EventScoreRow = Pick<typeof eventScores.$inferSelect, keyof typeof eventScoreColumns>;
export type EventBroadcastRow = { [K in keyof typeof eventBroadcastColumns]: (typeof liveInputs.$inferSelect)[K] };
/** A listed event: its row, its kept game and its broadcast (what the wire Event is made from). */
export type EventListRow = EventRow & { score: EventScoreRow | null; broadcast: EventBroadcastRow | null };

/**
 * The teams, schools, sports and venues of events already read, by id: four plain queries for one batch, where
 * `eventRelationsQueries` repeats the page's WHERE in each. Better when that WHERE is heavy (the followed events).
 * Each id list travels as one JSON parameter (D1 binds at most 100 values).
 */
export function eventRelationsOfRows(db: Db, channelId: number, rows: Pick<EventRow, "homeTeamId" | "awayTeamId" | "eventCategoryId" | "locationId">[]) {
  const ids = (values: (number | null)[]) => sql`(select value from json_each(${JSON.stringify([...new Set(values.filter((v) => v !== null))])}))`;
  const teamIds = ids(rows.flatMap((r) => [r.homeTeamId, r.awayTeamId]));
  const teamGroups = db
    .select({ id: participants.groupId })
    .from(participants)
    .where(and(eq(participants.channelId, channelId), inArray(participants.id, teamIds)));
  return [
    db.select().from(participants).where(and(eq(participants.channelId, channelId), inArray(participants.id, teamIds))),
    db.select().from(participantGroups).where(and(eq(participantGroups.channelId, channelId), inArray(participantGroups.id, teamGroups))),
    db.select().from(eventCategories).where(and(eq(eventCategories.channelId, channelId), inArray(eventCategories.id, ids(rows.map((r) => r.eventCategoryId))))),
    db.select().from(locations).where(and(eq(locations.channelId, channelId), inArray(locations.id, ids(rows.map((r) => r.locationId))))),
  ] as const;
}


/**
 * The events the public sees: the channel's, published (issue 16: a draft is seen only in the console). Every viewer
 * path starts from here.
 */
export const publicEvents = (channelId: number): SQL => and(eq(events.channelId, channelId), eq(events.published, true))!;

/** One published event of the channel by id (another channel's id, or a draft, finds nothing). Unexecuted, so it can join a batch. */
export const channelEventQuery = (db: Db, channelId: number, id: number) =>
  db
    .select()
    .from(events)
    .where(and(publicEvents(channelId), eq(events.id, id)));

/** What a user follows (issue 12): subqueries of team, school and sport ids (never bound id lists: D1 takes 100). */
export interface Followed {
  teamIds: SQLWrapper;
  groupIds: SQLWrapper;
  categoryIds: SQLWrapper;
}

/**
 * The events of what a user follows (GET /events/favorite): a followed team plays, a team of a followed school
 * plays, or the sport (or its parent sport) is followed. Index-driven; its per-pair form (one event, one favourite)
 * is `eventIsForFavorite` in repos/favorites.ts, and the two must agree.
 */
export function followedCondition(db: Db, channelId: number, f: Followed): SQL {
  const sports = db
    .select({ id: eventCategories.id })
    .from(eventCategories)
    .where(and(eq(eventCategories.channelId, channelId), or(inArray(eventCategories.id, f.categoryIds), inArray(eventCategories.parentId, f.categoryIds))));
  return or(followedTeamsCondition(db, channelId, f), inArray(events.eventCategoryId, sports))!;
}

/** The games of the teams a user follows, directly or through their school (the sports they follow left out). */
export function followedTeamsCondition(db: Db, channelId: number, f: Pick<Followed, "teamIds" | "groupIds">): SQL {
  const teamsOfSchools = db.select({ id: participants.id }).from(participants).where(and(eq(participants.channelId, channelId), inArray(participants.groupId, f.groupIds)));
  return or(playsIn(db, channelId, f.teamIds), playsIn(db, channelId, teamsOfSchools))!;
}

/** The WHERE of GET /events/favorite and of the favourites' live check. */
export function followedEventsWhere(
  db: Db,
  channelId: number,
  f: Followed,
  filters: { statuses?: StreamStatus[]; from?: number; before?: number },
  now: number,
): SQL {
  return and(
    publicEvents(channelId),
    followedCondition(db, channelId, f),
    filters.statuses?.length ? or(...filters.statuses.map((s) => statusCondition(statusRange(s, now)))) : undefined,
    filters.from !== undefined ? gte(events.eventUtcTs, filters.from) : undefined,
    filters.before !== undefined ? lt(events.eventUtcTs, filters.before) : undefined,
  )!;
}

/** The teams of an event and the other teams of their schools (issue 28's "More from"), as a subquery. */
function teamsAround(db: Db, channelId: number, eventId: number) {
  const side = (column: SQLiteColumn) => db.select({ id: column }).from(events).where(and(eq(events.channelId, channelId), eq(events.id, eventId)));
  const own = unionAll(side(events.homeTeamId), side(events.awayTeamId));
  const schools = db
    .select({ id: participants.groupId })
    .from(participants)
    .where(and(eq(participants.channelId, channelId), inArray(participants.id, own)));
  return db
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.channelId, channelId), or(inArray(participants.id, own), inArray(participants.groupId, schools))));
}

/**
 * The pages of GET /events/{id}/related, the event left out: the channel's live and upcoming events (up next), and
 * the live-or-upcoming and the finished games of the event's teams and their schools (more from). `order` is the
 * chronological order (asc) or its reverse (desc) in the request's language.
 */
export function relatedPages(db: Db, channelId: number, eventId: number, now: number, order: (direction: "asc" | "desc") => SQL[], limit: number) {
  const others = and(publicEvents(channelId), ne(events.id, eventId));
  const around = playsIn(db, channelId, teamsAround(db, channelId, eventId));
  const page = (where: SQL | undefined, direction: "asc" | "desc"): EventPage => ({ where: and(others, where)!, order: order(direction), limit, offset: 0 });
  return {
    live: page(statusCondition(statusRange("live", now)), "asc"),
    upcoming: page(statusCondition(statusRange("upcoming", now)), "asc"),
    moreComing: page(and(around, gt(events.endUtcTs, now)), "asc"),
    moreRecent: page(and(around, statusCondition(statusRange("finished", now))), "desc"),
  };
}
