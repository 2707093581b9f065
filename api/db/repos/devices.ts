// Device authorization queries (issue 13). Every one is scoped to a channel: another channel's code is not found.
import { and, eq, lte } from "drizzle-orm";
import type { Db } from "../client";
import { deviceAuthorizations } from "../devices-schema";

export type DeviceAuthRow = typeof deviceAuthorizations.$inferSelect;
export type NewDeviceAuth = typeof deviceAuthorizations.$inferInsert;

/** Inserts a code pair; null when the user code is taken on this channel (the caller draws another). */
export async function insertDeviceAuth(db: Db, row: NewDeviceAuth): Promise<DeviceAuthRow | null> {
  return (await db.insert(deviceAuthorizations).values(row).onConflictDoNothing().returning().get()) ?? null;
}

/** Expired code pairs go when a new one is made: they can never be used again, and their user codes free up. */
export async function deleteExpiredDeviceAuths(db: Db, channelId: number, now: number): Promise<void> {
  await db.delete(deviceAuthorizations).where(and(eq(deviceAuthorizations.channelId, channelId), lte(deviceAuthorizations.expiresAt, now)));
}

/** The channel's code pair with this device code hash or user code, or null. */
export async function deviceAuthBy(db: Db, channelId: number, key: { deviceCodeHash: string } | { userCode: string }): Promise<DeviceAuthRow | null> {
  const match = "userCode" in key ? eq(deviceAuthorizations.userCode, key.userCode) : eq(deviceAuthorizations.deviceCodeHash, key.deviceCodeHash);
  return (await db.select().from(deviceAuthorizations).where(and(eq(deviceAuthorizations.channelId, channelId), match)).get()) ?? null;
}

/** Records a poll (and a longer interval after slow_down). */
export async function touchDeviceAuth(db: Db, id: number, now: number, intervalS: number): Promise<void> {
  await db.update(deviceAuthorizations).set({ lastPolledAt: now, intervalS }).where(eq(deviceAuthorizations.id, id));
}

/** The viewer's answer, only while the code is still pending: a code is answered once. */
export async function answerDeviceAuth(db: Db, id: number, userId: number, approve: boolean): Promise<boolean> {
  const row = await db
    .update(deviceAuthorizations)
    .set({ status: approve ? "approved" : "denied", userId })
    .where(and(eq(deviceAuthorizations.id, id), eq(deviceAuthorizations.status, "pending")))
    .returning({ id: deviceAuthorizations.id })
    .get();
  return Boolean(row);
}

/** approved → consumed, once: of two polls racing for the session, one wins. */
export async function consumeDeviceAuth(db: Db, id: number): Promise<boolean> {
  const row = await db
    .update(deviceAuthorizations)
    .set({ status: "consumed" })
    .where(and(eq(deviceAuthorizations.id, id), eq(deviceAuthorizations.status, "approved")))
    .returning({ id: deviceAuthorizations.id })
    .get();
  return Boolean(row);
}
