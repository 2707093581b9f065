// Where a redirect built from user input may go (ADR 021): a path on this origin, or the fallback. The one home of
// the rule: the web app's actions (language, consent, login's return, favourites, streams) and the API's
// customer-portal return use it.

const BASE = "http://safe-redirect.invalid";
const MAX_LENGTH = 2048;
/** C0 and C1 controls (tab, newline…), DEL, and the Unicode line and paragraph separators. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/;

/**
 * `input` as a normalised same-origin path (path, query and hash), or `fallback`. Refused: anything that is not a
 * string starting with `/`, `//` and `/\` prefixes, backslashes and control characters (also once or twice
 * percent-decoded, so `/%09/evil.example` and `/%2F/evil` fail too), and anything the URL parser resolves to
 * another origin. `sameOrigin` lets an absolute URL of exactly that origin through, reduced to its path.
 */
export function safeRedirectPath(input: unknown, fallback: string, sameOrigin?: string): string {
  if (typeof input !== "string" || input.length > MAX_LENGTH) return fallback;
  let candidate = input;
  if (sameOrigin && candidate.startsWith(`${sameOrigin}/`)) candidate = candidate.slice(sameOrigin.length);
  let layer = candidate;
  for (let depth = 0; depth < 3; depth++) {
    if (!layer.startsWith("/") || layer.startsWith("//") || UNSAFE.test(layer)) return fallback;
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return fallback;
    }
    if (decoded === layer) break;
    layer = decoded;
  }
  let url: URL;
  try {
    url = new URL(candidate, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  return path.startsWith("//") ? fallback : path;
}
