// Game day queries (issue 27): an event's taps, in the order they arrived, and who may keep score. Every query is
// scoped to a channel.
import { and, asc, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../client";
import { eventCategories } from "../catalogue-schema";
import { scorekeepers, scoreTaps } from "../scores-schema";

export interface EventScope {
  channelId: number;
  eventId: number;
}

export const eventTapsQuery = (db: Db, s: EventScope) =>
  db
    .select()
    .from(scoreTaps)
    .where(and(eq(scoreTaps.channelId, s.channelId), eq(scoreTaps.eventId, s.eventId)))
    .orderBy(asc(scoreTaps.seq));

export type TapRow = typeof scoreTaps.$inferSelect;

/** Stores a tap; a tap id the event already has is left as it was (a resend). Answers the new row, or null. */
export async function insertTap(db: Db, s: EventScope, tap: Omit<TapRow, "seq" | "channelId" | "eventId" | "hidden">): Promise<TapRow | null> {
  const rows = await db
    .insert(scoreTaps)
    .values({ ...tap, channelId: s.channelId, eventId: s.eventId })
    .onConflictDoNothing({ target: [scoreTaps.eventId, scoreTaps.tapId] })
    .returning();
  return rows[0] ?? null;
}

/** Whether a user holds a scorekeeper grant for the event, or for every event of the channel. */
export async function hasScorekeeperGrant(db: Db, s: EventScope, userId: number): Promise<boolean> {
  const row = await db
    .select({ id: scorekeepers.id })
    .from(scorekeepers)
    .where(and(eq(scorekeepers.channelId, s.channelId), eq(scorekeepers.userId, userId), or(eq(scorekeepers.eventId, s.eventId), isNull(scorekeepers.eventId))))
    .limit(1)
    .get();
  return row !== undefined;
}

/** A grant, idempotent: a second for the same user and event (or season) changes nothing. */
export async function grantScorekeeper(db: Db, channelId: number, userId: number, eventId: number | null, now: number): Promise<void> {
  const existing = await db
    .select({ id: scorekeepers.id })
    .from(scorekeepers)
    .where(and(eq(scorekeepers.channelId, channelId), eq(scorekeepers.userId, userId), eventId === null ? isNull(scorekeepers.eventId) : eq(scorekeepers.eventId, eventId)))
    .get();
  if (!existing) await db.insert(scorekeepers).values({ channelId, userId, eventId, createdAt: now });
}

/** A sport and its parent, for the scoring they name (`scoringOf`). */
export async function sportWithParent(db: Db, channelId: number, categoryId: number | null): Promise<{ sport: { alias: string } | null; parent: { alias: string } | null }> {
  if (categoryId === null) return { sport: null, parent: null };
  const find = (id: number) =>
    db
      .select({ alias: eventCategories.alias, parentId: eventCategories.parentId })
      .from(eventCategories)
      .where(and(eq(eventCategories.channelId, channelId), eq(eventCategories.id, id)))
      .get();
  const sport = await find(categoryId);
  const parent = sport?.parentId ? await find(sport.parentId) : undefined;
  return { sport: sport ?? null, parent: parent ?? null };
}
