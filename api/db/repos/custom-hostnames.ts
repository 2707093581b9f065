// Custom domains owners add in the console (issue 16). Every read names the channel from the request's scope;
// only `hostnameClaims` looks across channels, because a hostname can belong to one channel at most.
import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../client";
import { channelDomains, customHostnames } from "../schema";

export type CustomHostnameRow = typeof customHostnames.$inferSelect;
export type NewCustomHostname = typeof customHostnames.$inferInsert;

export function listChannelHostnames(db: Db, channelId: number) {
  return db.select().from(customHostnames).where(eq(customHostnames.channelId, channelId)).orderBy(asc(customHostnames.createdAt), asc(customHostnames.id));
}

/** The domains declared in the channel's definition (tenant folder), which need no verification. */
export async function declaredDomains(db: Db, channelId: number): Promise<string[]> {
  const rows = await db.select({ hostname: channelDomains.hostname }).from(channelDomains).where(eq(channelDomains.channelId, channelId)).orderBy(asc(channelDomains.hostname));
  return rows.map((r) => r.hostname);
}

/** One of the channel's domains; another channel's id is not found, like any id that does not exist. */
export function findChannelHostname(db: Db, channelId: number, id: number) {
  return db
    .select()
    .from(customHostnames)
    .where(and(eq(customHostnames.channelId, channelId), eq(customHostnames.id, id)))
    .get();
}

export interface HostnameClaims {
  /** The channel whose definition declares the hostname. */
  declaredBy: number | null;
  /** The channel an owner added it to (any status). */
  addedBy: number | null;
  /** How many domains the asking channel has added. */
  channelCount: number;
}

/** Who already has a hostname, and how many domains the channel holds, in one round trip. */
export async function hostnameClaims(db: Db, hostname: string, channelId: number): Promise<HostnameClaims> {
  const [declared, added, counted] = await db.batch([
    db.select({ channelId: channelDomains.channelId }).from(channelDomains).where(eq(channelDomains.hostname, hostname)).limit(1),
    db.select({ channelId: customHostnames.channelId }).from(customHostnames).where(eq(customHostnames.hostname, hostname)).limit(1),
    db.select({ n: count() }).from(customHostnames).where(eq(customHostnames.channelId, channelId)),
  ]);
  return { declaredBy: declared[0]?.channelId ?? null, addedBy: added[0]?.channelId ?? null, channelCount: counted[0]?.n ?? 0 };
}

/** The insert of a new domain, unexecuted, to batch with its audit entry. */
export const insertHostnameQuery = (db: Db, row: NewCustomHostname) => db.insert(customHostnames).values(row).returning();

/** The update of a domain after a check, unexecuted. */
export const updateHostnameQuery = (db: Db, row: Pick<CustomHostnameRow, "id" | "channelId">, change: Pick<CustomHostnameRow, "status" | "detail" | "checkedAt" | "activatedAt">) =>
  db
    .update(customHostnames)
    .set(change)
    .where(and(eq(customHostnames.channelId, row.channelId), eq(customHostnames.id, row.id)))
    .returning();

/** The delete of a domain, unexecuted. */
export const deleteHostnameQuery = (db: Db, row: Pick<CustomHostnameRow, "id" | "channelId">) =>
  db.delete(customHostnames).where(and(eq(customHostnames.channelId, row.channelId), eq(customHostnames.id, row.id)));
