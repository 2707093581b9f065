// Catalogue tables (issue 3): sports, schools, teams, locations, events, and the VOD library.
// Every row carries channel_id; indexes lead with it and fit the list filters of /events and /vod-media-*.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { channels } from "./schema";

const channelId = () => integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" });

/** Sports (nested). The home placeholder "All" (id 0) is not stored; the API adds it. */
export const eventCategories = sqliteTable(
  "event_categories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: channelId(),
    alias: text("alias").notNull(),
    name: text("name", { mode: "json" }).notNull(),
    parentId: integer("parent_id"),
    image: text("image"),
    weight: integer("weight").notNull().default(0),
  },
  (t) => [uniqueIndex("event_categories_alias_idx").on(t.channelId, t.alias), index("event_categories_order_idx").on(t.channelId, t.weight)],
);

/** Schools. `properties` holds values of the channel's participant-group properties (conference, division…). */
export const participantGroups = sqliteTable(
  "participant_groups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: channelId(),
    alias: text("alias").notNull(),
    name: text("name", { mode: "json" }).notNull(),
    shortName: text("short_name"),
    images: text("images", { mode: "json" }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    color: text("color"),
    city: text("city"),
    state: text("state"),
    properties: text("properties", { mode: "json" }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    weight: integer("weight").notNull().default(0),
  },
  (t) => [uniqueIndex("participant_groups_alias_idx").on(t.channelId, t.alias), index("participant_groups_order_idx").on(t.channelId, t.weight)],
);

/** The properties schools are described by on a channel (e.g. conference, division) and their values. */
export const participantGroupProperties = sqliteTable(
  "participant_group_properties",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: channelId(),
    key: text("key").notNull(),
    name: text("name", { mode: "json" }).notNull(),
    values: text("values", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    weight: integer("weight").notNull().default(0),
  },
  (t) => [uniqueIndex("participant_group_properties_key_idx").on(t.channelId, t.key)],
);

/** Teams. A team belongs to a school and a sport; `parent_id` nests children (e.g. JV under varsity). */
export const participants = sqliteTable(
  "participants",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: channelId(),
    alias: text("alias").notNull(),
    name: text("name", { mode: "json" }).notNull(),
    shortName: text("short_name"),
    images: text("images", { mode: "json" }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    color: text("color"),
    groupId: integer("group_id"),
    parentId: integer("parent_id"),
    eventCategoryId: integer("event_category_id"),
    gender: text("gender", { enum: ["men", "women", "not_identified"] }).notNull().default("not_identified"),
    properties: text("properties", { mode: "json" }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    weight: integer("weight").notNull().default(0),
  },
  (t) => [
    uniqueIndex("participants_alias_idx").on(t.channelId, t.alias),
    index("participants_group_idx").on(t.channelId, t.groupId),
    index("participants_category_idx").on(t.channelId, t.eventCategoryId),
  ],
);

export const locations = sqliteTable(
  "locations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: channelId(),
    key: text("key").notNull(),
    name: text("name", { mode: "json" }).notNull(),
    address: text("address"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    country: text("country").notNull().default("US"),
  },
  (t) => [uniqueIndex("locations_key_idx").on(t.channelId, t.key), index("locations_city_idx").on(t.channelId, t.state, t.city)],
);

/**
 * Events. The stream status is not stored: it follows from the clock (upcoming before `event_utc_ts`, live until
 * `end_utc_ts`, then finished/on demand). Times are epoch milliseconds, UTC.
 */
export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: channelId(),
    key: text("key").notNull(),
    name: text("name", { mode: "json" }).notNull(),
    description: text("description", { mode: "json" }),
    /** SPEC: type "paid" or other. */
    type: text("type", { enum: ["paid", "free"] }).notNull().default("free"),
    accessType: text("access_type", { enum: ["free", "register", "paid", "ppv"] }).notNull().default("free"),
    eventUtcTs: integer("event_utc_ts").notNull(),
    endUtcTs: integer("end_utc_ts").notNull(),
    timeZone: text("time_zone").notNull(),
    locationId: integer("location_id"),
    eventCategoryId: integer("event_category_id"),
    homeTeamId: integer("home_team_id"),
    awayTeamId: integer("away_team_id"),
    /** Denormalised from the teams, so the gender filter needs no join. */
    gender: text("gender", { enum: ["men", "women", "not_identified"] }).notNull().default("not_identified"),
    poster: text("poster"),
    /** The media this event plays (issue 5): an R2 prefix. */
    mediaKey: text("media_key"),
    /** A draft (false) is seen only in the console (issue 16). */
    published: integer("published", { mode: "boolean" }).notNull().default(true),
    /** On a rolling channel, the relative start the times follow (JSON, api/channels/rolling.ts); null: they stay. */
    startRule: text("start_rule"),
  },
  (t) => [
    uniqueIndex("events_key_idx").on(t.channelId, t.key),
    index("events_start_idx").on(t.channelId, t.eventUtcTs),
    index("events_end_idx").on(t.channelId, t.endUtcTs),
    index("events_category_idx").on(t.channelId, t.eventCategoryId, t.eventUtcTs),
    index("events_home_idx").on(t.channelId, t.homeTeamId, t.eventUtcTs),
    index("events_away_idx").on(t.channelId, t.awayTeamId, t.eventUtcTs),
    index("events_location_idx").on(t.channelId, t.locationId, t.eventUtcTs),
    index("events_gender_idx").on(t.channelId, t.gender, t.eventUtcTs),
  ],
);

