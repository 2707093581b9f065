// Game day queries (issue 27): an event's taps, in the order they arrived, and who may keep score. Every query is
// scoped to a channel.
import { and, asc, desc, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { EventScore } from "../../contract/scores";
import type { Db } from "../client";
import { users } from "../auth-schema";
import { eventCategories, events, participants } from "../catalogue-schema";
import { clips } from "../clips-schema";
import { eventScores } from "../event-scores-schema";
import { scorekeepers, scoreTaps } from "../scores-schema";
import { followedTeamsCondition, publicEvents } from "./catalogue-events";
import { followedIds, type UserScope } from "./favorites";

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

/** Hides a key play's tap from the play-by-play, or shows it again. Answers whether the event has that tap. */
export async function setTapHidden(db: Db, s: EventScope, tapId: string, hidden: boolean): Promise<boolean> {
  const rows = await db
    .update(scoreTaps)
    .set({ hidden })
    .where(and(eq(scoreTaps.channelId, s.channelId), eq(scoreTaps.eventId, s.eventId), eq(scoreTaps.tapId, tapId)))
    .returning({ seq: scoreTaps.seq });
  return rows.length > 0;
}

/** Removes a tap (a key play the owner deletes: it never changed the score). Answers whether there was one. */
export async function deleteTap(db: Db, s: EventScope, tapId: string): Promise<boolean> {
  const rows = await db
    .delete(scoreTaps)
    .where(and(eq(scoreTaps.channelId, s.channelId), eq(scoreTaps.eventId, s.eventId), eq(scoreTaps.tapId, tapId)))
    .returning({ seq: scoreTaps.seq });
  return rows.length > 0;
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

/**
 * A public event of the channel with its sport and that sport's parent, for the scoring they name (`scoringOf`): one
 * read. Undefined when the channel has no such public event.
 */
export async function scoredEventRow(db: Db, channelId: number, eventId: number) {
  const sport = alias(eventCategories, "sport");
  const parent = alias(eventCategories, "parent_sport");
  const row = await db
    .select({ id: events.id, eventUtcTs: events.eventUtcTs, sportAlias: sport.alias, parentAlias: parent.alias })
    .from(events)
    .leftJoin(sport, and(eq(sport.channelId, channelId), eq(sport.id, events.eventCategoryId)))
    .leftJoin(parent, and(eq(parent.channelId, channelId), eq(parent.id, sport.parentId)))
    .where(and(publicEvents(channelId), eq(events.id, eventId)))
    .get();
  if (!row) return undefined;
  return { id: row.id, eventUtcTs: row.eventUtcTs, sport: row.sportAlias === null ? null : { alias: row.sportAlias }, parent: row.parentAlias === null ? null : { alias: row.parentAlias } };
}

/** The channel's grants, newest first, with who holds them and the event each names (none for the season). */
export const scorekeepersQuery = (db: Db, channelId: number) =>
  db
    .select({
      id: scorekeepers.id,
      eventId: scorekeepers.eventId,
      createdAt: scorekeepers.createdAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      eventName: events.name,
      eventStart: events.eventUtcTs,
    })
    .from(scorekeepers)
    .innerJoin(users, eq(users.id, scorekeepers.userId))
    .leftJoin(events, and(eq(events.channelId, channelId), eq(events.id, scorekeepers.eventId)))
    .where(eq(scorekeepers.channelId, channelId))
    .orderBy(desc(scorekeepers.id));

/** An account of the channel by email. */
export const channelUserByEmail = (db: Db, channelId: number, email: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.channelId, channelId), eq(users.email, email)))
    .get();

/** Any event of the channel, published or not (an owner may grant a draft's scorekeeper ahead of time). */
export const channelEventExists = async (db: Db, channelId: number, eventId: number) =>
  (await db.select({ id: events.id }).from(events).where(and(eq(events.channelId, channelId), eq(events.id, eventId))).get()) !== undefined;

/** Removes a grant of the channel; answers whether there was one. */
export async function removeScorekeeper(db: Db, channelId: number, id: number): Promise<boolean> {
  const rows = await db.delete(scorekeepers).where(and(eq(scorekeepers.channelId, channelId), eq(scorekeepers.id, id))).returning({ id: scorekeepers.id });
  return rows.length > 0;
}

/** The event's game as the lists show it, replaced by each request that stores taps (the replay after them). */
export async function saveEventScore(db: Db, s: EventScope, score: EventScore, now: number): Promise<void> {
  const { sport, home, away, period, overtime, sets, final } = score;
  const row = { sport, home, away, period, overtime, sets, final, updatedAt: now };
  await db
    .insert(eventScores)
    .values({ ...row, channelId: s.channelId, eventId: s.eventId })
    .onConflictDoUpdate({ target: [eventScores.channelId, eventScores.eventId], set: row });
}

/**
 * The home's rail (GET /key-plays/favorite): the key plays with a ready clip of the published games of the teams a
 * user follows (or of their schools' teams), not hidden, newest first, each with its game and the game's two teams.
 * An undone key play has no clip (its undo removes it), so it is not found. Driven from the clips of the followed
 * games (clips_key_play_idx), which are few beside the taps.
 */
export function followedKeyPlaysQuery(db: Db, s: UserScope, limit: number) {
  const home = alias(participants, "home_team");
  const away = alias(participants, "away_team");
  const followed = { teamIds: followedIds(db, s, "participant"), groupIds: followedIds(db, s, "group") };
  const games = db
    .select({ id: events.id })
    .from(events)
    .where(and(publicEvents(s.channelId), followedTeamsCondition(db, s.channelId, followed)));
  return db
    .select({
      tapId: scoreTaps.tapId,
      at: scoreTaps.at,
      action: scoreTaps.action,
      clip: { id: clips.id, uuid: clips.uuid, durationMs: clips.durationMs, posterKey: clips.posterKey },
      event: { id: events.id, name: events.name, eventUtcTs: events.eventUtcTs },
      home: { name: home.name, shortName: home.shortName },
      away: { name: away.name, shortName: away.shortName },
    })
    .from(clips)
    .innerJoin(scoreTaps, and(eq(scoreTaps.channelId, clips.channelId), eq(scoreTaps.eventId, clips.eventId), eq(scoreTaps.tapId, clips.keyPlayTapId)))
    .innerJoin(events, and(eq(events.channelId, clips.channelId), eq(events.id, clips.eventId)))
    .leftJoin(home, and(eq(home.channelId, events.channelId), eq(home.id, events.homeTeamId)))
    .leftJoin(away, and(eq(away.channelId, events.channelId), eq(away.id, events.awayTeamId)))
    .where(
      and(
        eq(clips.channelId, s.channelId),
        inArray(clips.eventId, games),
        isNotNull(clips.keyPlayTapId),
        isNull(clips.deletedAt),
        eq(clips.status, "ready"),
        isNotNull(clips.fileKey),
        eq(scoreTaps.hidden, false),
      ),
    )
    .orderBy(desc(scoreTaps.at), desc(scoreTaps.seq))
    .limit(limit);
}

export type FollowedKeyPlayRow = Awaited<ReturnType<typeof followedKeyPlaysQuery>>[number];
