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
/** A new email address is confirmed with a link as long-lived as a verification link (issue 25). */
export const EMAIL_CHANGE_LINK_TTL_MS = VERIFY_LINK_TTL_MS;
/**
 * An account without a password (Google or Facebook only) proves it is its owner for an email change by a sign-in
 * this recent: the session must have been opened within this window (issue 25).
 */
export const RECENT_SIGN_IN_MS = 10 * MINUTE_MS;
/** PBKDF2-SHA256 iterations: the Workers cap (TOOLCHAIN "Workers limits"). */
export const PBKDF2_ITERATIONS = 100_000;
/** Sign-in attempts per IP and channel per window (generous: a family or an office shares one IP). */
export const LOGIN_IP_LIMIT = 50;
export const LOGIN_IP_WINDOW_MS = 15 * MINUTE_MS;
/**
 * Sign-in attempts on one account from one IP before that IP is paused for the account for the rest of the window;
 * a success clears the count (ADR 021). Another IP, and so the owner elsewhere, is not locked out.
 */
export const LOGIN_ACCOUNT_LIMIT = 5;
export const LOGIN_ACCOUNT_WINDOW_MS = 15 * MINUTE_MS;
/**
 * Sign-in attempts on one account from all unknown devices together: slows guessing spread over many IPs. A known
 * device (its signed device token, or the IP of one of the account's live sessions) is neither counted nor refused.
 */
export const LOGIN_ACCOUNT_ALL_IPS_LIMIT = 20;
export const LOGIN_ACCOUNT_ALL_IPS_WINDOW_MS = 15 * MINUTE_MS;
/** How long a browser that signed in stays a known device for that account (its token is renewed at each sign-in). */
export const DEVICE_TOKEN_TTL_MS = 365 * 24 * HOUR_MS;
/** Password-reset requests per account (mails sent) and per IP. */
export const RESET_ACCOUNT_LIMIT = 3;
export const RESET_ACCOUNT_WINDOW_MS = HOUR_MS;
export const RESET_IP_LIMIT = 20;
export const RESET_IP_WINDOW_MS = HOUR_MS;
/** Mails a signed-in user can ask for (verification resend, deletion link) per account. */
export const MAIL_ACCOUNT_LIMIT = 5;
export const MAIL_ACCOUNT_WINDOW_MS = HOUR_MS;
/**
 * Registrations per IP and channel, captcha or not (issue 25): generous, since a school's computer room or a family
 * shares one address, but a script cannot create accounts by the thousand.
 */
export const REGISTER_IP_LIMIT = 20;
export const REGISTER_IP_WINDOW_MS = HOUR_MS;
/** Submissions of a channel's public forms (the contact form) per IP and channel (issue 25). */
export const FORM_IP_LIMIT = 10;
export const FORM_IP_WINDOW_MS = HOUR_MS;

/**
 * How long a custom domain's unverified claim lasts (issue 25): after it, the claim neither blocks another channel nor
 * verifies, and the owner adds the domain again for new records.
 */
export const DOMAIN_CLAIM_TTL_MS = 7 * 24 * HOUR_MS;