export const vodMediaCategories = sqliteTable(
  "vod_media_categories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: channelId(),
    alias: text("alias").notNull(),
    name: text("name", { mode: "json" }).notNull(),
    parentId: integer("parent_id"),
    weight: integer("weight").notNull().default(0),
  },
  (t) => [uniqueIndex("vod_media_categories_alias_idx").on(t.channelId, t.alias)],
);

export const vodMediaItems = sqliteTable(
  "vod_media_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: channelId(),
    key: text("key").notNull(),
    title: text("title", { mode: "json" }).notNull(),
    description: text("description", { mode: "json" }),
    /** Lowercased titles in every language, for search. */
    searchText: text("search_text").notNull(),
    date: integer("date").notNull(),
    durationS: integer("duration_s"),
    categoryId: integer("category_id"),
    eventId: integer("event_id"),
    /** [{ type: "image" | "preview", path }] */
    assets: text("assets", { mode: "json" }).$type<{ type: "image" | "preview"; path: string }[]>().notNull().default(sql`'[]'`),
    /** Whether watching needs the vod_media capability (issue 5). */
    requiresVodMedia: integer("requires_vod_media", { mode: "boolean" }).notNull().default(false),
    mediaKey: text("media_key"),
    /** On a rolling channel, the relative date the date follows (JSON, api/channels/rolling.ts); null: it stays. */
    dateRule: text("date_rule"),
  },
  (t) => [
    uniqueIndex("vod_media_items_key_idx").on(t.channelId, t.key),
    index("vod_media_items_date_idx").on(t.channelId, t.date),
    index("vod_media_items_category_idx").on(t.channelId, t.categoryId, t.date),
  ],
);

export const vodMediaRails = sqliteTable(
  "vod_media_rails",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: channelId(),
    key: text("key").notNull(),
    title: text("title", { mode: "json" }).notNull(),
    weight: integer("weight").notNull().default(0),
  },
  (t) => [uniqueIndex("vod_media_rails_key_idx").on(t.channelId, t.key), index("vod_media_rails_order_idx").on(t.channelId, t.weight)],
);

export const vodMediaRailItems = sqliteTable(
  "vod_media_rail_items",
  {
    channelId: channelId(),
    railId: integer("rail_id").notNull().references(() => vodMediaRails.id, { onDelete: "cascade" }),
    itemId: integer("item_id").notNull().references(() => vodMediaItems.id, { onDelete: "cascade" }),
    weight: integer("weight").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.railId, t.itemId] }), index("vod_media_rail_items_channel_idx").on(t.channelId, t.railId, t.weight)],
);
