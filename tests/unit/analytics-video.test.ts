// Video analytics (issue 14, SPEC §7 video/event and video/viewing): the player's events become video events of one
// view, and the time watched is the playhead's own progress: pauses, seeks and stalls add nothing, stalls are
// rebuffering, and a report goes every VIEWING_INTERVAL_S while playing and on pause, end, hide and unload.
import { describe, expect, test } from "vitest";
import { VIEWING_INTERVAL_S } from "@api/contract/datalake";
import { FLUSH_DELAY_MS } from "~/features/analytics/client";
import { MAX_STEP_S, ViewingMeter } from "~/features/analytics/viewing";
import type { PlayerEvent, PlayerEventName, PlayerStream } from "~/features/player/events";
import { harness } from "./analytics-harness";

describe("ViewingMeter", () => {
  test("adds the playhead's steps, not the clock's", () => {
    const m = new ViewingMeter();
    m.playing(10, 0);
    for (let i = 1; i <= 8; i++) m.progress(10 + i * 0.25, i * 250);
    // Paused a minute: the playhead stays, nothing is added.
    m.stopped(2_000);
    m.progress(12, 62_000);
    expect(m.take(62_000)).toEqual({ viewing_time: 2, rebuffer_time: 0 });
    expect(m.take(70_000)).toEqual({ viewing_time: 0, rebuffer_time: 0 });
  });

  test("a seek's jump, or any step longer than MAX_STEP_S, is not time watched", () => {
    const m = new ViewingMeter();
    m.playing(0, 0);
    m.progress(1, 1_000);
    m.seeked(1_000);
    m.progress(300, 1_100);
    m.progress(301, 2_100);
    m.progress(301 + MAX_STEP_S + 1, 3_100);
    m.progress(307.5, 3_600);
    expect(m.take(4_000).viewing_time).toBe(2.5);
  });

  test("a stall after the first frame is rebuffering until frames flow again; before it, it is startup", () => {
    const m = new ViewingMeter();
    m.waiting(0);
    m.playing(0, 4_000);
    m.progress(1, 5_000);
    m.waiting(5_000);
    m.playing(1, 7_500);
    m.progress(2, 8_500);
    expect(m.take(9_000)).toEqual({ viewing_time: 2, rebuffer_time: 2.5 });
  });

  test("a stall in progress is split between reports; a pause ends it", () => {
    const m = new ViewingMeter();
    m.playing(0, 0);
    m.waiting(1_000);
    expect(m.take(3_000).rebuffer_time).toBe(2);
    m.stopped(4_000);
    expect(m.take(10_000).rebuffer_time).toBe(1);
  });

  test("the playhead moving ends a stall (some browsers skip 'playing')", () => {
    const m = new ViewingMeter();
    m.playing(0, 0);
    m.waiting(1_000);
    m.progress(0.25, 2_000);
    expect(m.take(5_000)).toEqual({ viewing_time: 0.25, rebuffer_time: 1 });
  });
});

const STREAM: PlayerStream = { id: 42, type: "live", category: "basketball", sport: "basketball", gender: "men", school: "northview-high", league: null };

/** Plays a scripted session through the client: each step moves the clock and emits one player event. */
function player(h: ReturnType<typeof harness>, stream: PlayerStream = STREAM) {
  let position = 0;
  const emit = (name: PlayerEventName, extra: Partial<PlayerEvent> = {}) =>
    h.client.playerEvent({ name, eventId: stream.id, stream, position, live: stream.type === "live", at: 0, ...extra });
  return {
    emit,
    /** Plays `seconds` of video in 250 ms steps (clock and playhead together). */
    async play(seconds: number) {
      for (let i = 0; i < seconds * 4; i++) {
        await h.advance(250);
        position += 0.25;
        emit("progress");
      }
    },
    seekTo(to: number) {
      emit("seek", { from: position });
      position = to;
    },
  };
}

