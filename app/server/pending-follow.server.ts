// "Follow while signed out → log in → back and followed" (issue 12). The follow button of a signed-out visitor posts
// to /action/favorites, which keeps what they asked for in a short-lived httpOnly cookie and sends them to log in.
// Whichever way they sign in (email, registration, Google, Facebook), the sign-in completes the follow and clears
// the cookie. Cross-origin posts are refused before any action runs (security.server.ts), so another site cannot
// plant the cookie.
import { FAVORITABLE_TYPES, type FavoritableType } from "@api/contract/favorites";
import type { ReadyTenant } from "./tenant.server";
import { readCookie, serializeCookie } from "./cookies.server";
import { commitSession } from "./session.server";

export const PENDING_FOLLOW_COOKIE = "pending_follow";
/** Long enough to register and verify an email; a follow asked for longer ago is forgotten. */
const PENDING_FOLLOW_MAX_AGE_S = 30 * 60;

export function rememberFollow(request: Request, type: FavoritableType, id: number): string {
  return serializeCookie(request, PENDING_FOLLOW_COOKIE, `${type}:${id}`, PENDING_FOLLOW_MAX_AGE_S);
}

export function readPendingFollow(request: Request): { type: FavoritableType; id: number } | null {
  const match = /^([a-z]+):(\d{1,12})$/.exec(readCookie(request, PENDING_FOLLOW_COOKIE) ?? "");
  if (!match || !(FAVORITABLE_TYPES as readonly string[]).includes(match[1])) return null;
  return { type: match[1] as FavoritableType, id: Number(match[2]) };
}

/**
 * After a sign-in: follows what the visitor asked to follow before signing in, if anything. Answers the Set-Cookie
 * that clears the cookie (or null when there was none). A refused or failed follow is dropped: the visitor sees
 * the button as it is and can press it again.
 */
export async function followAfterSignIn(request: Request, tenant: ReadyTenant, token: string): Promise<string | null> {
  if (readCookie(request, PENDING_FOLLOW_COOKIE) === null) return null;
  const pending = readPendingFollow(request);
  if (pending) {
    try {
      const result = await tenant.favorites.withUser(token).add(pending.type, pending.id);
      if (!result.ok) console.warn("pending follow refused:", result.message);
    } catch (error) {
      console.error("pending follow failed:", error instanceof Error ? error.message : error);
    }
  }
  return serializeCookie(request, PENDING_FOLLOW_COOKIE, "", 0);
}

/**
 * What every sign-in answers with (email, registration, Google, Facebook): the session cookie, and the follow the
 * visitor asked for before signing in, completed.
 */
export async function signInCookies(headers: Headers, request: Request, tenant: ReadyTenant, session: { token: string; expires_at?: number }): Promise<Headers> {
  headers.append("Set-Cookie", commitSession(request, session.token, session.expires_at));
  const followed = await followAfterSignIn(request, tenant, session.token);
  if (followed) headers.append("Set-Cookie", followed);
  return headers;
}
