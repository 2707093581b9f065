// The rolling schedule (issue 24, docs/decisions/027): a demo channel loaded once stays live. Read hours and days
// later with an injected clock, it has live games, upcoming ones in the next days and finished ones in the past days,
// through every reader (lists, search, the library, calendars, the live manifest, the console); a fixed channel and
// an event the console edited do not move; a roll is idempotent, a stale one never wins, and channels roll apart.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { parseTenantDefinition } from "@api/channels/definition";
import { loadTenant } from "@api/channels/loader";
import { rollRows } from "@api/channels/rolling";
import { zonedParts } from "@api/channels/times";
import type { Playback } from "@api/contract/media";
import type { SectionState } from "@api/contract/console";
import { readRollingRows, writeRoll } from "@api/db/repos/schedule";
import { runScheduled } from "@api/jobs/scheduled";
import { hashPassword } from "@api/services/auth/passwords";
import { rollSchedule } from "@api/services/schedule-roll";
import { clockedApi, type App } from "./auth-helpers";
import { call, mintKey, postJson } from "./fixtures";

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0); // 06:00 in Chicago
const MIN = 60_000;
const H = 60 * MIN;
const DAY = 24 * H;
const SLOT = 120 * MIN;
const ZONE = "America/Chicago";
const ASSET = "rollclip";
const PASSWORD = "Rolling-Pass-2026";
const iso = (ms: number) => new Date(ms).toISOString();

const definition = (alias: string, schedule: "rolling" | "fixed") => ({
  name: `Rolling ${alias}`,
  channel_key: `ck_${alias.replaceAll("-", "_")}_rolling_test`,
  schedule,
  settings: { language: "en", title: `Rolling ${alias}` },
  catalogue: {
    time_zone: ZONE,
    sports: [{ alias: "hockey", name: "Hockey" }],
    schools: [{ alias: "north", name: "North" }, { alias: "south", name: "South" }],
    teams: [
      { alias: "north-h", name: "North Hockey", school: "north", sport: "hockey", gender: "men" },
      { alias: "south-h", name: "South Hockey", school: "south", sport: "hockey", gender: "men" },
    ],
    events: [
      ["live", { minutes: -25 }, 120],
      ["soon", { minutes: 30 }, 60],
      ["tomorrow", { days: 1, at: "19:00" }, 120],
      ["weekend", { days: 3, at: "13:00" }, 150],
      ["yesterday", { days: -1, at: "19:00" }, 120],
      ["last-week", { days: -7, at: "13:00" }, 120],
      ["fixed", { utc: "2026-11-28T01:00:00Z" }, 120],
    ].map(([key, start, duration], i) => ({ key, name: `Game ${key}`, access_type: "free", start, duration, sport: "hockey", home: i % 2 ? "north-h" : "south-h", away: i % 2 ? "south-h" : "north-h", media_key: ASSET })),
    vod_items: [
      { key: "replay-yesterday", title: "Replay yesterday", event: "yesterday", duration: 60 },
      { key: "feature", title: "Feature", date: { days: -2, at: "12:00" }, duration: 60 },
    ],
  },
});

/** Loads the channel at `anchor` (its owner included) and gives a client on its host at the clock's time. */
async function loadChannel(alias: string, anchor: number, schedule: "rolling" | "fixed" = "rolling") {
  await env.MEDIA.put(`media/${ASSET}/media.json`, JSON.stringify(MEDIA));
  const owner = { email: `owner@${alias}.test`, first_name: "Olive", last_name: "Owner", password_hash: await hashPassword(PASSWORD), email_verified: true, role: "owner" };
  const loaded = await loadTenant(env.DB, env.MEDIA, parseTenantDefinition({ ...definition(alias, schedule), users: [owner] }, alias), [], { now: anchor });
  const { app, clock } = clockedApi(anchor);
  const host = `${alias}.localhost`;
  const at = async (now: number) => {
    clock.now = now;
    return channelClient(app, host, definition(alias, schedule).channel_key);
  };
  return { id: loaded.channelId, host, at, owner: owner.email };
}

