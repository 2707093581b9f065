// What waited in the tab before the analytics client loaded (issue 14) is handed to it as it starts, in order, before
// anything it observes from then on: a data request answering in the next task carries the landing page's campaign.
import { describe, expect, test } from "vitest";
import { WAITING_KEY, WAITING_MAX, readWaiting, startWithWaiting, writeWaiting, type TabStorage, type Waiting } from "~/features/analytics/waiting";
import { FLUSH_DELAY_MS } from "~/features/analytics/client";
import { harness } from "./analytics-harness";

const ORIGIN = "http://alpha-sports.test";
const view = (path: string, referrer = "") => ({ url: `${ORIGIN}${path}`, title: "Page", referrer });

function tab(entries?: unknown): TabStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  if (entries !== undefined) map.set(WAITING_KEY, typeof entries === "string" ? entries : JSON.stringify(entries));
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

describe("startWithWaiting", () => {
  test("hands the client the pages and sign-ins in order as it starts, so what it observes next carries the campaign", async () => {
    const waiting: Waiting[] = [
      { page: view("/?trk=spring-mailing") },
      { user: null, url: `${ORIGIN}/?trk=spring-mailing` },
      { page: view("/registration", `${ORIGIN}/?trk=spring-mailing`) },
      { user: { id: 7, email: "fan@example.com" }, url: `${ORIGIN}/verify-notice` },
      { page: view("/verify-notice", `${ORIGIN}/registration`) },
    ];
    const storage = tab(waiting);
    const h = harness();
    const client = startWithWaiting(() => h.client, storage);
    expect(client).toBe(h.client);
    // The very next thing the page reports: a data request that answered while the client was starting.
    client!.apiRequest({ url: "/watch/9?_data=routes%2Fwatch.%24id", status: 200, message: null, length: 10, total: 12 }, `${ORIGIN}/verify-notice`);
    await h.advance(FLUSH_DELAY_MS);

    expect(storage.map.has(WAITING_KEY)).toBe(false);
    expect(h.sessions()[0]!.trk).toBe("spring-mailing");
    const events = h.events();
    expect(events.map((e) => [e.event, new URL(e.origin).pathname])).toEqual([
      ["visit_page", "/"],
      ["visit_page", "/registration"],
      ["login", "/verify-notice"],
      ["visit_page", "/verify-notice"],
      ["api_request", "/verify-notice"],
    ]);
    expect(events.map((e) => e.trk)).toEqual(Array(5).fill("spring-mailing"));
    expect(events.at(-1)).toMatchObject({ user_id: 7, user_email: "fan@example.com" });
  });

  test("analytics off here: nothing waiting is read or dropped", () => {
    const storage = tab([{ page: view("/") }]);
    expect(startWithWaiting(() => null, storage)).toBeNull();
    expect(readWaiting(storage)).toHaveLength(1);
  });

  test("no storage, or storage holding something else, starts the client with nothing waiting", async () => {
    for (const storage of [null, tab("{not json"), tab({ page: "x" }), tab([{ page: { title: "no url" } }, { user: { id: "7" }, url: "/" }, 42])]) {
      const h = harness();
      expect(startWithWaiting(() => h.client, storage)).toBe(h.client);
      await h.advance(FLUSH_DELAY_MS);
      expect(h.events()).toEqual([]);
    }
  });
});

describe("the waiting list", () => {
  test("keeps the newest entries up to its bound, and an empty list removes the key", () => {
    const storage = tab();
    const entries = Array.from({ length: WAITING_MAX + 5 }, (_, i) => ({ page: view(`/p${i}`) }));
    writeWaiting(storage, entries);
    expect(readWaiting(storage).map((e) => ("page" in e ? e.page.url : ""))).toEqual(entries.slice(5).map((e) => e.page.url));
    writeWaiting(storage, []);
    expect(storage.map.has(WAITING_KEY)).toBe(false);
  });

  test("a storage that refuses writes loses the entries, not the page", () => {
    const refusing: TabStorage = { getItem: () => null, setItem: () => { throw new Error("QuotaExceededError"); }, removeItem: () => undefined };
    expect(() => writeWaiting(refusing, [{ page: view("/") }])).not.toThrow();
  });
});
