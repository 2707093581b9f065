// The web session: the API's opaque user token in a host-only, httpOnly, SameSite=Lax cookie (Secure except on
// plain-http local hosts). Only the API knows what the token means; a 401 from it clears the cookie.
import { SESSION_TTL_MS } from "@api/contract/constants";
import { readCookie, serializeCookie } from "./cookies.server";

export const SESSION_COOKIE = "sid";

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

/** Set-Cookie that removes the session cookie (logout, a 401, account deletion). */
export function destroySession(request: Request): string {
  return serializeCookie(request, SESSION_COOKIE, "", 0);
}
