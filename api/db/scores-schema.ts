// Game day (issue 27): the taps a scorekeeper made for an event, and who may keep score. The game's score, period,
// clock and key plays are a replay of the taps (api/services/scores/rules.ts), never stored apart from them.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { TapAction } from "../contract/scores";
import { users } from "./auth-schema";
import { events } from "./catalogue-schema";
import { channels } from "./schema";

export const scoreTaps = sqliteTable(
  "score_taps",
  {
    /** The order taps reached the API: the game order's tie-break for taps of one time. */
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    eventId: integer("event_id").notNull().references(() => events.id, { onDelete: "cascade" }),
    /** The page's own id for the tap: a tap sent twice (a queue resent after a lost answer) is stored once. */
    tapId: text("tap_id").notNull(),
    /** Who tapped (the account is kept out of every public answer). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** When it was tapped, ms since the epoch, as the page says (a queued tap keeps its time). */
    at: integer("at").notNull(),
    action: text("action", { mode: "json" }).$type<TapAction>().notNull(),
    receivedAt: integer("received_at").notNull(),
    /** A key play the owner hid: it leaves every page, its clip too. */
    hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [uniqueIndex("score_taps_tap_idx").on(t.eventId, t.tapId), index("score_taps_event_idx").on(t.channelId, t.eventId, t.at)],
);

/** Who may keep score on a channel: for one event, or for every event (the season) when `event_id` is null. */
export const scorekeepers = sqliteTable(
  "scorekeepers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    eventId: integer("event_id").references(() => events.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("scorekeepers_grant_idx").on(t.channelId, t.userId, t.eventId), index("scorekeepers_event_idx").on(t.channelId, t.eventId)],
);
