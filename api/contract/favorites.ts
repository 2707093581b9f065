// The favourites contract (SPEC §3 Favorite, §4 "Favourites load only when logged in", §5 favourite type, §7
// Favourites and /events/favorite), and the reminder and calendar calls built on it (issue 12). Shared by the API and
// the web app.
import { z } from "zod";
import type { Event } from "./catalogue-types";
import { languageSchema } from "./common";

/** SPEC §3: what can be favourited (a team, a school, a sport). */
export const FAVORITABLE_TYPES = ["participant", "group", "category"] as const;
export type FavoritableType = (typeof FAVORITABLE_TYPES)[number];

/** How many favourites one user may keep on a channel: enough for any fan, a bound for the rails and the cron. */
export const FAVORITES_MAX = 100;
/** Reminder mails go out this long before an event starts (the cron runs every 5 minutes). */
export const REMINDER_LEAD_MS = 30 * 60_000;

export const FAVORITE_MESSAGES = {
  /** SPEC §4/§8, word for word. */
  loginRequired: "user must be logged in",
  /** SPEC §5: "a message that the field must equal one of the allowed values". */
  typeInvalid: `The favoritable type field must be equal to one of: ${FAVORITABLE_TYPES.join(", ")}.`,
  idInvalid: "The favoritable id field is required.",
  tooMany: `You can follow at most ${FAVORITES_MAX} teams, schools and sports.`,
  eventStarted: "This event has already started.",
  unsubscribeInvalid: "This unsubscribe link is not valid.",
} as const;

/** POST /favorite (SPEC §7: favoritable_id, favoritable_type), and `remind`: mail me before each of its events. */
export const favoriteBodySchema = z.object({
  favoritable_type: z.enum(FAVORITABLE_TYPES, { error: FAVORITE_MESSAGES.typeInvalid }),
  favoritable_id: z.coerce.number({ error: FAVORITE_MESSAGES.idInvalid }).int(FAVORITE_MESSAGES.idInvalid).positive(FAVORITE_MESSAGES.idInvalid),
  remind: z.boolean().optional(),
});
export type FavoriteBody = z.input<typeof favoriteBodySchema>;

/** PATCH /favorite/{id}: turn the reminders for all of its events on or off. */
export const favoriteUpdateSchema = z.object({ remind: z.boolean() });

export const favoritesQuerySchema = z.object({ lang: languageSchema.optional() });

/** GET /events/favorite (SPEC §7): the events of what the user follows. */
export const favoriteEventsQuerySchema = z.object({
  lang: languageSchema.optional(),
  /** One status, or several comma-separated ("live,upcoming": what is on now and next, in start order). */
  stream_status: z
    .string()
    .transform((v) => [...new Set(v.split(",").map((s) => s.trim()))])
    .pipe(z.array(z.enum(["live", "upcoming", "finished"])).min(1))
    .optional(),
  start_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  end_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(12),
  sort_field: z.enum(["event_utc_ts", "name"]).default("event_utc_ts"),
  sort_direction: z.enum(["asc", "desc"]).optional(),
});

/** What is favourited, as the interface shows it. */
export interface Favoritable {
  id: number;
  name: string;
  alias: string;
  /** The crest or logo, if any. */
  image: string | null;
  color: string | null;
  /** Where its landing is: /upcoming?team=…, ?school=… or ?sport=… */
  path: string;
}

export interface Favorite {
  id: number;
  favoritable_id: number;
  favoritable_type: FavoritableType;
  /** Reminder mails before each of its events. */
  remind: boolean;
  /** Whether one of its events is live now. */
  live_now: boolean;
  favoritable: Favoritable;
  created_at: string;
}

/** An event of /events/favorite: which of the user's favourites it is there for. */
export type FavoriteEvent = Event & { favorite_ids: number[] };

/** POST /reminder: mail me shortly before this event. */
export const reminderBodySchema = z.object({ event_id: z.coerce.number({ error: "The event id field is required." }).int().positive() });

export interface Reminder {
  event_id: number;
  /** ISO 8601: when the mail is due (REMINDER_LEAD_MS before the start). */
  remind_at: string;
  /** ISO 8601, once the mail went out. */
  sent_at: string | null;
}

/** POST /reminders/unsubscribe: the signed link of a reminder mail. */
export const unsubscribeBodySchema = z.object({
  user: z.coerce.number().int().positive(),
  signature: z.string().min(16).max(200),
});

// ---- Reminders ----------------------------------------------------------------------------------------------

/** mail_outbox.kind of a reminder mail (the column is free text). */
export const REMINDER_MAIL_KIND = "event_reminder";
/** The web page a reminder mail's unsubscribe link opens (GET shows a confirm button, POST unsubscribes). */
export const REMINDER_UNSUBSCRIBE_PATH = "/reminders/unsubscribe";
/** The event's iCalendar file (the calendar part of issue 12 serves it). */
export const eventCalendarPath = (eventId: number) => `/calendar/event/${eventId}.ics`;

/** GET /reminders: the user's reminders of upcoming events, optionally of one event. */
export const remindersQuerySchema = z.object({ event_id: z.coerce.number().int().positive().optional() });

/** What one reminder run did (POST /dev/reminders/run-due). */
export interface ReminderRunReport {
  /** ISO 8601: the run's clock. */
  now: string;
  /** Events starting in (now, now + REMINDER_LEAD_MS], on every channel. */
  events: number;
  /** Mails written by this run (a user and event already mailed are never mailed again). */
  sent: number;
}

// ---- Calendar (issue 12): "Add to calendar" and the subscribable feeds ------------------------------------------
// GET /calendar/event/{id} answers one event's iCalendar file; GET /calendar/{type}/{id} a team's, school's or sport's
// feed. Both answer `text/calendar; charset=utf-8` (errors stay JSON), with a Content-Disposition naming the file.

/** A feed is a favourite's: a team (participant), a school (group) or a sport (category). */
export const CALENDAR_FEED_TYPES = FAVORITABLE_TYPES;
export type CalendarFeedType = FavoritableType;
/** A feed holds the events from this many days ago… */
export const CALENDAR_FEED_PAST_DAYS = 30;
/** …to this many days ahead, */
export const CALENDAR_FEED_AHEAD_DAYS = 365;
/** …and at most this many of them (a season of several teams fits). */
export const CALENDAR_FEED_MAX_EVENTS = 200;
/** How often a subscribed calendar should fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const CALENDAR_REFRESH_INTERVAL = "PT6H";

export const CALENDAR_MESSAGES = {
  typeInvalid: `The calendar type must be one of: ${CALENDAR_FEED_TYPES.join(", ")}.`,
  idInvalid: "The id must be a positive whole number.",
} as const;

export const calendarFeedParamSchema = z.object({
  type: z.enum(CALENDAR_FEED_TYPES, { error: CALENDAR_MESSAGES.typeInvalid }),
  id: z.coerce.number({ error: CALENDAR_MESSAGES.idInvalid }).int(CALENDAR_MESSAGES.idInvalid).positive(CALENDAR_MESSAGES.idInvalid),
});

export const calendarEventParamSchema = calendarFeedParamSchema.pick({ id: true });

export const calendarQuerySchema = z.object({ lang: languageSchema.optional() });
