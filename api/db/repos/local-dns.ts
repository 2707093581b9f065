// The local DNS stand-in (issue 16): records a tester "creates" through the dev-only route, read by the local
// CustomHostnames provider. It belongs to no channel, as real DNS belongs to nobody's account here.
import { and, asc, eq, like, or, type SQL } from "drizzle-orm";
import type { DnsRecordType, LocalDnsRecordInput } from "../../contract/domains";
import type { Db } from "../client";
import { localDnsRecords } from "../schema";

export type LocalDnsRow = typeof localDnsRecords.$inferSelect;

/** Adds a record; the same record twice is one record. */
export async function putDnsRecord(db: Db, record: LocalDnsRecordInput, now: number): Promise<LocalDnsRow> {
  await db.insert(localDnsRecords).values({ ...record, createdAt: now }).onConflictDoNothing();
  const where = and(eq(localDnsRecords.name, record.name), eq(localDnsRecords.type, record.type), eq(localDnsRecords.value, record.value));
  return (await db.select().from(localDnsRecords).where(where).get())!;
}

/** Deletes the records of a name and type (only the one with `value` when given); answers how many. */
export async function deleteDnsRecords(db: Db, name: string, type: DnsRecordType, value?: string): Promise<number> {
  const where = [eq(localDnsRecords.name, name), eq(localDnsRecords.type, type)];
  if (value !== undefined) where.push(eq(localDnsRecords.value, value));
  const gone = await db.delete(localDnsRecords).where(and(...where)).returning({ id: localDnsRecords.id });
  return gone.length;
}

/** The records of a name and its subdomains (every record when no name is given), by name. */
export function listDnsRecords(db: Db, name?: string) {
  const where: SQL | undefined = name ? or(eq(localDnsRecords.name, name), like(localDnsRecords.name, `%.${name}`)) : undefined;
  return db.select().from(localDnsRecords).where(where).orderBy(asc(localDnsRecords.name), asc(localDnsRecords.type)).limit(500);
}

/** Which of these exact records exist, in one query. */
export async function existingDnsRecords(db: Db, wanted: LocalDnsRecordInput[]): Promise<LocalDnsRecordInput[]> {
  if (!wanted.length) return [];
  const rows = await db
    .select({ type: localDnsRecords.type, name: localDnsRecords.name, value: localDnsRecords.value })
    .from(localDnsRecords)
    .where(or(...wanted.map((r) => and(eq(localDnsRecords.name, r.name), eq(localDnsRecords.type, r.type), eq(localDnsRecords.value, r.value)))));
  return rows;
}
