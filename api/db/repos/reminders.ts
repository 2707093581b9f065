// Reminder queries: a user's "Remind me" rows, the events a run is due for, and the claim that makes a reminder mail
// go out once per user and event. Every query is scoped to a channel; a user's calls also to that user.
import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../client";
import { users } from "../auth-schema";
import { eventCategories, events, participants } from "../catalogue-schema";
import { eventReminders, favorites, reminderDeliveries } from "../favorites-schema";
import { channels } from "../schema";

export interface UserScope {
  channelId: number;
  userId: number;
}

/** "Remind me": a second ask for the same event changes nothing. */
export const addEventReminder = (db: Db, s: UserScope, eventId: number, now: number) =>
  db.insert(eventReminders).values({ channelId: s.channelId, userId: s.userId, eventId, createdAt: now }).onConflictDoNothing();

export const removeEventReminder = (db: Db, s: UserScope, eventId: number) =>
  db.delete(eventReminders).where(and(eq(eventReminders.channelId, s.channelId), eq(eventReminders.userId, s.userId), eq(eventReminders.eventId, eventId)));

/** The user's reminders of events that have not started, soonest first, with when their mail went out. */
export const userRemindersQuery = (db: Db, s: UserScope, now: number, eventId?: number) =>
  db
    .select({ eventId: eventReminders.eventId, start: events.eventUtcTs, sentAt: reminderDeliveries.sentAt })
    .from(eventReminders)
    .innerJoin(events, and(eq(events.id, eventReminders.eventId), eq(events.channelId, eventReminders.channelId)))
    .leftJoin(
      reminderDeliveries,
      and(
        eq(reminderDeliveries.channelId, eventReminders.channelId),
        eq(reminderDeliveries.userId, eventReminders.userId),
        eq(reminderDeliveries.eventId, eventReminders.eventId),
      ),
    )
    .where(
      and(
        eq(eventReminders.channelId, s.channelId),
        eq(eventReminders.userId, s.userId),
        gt(events.eventUtcTs, now),
        eventId !== undefined ? eq(eventReminders.eventId, eventId) : undefined,
      ),
    )
    .orderBy(asc(events.eventUtcTs), asc(eventReminders.eventId));

/** Unsubscribe: the user's pending "Remind me" rows go, and every favourite stops reminding. One batch. */
export const unsubscribeUserQueries = (db: Db, s: UserScope, now: number) =>
  [
    db.delete(eventReminders).where(
      and(
        eq(eventReminders.channelId, s.channelId),
        eq(eventReminders.userId, s.userId),
        inArray(eventReminders.eventId, db.select({ id: events.id }).from(events).where(and(eq(events.channelId, s.channelId), gt(events.eventUtcTs, now)))),
      ),
    ),
    db.update(favorites).set({ remind: false }).where(and(eq(favorites.channelId, s.channelId), eq(favorites.userId, s.userId))),
  ] as const;

export const channelUserQuery = (db: Db, channelId: number, userId: number) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.channelId, channelId), eq(users.id, userId)));

/** Events of active channels starting in (from, to]: what one reminder run mails about. */
export const dueEventsQuery = (db: Db, from: number, to: number) =>
  db
    .select({ event: events })
    .from(events)
    .innerJoin(channels, eq(channels.id, events.channelId))
    .where(and(gt(events.eventUtcTs, from), lte(events.eventUtcTs, to), eq(channels.status, "active")))
    .orderBy(asc(events.eventUtcTs), asc(events.id));

export interface Recipient {
  userId: number;
  email: string;
  firstName: string;
  language: string;
}

/**
 * Claims the reminder mails of one event in one statement: every user of its channel who asked ("Remind me") or
 * follows, with reminders on, one of its teams, either team's school, or its sport (or the parent of its
 * sub-category) gets a reminder_deliveries row, unless they have one. Only the rows inserted here come back, so two
 * overlapping runs cannot both mail the same user: the unique (channel, user, event) key lets one insert win.
 */
export async function claimReminderDeliveries(db: Db, event: { id: number; channelId: number; homeTeamId: number | null; awayTeamId: number | null; eventCategoryId: number | null }, now: number): Promise<Recipient[]> {
  const teams = [event.homeTeamId, event.awayTeamId].filter((id): id is number => id !== null);
  const teamList = teams.length ? sql.join(teams.map((id) => sql`${id}`), sql`, `) : sql`null`;
  const category = event.eventCategoryId;
  const follows = sql`
    select ${favorites.userId} as user_id, 'favorite' as source from ${favorites}
    where ${favorites.channelId} = ${event.channelId} and ${favorites.remind} = 1 and (
      (${favorites.favoritableType} = 'participant' and ${favorites.favoritableId} in (${teamList}))
      or (${favorites.favoritableType} = 'group' and ${favorites.favoritableId} in (
        select ${participants.groupId} from ${participants}
        where ${participants.channelId} = ${event.channelId} and ${participants.id} in (${teamList}) and ${participants.groupId} is not null))
      or (${favorites.favoritableType} = 'category' and ${favorites.favoritableId} in (
        select ${eventCategories.id} from ${eventCategories} where ${eventCategories.channelId} = ${event.channelId} and ${eventCategories.id} = ${category}
        union select ${eventCategories.parentId} from ${eventCategories}
        where ${eventCategories.channelId} = ${event.channelId} and ${eventCategories.id} = ${category} and ${eventCategories.parentId} is not null))
    )`;
  const asked = sql`select ${eventReminders.userId} as user_id, 'event' as source from ${eventReminders}
    where ${eventReminders.channelId} = ${event.channelId} and ${eventReminders.eventId} = ${event.id}`;
  // min(source) prefers 'event' when both asked; "where true" keeps SQLite from reading ON CONFLICT as a join clause.
  const claimed = await db.all<{ user_id: number }>(sql`
    insert into ${reminderDeliveries} (channel_id, user_id, event_id, source, sent_at)
    select ${event.channelId}, r.user_id, ${event.id}, min(r.source), ${now}
    from (${asked} union all ${follows}) r
    join ${users} u on u.id = r.user_id and u.channel_id = ${event.channelId}
    where true group by r.user_id
    on conflict (channel_id, user_id, event_id) do nothing
    returning user_id`);
  const out: Recipient[] = [];
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < claimed.length; i += 90) {
    const ids = claimed.slice(i, i + 90).map((r) => r.user_id);
    out.push(
      ...(await db
        .select({ userId: users.id, email: users.email, firstName: users.firstName, language: users.language })
        .from(users)
        .where(and(eq(users.channelId, event.channelId), inArray(users.id, ids)))),
    );
  }
  return out;
}
