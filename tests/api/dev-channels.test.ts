// POST /api/dev/channels (issue 24, never in production): a test loads a channel definition of its own under a fresh
// alias, with its relative times resolved from the `now` it gives. Real local D1/R2, an injected clock.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import type { TestChannel } from "@api/contract/test-channels";
import { createApi } from "@api/index";
import { call, mintKey, postJson } from "./fixtures";

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const MIN = 60_000;
const app = createApi({ now: () => T0 });

/** A small tenant definition, as tenant-reader reads a folder (without alias, key or domains). */
const definition = {
  name: "Test Sports",
  settings: { language: "en", title: "Test Sports" },
  menu: [{ key: "home", placement: "header", kind: "link", name: "Home", url: "/" }],
  catalogue: {
    time_zone: "UTC",
    sports: [{ alias: "soccer", name: "Soccer" }],
    schools: [{ alias: "north", name: "North" }, { alias: "south", name: "South" }],
    teams: [
      { alias: "north-fc", name: "North FC", school: "north", sport: "soccer", gender: "women" },
      { alias: "south-fc", name: "South FC", school: "south", sport: "soccer", gender: "women" },
    ],
    events: [
      { key: "live", access_type: "free", start: { minutes: -25 }, duration: 120, sport: "soccer", home: "north-fc", away: "south-fc" },
      { key: "soon", access_type: "free", start: { seconds: 8 }, duration: 60, sport: "soccer", home: "south-fc", away: "north-fc" },
    ],
  },
};

const load = (body: Record<string, unknown>, host = "127.0.0.1:8788") => call(host, "/api/dev/channels", postJson(body), app);

async function loaded(body: Record<string, unknown>): Promise<TestChannel> {
  const res = await load(body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: TestChannel }).data;
}

describe("dev channels", () => {
  it("loads the definition under a fresh alias and key, with its times from the given now", async () => {
    const now = T0 - 10 * MIN;
    const a = await loaded({ definition, alias_prefix: "test", now });
    const b = await loaded({ definition, alias_prefix: "test", now });
    expect(a.alias).toMatch(/^test-[a-z0-9]{12}$/);
    expect(b.alias).not.toBe(a.alias);
    expect(b.channel_key).not.toBe(a.channel_key);
    expect(a.now).toBe(now);

    // The channel answers on its own host with its own key, and its events are placed from `now`, not from the clock.
    const host = `${a.alias}.localhost`;
    const key = await mintKey(host, a.channel_key, app);
    const res = await call(host, `/api/events?api_key=${key}&limit=10&sort_field=event_utc_ts&sort_direction=asc`, undefined, app);
    expect(res.status).toBe(200);
    const events = ((await res.json()) as { data: { name: string; event_utc_ts: string; stream_status: string }[] }).data;
    expect(events.map((e) => [e.name, e.event_utc_ts])).toEqual([
      ["South FC @ North FC", new Date(now - 25 * MIN).toISOString()],
      ["North FC @ South FC", new Date(now + 8_000).toISOString()],
    ]);
    // Ten minutes after the given now (the API's clock), the one that started 8 s after it is live too.
    expect(events.map((e) => e.stream_status)).toEqual(["live", "live"]);
    // Another load's key is refused on this host.
    expect((await call(host, "/api/get_api_key", postJson({ channel_key: b.channel_key }), app)).status).not.toBe(200);
  });

  it("loads a rolling definition on a fixed schedule: the channel stays as loaded however long the test runs", async () => {
    const a = await loaded({ definition: { ...definition, schedule: "rolling" }, alias_prefix: "fixed", now: T0 });
    const row = await env.DB.prepare("SELECT schedule_anchor, next_roll_at FROM channels WHERE id = ?").bind(a.id).first();
    expect(row).toEqual({ schedule_anchor: null, next_roll_at: null });
    // A week on, the game that was live at loading is over, where it was.
    const later = createApi({ now: () => T0 + 7 * 24 * 60 * MIN });
    const host = `${a.alias}.localhost`;
    const key = await mintKey(host, a.channel_key, later);
    const res = await call(host, `/api/events?api_key=${key}&limit=10&sort_field=event_utc_ts&sort_direction=asc`, undefined, later);
    const events = ((await res.json()) as { data: { event_utc_ts: string; stream_status: string }[] }).data;
    expect(events.map((e) => [e.event_utc_ts, e.stream_status])).toEqual([
      [new Date(T0 - 25 * MIN).toISOString(), "finished"],
      [new Date(T0 + 8_000).toISOString(), "finished"],
    ]);
  });

  it("defaults now to the API's clock", async () => {
    expect((await loaded({ definition, alias_prefix: "clock" })).now).toBe(T0);
  });

  it("refuses a definition that is not valid, with where and why, and makes no channel", async () => {
    const bad = { ...definition, settings: { language: "de" } };
    const res = await load({ definition: bad, alias_prefix: "bad" });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toMatch(/settings\.language/);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM channels WHERE alias LIKE 'bad-%'").first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it("refuses a bad body with 422 and a malformed one with 400", async () => {
    expect((await load({ definition, alias_prefix: "Not An Alias" })).status).toBe(422);
    expect((await load({ alias_prefix: "x" })).status).toBe(422);
    const res = await call("127.0.0.1:8788", "/api/dev/channels", postJson("{not json"), app);
    expect(res.status).toBe(400);
  });

  it("refuses a custom domain another channel holds", async () => {
    const first = await loaded({ definition: { ...definition, domains: ["taken.domains.test"] }, alias_prefix: "dom" });
    expect(first.alias).toMatch(/^dom-/);
    const res = await load({ definition: { ...definition, domains: ["taken.domains.test"] }, alias_prefix: "dom" });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toMatch(/taken\.domains\.test/);
  });

  it("does not exist in production", async () => {
    const res = await call("127.0.0.1:8788", "/api/dev/channels", postJson({ definition, alias_prefix: "prod" }), app, { ...env, APP_ENV: "production" });
    expect(res.status).toBe(404);
  });
});
