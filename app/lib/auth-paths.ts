// Where sign-in may send a visitor back to (SPEC §2: pages other than the auth pages and 404 are remembered).
import { safeRedirectPath } from "@api/lib/safe-redirect";

/** The auth pages: never remembered as the page to return to. */
export const AUTH_PATHS = [
  "/login",
  "/registration",
  "/verify-notice",
  "/verify-email",
  "/password-reset-request",
  "/password-reset",
  "/confirm-account-deletion",
] as const;

/** Pages a signed-in visitor has no business on (SPEC §2): they are sent to /. */
export const ANONYMOUS_ONLY_PATHS = ["/login", "/registration", "/password-reset-request", "/password-reset"] as const;

/** The page a temporary-password user is held on (SPEC §2). */
export const PROFILE_EDIT_PATH = "/profile/edit";

export function isAuthPath(pathname: string): boolean {
  return (AUTH_PATHS as readonly string[]).includes(pathname) || pathname.startsWith("/auth/") || pathname === "/404";
}

/**
 * A path to return to after sign-in: a same-origin relative path (no scheme, no `//`, no backslash or control
 * character) that is not an auth page. Anything else gives `fallback`.
 */
export function returnPath(value: unknown, fallback = "/"): string {
  const path = safeRedirectPath(value, "");
  if (!path) return fallback;
  const pathname = path.split(/[?#]/, 1)[0] ?? "";
  return isAuthPath(pathname) || pathname.startsWith("/action/") ? fallback : path;
}

/** `/login?redirectTo=…` (or registration) for a visitor on `here`; auth pages are not remembered. */
export function authLink(target: "/login" | "/registration", here: string): string {
  const back = returnPath(here, "");
  return back && back !== "/" ? `${target}?redirectTo=${encodeURIComponent(back)}` : target;
}

/**
 * SPEC §2: a signed-out visitor going from login or registration to /buy is sent back one step, i.e. to the page
 * they came from (the Referer, when it is that login or registration page on this origin). Null: no step back.
 */
export function stepBackFromBuy(path: string, signedIn: boolean, referer: string | null, origin: string): string | null {
  if (signedIn || path !== "/buy" || !referer) return null;
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return null;
  }
  if (from.origin !== origin || (from.pathname !== "/login" && from.pathname !== "/registration")) return null;
  from.searchParams.delete("_data");
  return from.pathname + from.search;
}
