// Business constants of SPEC §9, named as the spec names them. Shared by the API and the web app.
export const REQUEST_TIMEOUT_MS = 30_000;
export const RETRY_COUNT = 1;
export const RETRY_DELAY_MS = 1_000;
export const API_KEY_RELOAD_WAIT_S = 60;
export const API_KEY_RELOAD_STEP_MS = 1_000;
export const ORDER_POLL_MS = 2_000;
export const STATE_PERSISTENCE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;
export const TOAST_MS = 5_000;
export const VOD_SEARCH_LIMIT = 10;
export const RAIL_SCROLL_MS = 5_000;
export const PREROLL_CACHE_MS = 3_600_000;

export const LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** How long a minted api key stays valid. Clients refresh it on an api_key error. */
export const API_KEY_TTL_MS = 30 * 24 * HOUR_MS;

// Accounts (issue 4).
export const SESSION_TTL_MS = 30 * 24 * HOUR_MS;
/** A session's last-seen time (and sliding expiry) is written at most this often. */
export const SESSION_TOUCH_MS = 5 * MINUTE_MS;
export const VERIFY_LINK_TTL_MS = 24 * HOUR_MS;
export const RESET_LINK_TTL_MS = HOUR_MS;
export const DELETE_LINK_TTL_MS = HOUR_MS;
/** PBKDF2-SHA256 iterations: the Workers cap (TOOLCHAIN "Workers limits"). */
export const PBKDF2_ITERATIONS = 100_000;
