// The analytics client's rules (issue 14, SPEC §7/§9) under a fake clock: the session (hash first, kept 24 h), trk
// (kept 3 h), batching (at the max, after a delay, by beacon on hide, age_ms), bounded retries, logins, no profile.
import { describe, expect, test } from "vitest";
import { ANALYTICS_SESSION_MS, DATALAKE_BATCH_MAX, TRK_TTL_MS } from "@api/contract/datalake";
import { FLUSH_DELAY_MS, PENDING_KEY, QUEUE_MAX, SESSION_KEY, TRK_KEY, USER_KEY, sendOutcome } from "~/features/analytics/client";
import { PROFILE, T0, harness, hashNo } from "./analytics-harness";

const page = (path: string, title = "Home") => ({ url: `http://alpha-sports.test${path}`, title, referrer: "" });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe("session", () => {
  test("is created first: the hash, then the session record, then the events carrying it", async () => {
    const h = harness();
    h.client.page(page("/"));
    await h.advance(FLUSH_DELAY_MS);
    expect(h.calls.map((c) => `${c.kind} ${c.url}`)).toEqual([`get /api/datalake/hash/?profile=${PROFILE}`, "post /api/datalake/session/", "post /api/datalake/event/"]);
    const [session] = h.sessions();
    expect(session).toMatchObject({ profile: PROFILE, device_type: "desktop", user_agent: "Mozilla%2F5.0%20(X11)", resolution: "1366x900", platform: "web" });
    const hash = session!.session;
    expect(h.events()).toEqual([expect.objectContaining({ event: "visit_page", session_uuid: hash, profile: PROFILE, origin: "http://alpha-sports.test/" })]);
    expect(JSON.parse(h.storage.get(SESSION_KEY)!)).toEqual({ id: hash, created: T0, profile: PROFILE });
  });

  test("is kept 24 h from its creation across pages, then renewed", async () => {
    const first = harness();
    first.client.page(page("/"));
    await first.advance(FLUSH_DELAY_MS);
    const id = first.sessions()[0]!.session;

    const later = harness({ storage: first.storage, now: T0 + ANALYTICS_SESSION_MS - MINUTE });
    later.client.page(page("/live"));
    await later.advance(FLUSH_DELAY_MS);
    expect(later.calls.filter((c) => c.kind === "get")).toEqual([]);
    expect(later.events()[0]!.session_uuid).toBe(id);

    const nextDay = harness({ storage: first.storage, now: T0 + ANALYTICS_SESSION_MS });
    nextDay.client.page(page("/vod"));
    await nextDay.advance(FLUSH_DELAY_MS);
    expect(nextDay.sessions()).toHaveLength(1);
    const renewed = nextDay.sessions()[0]!.session;
    expect(renewed).not.toBe(id);
    expect(nextDay.events()[0]!.session_uuid).toBe(renewed);
  });

  test("is created once however many records wait for it", async () => {
    let answer!: (v: unknown) => void;
    const h = harness({ hash: () => new Promise((r) => (answer = r)) });
    h.client.page(page("/"));
    h.client.apiRequest({ url: "/api/events", status: 200, message: null, length: 10, total: 12 }, "http://alpha-sports.test/");
    await h.advance(FLUSH_DELAY_MS * 3);
    answer({ data: { hash: hashNo(999) } });
    await h.advance(FLUSH_DELAY_MS);
    expect(h.calls.filter((c) => c.kind === "get")).toHaveLength(1);
    expect(h.sessions()).toHaveLength(1);
    expect(h.events().map((e) => e.event)).toEqual(["visit_page", "api_request"]);
  });

  test("a session another channel made on this origin is not reused", async () => {
    const storage = new Map([[SESSION_KEY, JSON.stringify({ id: hashNo(5), created: T0, profile: "ya_other" })]]);
    const h = harness({ storage });
    h.client.page(page("/"));
    await h.advance(FLUSH_DELAY_MS);
    expect(h.sessions()).toHaveLength(1);
    expect(h.events()[0]!.session_uuid).not.toBe(hashNo(5));
  });
});

