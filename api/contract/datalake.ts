// The analytics service (issue 14, SPEC §7 "Analytics service", §9 constants, DESIGN "Analytics"): what the browser
// client sends to `/api/datalake/*` and what ingestion accepts. Shared by the API and the web app.
//
// Every POST takes one record, or `{ batch: [record, …] }` (at most DATALAKE_BATCH_MAX, all with the same profile):
// the client batches and sends with `navigator.sendBeacon`, which cannot set headers, so the channel comes from the
// host and the record's `profile` must be that channel's analytics key ("yare-analytics"); no api key is needed.
// Answers: 204 when stored, 422 with per-field messages for bad input, 404 for a profile that is not the host
// channel's, 429 when the address sends too much.
import { z } from "zod";
import { MINUTE_MS } from "./constants";
import { DATALAKE_BATCH_MAX, DATALAKE_MAX_AGE_MS, DEVICE_TYPES, PAGE_EVENTS, STREAM_TYPES, type StreamType, VIDEO_EVENTS } from "./datalake-constants";

export * from "./datalake-constants";
import { API_REQUEST_TOTAL_MAX_MS } from "./datalake-constants";

const required = "Field is required";
const text = (max: number) => z.string({ error: required }).trim().min(1, required).max(max, `Field length must be less than ${max + 1}`);
const optionalText = (max: number) => z.string().trim().max(max, `Field length must be less than ${max + 1}`).nullish();
const uuid = z.string({ error: required }).regex(/^[0-9a-f-]{32,36}$/i, "A valid id is required");
const count = (max: number) => z.number({ error: required }).finite().min(0).max(max);

/** Fields every record carries. `age_ms`: how long ago it happened, by the client's clock (batches are late). */
const base = {
  profile: text(100),
  age_ms: z.number().int().min(0).max(DATALAKE_MAX_AGE_MS, "This record is too old").default(0),
  /** The outer tracking value (`trk`), while the client keeps it. */
  trk: optionalText(100),
};
const viewer = {
  session_uuid: uuid,
  user_id: z.number().int().positive().nullish(),
  /** Sent by the client (SPEC §7); ingestion does not store it (the user id is enough). */
  user_email: z.string().max(320).nullish(),
};

/** POST /datalake/session/ */
export const sessionRecordSchema = z.object({
  ...base,
  /** The hash from GET /datalake/hash/. */
  session: uuid,
  device_type: z.enum(DEVICE_TYPES, { error: "A valid device type is required" }),
  /** encodeURIComponent(navigator.userAgent) */
  user_agent: text(2000),
  /** "1366x900" */
  resolution: z.string({ error: required }).regex(/^\d{2,5}x\d{2,5}$/, "A valid resolution is required"),
  platform: z.literal("web", { error: "A valid platform is required" }),
});

/** The fields of an api_request event (SPEC §7). */
export const apiRequestFieldsSchema = z.object({
  url: text(2000),
  status: z.number().int().min(0).max(599),
  message: optionalText(500),
  /** Bytes of the response body. */
  length: count(1e9).default(0),
  /** ms the request took. */
  total: count(API_REQUEST_TOTAL_MAX_MS),
});

/** POST /datalake/event/ */
export const pageEventRecordSchema = z.object({
  ...base,
  ...viewer,
  event: z.enum(PAGE_EVENTS, { error: "A valid event is required" }),
  /** The page the event happened on (origin URL). */
  origin: text(2000),
  /** Event fields: visit_page {title?, referrer?}; login {method}; api_request (apiRequestFieldsSchema). */
  extra: z.record(z.string().max(40), z.union([z.string().max(2000), z.number().finite(), z.boolean(), z.null()])).default({}),
});

const stream = {
  video_view_uuid: uuid,
  /** The event's id (live, replay), the library item's (vod) or the clip's. */
  stream_id: z.number({ error: required }).int().positive(),
  stream_type: z.enum(STREAM_TYPES, { error: "A valid stream type is required" }),
};

