// Favourites (issue 12, SPEC §3 Favorite): a user's followed teams (participant), schools (group) and sports
// (category) on one channel, with the reminders built on them. A reminder mail goes out at most once per user and
// event: reminder_deliveries' unique key is what makes two cron runs send one mail.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { FAVORITABLE_TYPES } from "../contract/favorites";
import { users } from "./auth-schema";
import { channels } from "./schema";

export const favorites = sqliteTable(
  "favorites",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    favoritableType: text("favoritable_type", { enum: FAVORITABLE_TYPES }).notNull(),
    favoritableId: integer("favoritable_id").notNull(),
    /** Reminder mails before each of its events (opt-in). */
    remind: integer("remind", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("favorites_user_item_idx").on(t.channelId, t.userId, t.favoritableType, t.favoritableId),
    // Who follows a team, school or sport (the reminder run).
    index("favorites_item_idx").on(t.channelId, t.favoritableType, t.favoritableId),
  ],
);

/** "Remind me" on one upcoming event. */
export const eventReminders = sqliteTable(
  "event_reminders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    eventId: integer("event_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("event_reminders_user_event_idx").on(t.channelId, t.userId, t.eventId), index("event_reminders_event_idx").on(t.channelId, t.eventId)],
);

/** A reminder mail that went out (or is going out): one per user and event, whatever asked for it. */
export const reminderDeliveries = sqliteTable(
  "reminder_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    eventId: integer("event_id").notNull(),
    /** Why: the viewer's "Remind me", or a followed team, school or sport with reminders on. */
    source: text("source", { enum: ["event", "favorite"] }).notNull(),
    sentAt: integer("sent_at").notNull(),
  },
  (t) => [uniqueIndex("reminder_deliveries_user_event_idx").on(t.channelId, t.userId, t.eventId)],
);

export type FavoriteRow = typeof favorites.$inferSelect;
