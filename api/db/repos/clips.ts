// Clip queries. Every one is scoped to a channel, and the user's calls to that user: another user's or channel's clip
// is simply not found. Deleted clips (soft delete) are found only by the allowance count.
import { and, count, desc, eq, inArray, isNotNull, isNull, ne, notExists, sql } from "drizzle-orm";
import type { ClipStatus } from "../../contract/clips";
import type { Db } from "../client";
import { events, vodMediaItems } from "../catalogue-schema";
import { users } from "../auth-schema";
import { clips, type ClipRow } from "../clips-schema";
import { scoreTaps } from "../scores-schema";

export interface UserScope {
  channelId: number;
  userId: number;
}

const live = (channelId: number) => and(eq(clips.channelId, channelId), isNull(clips.deletedAt));
/** A user's own clips: a key play's clip (issue 27) is the event's, not its scorekeeper's. */
const owned = (s: UserScope) => and(live(s.channelId), eq(clips.userId, s.userId), isNull(clips.keyPlayTapId));

export type NewClip = Omit<typeof clips.$inferInsert, "id" | "status" | "progress" | "attempts" | "failureReason" | "fileKey" | "fileSize" | "posterKey" | "readyAt" | "deletedAt">;

/**
 * Inserts the clip only if its pass still has room: the count of the pass's clips (failed ones excepted, deleted
 * ones included: the allowance counts what was created) is checked in the same statement, so two parallel requests
 * cannot both take the last clip. Null when the pass is full.
 */
export async function insertClip(db: Db, row: NewClip, passLimit: number | null): Promise<ClipRow | null> {
  if (row.orderId === null || row.orderId === undefined || passLimit === null) {
    return (await db.insert(clips).values(row).returning().get()) ?? null;
  }
  const used = sql`(select count(*) from ${clips} where ${clips.channelId} = ${row.channelId} and ${clips.orderId} = ${row.orderId} and ${clips.status} != 'failed')`;
  const columns = Object.keys(row) as (keyof NewClip)[];
  const names = sql.join(
    columns.map((k) => sql.identifier(clips[k].name)),
    sql`, `,
  );
  const values = sql.join(
    columns.map((k) => sql`${k === "tags" ? JSON.stringify(row[k]) : row[k]}`),
    sql`, `,
  );
  const inserted = await db.all<{ id: number }>(
    sql`insert into ${clips} (${names}) select ${values} where ${used} < ${passLimit} returning ${clips.id} as id`,
  );
  const id = inserted[0]?.id;
  return id === undefined ? null : ((await db.select().from(clips).where(eq(clips.id, id)).get()) ?? null);
}

/**
 * users.clip_count (`featureCount.clips`): the user's clips that count, i.e. not failed (deleted ones included, as
 * the allowance counts them). Recomputed after each change rather than incremented, so it cannot drift.
 */
export const refreshClipCount = (db: Db, channelId: number, clipId: number) =>
  db.run(
    sql`update ${users} set clip_count = (select count(*) from ${clips} where ${clips.userId} = ${users.id} and ${clips.keyPlayTapId} is null and ${clips.status} != 'failed')
        where ${users.id} = (select ${clips.userId} from ${clips} where ${clips.id} = ${clipId} and ${clips.channelId} = ${channelId})`,
  );

/** Clips charged to each of these orders (failed ones give their clip back). */
export async function clipsUsedByOrder(db: Db, channelId: number, orderIds: readonly number[]): Promise<Map<number, number>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .select({ orderId: clips.orderId, n: count() })
    .from(clips)
    .where(and(eq(clips.channelId, channelId), inArray(clips.orderId, [...orderIds]), ne(clips.status, "failed")))
    .groupBy(clips.orderId);
  return new Map(rows.filter((r) => r.orderId !== null).map((r) => [r.orderId!, r.n]));
}

/** The user's clips that count (created, not failed), for `featureCount.clips`. */
export const clipCountQuery = (db: Db, s: UserScope) =>
  db
    .select({ n: count() })
    .from(clips)
    .where(and(eq(clips.channelId, s.channelId), eq(clips.userId, s.userId), isNull(clips.keyPlayTapId), ne(clips.status, "failed")));

export const userClip = (db: Db, s: UserScope, id: number) =>
  db
    .select()
    .from(clips)
    .where(and(owned(s), eq(clips.id, id)))
    .get();

export interface ClipFilter {
  eventId?: number;
  vodItemId?: number;
  status?: ClipStatus;
  offset: number;
  limit: number;
}

