// Custom domains owners add in the console (issue 16). Every read names the channel from the request's scope;
// only `hostnameClaims` (and the rival claims a verification settles) look across channels, because a hostname
// serves one channel at most.
import { and, asc, count, eq, inArray, ne } from "drizzle-orm";
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
  /** Every channel's claim of it, verified or not (one per channel). */
  claims: CustomHostnameRow[];
  /** How many domains the asking channel has added. */
  channelCount: number;
}

/** Who already has a hostname, and how many domains the channel holds, in one round trip. */
export async function hostnameClaims(db: Db, hostname: string, channelId: number): Promise<HostnameClaims> {
  const [declared, claims, counted] = await db.batch([
    db.select({ channelId: channelDomains.channelId }).from(channelDomains).where(eq(channelDomains.hostname, hostname)).limit(1),
    db.select().from(customHostnames).where(eq(customHostnames.hostname, hostname)).orderBy(asc(customHostnames.id)),
    db.select({ n: count() }).from(customHostnames).where(eq(customHostnames.channelId, channelId)),
  ]);
  return { declaredBy: declared[0]?.channelId ?? null, claims, channelCount: counted[0]?.n ?? 0 };
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

/** Settles other channels' unverified claims (a verification won, or the provider's copy moved), unexecuted. */
export const settleClaimsQuery = (db: Db, ids: number[], change: Pick<CustomHostnameRow, "status" | "detail" | "checkedAt">) =>
  db
    .update(customHostnames)
    .set(change)
    .where(and(inArray(customHostnames.id, ids), ne(customHostnames.status, "active")));