describe("trk", () => {
  test("is read from the page URL, kept 3 h on every record, then dropped", async () => {
    const h = harness();
    h.client.page(page("/?trk=spring-mailing"));
    await h.advance(FLUSH_DELAY_MS);
    expect(h.sessions()[0]!.trk).toBe("spring-mailing");
    expect(h.events()[0]!.trk).toBe("spring-mailing");

    await h.advance(TRK_TTL_MS - FLUSH_DELAY_MS - MINUTE);
    h.client.page(page("/live"));
    await h.advance(FLUSH_DELAY_MS);
    expect(h.events()[1]!.trk).toBe("spring-mailing");

    await h.advance(MINUTE);
    h.client.page(page("/vod"));
    await h.advance(FLUSH_DELAY_MS);
    expect(h.events()[2]!.trk ?? null).toBeNull();
    expect(h.storage.has(TRK_KEY)).toBe(false);
  });

  test("a newer trk replaces the kept one and its 3 h start again", async () => {
    const h = harness();
    h.client.page(page("/?trk=a"));
    await h.advance(2 * HOUR);
    h.client.page(page("/live?trk=b"));
    await h.advance(2 * HOUR);
    h.client.page(page("/vod"));
    await h.advance(FLUSH_DELAY_MS);
    expect(h.events().map((e) => e.trk)).toEqual(["a", "b", "b"]);
  });
});

describe("batching", () => {
  test("records wait for the delay and go together, each with its age", async () => {
    const h = harness();
    h.client.page(page("/"));
    await h.advance(2_000);
    h.client.page(page("/live", "Live"));
    await h.advance(2_000);
    expect(h.posts("datalake/event/")).toHaveLength(0);
    await h.advance(FLUSH_DELAY_MS - 4_000);
    const posts = h.posts("datalake/event/");
    expect(posts).toHaveLength(1);
    expect(posts[0]!.beacon).toBe(false);
    expect(posts[0]!.records.map((r) => r.age_ms)).toEqual([5_000, 3_000]);
    expect(posts[0]!.records.map((r) => (r.extra as { title: string }).title)).toEqual(["Home", "Live"]);
  });

  test("a full batch goes at once; the rest waits", async () => {
    const h = harness();
    h.client.page(page("/"));
    await h.advance(FLUSH_DELAY_MS);
    for (let i = 0; i < DATALAKE_BATCH_MAX + 1; i++) h.client.apiRequest({ url: `/api/events/${i}`, status: 200, message: null, length: 0, total: 5 }, "http://alpha-sports.test/");
    await h.settle();
    expect(h.posts("datalake/event/").map((p) => p.records.length)).toEqual([1, DATALAKE_BATCH_MAX]);
    await h.advance(FLUSH_DELAY_MS);
    expect(h.posts("datalake/event/").map((p) => p.records.length)).toEqual([1, DATALAKE_BATCH_MAX, 1]);
  });

  test("hiding the page sends everything by beacon, with ages at that moment", async () => {
    const h = harness();
    h.client.page(page("/"));
    await h.advance(FLUSH_DELAY_MS);
    h.client.page(page("/live"));
    await h.advance(1_500);
    h.client.hide();
    await h.settle();
    const last = h.posts("datalake/event/").at(-1)!;
    expect(last.beacon).toBe(true);
    expect(last.records.map((r) => r.age_ms)).toEqual([1_500]);
    // Nothing left for the timer.
    await h.advance(FLUSH_DELAY_MS);
    expect(h.posts("datalake/event/")).toHaveLength(2);
  });

  test("while no session exists, hiding cannot send: the records stay for later", async () => {
    let answer!: (v: unknown) => void;
    const h = harness({ hash: () => new Promise((r) => (answer = r)) });
    h.client.page(page("/"));
    h.client.hide();
    await h.settle();
    expect(h.posts("datalake/event/")).toHaveLength(0);
    answer({ data: { hash: hashNo(42) } });
    await h.advance(FLUSH_DELAY_MS);
    expect(h.events()).toHaveLength(1);
  });

  test("a page that goes away before its session exists leaves its records to the next page, which sends them once", async () => {
    const storage = new Map<string, string>();
    const first = harness({ storage, hash: () => new Promise(() => undefined) });
    first.client.page(page("/"));
    first.client.hide();
    await first.settle();
    expect(first.posts("datalake/event/")).toHaveLength(0);
    expect(storage.has(PENDING_KEY)).toBe(true);
    first.client.dispose();

    // The next page, 2 s later, on the same origin: a session is made and the first page's visit goes, dated.
    const next = harness({ storage, now: T0 + 2_000 });
    next.client.page(page("/registration", "Register"));
    await next.advance(FLUSH_DELAY_MS);
    const visits = next.events().filter((e) => e.event === "visit_page");
    expect(visits.map((v) => new URL(v.origin).pathname)).toEqual(["/", "/registration"]);
    expect(visits[0]!.age_ms).toBe(2_000 + FLUSH_DELAY_MS);
    expect(storage.has(PENDING_KEY)).toBe(false);
    // A third page sends nothing of it again.
    const third = harness({ storage, now: next.now() });
    await third.advance(FLUSH_DELAY_MS);
    expect(third.events()).toHaveLength(0);
  });

  test("a page that hides and comes back sends what it kept itself, and the kept copy goes", async () => {
    const storage = new Map<string, string>();
    let answer!: (v: unknown) => void;
    const h = harness({ storage, hash: () => new Promise((r) => (answer = r)) });
    h.client.page(page("/"));
    h.client.hide();
    await h.settle();
    expect(storage.has(PENDING_KEY)).toBe(true);
    answer({ data: { hash: hashNo(77) } });
    await h.advance(FLUSH_DELAY_MS);
    expect(h.events()).toHaveLength(1);
    expect(storage.has(PENDING_KEY)).toBe(false);
  });

  test("a record older than a day is not sent (ingestion would refuse its batch)", async () => {
    let answer!: (v: unknown) => void;
    const h = harness({ hash: () => new Promise((r) => (answer = r)) });
    h.client.page(page("/"));
    await h.advance(25 * HOUR);
    h.client.page(page("/live"));
    answer({ data: { hash: hashNo(7) } });
    await h.advance(FLUSH_DELAY_MS);
    expect(h.events().map((e) => e.origin)).toEqual(["http://alpha-sports.test/live"]);
  });
});

