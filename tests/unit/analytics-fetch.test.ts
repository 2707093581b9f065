// The api_request observer (issue 14): window.fetch wrapped once, timing the page's own data requests (Remix `?_data=`
// and `/api/` calls) and never the datalake's, the player's media, other origins' or static files'.
import { describe, expect, test } from "vitest";
import type { ApiRequestReport } from "~/features/analytics/client";
import { isObserved, observeFetch, reportedUrl } from "~/features/analytics/fetch-observer";

const ORIGIN = "http://alpha-sports.test";

function page(answer: (input: RequestInfo | URL) => Promise<Response>) {
  let clock = 1_000;
  const seen: string[] = [];
  const reports: ApiRequestReport[] = [];
  const target = {
    fetch: (async (input: RequestInfo | URL) => {
      seen.push(String(input instanceof Request ? input.url : input));
      clock += 40;
      return answer(input);
    }) as typeof fetch,
  };
  const undo = observeFetch(target, { origin: ORIGIN, now: () => clock, report: (r) => reports.push(r) });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { target, seen, reports, undo, settle };
}

describe("which requests", () => {
  const url = (path: string) => new URL(path, ORIGIN);
  test("Remix data requests and /api/ calls of this origin", () => {
    expect(isObserved(url("/live?_data=routes%2Flive"), ORIGIN)).toBe(true);
    expect(isObserved(url("/watch/3.data"), ORIGIN)).toBe(true);
    expect(isObserved(url("/api/streams/beat"), ORIGIN)).toBe(true);
  });
  test("not the datalake, not media, not other origins, not pages or files", () => {
    expect(isObserved(url("/api/media/event/1/chunk-stream0-00887.m4s?token=t"), ORIGIN)).toBe(false);
    expect(isObserved(url("/api/media/vod/3/manifest.mpd"), ORIGIN)).toBe(false);
    expect(isObserved(url("/api/datalake/event/"), ORIGIN)).toBe(false);
    expect(isObserved(url("/api/datalake/hash/?profile=x"), ORIGIN)).toBe(false);
    expect(isObserved(new URL("https://js.stripe.com/v3/?_data=x"), ORIGIN)).toBe(false);
    expect(isObserved(url("/media/alpha/live.mpd"), ORIGIN)).toBe(false);
    expect(isObserved(url("/action/preroll-played"), ORIGIN)).toBe(false);
  });
  test("only the path and the route leave the page, no other query values", () => {
    expect(reportedUrl(url("/vod?title=secret&_data=routes%2Fvod"))).toBe("/vod?_data=routes%2Fvod");
    expect(reportedUrl(url("/api/events?api_key=k&token=t"))).toBe("/api/events");
  });
});

describe("observeFetch", () => {
  test("reports status, length and time of a success, and hands back the same response", async () => {
    const response = new Response("{}", { status: 200, headers: { "content-length": "2", "content-type": "application/json" } });
    const p = page(async () => response);
    expect(await p.target.fetch("/live?_data=routes%2Flive")).toBe(response);
    await p.settle();
    expect(p.reports).toEqual([{ url: "/live?_data=routes%2Flive", status: 200, message: null, length: 2, total: 40 }]);
  });

  test("an error's message comes from its JSON body, and the caller can still read that body", async () => {
    const p = page(async () => Response.json({ message: "Wrong auth data" }, { status: 422, statusText: "Unprocessable" }));
    const response = await p.target.fetch(new Request(`${ORIGIN}/api/v2/auth/login`, { method: "POST" }));
    expect(await response.json()).toEqual({ message: "Wrong auth data" });
    await p.settle();
    expect(p.reports[0]).toMatchObject({ url: "/api/v2/auth/login", status: 422, message: "Wrong auth data", length: 0 });
  });

  test("otherwise the status text", async () => {
    const p = page(async () => new Response("<h1>oops</h1>", { status: 503, statusText: "Service Unavailable", headers: { "content-type": "text/html" } }));
    await p.target.fetch("/api/events");
    await p.settle();
    expect(p.reports[0]).toMatchObject({ status: 503, message: "Service Unavailable" });
  });

  test("a network failure is status 0 and still throws; an abort is not reported", async () => {
    const p = page(async (input) => {
      if (String(input).includes("abort")) throw new DOMException("The user aborted a request.", "AbortError");
      throw new TypeError("Failed to fetch");
    });
    await expect(p.target.fetch("/api/events")).rejects.toThrow("Failed to fetch");
    await expect(p.target.fetch("/api/abort")).rejects.toThrow("aborted");
    await p.settle();
    expect(p.reports).toEqual([{ url: "/api/events", status: 0, message: "Failed to fetch", length: 0, total: 40 }]);
  });

  test("the datalake and other requests pass through unreported", async () => {
    const p = page(async () => new Response(null, { status: 204 }));
    await p.target.fetch("/api/datalake/event/", { method: "POST" });
    await p.target.fetch("https://js.stripe.com/v3/");
    await p.target.fetch("/media/a.mpd");
    await p.settle();
    expect(p.seen).toHaveLength(3);
    expect(p.reports).toEqual([]);
  });

  test("wraps once, and unwraps", async () => {
    const p = page(async () => new Response("x", { status: 200 }));
    const wrapped = p.target.fetch;
    observeFetch(p.target, { origin: ORIGIN, now: () => 0, report: () => expect.unreachable() });
    expect(p.target.fetch).toBe(wrapped);
    await p.target.fetch("/api/events");
    await p.settle();
    expect(p.reports).toHaveLength(1);
    p.undo();
    await p.target.fetch("/api/events");
    await p.settle();
    expect(p.reports).toHaveLength(1);
  });
});