export async function userClips(db: Db, s: UserScope, f: ClipFilter): Promise<{ rows: ClipRow[]; total: number }> {
  const where = and(
    owned(s),
    f.eventId !== undefined ? eq(clips.eventId, f.eventId) : undefined,
    f.vodItemId !== undefined ? eq(clips.vodItemId, f.vodItemId) : undefined,
    f.status ? eq(clips.status, f.status) : undefined,
  );
  const [rows, [{ total }]] = await db.batch([
    db.select().from(clips).where(where).orderBy(desc(clips.createdAt), desc(clips.id)).limit(f.limit).offset(f.offset),
    db.select({ total: count() }).from(clips).where(where),
  ]);
  return { rows, total };
}

/** The ids of the events the user has clips of (a subquery for the events page query). */
export const userClipEventIds = (db: Db, s: UserScope) =>
  db.selectDistinct({ id: clips.eventId }).from(clips).where(and(owned(s), isNotNull(clips.eventId)));

/** Clip counts per event for the user. */
export async function userClipCounts(db: Db, s: UserScope): Promise<Map<number, number>> {
  const rows = await db
    .select({ eventId: clips.eventId, n: count() })
    .from(clips)
    .where(and(owned(s), isNotNull(clips.eventId)))
    .groupBy(clips.eventId);
  return new Map(rows.map((r) => [r.eventId!, r.n]));
}

/**
 * A shared clip: the id and the uuid must both match, it must be ready and not deleted; a key play's clip, not hidden
 * by the owner (a hidden key play leaves every page, its clip's too, until it is shown again).
 */
export const sharedClip = (db: Db, channelId: number, id: number, uuid: string) =>
  db
    .select()
    .from(clips)
    .where(and(live(channelId), eq(clips.id, id), eq(clips.uuid, uuid.toLowerCase()), eq(clips.status, "ready"), notExists(hiddenKeyPlay(db))))
    .get();

/** The hidden key-play tap of the enclosing query's clip, as a subquery (none for a viewer's clip). */
const hiddenKeyPlay = (db: Db) =>
  db
    .select({ one: sql`1` })
    .from(scoreTaps)
    .where(and(eq(scoreTaps.channelId, clips.channelId), eq(scoreTaps.eventId, clips.eventId), eq(scoreTaps.tapId, clips.keyPlayTapId), eq(scoreTaps.hidden, true)));

/** Soft delete: the row stays for the allowance count, the file goes. Answers the row as it was, or null. */
export async function deleteClip(db: Db, s: UserScope, id: number, now: number): Promise<ClipRow | null> {
  const row = await userClip(db, s, id);
  if (!row) return null;
  await db
    .update(clips)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(owned(s), eq(clips.id, id)));
  return row;
}

// ---- Key plays (issue 27) ---------------------------------------------------------------------------------------

/** The clips of an event's key plays (deleted ones left out), by their taps' ids. */
export async function keyPlayClips(db: Db, channelId: number, eventId: number): Promise<Map<string, ClipRow>> {
  const rows = await db
    .select()
    .from(clips)
    .where(and(live(channelId), eq(clips.eventId, eventId), isNotNull(clips.keyPlayTapId)))
    .all();
  return new Map(rows.map((r) => [r.keyPlayTapId!, r]));
}

/** Inserts a key play's clip; a tap that has one already keeps it (a resend). Null then. */
export const insertKeyPlayClip = (db: Db, row: NewClip & { keyPlayTapId: string }) =>
  db
    .insert(clips)
    .values(row)
    .onConflictDoNothing({ target: [clips.channelId, clips.eventId, clips.keyPlayTapId] })
    .returning()
    .get();

/** Soft-deletes a key play's clip; answers the row as it was, or null when it has none. */
export async function deleteKeyPlayClip(db: Db, channelId: number, eventId: number, tapId: string, now: number): Promise<ClipRow | null> {
  const where = and(live(channelId), eq(clips.eventId, eventId), eq(clips.keyPlayTapId, tapId));
  const row = await db.select().from(clips).where(where).get();
  if (!row) return null;
  await db.update(clips).set({ deletedAt: now, updatedAt: now }).where(where);
  return row;
}

// ---- Processing (the queue consumer) -------------------------------------------------------------------------

/** A clip by id within its channel, deleted or not (the consumer must see a deletion to clean up after it). */
export const clipById = (db: Db, channelId: number, id: number) =>
  db
    .select()
    .from(clips)
    .where(and(eq(clips.channelId, channelId), eq(clips.id, id)))
    .get();

/** queued|processing → processing, one more attempt. Null when the clip is done, failed or deleted meanwhile. */
export const startProcessing = (db: Db, channelId: number, id: number, now: number) =>
  db
    .update(clips)
    .set({ status: "processing", progress: 0, attempts: sql`${clips.attempts} + 1`, updatedAt: now })
    .where(and(live(channelId), eq(clips.id, id), inArray(clips.status, ["queued", "processing"])))
    .returning()
    .get();

