// Query schemas of the catalogue calls (SPEC §7). The API validates with them; the wire shapes and constants are in
// catalogue-types.ts (zod-free, so browser code can import them) and re-exported here.
import { z } from "zod";
import { languageSchema } from "./common";
import { ACCESS_TYPES, EVENTS_DEFAULT_LIMIT, EVENTS_MAX_LIMIT, GENDERS, STREAM_STATUSES } from "./catalogue-types";

export * from "./catalogue-types";

const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/, "Invalid date: use YYYY-MM-DD")
  .refine((s) => !Number.isNaN(Date.parse(s)), "Invalid date: use YYYY-MM-DD");
const idParam = z.coerce.number().int().positive();
const text = z.string().trim().min(1).max(100);

/**
 * GET /events. Filters by id or by alias/name (the SPEC's query parameter names: sport, school, team…).
 * `start_date`/`end_date` bound the start time (end_date inclusive, whole day when a date).
 * SPEC §2's other names (issue 28): `location` a venue by key or name; `group` a participant group by alias or name
 * (as `school`: the SPEC's menu links for groups); `division` the schools whose `properties.division` is that value
 * (e.g. "6A"), their teams' events; `category_id` the sport's id (as `event_category_id`); `type` the access type
 * (free, register, paid, ppv: as `access_type` — the SPEC names `type` with no values, and an event's access type is
 * the one "type" a viewer filters by). Each pair of synonyms given together must agree.
 */
const eventsQueryObject = z.object({
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
  location: text.optional(),
  group: text.optional(),
  division: text.optional(),
  category_id: idParam.optional(),
  type: z.enum(ACCESS_TYPES, { error: `Invalid type: use one of ${ACCESS_TYPES.join(", ")}` }).optional(),
  start_date: dateParam.optional(),
  end_date: dateParam.optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(EVENTS_MAX_LIMIT).default(EVENTS_DEFAULT_LIMIT),
  sort_field: z.enum(["event_utc_ts", "name"]).default("event_utc_ts"),
  sort_direction: z.enum(["asc", "desc"]).optional(),
});
export const eventsQuerySchema = eventsQueryObject
  .refine((q) => q.category_id === undefined || q.event_category_id === undefined || q.category_id === q.event_category_id, {
    message: "category_id and event_category_id name different sports: give one",
    path: ["category_id"],
  })
  .refine((q) => q.type === undefined || q.access_type === undefined || q.type === q.access_type, {
    message: "type and access_type disagree: give one",
    path: ["type"],
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
