// The events list's query string (SPEC §2 parameter names), validated on the web side: an invalid value is
// dropped rather than answered with an error, so any shared or hand-edited URL still shows a list.
// Plain checks mirroring eventsQuerySchema, so the browser bundle of these pages carries no zod.
import { ACCESS_TYPES, EVENTS_DEFAULT_LIMIT, EVENTS_MAX_LIMIT, type StreamStatus } from "@api/contract/catalogue-types";
import type { EventsQuery } from "@api/contract/catalogue";

export const EVENTS_PAGE_SIZE = EVENTS_DEFAULT_LIMIT;
export const VIEW_MODES = ["grid", "list"] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

/** The filters a visitor can set, in the order they appear in the URL. */
export const FILTER_KEYS = [
  "sport",
  "event_category_id",
  "school",
  "participant_group_id",
  "team",
  "participant_id",
  "gender",
  "city",
  "state",
  "location_id",
  "location",
  "group",
  "division",
  "category_id",
  "type",
  "start_date",
  "end_date",
  "sort_direction",
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export interface EventsView {
  /** What goes to GET /events. */
  query: EventsQuery & { offset: number; limit: number };
  /** The filters as they stand in the URL, normalised (for the form and for links). */
  filters: Partial<Record<FilterKey, string>>;
  view: ViewMode;
}

type Check = (raw: string) => string | number | undefined;
const text: Check = (raw) => (raw.length <= 100 ? raw : undefined);
const id: Check = (raw) => (/^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined);
const oneOf = (...values: string[]): Check => (raw) => (values.includes(raw) ? raw : undefined);
const date: Check = (raw) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : undefined);

/** What each filter accepts (the API's eventsQuerySchema rules); anything else is dropped. */
const CHECKS: Record<FilterKey, Check> = {
  sport: text,
  event_category_id: id,
  school: text,
  participant_group_id: id,
  team: text,
  participant_id: id,
  gender: oneOf("men", "women"),
  city: text,
  state: text,
  location_id: id,
  // SPEC §2's other names (issue 28; the API's eventsQuerySchema says what each means): a venue by key or name, a
  // school by alias or name, a school division ("6A"), the sport's id, and `type`, the access type.
  location: text,
  group: text,
  division: text,
  category_id: id,
  type: oneOf(...ACCESS_TYPES),
  start_date: date,
  end_date: date,
  sort_direction: oneOf("asc", "desc"),
};

/** Parses the URL's search params; `status` is preset by the route (/live, /vod, /upcoming, /schedule). */
export function parseEventsQuery(params: URLSearchParams, status: StreamStatus): EventsView {
  const filters: Partial<Record<FilterKey, string>> = {};
  const query: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    const raw = params.get(key)?.trim();
    if (!raw) continue;
    const value = CHECKS[key](raw);
    if (value === undefined) continue;
    query[key] = value;
    filters[key] = String(value);
  }
  // Synonyms that disagree (the API refuses them): the SPEC's own name, event_category_id, wins.
  if (query.category_id !== undefined && query.event_category_id !== undefined && query.category_id !== query.event_category_id) {
    delete query.category_id;
    delete filters.category_id;
  }
  if (query.start_date && query.end_date && String(query.start_date) > String(query.end_date)) {
    delete query.end_date;
    delete filters.end_date;
  }
  const limitRaw = Number(params.get("limit"));
  const limit = Number.isInteger(limitRaw) && limitRaw >= 1 && limitRaw <= EVENTS_MAX_LIMIT ? limitRaw : EVENTS_PAGE_SIZE;
  const offsetRaw = Number(params.get("offset"));
  const offset = Number.isInteger(offsetRaw) && offsetRaw > 0 && offsetRaw <= 100_000 ? offsetRaw - (offsetRaw % limit) : 0;
  const view = params.get("view") === "list" ? "list" : "grid";
  return {
    query: { ...(query as EventsQuery), status, sort_direction: (query.sort_direction as "asc" | "desc") ?? defaultDirection(status), offset, limit },
    filters,
    view,
  };
}

/** Finished events read newest first; live and upcoming soonest first. */
export function defaultDirection(status: StreamStatus): "asc" | "desc" {
  return status === "finished" ? "desc" : "asc";
}

/** The URL search of a view: the filters, then view, page size and offset when they differ from the default. */
export function eventsSearch(filters: EventsView["filters"], view: ViewMode, offset = 0, limit = EVENTS_PAGE_SIZE): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) params.set(key, filters[key]!);
  if (view !== "grid") params.set("view", view);
  if (limit !== EVENTS_PAGE_SIZE) params.set("limit", String(limit));
  if (offset > 0) params.set("offset", String(offset));
  const s = params.toString();
  return s ? `?${s}` : "";
}

export interface PageInfo {
  page: number;
  pages: number;
  prevOffset: number | null;
  nextOffset: number | null;
}

/** Where a page sits among all pages: "Page x of y" and the prev/next offsets. */
export function pageInfo(meta: { total: number; offset: number; limit: number }): PageInfo {
  const limit = Math.max(1, meta.limit);
  const pages = Math.max(1, Math.ceil(meta.total / limit));
  const page = Math.min(pages, Math.floor(meta.offset / limit) + 1);
  return {
    page,
    pages,
    prevOffset: meta.offset > 0 ? Math.max(0, meta.offset - limit) : null,
    nextOffset: meta.offset + limit < meta.total ? meta.offset + limit : null,
  };
}

/** The school or team a list is filtered by, with crest and colour for its header. */
export interface Featured {
  kind: "school" | "team";
  id: number;
  alias: string;
  name: string;
  image: string | null;
  color: string | null;
}
