// "Remind me" (issue 12): a signed-in viewer asks for a mail shortly before one upcoming event; the list of their
// reminders; and the signed unsubscribe link every reminder mail carries. Services take a plain scope; the run that
// sends the mails is reminder-run.ts.
import { FAVORITE_MESSAGES, REMINDER_LEAD_MS, type Reminder } from "../contract/favorites";
import type { Db } from "../db/client";
import { channelEventQuery } from "../db/repos/catalogue-events";
import * as repo from "../db/repos/reminders";
import { fromBase64Url, hmacSha256, timingSafeEqual, toBase64Url } from "../lib/crypto";
import { ApiError, notFound } from "../lib/errors";

export interface ReminderScope {
  db: Db;
  channelId: number;
  now: number;
}

const toReminder = (r: { eventId: number; start: number; sentAt: number | null }): Reminder => ({
  event_id: r.eventId,
  remind_at: new Date(r.start - REMINDER_LEAD_MS).toISOString(),
  sent_at: r.sentAt === null ? null : new Date(r.sentAt).toISOString(),
});

export async function listReminders(s: ReminderScope, userId: number, eventId?: number): Promise<Reminder[]> {
  const rows = await repo.userRemindersQuery(s.db, { channelId: s.channelId, userId }, s.now, eventId);
  return rows.map(toReminder);
}

/** POST /reminder: idempotent. Another channel's event is not found; one that has started is refused. */
export async function addReminder(s: ReminderScope, userId: number, eventId: number): Promise<Reminder> {
  const event = await channelEventQuery(s.db, s.channelId, eventId).get();
  if (!event) throw notFound();
  if (event.eventUtcTs <= s.now) throw new ApiError(422, FAVORITE_MESSAGES.eventStarted, { event_id: [FAVORITE_MESSAGES.eventStarted] });
  await repo.addEventReminder(s.db, { channelId: s.channelId, userId }, eventId, s.now);
  return (await listReminders(s, userId, eventId))[0];
}

/** DELETE /reminder/{event_id}: idempotent (no reminder, nothing to remove). */
export async function removeReminder(s: ReminderScope, userId: number, eventId: number): Promise<void> {
  await repo.removeEventReminder(s.db, { channelId: s.channelId, userId }, eventId);
}

// ---- The unsubscribe link -------------------------------------------------------------------------------------

/**
 * HMAC of channel and user with the auth secret. No expiry and nothing stored: an old mail's link must keep working,
 * and it can only ever turn reminders off.
 */
export async function unsubscribeSignature(secret: string, channelId: number, userId: number): Promise<string> {
  return toBase64Url(await hmacSha256(secret, `reminders-unsubscribe:${channelId}:${userId}`));
}

export async function checkUnsubscribeSignature(secret: string, channelId: number, userId: number, signature: string): Promise<boolean> {
  const given = fromBase64Url(signature);
  if (!given) return false;
  return timingSafeEqual(given, fromBase64Url(await unsubscribeSignature(secret, channelId, userId))!);
}

/** The web page's link: /reminders/unsubscribe?user=…&signature=… on the channel's origin. */
export async function unsubscribeLink(origin: string, path: string, secret: string, channelId: number, userId: number): Promise<string> {
  const q = new URLSearchParams({ user: String(userId), signature: await unsubscribeSignature(secret, channelId, userId) });
  return new URL(`${path}?${q.toString()}`, origin).toString();
}

export const invalidUnsubscribe = () => new ApiError(422, FAVORITE_MESSAGES.unsubscribeInvalid, { signature: [FAVORITE_MESSAGES.unsubscribeInvalid] });

/**
 * POST /reminders/unsubscribe: drops the user's pending "Remind me" rows and turns reminders off on all their
 * favourites. Idempotent; a user deleted since the mail has nothing left to turn off.
 */
export async function unsubscribe(s: ReminderScope, secret: string, userId: number, signature: string): Promise<void> {
  if (!(await checkUnsubscribeSignature(secret, s.channelId, userId, signature))) throw invalidUnsubscribe();
  const user = await repo.channelUserQuery(s.db, s.channelId, userId).get();
  if (!user) return;
  await s.db.batch(repo.unsubscribeUserQueries(s.db, { channelId: s.channelId, userId }, s.now));
}