describe("video events", () => {
  test("one view gets its events with stream, position, startup and error code", async () => {
    const h = harness();
    const p = player(h);
    p.emit("ready");
    p.emit("play");
    p.emit("playing");
    p.emit("first_frame", { startup: 850.4 });
    await p.play(2);
    p.seekTo(60);
    p.emit("error", { code: 3016 });
    await h.advance(FLUSH_DELAY_MS);
    const events = h.videoEvents();
    expect(events.map((e) => e.event)).toEqual(["ready", "play", "first_frame", "seek", "error"]);
    expect(new Set(events.map((e) => e.video_view_uuid)).size).toBe(1);
    expect(events[0]).toMatchObject({ stream_id: 42, stream_type: "live", position: 0 });
    expect(events[2]).toMatchObject({ startup_ms: 850, code: null });
    expect(events[3]).toMatchObject({ position: 2 });
    expect(events[4]).toMatchObject({ code: 3016, startup_ms: null });
  });

  test("a new view after the player unloads, and for a replay after the end", async () => {
    const h = harness();
    const p = player(h);
    p.emit("ready");
    p.emit("complete");
    p.emit("play");
    p.emit("unload");
    p.emit("ready");
    await h.advance(FLUSH_DELAY_MS);
    const views = h.videoEvents().map((e) => e.video_view_uuid);
    expect(views[0]).toBe(views[1]);
    expect(new Set(views).size).toBe(3);
  });

  test("a clip and an event with the same id are two views", async () => {
    const h = harness();
    player(h).emit("ready");
    player(h, { id: 42, type: "clip" }).emit("ready");
    await h.advance(FLUSH_DELAY_MS);
    expect(new Set(h.videoEvents().map((e) => e.video_view_uuid)).size).toBe(2);
  });
});

describe("viewing reports", () => {
  test("every interval while playing, then on pause; paused time and stalls are not watched time", async () => {
    const h = harness();
    const p = player(h);
    p.emit("ready");
    p.emit("play");
    p.emit("playing");
    // The interval falls just before the 120th step of 250 ms.
    await p.play(VIEWING_INTERVAL_S);
    // A 3 s stall, 5 s more, then a pause of 10 minutes.
    p.emit("waiting");
    await h.advance(3_000);
    p.emit("playing");
    await p.play(5);
    p.emit("pause");
    await h.advance(10 * 60_000);
    expect(h.viewings().map((v) => [v.viewing_time, v.rebuffer_time])).toEqual([
      [VIEWING_INTERVAL_S - 0.25, 0],
      [5.25, 3],
    ]);
    expect(h.viewings()[0]).toMatchObject({ stream_id: 42, stream_type: "live", category: "basketball", sport: "basketball", school: "northview-high", gender: "men", league: null });
    expect(new Set(h.viewings().map((v) => v.video_view_uuid))).toEqual(new Set(h.videoEvents().map((e) => e.video_view_uuid)));
  });

  test("a client started while the player was already playing joins the view as playing: reports every interval", async () => {
    const h = harness();
    const p = player(h);
    // No ready, play or playing: the client's chunk arrived after them.
    await p.play(VIEWING_INTERVAL_S + 2);
    await h.advance(FLUSH_DELAY_MS);
    expect(h.viewings().map((v) => v.viewing_time)).toEqual([VIEWING_INTERVAL_S - 0.25]);
    // A stall from here is rebuffering: the first frame was long ago.
    p.emit("waiting");
    await h.advance(2_000);
    p.emit("pause");
    await h.advance(FLUSH_DELAY_MS);
    expect(h.viewings().map((v) => [v.viewing_time, v.rebuffer_time])).toEqual([
      [VIEWING_INTERVAL_S - 0.25, 0],
      [2, 2],
    ]);
    expect(h.videoEvents().map((e) => e.event)).toEqual(["pause"]);
    expect(new Set([...h.viewings(), ...h.videoEvents()].map((r) => r.video_view_uuid)).size).toBe(1);
  });

  test("on hide (by beacon) and on unload; nothing while nothing played", async () => {
    const h = harness();
    const p = player(h);
    p.emit("ready");
    p.emit("play");
    p.emit("playing");
    await p.play(4);
    h.client.hide();
    await h.settle();
    const beacon = h.posts("datalake/video/viewing/").at(-1)!;
    expect(beacon.beacon).toBe(true);
    expect(beacon.records).toEqual([expect.objectContaining({ viewing_time: 4 })]);

    await p.play(2);
    p.emit("unload");
    await h.advance(FLUSH_DELAY_MS);
    expect(h.viewings().map((v) => v.viewing_time)).toEqual([4, 2]);

    // No view left: no more reports.
    await h.advance(10 * VIEWING_INTERVAL_S * 1000);
    expect(h.viewings()).toHaveLength(2);
    expect(h.pendingTimers()).toBe(0);
  });
});
