// User sessions (DESIGN "Sessions and auth"): an opaque random token goes to the client, only its SHA-256 is
// stored. Expiry slides with use, but last-seen is written at most every SESSION_TOUCH_MS so that reads stay
// reads.
import { and, eq, ne } from "drizzle-orm";
import { SESSION_TOUCH_MS, SESSION_TTL_MS } from "../../contract/constants";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/auth-schema";
import { randomToken, sha256Hex } from "../../lib/crypto";

export type SessionRow = typeof sessions.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** What a session records of the request that signed in (the Devices list shows it). */
export interface SessionClient {
  userAgent: string | null;
  ip: string | null;
  /** ISO 3166-1 alpha-2, from the request as api/services/geo.ts reads it; null when unknown. */
  country: string | null;
}

export interface OpenSessionInput extends SessionClient {
  channelId: number;
  userId: number;
  /** web, tv, mobile… (defaults to web). */
  device?: string;
  now: number;
}

/** A new session with a fresh token: every sign-in rotates the token. */
export async function openSession(db: Db, input: OpenSessionInput): Promise<{ token: string; expiresAt: number }> {
  const token = randomToken(32);
  const expiresAt = input.now + SESSION_TTL_MS;
  await db.insert(sessions).values({
    channelId: input.channelId,
    userId: input.userId,
    tokenHash: await sha256Hex(token),
    device: input.device ?? "web",
    userAgent: input.userAgent?.slice(0, 512) ?? null,
    ip: input.ip,
    country: input.country,
    createdAt: input.now,
    lastSeenAt: input.now,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The live session a token names on this channel and its user, in one read, touched when due; null when unknown
 * or expired. Every signed-in call passes here, so it stays one round trip in the common case.
 */
export async function findSession(db: Db, channelId: number, token: string, now: number): Promise<{ session: SessionRow; user: UserRow } | null> {
  const found = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.channelId, channelId)))
    .where(and(eq(sessions.tokenHash, await sha256Hex(token)), eq(sessions.channelId, channelId)))
    .get();
  if (!found) return null;
  const { session, user } = found;
  if (session.expiresAt <= now) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  if (now - session.lastSeenAt >= SESSION_TOUCH_MS) {
    const touched = { lastSeenAt: now, expiresAt: now + SESSION_TTL_MS };
    await db.update(sessions).set(touched).where(eq(sessions.id, session.id));
    return { session: { ...session, ...touched }, user };
  }
  return found;
}

export async function closeSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Signs the user out everywhere, or everywhere but the current session. */
export async function closeUserSessions(db: Db, channelId: number, userId: number, exceptSessionId?: number): Promise<void> {
  await closeUserSessionsQuery(db, channelId, userId, exceptSessionId);
}

/** The same, as a statement to run in one batch with the change that requires it (new password, reset). */
export function closeUserSessionsQuery(db: Db, channelId: number, userId: number, exceptSessionId?: number) {
  const own = and(eq(sessions.channelId, channelId), eq(sessions.userId, userId));
  return db.delete(sessions).where(exceptSessionId === undefined ? own : and(own, ne(sessions.id, exceptSessionId)));
}
