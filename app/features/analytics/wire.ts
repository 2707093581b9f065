// The values of api/contract/datalake.ts the browser client needs at run time, without the zod schemas that module
// builds on load (importing it would put them in this chunk, ~95 kB). tests/unit/analytics-wire.test.ts keeps them
// equal to the contract's; types come from the contract itself (`import type` costs nothing).
import type { DatalakeKind, VideoEventName } from "@api/contract/datalake";
import { HOUR_MS } from "@api/contract/constants";

export const ANALYTICS_TIMEOUT_MS = 30_000;
export const ANALYTICS_SESSION_MS = 24 * HOUR_MS;
export const TRK_TTL_MS = 10_800_000;
export const DATALAKE_BATCH_MAX = 50;
export const DATALAKE_MAX_AGE_MS = 24 * HOUR_MS;
export const VIEWING_INTERVAL_S = 30;
/** The longest api_request `total` the contract takes (apiRequestFieldsSchema). */
export const API_REQUEST_TOTAL_MAX_MS = ANALYTICS_TIMEOUT_MS * 10;
export const VIDEO_EVENTS: readonly VideoEventName[] = ["first_frame", "play", "pause", "seek", "complete", "error", "ready"];
export const DATALAKE_PATHS: Record<DatalakeKind, string> = {
  session: "datalake/session/",
  event: "datalake/event/",
  videoEvent: "datalake/video/event/",
  viewing: "datalake/video/viewing/",
};
