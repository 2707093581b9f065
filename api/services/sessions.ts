// The signed-in user's sessions (issue 13, Devices): list them, sign one out, sign out all but the current one.
// Takes plain inputs; the routes bind them to the request.
import { deviceName, parseUserAgent, SESSION_MESSAGES, type EndedOthers, type EndedSession, type Session } from "../contract/sessions";
import type { Db } from "../db/client";
import { activeSessions, deleteOtherSessions, deleteOwnedSession, type SessionOwner, type SessionRow } from "../db/repos/sessions";
import { notFound } from "../lib/errors";

export interface SessionScope extends SessionOwner {
  db: Db;
  /** The session making the call. */
  sessionId: number;
  now: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A stored session as the user sees it: the raw user agent and address stay on the server. */
export function toSession(row: SessionRow, currentId: number): Session {
  return {
    id: row.id,
    device: row.device,
    name: deviceName(row.device, row.userAgent),
    ...parseUserAgent(row.userAgent),
    country: row.country,
    created_at: iso(row.createdAt),
    last_seen_at: iso(row.lastSeenAt),
    current: row.id === currentId,
  };
}

/** GET /sessions. */
export async function listSessions(scope: SessionScope): Promise<Session[]> {
  const rows = await activeSessions(scope.db, scope, scope.now);
  return rows.map((row) => toSession(row, scope.sessionId));
}

/** DELETE /sessions/{id}: another user's or another channel's session is a 404. */
export async function endSession(scope: SessionScope, id: number): Promise<EndedSession> {
  if (!(await deleteOwnedSession(scope.db, scope, id))) throw notFound(SESSION_MESSAGES.notFound);
  return { id, current: id === scope.sessionId };
}

/** POST /sessions/end-others. */
export async function endOtherSessions(scope: SessionScope): Promise<EndedOthers> {
  return { ended: await deleteOtherSessions(scope.db, scope, scope.sessionId, scope.now) };
}
