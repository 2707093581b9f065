// The audit log (issue 16): who changed what on a channel, with the value before and after.
import { and, desc, eq, lt } from "drizzle-orm";
import type { Db } from "../client";
import { auditLog } from "../schema";

export interface AuditEntry {
  channelId: number;
  actorUserId: number | null;
  actorEmail: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  createdAt: number;
}

/** The insert of one entry, unexecuted, so it joins the batch of the change it records. */
export const insertAuditQuery = (db: Db, entry: AuditEntry) => db.insert(auditLog).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });

/** A channel's entries, newest first; `beforeId` pages back. */
export function listAudit(db: Db, channelId: number, options: { limit: number; beforeId?: number; target?: string }) {
  const where = [eq(auditLog.channelId, channelId)];
  if (options.beforeId) where.push(lt(auditLog.id, options.beforeId));
  if (options.target) where.push(eq(auditLog.target, options.target));
  return db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(options.limit);
}

/** The same insert as a plain D1 statement, for the batches the channel loader runs (console section writes). */
export const auditStatement = (d1: D1Database, e: AuditEntry) =>
  d1
    .prepare("INSERT INTO audit_log (channel_id, actor_user_id, actor_email, action, target, before, after, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")
    .bind(e.channelId, e.actorUserId, e.actorEmail, e.action, e.target, json(e.before), json(e.after), e.createdAt);

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
