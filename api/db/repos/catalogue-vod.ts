// The VOD library: items, categories, search and rails. Unexecuted builders, for db.batch.
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { vodMediaCategories, vodMediaItems, vodMediaRailItems, vodMediaRails } from "../schema";

export interface Window {
  limit: number;
  offset: number;
}

export function vodItemsWhere(channelId: number, categoryId?: number): SQL {
  return and(eq(vodMediaItems.channelId, channelId), categoryId !== undefined ? eq(vodMediaItems.categoryId, categoryId) : undefined)!;
}

/** Escapes LIKE's wildcards, so a title with % or _ matches literally (ESCAPE '\'). */
export function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Case-insensitive substring of the title in any language (search_text is lowercased at load). */
export function vodSearchWhere(channelId: number, title: string): SQL {
  return and(eq(vodMediaItems.channelId, channelId), sql`${vodMediaItems.searchText} like ${likeContains(title)} escape '\\'`)!;
}

export const vodItemsPageQuery = (db: Db, where: SQL, w: Window, direction: "asc" | "desc" = "desc") => {
  const dir = direction === "asc" ? asc : desc;
  return db.select().from(vodMediaItems).where(where).orderBy(dir(vodMediaItems.date), dir(vodMediaItems.id)).limit(w.limit).offset(w.offset);
};

export const vodItemsCountQuery = (db: Db, where: SQL) => db.select({ total: count() }).from(vodMediaItems).where(where);

export const vodItemQuery = (db: Db, channelId: number, id: number) =>
  db.select().from(vodMediaItems).where(and(eq(vodMediaItems.channelId, channelId), eq(vodMediaItems.id, id)));

export const vodCategoriesQuery = (db: Db, channelId: number) =>
  db
    .select()
    .from(vodMediaCategories)
    .where(eq(vodMediaCategories.channelId, channelId))
    .orderBy(asc(vodMediaCategories.weight), asc(vodMediaCategories.id));

export const vodRailsQuery = (db: Db, channelId: number) =>
  db.select().from(vodMediaRails).where(eq(vodMediaRails.channelId, channelId)).orderBy(asc(vodMediaRails.weight), asc(vodMediaRails.id));

/** Every rail's items, in rail order; the item must belong to the same channel as the rail entry. */
export const vodRailItemsQuery = (db: Db, channelId: number) =>
  db
    .select({ railId: vodMediaRailItems.railId, item: vodMediaItems })
    .from(vodMediaRailItems)
    .innerJoin(vodMediaItems, and(eq(vodMediaItems.id, vodMediaRailItems.itemId), eq(vodMediaItems.channelId, vodMediaRailItems.channelId)))
    .where(eq(vodMediaRailItems.channelId, channelId))
    .orderBy(asc(vodMediaRailItems.railId), asc(vodMediaRailItems.weight), asc(vodMediaItems.id));

export type VodItemRow = typeof vodMediaItems.$inferSelect;
export type VodCategoryRow = typeof vodMediaCategories.$inferSelect;
export type VodRailRow = typeof vodMediaRails.$inferSelect;
