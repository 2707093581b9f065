// A broadcast that stops arriving (issue 26): the API's rule (services/video/media-source.ts) and the watch page's
// watchdog that asks the API again while a live picture waits for data (features/player/live-stall.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { broadcastStalled, STALLED_AFTER_MS } from "@api/services/video/media-source";
import { LIVE_STALL_RECHECK_MS, watchLiveStall } from "~/features/player/live-stall";

describe("a broadcast that stopped arriving", () => {
  const input = { status: "connected" as const, startedAt: 1_000_000, segmentCount: 30 };
  const edge = 1_000_000 + 30 * 2000;

  it("is stalled once its last segment is older than the limit, and only while connected", () => {
    expect(broadcastStalled(input, 2000, edge + STALLED_AFTER_MS)).toBe(false);
    expect(broadcastStalled(input, 2000, edge + STALLED_AFTER_MS + 1)).toBe(true);
    expect(broadcastStalled({ ...input, status: "ended" }, 2000, edge + 10 * STALLED_AFTER_MS)).toBe(false);
    expect(broadcastStalled({ ...input, status: "idle" }, 2000, edge + 10 * STALLED_AFTER_MS)).toBe(false);
    expect(broadcastStalled({ ...input, startedAt: null }, 2000, edge + 10 * STALLED_AFTER_MS)).toBe(false);
  });

  it("is interrupted at once while its encoder is away and may come back", () => {
    expect(broadcastStalled({ ...input, status: "reconnecting" }, 2000, edge)).toBe(true);
  });
});

describe("the watch page's stall watchdog", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function fakeVideo() {
    const video = Object.assign(new EventTarget(), { paused: false, readyState: 4 });
    return video as unknown as HTMLVideoElement & { paused: boolean; readyState: number };
  }

  it("asks again after a live picture waited the limit, and again while it still waits", () => {
    const video = fakeVideo();
    const recheck = vi.fn();
    const stop = watchLiveStall({ video, isLive: () => true }, recheck);
    video.readyState = 1;
    video.dispatchEvent(new Event("waiting"));
    vi.advanceTimersByTime(LIVE_STALL_RECHECK_MS - 1);
    expect(recheck).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(recheck).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(LIVE_STALL_RECHECK_MS);
    expect(recheck).toHaveBeenCalledTimes(2);
    // The picture plays again: no more asking.
    video.readyState = 4;
    video.dispatchEvent(new Event("playing"));
    vi.advanceTimersByTime(5 * LIVE_STALL_RECHECK_MS);
    expect(recheck).toHaveBeenCalledTimes(2);
    stop();
  });

  it("leaves on-demand videos, paused players and a stopped watch alone", () => {
    const onDemand = fakeVideo();
    const recheck = vi.fn();
    watchLiveStall({ video: onDemand, isLive: () => false }, recheck);
    onDemand.dispatchEvent(new Event("waiting"));
    const paused = fakeVideo();
    paused.paused = true;
    watchLiveStall({ video: paused, isLive: () => true }, recheck);
    paused.dispatchEvent(new Event("waiting"));
    const stopped = fakeVideo();
    watchLiveStall({ video: stopped, isLive: () => true }, recheck)();
    stopped.dispatchEvent(new Event("waiting"));
    vi.advanceTimersByTime(3 * LIVE_STALL_RECHECK_MS);
    expect(recheck).not.toHaveBeenCalled();
  });
});
