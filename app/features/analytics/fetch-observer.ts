// The api_request events (SPEC §7): window.fetch is wrapped once to time the page's own data requests, Remix loader
// and action calls (`?_data=`, `.data`) and `/api/` calls, never the datalake's (they would report themselves) nor
// the player's media (a segment every few seconds is playback, which the video events and viewing reports cover).
import type { ApiRequestReport } from "./client";

const WRAPPED = Symbol.for("rudy.analytics.fetch");
/** An error body bigger than this is not read for its message. */
const MESSAGE_BODY_MAX = 64 * 1024;

export interface FetchObserverOptions {
  /** The page's origin: only same-origin requests are observed. */
  origin: string;
  /** A monotonic clock in ms (performance.now). */
  now: () => number;
  report: (request: ApiRequestReport) => void;
}

/** Whether a request is one of the page's data requests, and not the analytics' own. */
export function isObserved(url: URL, origin: string): boolean {
  if (url.origin !== origin) return false;
  if (url.pathname.startsWith("/api/datalake/") || url.pathname.startsWith("/api/media/")) return false;
  return url.pathname.startsWith("/api/") || url.searchParams.has("_data") || url.pathname.endsWith(".data");
}

/** The path, and the Remix route asked for: no other query values (search terms, tokens) leave the page. */
export function reportedUrl(url: URL): string {
  const route = url.searchParams.get("_data");
  return route ? `${url.pathname}?_data=${encodeURIComponent(route)}` : url.pathname;
}

function requestUrl(input: RequestInfo | URL, origin: string): URL | null {
  try {
    return new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, origin);
  } catch {
    return null;
  }
}

/** An error's message: the JSON body's `message` when it is small, else the status text. */
async function errorMessage(response: Response): Promise<string | null> {
  if (response.ok) return null;
  const type = response.headers.get("content-type") ?? "";
  const length = Number(response.headers.get("content-length") ?? "0");
  if (type.includes("json") && length <= MESSAGE_BODY_MAX) {
    try {
      const body = (await response.clone().json()) as { message?: unknown } | null;
      if (typeof body?.message === "string" && body.message) return body.message;
    } catch {
      // Not JSON after all: the status text will do.
    }
  }
  return response.statusText || null;
}

/** Wraps `target.fetch` (once; a second call does nothing) and answers the function that unwraps it. */
export function observeFetch(target: { fetch: typeof fetch }, options: FetchObserverOptions): () => void {
  const original = target.fetch as typeof fetch & { [WRAPPED]?: true };
  if (original[WRAPPED]) return () => undefined;
  const { origin, now, report } = options;

  const wrapped = async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = requestUrl(input, origin);
    if (!url || !isObserved(url, origin)) return original.call(target, input, init);
    const start = now();
    try {
      const response = await original.call(target, input, init);
      const total = now() - start;
      const length = Number(response.headers.get("content-length") ?? "0") || 0;
      // Reported after the caller has its response: reading an error body never delays the page.
      void errorMessage(response)
        .catch(() => response.statusText || null)
        .then((message) => report({ url: reportedUrl(url), status: response.status, message, length, total }));
      return response;
    } catch (error) {
      // A navigation that replaced this one aborts it: not a failure of the API.
      if ((error as { name?: string } | null)?.name !== "AbortError") {
        report({ url: reportedUrl(url), status: 0, message: error instanceof Error ? error.message : String(error), length: 0, total: now() - start });
      }
      throw error;
    }
  } as typeof fetch & { [WRAPPED]?: true };
  wrapped[WRAPPED] = true;
  target.fetch = wrapped;
  return () => {
    if (target.fetch === wrapped) target.fetch = original;
  };
}