export const setProgress = (db: Db, channelId: number, id: number, progress: number, now: number) =>
  db
    .update(clips)
    .set({ progress, updatedAt: now })
    .where(and(eq(clips.channelId, channelId), eq(clips.id, id), eq(clips.status, "processing")))
    .run();

/** A clip Stream cuts: its own video's uid, once Stream's clip API answered it (the clip stays processing). */
export const setStreamUid = (db: Db, channelId: number, id: number, streamUid: string, now: number) =>
  db
    .update(clips)
    .set({ streamUid, progress: 10, updatedAt: now })
    .where(and(live(channelId), eq(clips.id, id), eq(clips.status, "processing")))
    .returning()
    .get();

/** The clip whose own video at Stream is `streamUid`, in any channel (Stream's webhook has one URL per account). */
export const clipByStreamUid = (db: Db, streamUid: string) =>
  db
    .select({ id: clips.id, channelId: clips.channelId, status: clips.status, deletedAt: clips.deletedAt })
    .from(clips)
    .where(eq(clips.streamUid, streamUid))
    .get();

/** processing → ready. False when the clip was deleted (or finished by another delivery) meanwhile. */
export async function markReady(db: Db, channelId: number, id: number, file: { key: string; size: number; posterKey: string | null }, now: number): Promise<boolean> {
  const row = await db
    .update(clips)
    .set({ status: "ready", progress: 100, fileKey: file.key, fileSize: file.size, posterKey: file.posterKey, failureReason: null, readyAt: now, updatedAt: now })
    .where(and(live(channelId), eq(clips.id, id), eq(clips.status, "processing")))
    .returning({ id: clips.id })
    .get();
  return row !== undefined;
}

/** → failed with its reason (a ready clip stays ready). */
export const markFailed = (db: Db, channelId: number, id: number, reason: string, now: number) =>
  db
    .update(clips)
    .set({ status: "failed", failureReason: reason, updatedAt: now })
    .where(and(eq(clips.channelId, channelId), eq(clips.id, id), inArray(clips.status, ["queued", "processing"])))
    .run();

/** The names of the events and titles of the library videos clips were cut from, in one round trip. */
export async function clipSourceNames(db: Db, channelId: number, rows: readonly Pick<ClipRow, "eventId" | "vodItemId">[]) {
  const eventIds = [...new Set(rows.map((r) => r.eventId).filter((id): id is number => id !== null))];
  const vodIds = [...new Set(rows.map((r) => r.vodItemId).filter((id): id is number => id !== null))];
  const [eventRows, vodRows] = await db.batch([
    db.select({ id: events.id, name: events.name }).from(events).where(and(eq(events.channelId, channelId), inArray(events.id, eventIds.length ? eventIds : [0]))),
    db.select({ id: vodMediaItems.id, title: vodMediaItems.title }).from(vodMediaItems).where(and(eq(vodMediaItems.channelId, channelId), inArray(vodMediaItems.id, vodIds.length ? vodIds : [0]))),
  ]);
  return { events: new Map(eventRows.map((r) => [r.id, r.name])), vod: new Map(vodRows.map((r) => [r.id, r.title])) };
}

/** Clips still queued or processing, untouched since `before` (their job was lost or its worker died). */
export const staleClips = (db: Db, before: number, limit = 100) =>
  db
    .select({ id: clips.id, channelId: clips.channelId, attempts: clips.attempts })
    .from(clips)
    .where(and(isNull(clips.deletedAt), inArray(clips.status, ["queued", "processing"]), sql`${clips.updatedAt} < ${before}`))
    .limit(limit)
    .all();

/** Marks a stale clip as touched, so one sweep does not send it twice before its job runs. */
export const touchClip = (db: Db, channelId: number, id: number, now: number) =>
  db.update(clips).set({ updatedAt: now }).where(and(eq(clips.channelId, channelId), eq(clips.id, id))).run();

/** The R2 keys of every file the user's clips left (deleted ones' are already gone), for account deletion. */
export async function userClipObjects(db: Db, s: UserScope): Promise<string[]> {
  const rows = await db
    .select({ fileKey: clips.fileKey, posterKey: clips.posterKey })
    .from(clips)
    .where(and(eq(clips.channelId, s.channelId), eq(clips.userId, s.userId), isNull(clips.deletedAt)));
  return rows.flatMap((r) => [r.fileKey, r.posterKey]).filter((k): k is string => k !== null);
}