describe("retries", () => {
  test("a failed batch is tried once more, then given up", async () => {
    const h = harness({ status: (url) => (url.endsWith("/event/") ? 503 : 204) });
    h.client.page(page("/"));
    await h.advance(FLUSH_DELAY_MS);
    await h.advance(FLUSH_DELAY_MS);
    await h.advance(10 * FLUSH_DELAY_MS);
    const sends = h.posts("datalake/event/");
    expect(sends).toHaveLength(2);
    expect(sends.map((s) => s.records[0]!.age_ms)).toEqual([5_000, 10_000]);
    expect(h.pendingTimers()).toBe(0);
  });

  test("a refusal for bad input is not retried", async () => {
    const h = harness({ status: (url) => (url.endsWith("/event/") ? 422 : 204) });
    h.client.page(page("/"));
    await h.advance(10 * FLUSH_DELAY_MS);
    expect(h.posts("datalake/event/")).toHaveLength(1);
  });

  test("a retried batch goes before newer records", async () => {
    const h = harness({ status: (url, n) => (url.endsWith("/event/") && n === 1 ? 0 : 204) });
    h.client.page(page("/a"));
    await h.advance(FLUSH_DELAY_MS);
    h.client.page(page("/b"));
    await h.advance(FLUSH_DELAY_MS);
    expect(h.posts("datalake/event/").map((p) => p.records.map((r) => r.origin))).toEqual([["http://alpha-sports.test/a"], ["http://alpha-sports.test/a", "http://alpha-sports.test/b"]]);
  });

  test("a service that cannot make a session is asked a bounded number of times, and memory stays bounded", async () => {
    let gets = 0;
    const h = harness({
      hash: async () => {
        gets++;
        throw new Error("offline");
      },
    });
    h.client.page(page("/"));
    await h.advance(HOUR);
    expect(gets).toBeLessThanOrEqual(3);
    expect(h.pendingTimers()).toBe(0);
  });

  test("records wait at most QUEUE_MAX per endpoint; the oldest give way", async () => {
    let answer!: (v: unknown) => void;
    const h = harness({ hash: () => new Promise((r) => (answer = r)) });
    for (let i = 0; i < QUEUE_MAX + 30; i++) h.client.apiRequest({ url: `/api/x/${i}`, status: 200, message: null, length: 0, total: 1 }, "http://alpha-sports.test/");
    answer({ data: { hash: hashNo(1) } });
    await h.advance(FLUSH_DELAY_MS);
    const urls = h.events().map((e) => (e.extra as { url: string }).url);
    expect(urls).toHaveLength(QUEUE_MAX);
    expect(urls[0]).toBe("/api/x/30");
  });

  test("statuses: 2xx sent; network, timeout, rate limit and server errors retried; other refusals dropped", () => {
    expect([200, 202, 204].map(sendOutcome)).toEqual(["sent", "sent", "sent"]);
    expect([0, 408, 429, 500, 503].map(sendOutcome)).toEqual(["retry", "retry", "retry", "retry", "retry"]);
    expect([400, 404, 422].map(sendOutcome)).toEqual(["drop", "drop", "drop"]);
  });
});

