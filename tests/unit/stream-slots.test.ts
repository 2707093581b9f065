// The concurrent-streams rule (issue 13): one counted stream per device, the limit, heartbeats, expiry, stopping a
// stream from another device and releasing one's own. Pure functions with the clock passed in.
import { describe, expect, it } from "vitest";
import { STREAM_STOPPED_KEEP_MS, STREAM_TTL_MS, streamTtlMs } from "@api/contract/streams";
import { beatStream, EMPTY_STREAMS, grantStream, releaseAllBut, releaseStream, stopStream, type StreamClaim, type StreamsState } from "@api/services/stream-slots";

const T0 = 1_800_000_000_000;
const claim = (session: number, title = `item ${session}`, heartbeatS = 30): StreamClaim => ({ session, device: session === 2 ? "tv" : "web", userAgent: `agent ${session}`, title, heartbeatS });

/** Grants in turn, each one checked to pass, returning the state. */
function playing(limit: number, ...sessions: number[]): StreamsState {
  let state = EMPTY_STREAMS;
  for (const s of sessions) {
    const r = grantStream(state, claim(s), limit, T0);
    expect(r.outcome).toEqual({ ok: true });
    state = r.state;
  }
  return state;
}

describe("grantStream", () => {
  it("refuses the stream past the limit and names the streams that hold it", () => {
    const state = playing(2, 1, 2);
    const third = grantStream(state, claim(3), 2, T0 + 1000);
    expect(third.outcome.ok).toBe(false);
    if (!third.outcome.ok) expect(third.outcome.others.map((s) => [s.session, s.device, s.title])).toEqual([[1, "web", "item 1"], [2, "tv", "item 2"]]);
    expect(third.state.streams).toHaveLength(2);
  });

  it("counts a device once, whatever it opens: a second grant (renewal, another item) goes on and takes the title", () => {
    const state = playing(1, 1);
    const again = grantStream(state, claim(1, "other item"), 1, T0 + 60_000);
    expect(again.outcome).toEqual({ ok: true });
    expect(again.state.streams).toEqual([{ ...claim(1, "other item"), startedAt: T0, beatAt: T0 + 60_000 }]);
  });

  it("frees the slot of a stream that stopped confirming", () => {
    const state = playing(1, 1);
    expect(grantStream(state, claim(2), 1, T0 + STREAM_TTL_MS - 1).outcome.ok).toBe(false);
    expect(grantStream(state, claim(2), 1, T0 + STREAM_TTL_MS).outcome).toEqual({ ok: true });
  });
});

describe("beatStream", () => {
  it("keeps a confirmed stream alive past the time it would have ended", () => {
    let state = playing(1, 1);
    for (let t = T0 + 30_000; t <= T0 + 3 * STREAM_TTL_MS; t += 30_000) {
      const r = beatStream(state, 1, t);
      expect(r.outcome).toEqual({ ok: true });
      state = r.state;
    }
    expect(grantStream(state, claim(2), 1, T0 + 3 * STREAM_TTL_MS).outcome.ok).toBe(false);
  });

  it("gives a stream five of its channel's heartbeats before it ends, and never less than STREAM_TTL_MS", () => {
    expect(streamTtlMs(30)).toBe(STREAM_TTL_MS);
    expect(streamTtlMs(5)).toBe(STREAM_TTL_MS);
    expect(streamTtlMs(120)).toBe(600_000);
    const slow = grantStream(EMPTY_STREAMS, claim(1, "item 1", 120), 1, T0).state;
    expect(beatStream(slow, 1, T0 + 600_000 - 1).outcome).toEqual({ ok: true });
    expect(beatStream(slow, 1, T0 + 600_000).outcome).toEqual({ ok: false, reason: "expired" });
    // A new grant takes the channel's interval of the moment.
    const renewed = grantStream(slow, claim(1, "item 1", 5), 1, T0 + 1000).state;
    expect(beatStream(renewed, 1, T0 + 1000 + STREAM_TTL_MS).outcome).toEqual({ ok: false, reason: "expired" });
  });

  it("tells an ended stream to ask again, and a stopped one that it was stopped", () => {
    const state = playing(2, 1, 2);
    expect(beatStream(state, 1, T0 + STREAM_TTL_MS).outcome).toEqual({ ok: false, reason: "expired" });
    const stopped = stopStream(state, 2, T0 + 1000);
    expect(stopped.found).toBe(true);
    expect(beatStream(stopped.state, 2, T0 + 2000).outcome).toEqual({ ok: false, reason: "stopped" });
    // The stop mark is kept long enough for a throttled tab to learn why, then forgotten.
    expect(beatStream(stopped.state, 2, T0 + 1000 + STREAM_STOPPED_KEEP_MS - 1).outcome).toEqual({ ok: false, reason: "stopped" });
    expect(beatStream(stopped.state, 2, T0 + 1000 + STREAM_STOPPED_KEEP_MS).outcome).toEqual({ ok: false, reason: "expired" });
  });
});

describe("stopStream and releaseStream", () => {
  it("stopping another device frees its slot for the device that asked", () => {
    const state = playing(1, 1);
    expect(grantStream(state, claim(2), 1, T0).outcome.ok).toBe(false);
    const { state: after, found } = stopStream(state, 1, T0 + 5000);
    expect(found).toBe(true);
    expect(grantStream(after, claim(2), 1, T0 + 6000).outcome).toEqual({ ok: true });
  });

  it("a stopped device asking again competes for a slot like any other, and its stop mark is cleared", () => {
    const one = playing(1, 1);
    const stopped = stopStream(one, 1, T0).state;
    const two = grantStream(stopped, claim(2), 1, T0).state;
    const back = grantStream(two, claim(1), 1, T0 + 1000);
    expect(back.outcome.ok).toBe(false);
    expect(back.state.stopped).toEqual([]);
    expect(beatStream(back.state, 1, T0 + 2000).outcome).toEqual({ ok: false, reason: "expired" });
  });

  it("does not find a stream that is not playing", () => {
    expect(stopStream(playing(2, 1), 9, T0).found).toBe(false);
    expect(stopStream(playing(1, 1), 1, T0 + STREAM_TTL_MS).found).toBe(false);
  });

  it("releasing one's own stream frees the slot at once, without a stop mark", () => {
    const released = releaseStream(playing(1, 1), 1, T0 + 1000);
    expect(released).toEqual({ streams: [], stopped: [] });
    expect(grantStream(released, claim(2), 1, T0 + 1000).outcome).toEqual({ ok: true });
  });

  it("signing devices out ends their streams and keeps the one that stays", () => {
    const three = playing(3, 1, 2, 3);
    expect(releaseAllBut(three, 2, T0 + 1000).streams.map((s) => s.session)).toEqual([2]);
    expect(releaseAllBut(three, null, T0 + 1000).streams).toEqual([]);
  });
});
