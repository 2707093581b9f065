// The analytics service's constants (issue 14, SPEC §7, §9), without zod: the browser client imports these at run
// time, and the schemas in ./datalake.ts would add their weight to its chunk. ./datalake.ts re-exports them all.
import { HOUR_MS, MINUTE_MS } from "./constants";

/** SPEC §7: requests to the analytics service give up after 30 s. */
export const ANALYTICS_TIMEOUT_MS = 30_000;
/** SPEC §9: an analytics session lasts 24 h (from its creation). */
export const ANALYTICS_SESSION_MS = 24 * HOUR_MS;
/** SPEC §9: the `trk` query value (outer tracking) is kept 3 h. */
export const TRK_TTL_MS = 10_800_000;
/** The most records one request may carry. */
export const DATALAKE_BATCH_MAX = 50;
/** A record may be this old when it arrives (a batch kept while offline); older ones are refused. */
export const DATALAKE_MAX_AGE_MS = 24 * HOUR_MS;
/** How often a playing video reports the time watched (`/datalake/video/viewing/`). */
export const VIEWING_INTERVAL_S = 30;
/** A viewer counts as watching now (live concurrent viewers) when a video record came in this recently. */
export const CONCURRENT_WINDOW_MS = 2 * MINUTE_MS;
/** Per address and channel: requests to /datalake/* per minute (each may carry a batch). */
export const DATALAKE_RATE = { limit: 120, windowMs: MINUTE_MS } as const;
/**
 * Per address and channel: records per minute, whatever the batches (issue 25: one script pushed 6,000 a minute).
 * A household or a school's room watching together stays far below it.
 */
export const DATALAKE_IP_RECORDS = { limit: 600, windowMs: MINUTE_MS } as const;
/**
 * Per analytics session: records per hour. A viewer who browses and watches sends a few hundred (a viewing report every
 * VIEWING_INTERVAL_S, the player's events, each data request).
 */
export const DATALAKE_SESSION_RECORDS = { limit: 1200, windowMs: HOUR_MS } as const;
/** A batch is one browser's: its records name at most this many analytics sessions (two: one may end mid-batch). */
export const DATALAKE_BATCH_SESSIONS_MAX = 2;

export const DEVICE_TYPES = ["desktop", "mobile", "tablet", "tv"] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const PAGE_EVENTS = ["visit_page", "login", "api_request"] as const;
export type PageEventName = (typeof PAGE_EVENTS)[number];

/** SPEC §4: the player's analytics events. */
export const VIDEO_EVENTS = ["first_frame", "play", "pause", "seek", "complete", "error", "ready"] as const;
export type VideoEventName = (typeof VIDEO_EVENTS)[number];

/** live: a live event; replay: a finished event's recording; vod: a library item; clip: a viewer's clip. */
export const STREAM_TYPES = ["live", "replay", "vod", "clip"] as const;
export type StreamType = (typeof STREAM_TYPES)[number];

/** The longest api_request `total` (ms) the contract takes. */
export const API_REQUEST_TOTAL_MAX_MS = ANALYTICS_TIMEOUT_MS * 10;

/** The four POST endpoints, by path under /api. */
export const DATALAKE_PATHS = {
  session: "datalake/session/",
  event: "datalake/event/",
  videoEvent: "datalake/video/event/",
  viewing: "datalake/video/viewing/",
} as const;
export type DatalakeKind = keyof typeof DATALAKE_PATHS;