describe("page events", () => {
  test("visit_page carries the title and referrer; api_request its fields", async () => {
    const h = harness();
    h.client.page({ url: "http://alpha-sports.test/live", title: "Live", referrer: "https://search.example/" });
    h.client.apiRequest({ url: "/live?_data=routes%2Flive", status: 500, message: "Boom", length: 20, total: 123.4 }, "http://alpha-sports.test/live");
    await h.advance(FLUSH_DELAY_MS);
    expect(h.events()).toEqual([
      expect.objectContaining({ event: "visit_page", extra: { title: "Live", referrer: "https://search.example/" }, user_id: null }),
      expect.objectContaining({ event: "api_request", origin: "http://alpha-sports.test/live", extra: { url: "/live?_data=routes%2Flive", status: 500, message: "Boom", length: 20, total: 123 } }),
    ]);
  });

  test("api_request fields are kept within the contract's bounds", async () => {
    const h = harness();
    h.client.apiRequest({ url: "/api/slow", status: 0, message: `  ${"x".repeat(900)}  `, length: Number.NaN, total: 400_000 }, "http://alpha-sports.test/");
    h.client.apiRequest({ url: "", status: 1000, message: "   ", length: 5e9, total: -3 }, "http://alpha-sports.test/");
    await h.advance(FLUSH_DELAY_MS);
    expect(h.events().map((e) => e.extra)).toEqual([
      { url: "/api/slow", status: 0, message: "x".repeat(500), length: 0, total: 300_000 },
      { url: "/", status: 0, message: null, length: 1e9, total: 0 },
    ]);
  });

  test("login: when this browser goes from nobody signed in to someone", async () => {
    const h = harness();
    const here = "http://alpha-sports.test/";
    h.client.setUser(null, here);
    h.client.setUser({ id: 7, email: "fan@alpha.test" }, here);
    h.client.setUser({ id: 7, email: "fan@alpha.test" }, here);
    h.client.page(page("/"));
    await h.advance(FLUSH_DELAY_MS);
    expect(h.events().map((e) => [e.event, e.user_id, e.user_email])).toEqual([
      ["login", 7, "fan@alpha.test"],
      ["visit_page", 7, "fan@alpha.test"],
    ]);
    expect(h.storage.get(USER_KEY)).toBe("7");

    // The next page load of the same user is not a login; another user's is.
    const again = harness({ storage: h.storage, now: h.now() });
    again.client.setUser({ id: 7, email: "fan@alpha.test" }, here);
    again.client.setUser({ id: 8, email: "viewer@alpha.test" }, here);
    await again.advance(FLUSH_DELAY_MS);
    expect(again.events().map((e) => [e.event, e.user_id])).toEqual([["login", 8]]);
  });

  test("a browser never seen before tells nothing about a login", async () => {
    const h = harness();
    h.client.setUser({ id: 7, email: "fan@alpha.test" }, "http://alpha-sports.test/");
    await h.advance(FLUSH_DELAY_MS);
    expect(h.events()).toEqual([]);
    expect(h.storage.get(USER_KEY)).toBe("7");
  });
});

test("without a profile nothing is sent, stored or scheduled", async () => {
  const h = harness({ profile: "" });
  h.client.setUser({ id: 1, email: "a@b.test" }, "http://alpha-sports.test/");
  h.client.page(page("/?trk=x"));
  h.client.playerEvent({ name: "play", eventId: 1, position: 0, live: true, at: 0 });
  h.client.hide();
  await h.advance(HOUR);
  expect(h.calls).toEqual([]);
  expect(h.storage.size).toBe(0);
  expect(h.pendingTimers()).toBe(0);
});
