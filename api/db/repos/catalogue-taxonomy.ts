// Sports, venues, schools and their properties, and teams. Unexecuted builders, for db.batch.
import { and, asc, count, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { Gender } from "../../contract/catalogue";
import type { Db } from "../client";
import { eventCategories, locations, participantGroupProperties, participantGroups, participants } from "../schema";

export const categoriesQuery = (db: Db, channelId: number) =>
  db.select().from(eventCategories).where(eq(eventCategories.channelId, channelId)).orderBy(asc(eventCategories.weight), asc(eventCategories.id));

export const locationsQuery = (db: Db, channelId: number) =>
  db.select().from(locations).where(eq(locations.channelId, channelId)).orderBy(asc(locations.state), asc(locations.city), asc(locations.id));

export const groupsQuery = (db: Db, channelId: number) =>
  db
    .select()
    .from(participantGroups)
    .where(eq(participantGroups.channelId, channelId))
    .orderBy(asc(participantGroups.weight), asc(participantGroups.id));

export const groupPropertiesQuery = (db: Db, channelId: number) =>
  db
    .select()
    .from(participantGroupProperties)
    .where(eq(participantGroupProperties.channelId, channelId))
    .orderBy(asc(participantGroupProperties.weight), asc(participantGroupProperties.id));

export interface ParticipantFilters {
  groupId?: number;
  categoryId?: number;
  gender?: Gender;
}

/** Top-level teams (children are nested under them) matching the filters. */
export function participantsWhere(channelId: number, f: ParticipantFilters): SQL {
  return and(
    eq(participants.channelId, channelId),
    isNull(participants.parentId),
    f.groupId !== undefined ? eq(participants.groupId, f.groupId) : undefined,
    f.categoryId !== undefined ? eq(participants.eventCategoryId, f.categoryId) : undefined,
    f.gender ? eq(participants.gender, f.gender) : undefined,
  )!;
}

const participantOrder = [asc(participants.weight), asc(participants.id)];

/** A page of top-level teams; `window` undefined means all of them (no_limit). */
export function participantPageQuery(db: Db, where: SQL, window?: { limit: number; offset: number }) {
  const q = db.select().from(participants).where(where).orderBy(...participantOrder);
  return window ? q.limit(window.limit).offset(window.offset) : q;
}

export const participantCountQuery = (db: Db, where: SQL) => db.select({ total: count() }).from(participants).where(where);

/** The children of the page's teams (one level), selected through the page query as a subquery. */
export function participantChildrenQuery(db: Db, channelId: number, where: SQL, window?: { limit: number; offset: number }) {
  const ids = db.select({ id: participants.id }).from(participants).where(where).orderBy(...participantOrder);
  const page = window ? ids.limit(window.limit).offset(window.offset) : ids;
  return db
    .select()
    .from(participants)
    .where(and(eq(participants.channelId, channelId), inArray(participants.parentId, page)))
    .orderBy(...participantOrder);
}

export type CategoryRow = typeof eventCategories.$inferSelect;
export type LocationRow = typeof locations.$inferSelect;
export type GroupRow = typeof participantGroups.$inferSelect;
export type GroupPropertyRow = typeof participantGroupProperties.$inferSelect;
export type ParticipantRow = typeof participants.$inferSelect;
