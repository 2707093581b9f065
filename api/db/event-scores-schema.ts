// Game day on the lists (issue 27): each event's game as its taps last left it, one row per event, so the catalogue's
// lists, search and the home's rails join the score instead of replaying every event's taps. The taps stay the record
// (score_taps); the row is written from their replay in the request that stores them.
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { SCORING_SPORTS } from "../contract/scores";
import { events } from "./catalogue-schema";
import { channels } from "./schema";

export const eventScores = sqliteTable(
  "event_scores",
  {
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    eventId: integer("event_id").notNull().references(() => events.id, { onDelete: "cascade" }),
    sport: text("sport", { enum: SCORING_SPORTS }).notNull(),
    home: integer("home").notNull(),
    away: integer("away").notNull(),
    period: integer("period").notNull(),
    overtime: integer("overtime").notNull(),
    /** Volleyball's sets won; null in the other sports. */
    sets: text("sets", { mode: "json" }).$type<{ home: number; away: number }>(),
    final: integer("final", { mode: "boolean" }).notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  // The lists join on (channel, event): a primary-key lookup per listed event.
  (t) => [primaryKey({ columns: [t.channelId, t.eventId] })],
);
