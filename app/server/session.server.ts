// The web session: the API's opaque user token in a host-only, httpOnly, SameSite=Lax cookie (Secure except on
// plain-http local hosts). Only the API knows what the token means; a 401 from it clears the cookie.
import { WEB_SESSION_COOKIE, type User } from "@api/contract/auth";
import { DEVICE_TOKEN_TTL_MS, SESSION_TTL_MS } from "@api/contract/constants";
import { readConsent, readCookie, serializeCookie } from "./cookies.server";

export const SESSION_COOKIE = WEB_SESSION_COOKIE;
/** The anonymous viewer id: lets the API suppress a preroll that already played for a signed-out visitor. */
export const VIEWER_COOKIE = "vid";
const VIEWER_ID = /^[A-Za-z0-9_-]{22,64}$/;

export function readSessionToken(request: Request): string | null {
  const token = readCookie(request, SESSION_COOKIE);
  // Tokens are base64url; anything else is not ours.
  return token && /^[A-Za-z0-9_-]{20,128}$/.test(token) ? token : null;
}

/** Set-Cookie for a fresh session token (login, registration, social sign-in). */
export function commitSession(request: Request, token: string, expiresAt?: number, now: number = Date.now()): string {
  const maxAgeS = Math.max(0, Math.floor(((expiresAt ?? now + SESSION_TTL_MS) - now) / 1000));
  return serializeCookie(request, SESSION_COOKIE, token, maxAgeS);
}

/**
 * The known-device token the API gave this browser at its last sign-in (ADR 021): sent back with the next sign-in, it
 * keeps the owner out of the per-account limit that slows guessing from many IPs. It outlives sign-out on purpose.
 */
export const KNOWN_DEVICE_COOKIE = "kdv";

export const readKnownDevice = (request: Request): string | undefined => readCookie(request, KNOWN_DEVICE_COOKIE) ?? undefined;

export function knownDeviceCookie(request: Request, token: string): string {
  return serializeCookie(request, KNOWN_DEVICE_COOKIE, token, Math.floor(DEVICE_TOKEN_TTL_MS / 1000));
}

/** Set-Cookie that removes the session cookie (logout, a 401, account deletion). */
export function destroySession(request: Request): string {
  return serializeCookie(request, SESSION_COOKIE, "", 0);
}

/**
 * The visitor's web session for one request: its user, loaded once (viewer-api.server.ts, which alone holds the
 * token). `expired` turns true when the API refused the token (401): the response then clears the cookie (SPEC §8
 * "a 401 clears the user").
 */
export interface WebSession {
  user: User | null;
  expired: boolean;
}

/**
 * The request's user after a change to the account (a new password, new details). A document POST renders the page's
 * loaders in the same request as the action, after the user was loaded: without this they would show the old user
 * (a temporary-password user still held on profile edit after changing it).
 */
export function replaceUser(session: WebSession, user: User): void {
  session.user = user;
}

/** The API no longer knows the token: drop the user now and the cookie with the response. */
export function markExpired(session: WebSession): void {
  session.user = null;
  session.expired = true;
}

/**
 * Clears the cookie on a response when the request's session expired, unless the response sets the cookie itself
 * (a sign-in that replaced the stale token).
 */
export function applyExpiredSession(headers: Headers, request: Request, session: WebSession | undefined): void {
  if (!session?.expired) return;
  const setsCookie = headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!setsCookie) headers.append("Set-Cookie", destroySession(request));
}

/**
 * This visitor's viewer id, whether the response must set the cookie (a new id, or a malformed one replaced), and
 * whether the request used it: reading `id` marks it used (playback grants and preroll reports do).
 */
export interface ViewerId {
  readonly id: string;
  readonly fresh: boolean;
  readonly used: boolean;
}

function viewerId(id: string, fresh: boolean): ViewerId {
  let used = false;
  return {
    get id() {
      used = true;
      return id;
    },
    fresh,
    get used() {
      return used;
    },
  };
}

/** The `vid` cookie's id, or a new random one (16 bytes, base64url: 22 characters) when it is missing or not ours. */
export function loadViewerId(request: Request): ViewerId {
  const id = readCookie(request, VIEWER_COOKIE);
  if (id && VIEWER_ID.test(id)) return viewerId(id, false);
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const fresh = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return viewerId(fresh, true);
}

/** The viewer id a playback or preroll call carries: a signed-in user's suppression goes by the user, so none then. */
export const anonymousViewerId = (session: WebSession, viewer: ViewerId): string | null => (session.user ? null : viewer.id);

/**
 * Sets the `vid` cookie (1 year, same flags as `sid`) for a visitor who lacks it, on a response that used the id
 * (preroll suppression needs it remembered), or once the visitor accepted cookies. A visitor who only browses, and
 * has not accepted, gets none.
 */
export function applyViewerCookie(headers: Headers, request: Request, viewer: ViewerId | undefined): void {
  if (!viewer?.fresh) return;
  if (!viewer.used && readConsent(request) !== "accepted") return;
  const setsCookie = headers.getSetCookie().some((c) => c.startsWith(`${VIEWER_COOKIE}=`));
  if (!setsCookie) headers.append("Set-Cookie", serializeCookie(request, VIEWER_COOKIE, viewer.id));
}