const MEDIA = {
  segment_duration_s: 2,
  segment_count: 3,
  duration_s: 6,
  streams: [{ id: 0, kind: "video", width: 640, height: 360, bandwidth: 800000, codecs: "avc1.64001e", init: "init-$RepresentationID$.m4s", chunk_template: "chunk-$RepresentationID$-$Number%05d$.m4s" }],
};

async function channelClient(app: App, host: string, channelKey: string) {
  const key = await mintKey(host, channelKey, app);
  const get = async <T>(path: string, token?: string): Promise<T> => {
    const res = await call(host, `${path}${path.includes("?") ? "&" : "?"}api_key=${key}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }, app);
    expect(res.status, await res.clone().text()).toBe(200);
    return (path.endsWith(".ics") || path.includes("/calendar/") ? await res.text() : ((await res.json()) as { data: T }).data) as T;
  };
  const send = (method: string, path: string, body: Record<string, unknown>, token?: string) =>
    call(host, path, { ...postJson({ api_key: key, ...body }), method, headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) } }, app);
  const events = async () => {
    const list = await get<{ id: number; name: string; event_utc_ts: string; end_utc_ts: string; stream_status: string }[]>("/api/events?limit=50");
    return Object.fromEntries(list.map((e) => [e.name.replace("Game ", ""), { id: e.id, start: Date.parse(e.event_utc_ts), end: Date.parse(e.end_utc_ts), status: e.stream_status }]));
  };
  const login = async (email: string) => {
    const res = await send("POST", "/api/v2/auth/login", { email, password: PASSWORD });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { token: string } }).data.token;
  };
  /** A call without an api key (a manifest, with its playback token). */
  const raw = (url: string) => call(host, new URL(url).pathname + new URL(url).search, undefined, app);
  return { get, send, raw, events, login };
}

/** 19:00 in Chicago (CST, UTC−6) is 01:00Z the next day; 13:00 is 19:00Z. */
const localClock = (ms: number) => {
  const p = zonedParts(ms, ZONE);
  return `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
};
const localDay = (ms: number) => {
  const p = zonedParts(ms, ZONE);
  return Date.UTC(p.year, p.month - 1, p.day) / DAY;
};

describe("a rolling channel read later", () => {
  it("has a live game, upcoming ones in the next days and finished ones in the past days at +1 h, +3 h and +7 days", async () => {
    const ch = await loadChannel("rolling-read", T0);
    for (const later of [H, 3 * H, 7 * DAY, 7 * DAY + 5 * H]) {
      const now = T0 + later;
      const events = await (await ch.at(now)).events();
      // The live slot repeats back to back: live, in an occurrence that started less than its length ago.
      expect(events.live.status).toBe("live");
      expect(now - events.live.start).toBeLessThan(SLOT);
      expect((events.live.start - (T0 - 25 * MIN)) % SLOT).toBe(0);
      // {days, at}: tomorrow and in three days at their local time; yesterday and a week ago, finished.
      const today = localDay(now);
      expect([events.tomorrow.status, localDay(events.tomorrow.start) - today, localClock(events.tomorrow.start)]).toEqual(["upcoming", 1, "19:00"]);
      expect([events.weekend.status, localDay(events.weekend.start) - today, localClock(events.weekend.start)]).toEqual(["upcoming", 3, "13:00"]);
      expect([events.yesterday.status, localDay(events.yesterday.start) - today]).toEqual(["finished", -1]);
      expect([events["last-week"].status, localDay(events["last-week"].start) - today]).toEqual(["finished", -7]);
      // An absolute time never moves.
      expect(iso(events.fixed.start)).toBe("2026-11-28T01:00:00.000Z");
    }
  });

  it("plays a minute offset not live at loading once a day, 30 min after the load time", async () => {
    const ch = await loadChannel("rolling-soon", T0);
    const status = async (now: number) => (await (await ch.at(now)).events()).soon;
    expect(await status(T0 + H)).toMatchObject({ status: "live", start: T0 + 30 * MIN });
    expect(await status(T0 + 3 * H)).toMatchObject({ status: "finished", start: T0 + 30 * MIN });
    expect(await status(T0 + 7 * DAY)).toMatchObject({ status: "upcoming", start: T0 + 7 * DAY + 30 * MIN });
  });

  it("shows the rolled times in search, the library, calendars, the live manifest and the console", async () => {
    const ch = await loadChannel("rolling-readers", T0);
    const now = T0 + 7 * DAY + 40 * MIN;
    const c = await ch.at(now);
    const events = await c.events();
    const search = await c.get<{ events: Record<string, { name: string; event_utc_ts: string }[]> }>("/api/search?q=game live");
    expect(search.events.live.map((e) => [e.name, e.event_utc_ts])).toEqual([["Game live", iso(events.live.start)]]);
    const library = await c.get<{ title: string; date: string }[]>("/api/vod-media-items?limit=10");
    expect(Object.fromEntries(library.map((v) => [v.title, v.date]))).toEqual({
      "Replay yesterday": iso(events.yesterday.end),
      Feature: iso(Date.UTC(2026, 10, 26, 18, 0)), // 12:00 in Chicago two days before the 28th
    });
    const ics = await c.get<string>(`/api/calendar/event/${events.live.id}`);
    const p = zonedParts(events.live.start, ZONE);
    const stamp = `${p.year}${String(p.month).padStart(2, "0")}${String(p.day).padStart(2, "0")}T${localClock(events.live.start).replace(":", "")}00`;
    expect(ics).toContain(`DTSTART;TZID=${ZONE}:${stamp}`);
    // The live manifest starts at the occurrence's start: its DVR window grows from there.
    const res = await c.send("POST", `/api/events/${events.live.id}/playback`, {});
    expect(res.status).toBe(200);
    const playback = ((await res.json()) as { data: Playback }).data;
    const mpd = await (await c.raw(playback.dash)).text();
    expect(mpd).toContain(`availabilityStartTime="${iso(events.live.start)}"`);
    // The console lists each event where it stands now.
    const token = await c.login(ch.owner);
    const section = await c.get<SectionState>("/api/console/sections/events", token);
    const starts = Object.fromEntries((section.value as { key: string; start: { utc: string } }[]).map((e) => [e.key, Date.parse(e.start.utc)]));
    expect(starts).toMatchObject({ live: events.live.start, tomorrow: events.tomorrow.start, yesterday: events.yesterday.start, fixed: events.fixed.start });
  });
});

describe("what does not roll", () => {
  it("a fixed channel keeps the times of its load", async () => {
    const ch = await loadChannel("fixed-read", T0, "fixed");
    const events = await (await ch.at(T0 + 7 * DAY)).events();
    expect([iso(events.live.start), events.live.status]).toEqual([iso(T0 - 25 * MIN), "finished"]);
    expect([iso(events.tomorrow.start), events.tomorrow.status]).toEqual(["2026-11-23T01:00:00.000Z", "finished"]);
    const row = await env.DB.prepare("SELECT schedule_anchor, next_roll_at FROM channels WHERE id = ?").bind(ch.id).first();
    expect(row).toEqual({ schedule_anchor: null, next_roll_at: null });
  });

  it("an event the console edits becomes absolute and stops rolling; the others roll on", async () => {
    const ch = await loadChannel("rolling-edit", T0);
    const c = await ch.at(T0 + H);
    const token = await c.login(ch.owner);
    const section = await c.get<SectionState>("/api/console/sections/events", token);
    const tomorrow = (section.value as Record<string, unknown>[]).find((e) => e.key === "tomorrow")!;
    const moved = iso(Date.parse((tomorrow.start as { utc: string }).utc) + H); // 20:00 instead of 19:00
    const saved = await c.send("PUT", "/api/console/sections/events/items/tomorrow", { version: section.version, base: section.tags!.tomorrow, value: { ...tomorrow, start: { utc: moved } } }, token);
    expect(saved.status, await saved.clone().text()).toBe(200);
    // Another event saved as it was shown is not changed: it keeps rolling.
    const weekend = (section.value as Record<string, unknown>[]).find((e) => e.key === "weekend")!;
    const again = await c.send("PUT", "/api/console/sections/events/items/weekend", { version: section.version + 1, value: weekend }, token);
    expect(again.status).toBe(200);

    const later = await (await ch.at(T0 + 7 * DAY)).events();
    expect(iso(later.tomorrow.start)).toBe(moved);
    expect(later.tomorrow.status).toBe("finished");
    expect([later.weekend.status, localDay(later.weekend.start) - localDay(T0 + 7 * DAY)]).toEqual(["upcoming", 3]);
    expect(later.live.status).toBe("live");
    const rules = await env.DB.prepare("SELECT key, start_rule FROM events WHERE channel_id = ? AND key IN ('tomorrow', 'weekend') ORDER BY key").bind(ch.id).all();
    expect(rules.results).toEqual([
      { key: "tomorrow", start_rule: null },
      { key: "weekend", start_rule: '{"days":3,"at":"13:00"}' },
    ]);
  });
});

describe("a roll", () => {
  const snapshot = async (channelId: number) => {
    const { results: events } = await env.DB.prepare("SELECT id, event_utc_ts, end_utc_ts FROM events WHERE channel_id = ? ORDER BY id").bind(channelId).all();
    const { results: vods } = await env.DB.prepare("SELECT id, date FROM vod_media_items WHERE channel_id = ? ORDER BY id").bind(channelId).all();
    const channel = await env.DB.prepare("SELECT rolled_at, next_roll_at FROM channels WHERE id = ?").bind(channelId).first();
    return { events, vods, channel };
  };

  it("made twice is the same as once, and sets the next roll time at the earliest change", async () => {
    const ch = await loadChannel("rolling-twice", T0);
    // At loading the live slot's end (T0 + 95 min) comes before midnight in Chicago.
    expect((await snapshot(ch.id)).channel).toEqual({ rolled_at: T0, next_roll_at: T0 + 95 * MIN });
    const now = T0 + 2 * DAY + 3 * H;
    expect(await rollSchedule(env.DB, ch.id, now)).toBe(T0 + 95 * MIN + 25 * SLOT); // the occurrence now in play ends then
    const once = await snapshot(ch.id);
    await env.DB.prepare("UPDATE channels SET next_roll_at = ? WHERE id = ?").bind(now, ch.id).run();
    await rollSchedule(env.DB, ch.id, now);
    expect(await snapshot(ch.id)).toEqual(once);
  });

  it("computed at an earlier now never overwrites a later one (two isolates at once)", async () => {
    const ch = await loadChannel("rolling-race", T0);
    const early = T0 + 3 * DAY;
    const { schedule, events, vods } = await readRollingRows(env.DB, ch.id);
    const stale = rollRows(schedule!.anchor!, early, events, vods);
    await rollSchedule(env.DB, ch.id, T0 + 5 * DAY);
    const latest = await snapshot(ch.id);
    expect(await writeRoll(env.DB, ch.id, schedule!.anchor!, early, stale)).toBe(latest.channel!.next_roll_at);
    expect(await snapshot(ch.id)).toEqual(latest);
  });

  it("moves only its own channel's rows; the Cron Trigger rolls every channel that is due", async () => {
    const a = await loadChannel("rolling-iso-a", T0);
    const b = await loadChannel("rolling-iso-b", T0 + 30 * MIN);
    const bBefore = await snapshot(b.id);
    // A's live slot ended at T0 + 95 min; B's ends at T0 + 125 min. A request on A's host rolls A alone.
    const aEvents = await (await a.at(T0 + 96 * MIN)).events();
    expect(aEvents.live).toMatchObject({ status: "live", start: T0 + 95 * MIN });
    expect(await snapshot(b.id)).toEqual(bBefore);
    // A week later, with no request at all, the Cron Trigger rolls both, each on its own anchor.
    const week = T0 + 7 * DAY;
    await runScheduled(env, week);
    const liveStart = async (id: number) =>
      (await env.DB.prepare("SELECT event_utc_ts AS s FROM events WHERE channel_id = ? AND key = 'live'").bind(id).first<{ s: number }>())!.s;
    for (const [id, anchor] of [[a.id, T0], [b.id, T0 + 30 * MIN]]) {
      const start = await liveStart(id);
      expect(week - start).toBeLessThan(SLOT);
      expect((start - (anchor - 25 * MIN)) % SLOT).toBe(0);
    }
  });
});
