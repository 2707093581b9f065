// Favourite queries (issue 12). Every one is scoped to a channel and a user: another user's or channel's favourite
// is simply not found.
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { FavoritableType } from "../../contract/favorites";
import type { Db } from "../client";
import { eventCategories, participantGroups, participants } from "../catalogue-schema";
import { favorites, type FavoriteRow } from "../favorites-schema";

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

/** The channel's teams, schools and sports the user follows (unexecuted: one batch). */
export function favoritablesQueries(db: Db, s: UserScope) {
  return [
    db.select().from(participants).where(and(eq(participants.channelId, s.channelId), inArray(participants.id, followedIds(db, s, "participant")))),
    db.select().from(participantGroups).where(and(eq(participantGroups.channelId, s.channelId), inArray(participantGroups.id, followedIds(db, s, "group")))),
    db.select().from(eventCategories).where(and(eq(eventCategories.channelId, s.channelId), inArray(eventCategories.id, followedIds(db, s, "category")))),
  ] as const;
}

/** The channel's team, school or sport with this id (its id and stored name), or null. */
export async function findFavoritable(db: Db, channelId: number, type: FavoritableType, id: number): Promise<{ id: number; name: unknown } | null> {
  const table = type === "participant" ? participants : type === "group" ? participantGroups : eventCategories;
  return (await db.select({ id: table.id, name: table.name }).from(table).where(and(eq(table.channelId, channelId), eq(table.id, id))).get()) ?? null;
}
