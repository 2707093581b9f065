// Favourite queries (issue 12). Every one is scoped to a channel and a user: another user's or channel's favourite
// is simply not found.
import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { FavoritableType } from "../../contract/favorites";
import type { Db } from "../client";
import { eventCategories, events, participantGroups, participants } from "../catalogue-schema";
import { eventScores } from "../event-scores-schema";
import { liveInputs } from "../console-schema";
import { favorites, type FavoriteRow } from "../favorites-schema";
import { statusRange } from "../../services/event-status";
import { eventBroadcastColumns, eventBroadcastJoin, type EventPage, eventScoreColumns, eventScoreJoin, publicEvents, statusCondition } from "./catalogue-events";

export interface UserScope {
  channelId: number;
  userId: number;
}

const mine = (s: UserScope) => and(eq(favorites.channelId, s.channelId), eq(favorites.userId, s.userId));

export const userFavoritesQuery = (db: Db, s: UserScope) =>
  db.select().from(favorites).where(mine(s)).orderBy(asc(favorites.createdAt), asc(favorites.id));

export async function favoriteById(db: Db, s: UserScope, id: number): Promise<FavoriteRow | null> {
  return (await db.select().from(favorites).where(and(mine(s), eq(favorites.id, id))).get()) ?? null;
}

export async function countFavorites(db: Db, s: UserScope): Promise<number> {
  const row = await db.select({ n: count() }).from(favorites).where(mine(s)).get();
  return row?.n ?? 0;
}

/**
 * Adds the favourite, or finds the one already there (following twice is following once). `remind`, when given,
 * is set on either.
 */
export async function upsertFavorite(
  db: Db,
  s: UserScope,
  item: { type: FavoritableType; id: number; remind?: boolean },
  now: number,
): Promise<{ row: FavoriteRow; created: boolean }> {
  const inserted = await db
    .insert(favorites)
    .values({ channelId: s.channelId, userId: s.userId, favoritableType: item.type, favoritableId: item.id, remind: item.remind ?? false, createdAt: now })
    .onConflictDoNothing()
    .returning()
    .get();
  if (inserted) return { row: inserted, created: true };
  const where = and(mine(s), eq(favorites.favoritableType, item.type), eq(favorites.favoritableId, item.id));
  const row =
    item.remind === undefined
      ? await db.select().from(favorites).where(where).get()
      : await db.update(favorites).set({ remind: item.remind }).where(where).returning().get();
  return { row: row!, created: false };
}

export async function setFavoriteRemind(db: Db, s: UserScope, id: number, remind: boolean): Promise<FavoriteRow | null> {
  return (await db.update(favorites).set({ remind }).where(and(mine(s), eq(favorites.id, id))).returning().get()) ?? null;
}

export async function deleteFavorite(db: Db, s: UserScope, id: number): Promise<boolean> {
  const row = await db.delete(favorites).where(and(mine(s), eq(favorites.id, id))).returning({ id: favorites.id }).get();
  return Boolean(row);
}

/** The ids of one kind the user follows, as a subquery. */
export const followedIds = (db: Db, s: UserScope, type: FavoritableType) =>
  db
    .select({ id: favorites.favoritableId })
    .from(favorites)
    .where(and(mine(s), eq(favorites.favoritableType, type)));

/** What the user follows, as subqueries for the event queries. */
export const followedBy = (db: Db, s: UserScope) => ({
  teamIds: followedIds(db, s, "participant"),
  groupIds: followedIds(db, s, "group"),
  categoryIds: followedIds(db, s, "category"),
});

/**
 * Whether the event row of the enclosing query (`events`) is there for the favourite row (`favorites`): the team
 * plays, a team of the school plays, or the event's sport or its parent sport is the one followed. This is the
 * per-pair form of `followedCondition`, which selects a user's events through the team indexes; the API tests hold
 * the two to the same answers (GET /events/favorite's events and their `favorite_ids`).
 */
const eventIsForFavorite = (): SQL => sql`(case ${favorites.favoritableType}
  when 'participant' then ${favorites.favoritableId} in (${events.homeTeamId}, ${events.awayTeamId})
  when 'group' then ${favorites.favoritableId} in (select ${participants.groupId} from ${participants} where ${participants.channelId} = ${events.channelId} and ${participants.id} in (${events.homeTeamId}, ${events.awayTeamId}))
  else (${favorites.favoritableId} = ${events.eventCategoryId} or ${favorites.favoritableId} = (select ${eventCategories.parentId} from ${eventCategories} where ${eventCategories.id} = ${events.eventCategoryId}))
end)`;

/**
 * The user's favourites, oldest first, each with its team, school or sport of this channel (null when the channel
 * removed it) and whether one of its events is live at `now`: one statement.
 */
export function userFavoritesListQuery(db: Db, s: UserScope, now: number) {
  const team = alias(participants, "fav_team");
  const school = alias(participantGroups, "fav_school");
  const sport = alias(eventCategories, "fav_sport");
  const live = db
    .select({ one: sql`1` })
    .from(events)
    .where(and(publicEvents(s.channelId), statusCondition(statusRange("live", now)), eventIsForFavorite()))
    .limit(1);
  const of = (type: FavoritableType, table: { id: SQLiteColumn; channelId: SQLiteColumn }) =>
    and(eq(favorites.favoritableType, type), eq(table.channelId, favorites.channelId), eq(table.id, favorites.favoritableId));
  return db
    .select({ favorite: favorites, team, school, sport, liveNow: sql<number>`exists ${live}`.mapWith(Boolean) })
    .from(favorites)
    .leftJoin(team, of("participant", team))
    .leftJoin(school, of("group", school))
    .leftJoin(sport, of("category", sport))
    .where(mine(s))
    .orderBy(asc(favorites.createdAt), asc(favorites.id));
}

/**
 * A page of the events of what the user follows, each with the ids of the user's favourites it is there for (a JSON
 * array, per event). Unexecuted, so it can join a batch.
 */
export function followedEventPageQuery(db: Db, s: UserScope, p: EventPage) {
  const forEvent = db
    .select({ ids: sql<string>`json_group_array(${favorites.id})` })
    .from(favorites)
    .where(and(mine(s), eventIsForFavorite()));
  const favoriteIds: SQL<string> = sql<string>`${forEvent}`;
  return db
    .select({ event: events, score: eventScoreColumns, broadcast: eventBroadcastColumns, favoriteIds })
    .from(events)
    .leftJoin(eventScores, eventScoreJoin)
    .leftJoin(liveInputs, eventBroadcastJoin)
    .where(p.where)
    .orderBy(...p.order)
    .limit(p.limit)
    .offset(p.offset);
}

/** The channel's team, school or sport with this id (its id and stored name), or null. */
export async function findFavoritable(db: Db, channelId: number, type: FavoritableType, id: number): Promise<{ id: number; name: unknown } | null> {
  const table = type === "participant" ? participants : type === "group" ? participantGroups : eventCategories;
  return (await db.select({ id: table.id, name: table.name }).from(table).where(and(eq(table.channelId, channelId), eq(table.id, id))).get()) ?? null;
}
