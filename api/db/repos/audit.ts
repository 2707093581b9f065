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
