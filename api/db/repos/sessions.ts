// The signed-in user's sessions (issue 13, Devices). Every query is scoped to the channel and the user: another
// user's or another channel's session is not found.
import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { Db } from "../client";
import { sessions, users } from "../auth-schema";

export type SessionRow = typeof sessions.$inferSelect;

export interface SessionOwner {
  channelId: number;
  userId: number;
}

const owned = ({ channelId, userId }: SessionOwner) => and(eq(sessions.channelId, channelId), eq(sessions.userId, userId));

/** The user's unexpired sessions, the most recently seen first. */
export async function activeSessions(db: Db, owner: SessionOwner, now: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(owned(owner), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .all();
}

/** Ends one of the user's sessions; false when the user has no session with this id. */
export async function deleteOwnedSession(db: Db, owner: SessionOwner, id: number): Promise<boolean> {
  const row = await db.delete(sessions).where(and(owned(owner), eq(sessions.id, id))).returning({ id: sessions.id }).get();
  return Boolean(row);
}

/** Ends every session of the user but `keepId`; answers how many of them were still live. */
export async function deleteOtherSessions(db: Db, owner: SessionOwner, keepId: number, now: number): Promise<number> {
  const ended = await db.delete(sessions).where(and(owned(owner), ne(sessions.id, keepId))).returning({ expiresAt: sessions.expiresAt }).all();
  return ended.filter((s) => s.expiresAt > now).length;
}

/**
 * Whether the account with this email has a live session opened from `ip`: a place its owner already signed in from,
 * which sign-in throttling treats as a known device (ADR 021).
 */
export async function accountSignedInFromIp(db: Db, channelId: number, email: string, ip: string, now: number): Promise<boolean> {
  const row = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.channelId, channelId)))
    .where(and(eq(sessions.channelId, channelId), eq(users.email, email), eq(sessions.ip, ip), gt(sessions.expiresAt, now)))
    .limit(1)
    .get();
  return Boolean(row);
}
