import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../client";
import { apiKeys, channelDomains, channels } from "../schema";

export type Channel = typeof channels.$inferSelect;

export async function findChannelByAlias(db: Db, alias: string): Promise<Channel | undefined> {
  return db.select().from(channels).where(eq(channels.alias, alias)).get();
}

export async function findChannelById(db: Db, id: number): Promise<Channel | undefined> {
  return db.select().from(channels).where(eq(channels.id, id)).get();
}

export async function findChannelByDomain(db: Db, hostname: string): Promise<Channel | undefined> {
  const row = await db
    .select({ channel: channels })
    .from(channelDomains)
    .innerJoin(channels, eq(channels.id, channelDomains.channelId))
    .where(eq(channelDomains.hostname, hostname))
    .get();
  return row?.channel;
}

/** Stores a new api key's hash and drops the channel's expired keys, in one round trip. */
export async function insertApiKey(db: Db, channelId: number, keyHash: string, now: number, expiresAt: number) {
  await db.batch([
    db.delete(apiKeys).where(and(eq(apiKeys.channelId, channelId), lt(apiKeys.expiresAt, now))),
    db.insert(apiKeys).values({ channelId, keyHash, createdAt: now, expiresAt }),
  ]);
}

/** The channel of a live (unexpired, unrevoked) api key, or undefined. */
export async function findApiKey(db: Db, keyHash: string, now: number) {
  return db
    .select({ channelId: apiKeys.channelId, expiresAt: apiKeys.expiresAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), gt(apiKeys.expiresAt, now), isNull(apiKeys.revokedAt)))
    .get();
}
