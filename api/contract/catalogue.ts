// Wire shapes and query schemas of the catalogue calls (SPEC §7 "Events", "Participants", "VOD", "Geo").
// Shared by the API (which validates with these schemas) and the web app (which builds its queries from them).
import { z } from "zod";
import { languageSchema } from "./common";

export const STREAM_STATUSES = ["live", "upcoming", "finished"] as const;
export type StreamStatus = (typeof STREAM_STATUSES)[number];
export const ACCESS_TYPES = ["free", "register", "paid", "ppv"] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];
export const GENDERS = ["men", "women", "not_identified"] as const;
export type Gender = (typeof GENDERS)[number];

export const EVENTS_DEFAULT_LIMIT = 20;
export const EVENTS_MAX_LIMIT = 100;
export const HOMEPAGE_SECTION_LIMIT = 8;

/** A list answer: the page and where it sits in the whole. */
export interface ListResponse<T> {
  data: T[];
  meta: { total: number; offset: number; limit: number };
}

export interface Images {
  logo?: string;
  [kind: string]: string | undefined;
}

export interface EventCategory {
  id: number;
  alias: string;
  name: string;
  parent_id: number;
  image: string | null;
  children: EventCategory[];
}

export interface ParticipantGroup {
  id: number;
  alias: string;
  name: string;
  short_name: string | null;
  images: Images;
  color: string | null;
  city: string | null;
  state: string | null;
  properties: Record<string, string>;
}

export interface ParticipantGroupProperty {
  id: number;
  key: string;
  name: string;
  values: string[];
}

export interface Participant {
  id: number;
  alias: string;
  name: string;
  short_name: string | null;
  images: Images;
  color: string | null;
  group_id: number | null;
  parent_id: number | null;
  event_category_id: number | null;
  /** SPEC: properties (gender, sport). */
  properties: { gender: Gender; sport: string | null } & Record<string, string | null>;
  children: Participant[];
}

export interface Location {
  id: number;
  name: string;
  address: string | null;
  city: string;
  state: string;
  country: string;
}

export interface EventParticipant {
  id: number;
  alias: string;
  name: string;
  short_name: string | null;
  images: Images;
  color: string | null;
  side: "home" | "away";
  group: { id: number; alias: string; name: string } | null;
}

export interface Event {
  id: number;
  name: string;
  description: string | null;
  type: "paid" | "free";
  access_type: AccessType;
  /** ISO 8601, UTC. */
  event_utc_ts: string;
  end_utc_ts: string;
  /** IANA zone of the venue, e.g. "America/Chicago". */
  time_zone: string;
  stream_status: StreamStatus;
  gender: Gender;
  poster: string | null;
  location_id: number | null;
  location: Location | null;
  event_category_id: number | null;
  category: { id: number; alias: string; name: string } | null;
  home_team_id: number | null;
  /** Away first, then home (SPEC: two participants show as away @ home). */
  participants: EventParticipant[];
}

export interface EventsForHomepage {
  live: Event[];
  upcoming: Event[];
  recent: Event[];
}

export interface VodAsset {
  type: "image" | "preview";
  path: string;
}

export interface VodItem {
  id: number;
  title: string;
  description: string | null;
  /** ISO 8601. */
  date: string;
  duration: number | null;
  category_id: number | null;
  event_id: number | null;
  requires_vod_media: boolean;
  assets: VodAsset[];
}

export interface VodCategory {
  id: number;
  alias: string;
  name: string;
  parent_id: number | null;
}

export interface VodRail {
  id: number;
  title: string;
  vod_media_items: VodItem[];
}

export interface Geo {
  country: string | null;
  country_code: string | null;
  ip: string | null;
  is_geo_blocked: boolean;
}

const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/, "Invalid date: use YYYY-MM-DD")
  .refine((s) => !Number.isNaN(Date.parse(s)), "Invalid date: use YYYY-MM-DD");
const idParam = z.coerce.number().int().positive();
const text = z.string().trim().min(1).max(100);

/**
 * GET /events. Filters by id or by alias/name (the SPEC's query parameter names: sport, school, team…).
 * `start_date`/`end_date` bound the start time (end_date inclusive, whole day when a date).
 */
export const eventsQuerySchema = z.object({
  lang: languageSchema.optional(),
  status: z.enum(STREAM_STATUSES).optional(),
  event_category_id: idParam.optional(),
  sport: text.optional(),
  participant_id: idParam.optional(),
  team: text.optional(),
  participant_group_id: idParam.optional(),
  school: text.optional(),
  gender: z.enum(["men", "women"]).optional(),
  location_id: idParam.optional(),
  city: text.optional(),
  state: text.optional(),
  access_type: z.enum(ACCESS_TYPES).optional(),
  start_date: dateParam.optional(),
  end_date: dateParam.optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(EVENTS_MAX_LIMIT).default(EVENTS_DEFAULT_LIMIT),
  sort_field: z.enum(["event_utc_ts", "name"]).default("event_utc_ts"),
  sort_direction: z.enum(["asc", "desc"]).optional(),
});
export type EventsQuery = z.input<typeof eventsQuerySchema>;

export const participantsQuerySchema = z.object({
  lang: languageSchema.optional(),
  no_limit: z.enum(["0", "1", "true", "false"]).optional(),
  participant_group_id: idParam.optional(),
  event_category_id: idParam.optional(),
  gender: z.enum(GENDERS).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(EVENTS_MAX_LIMIT).default(50),
});

export const vodItemsQuerySchema = z.object({
  lang: languageSchema.optional(),
  category_id: idParam.optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(EVENTS_MAX_LIMIT).default(20),
});

/** vod-media/search: title; limit 10 and offset 0 by default; sorted by date (SPEC §7). */
export const vodSearchQuerySchema = z.object({
  lang: languageSchema.optional(),
  title: z.string().trim().min(1, "Field is required").max(100),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(EVENTS_MAX_LIMIT).default(10),
  sort_field: z.enum(["date"]).default("date"),
  sort_direction: z.enum(["asc", "desc"]).default("desc"),
});