/** POST /datalake/video/event/ */
export const videoEventRecordSchema = z.object({
  ...base,
  ...viewer,
  ...stream,
  event: z.enum(VIDEO_EVENTS, { error: "A valid event is required" }),
  /** The playhead (s). */
  position: count(1e7).nullish(),
  /** first_frame: ms from the page asking to play to the first frame shown (startup time). */
  startup_ms: count(10 * MINUTE_MS).nullish(),
  /** error: the player's error code. */
  code: z.number().int().nullish(),
});

/** POST /datalake/video/viewing/: time watched since the last report, and what it was. */
export const viewingRecordSchema = z.object({
  ...base,
  ...viewer,
  ...stream,
  /** Seconds of video played since the last report. */
  viewing_time: count(3600),
  /** Seconds spent waiting for data (rebuffering) in the same span, for the rebuffer ratio. */
  rebuffer_time: count(3600).default(0),
  category: optionalText(200),
  sport: optionalText(200),
  gender: optionalText(50),
  school: optionalText(200),
  league: optionalText(200),
});

export type SessionRecord = z.input<typeof sessionRecordSchema>;
export type PageEventRecord = z.input<typeof pageEventRecordSchema>;
export type VideoEventRecord = z.input<typeof videoEventRecordSchema>;
export type ViewingRecord = z.input<typeof viewingRecordSchema>;
export type ApiRequestFields = z.input<typeof apiRequestFieldsSchema>;


/** GET /datalake/hash/ → `{ data: HashGrant }`. */
export interface HashGrant {
  hash: string;
}

/** A body of one record, or `{ batch: [...] }`; either way parsed to `{ batch }` (errors at `batch.N.field`). */
export const batchOf = <S extends z.ZodType>(record: S) =>
  z.preprocess(
    (value) => (value && typeof value === "object" && "batch" in value ? value : { batch: [value] }),
    z.object({
      batch: z.array(record, { error: required }).min(1, required).max(DATALAKE_BATCH_MAX, `Field length must be less than ${DATALAKE_BATCH_MAX + 1}`),
    }),
  );

/**
 * GET /datalake/hash/ (SPEC §7: "returns a session hash", no parameter named): the channel comes from the host.
 * `profile` stays accepted for the clients that send it, and then must be the channel's.
 */
export const hashQuerySchema = z.object({ profile: text(100).optional() });

// ---- The owner dashboard (GET /analytics/dashboard, GET /analytics/errors) --------------------------------------

/** The longest range the dashboard answers, in days. */
export const DASHBOARD_MAX_DAYS = 92;
/** Without a range: the last 14 days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 14;

export const ANALYTICS_MESSAGES = {
  ownerOnly: "Only the channel's owner can see its analytics.",
  range: `Choose a range of at most ${DASHBOARD_MAX_DAYS} days, ending after it starts.`,
} as const;

const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "A valid date is required");
export const dashboardQuerySchema = z.object({ from: dayString.optional(), to: dayString.optional() });
export const errorsQuerySchema = dashboardQuerySchema.extend({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export interface DashboardDay {
  /** A UTC calendar day, YYYY-MM-DD. */
  day: string;
  visits: number;
  page_views: number;
  viewers: number;
  minutes: number;
  plays: number;
  startup_p50_ms: number | null;
  startup_p90_ms: number | null;
  /** Rebuffering time over rebuffering plus watching time; null when nothing was watched. */
  rebuffer_ratio: number | null;
  /** Paid, less refunds, in major units of the channel's currency; orders paid that day. */
  sales: number;
  orders: number;
}

export interface DashboardStream {
  stream_type: StreamType;
  stream_id: number;
  title: string;
  minutes: number;
  viewers: number;
}

export interface AnalyticsDashboard {
  from: string;
  to: string;
  currency: string;
  days: DashboardDay[];
  totals: Omit<DashboardDay, "day">;
  /** Playing now (records in the last CONCURRENT_WINDOW_MS), per stream. */
  now: { viewers: number; streams: Omit<DashboardStream, "minutes">[] };
  top_streams: DashboardStream[];
}

export interface RequestErrorEntry {
  id: number;
  at: string;
  method: string;
  path: string;
  status: number;
  message: string;
  fields: Record<string, unknown>;
  user_id: number | null;
}
