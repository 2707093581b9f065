import { returnPath } from "~/lib/auth-paths";

/**
 * Where login sends the visitor back to (SPEC §2): `redirectTo` from the query, else the same-origin page they came
 * from (the Referer), unless that is an auth page. Always a same-origin relative path.
 */
export function loginReturnPath(request: Request): string {
  const url = new URL(request.url);
  const asked = url.searchParams.get("redirectTo");
  if (asked) return returnPath(asked);
  const referer = request.headers.get("referer");
  if (!referer) return "/";
  try {
    const from = new URL(referer);
    return from.origin === url.origin ? returnPath(from.pathname + from.search) : "/";
  } catch {
    return "/";
  }
}
