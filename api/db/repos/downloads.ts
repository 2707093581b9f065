// Event downloads charged to passes (SPEC §6: download limits are per pass). See downloads-schema.ts.
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { users } from "../auth-schema";
import { eventDownloads } from "../downloads-schema";

/** Downloads charged to each of these orders. */
export async function downloadsUsedByOrder(db: Db, channelId: number, orderIds: readonly number[]): Promise<Map<number, number>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .select({ orderId: eventDownloads.orderId, n: count() })
    .from(eventDownloads)
    .where(and(eq(eventDownloads.channelId, channelId), inArray(eventDownloads.orderId, [...orderIds])))
    .groupBy(eventDownloads.orderId);
  return new Map(rows.map((r) => [r.orderId, r.n]));
}

export interface DownloadCharge {
  channelId: number;
  userId: number;
  orderId: number;
  eventId: number;
  now: number;
}

/**
 * Charges one download to a pass if it still has room under `passLimit`, in one conditional INSERT so two parallel
 * requests cannot both take its last one; then counts it on the user (`featureCount.downloads`). Answers the
 * downloads now charged to that pass, or null when it was full.
 */
export async function takeDownload(db: Db, d: DownloadCharge, passLimit: number): Promise<number | null> {
  const used = sql`(select count(*) from ${eventDownloads} where ${eventDownloads.channelId} = ${d.channelId} and ${eventDownloads.orderId} = ${d.orderId})`;
  const inserted = await db.all<{ id: number }>(
    sql`insert into ${eventDownloads} (channel_id, user_id, order_id, event_id, created_at)
        select ${d.channelId}, ${d.userId}, ${d.orderId}, ${d.eventId}, ${d.now} where ${used} < ${passLimit} returning id`,
  );
  if (!inserted[0]) return null;
  const [, after] = await db.batch([
    db
      .update(users)
      .set({ downloadCount: sql`${users.downloadCount} + 1` })
      .where(and(eq(users.id, d.userId), eq(users.channelId, d.channelId))),
    db
      .select({ n: count() })
      .from(eventDownloads)
      .where(and(eq(eventDownloads.channelId, d.channelId), eq(eventDownloads.orderId, d.orderId))),
  ]);
  return after[0]?.n ?? 1;
}
