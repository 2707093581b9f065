// Frames from the stream (issue 28): which frame stands for an event, how its URL's version moves, and what the
// local ingest writes of them into media.json.
import { describe, expect, it } from "vitest";
import { eventFrameUrl, frameVersion, liveFrame, pickedFrame } from "@api/services/frames";
import { mediaInfoSchema } from "@api/services/livesim";
import { frameName, frameSize, stillsArgs, stillsJson, thumbName } from "../../scripts/lib/ingest/package";

const local = (segmentCount: number) => ({ provider: "local" as const, segmentCount, startedAt: 1, recordingUid: null });

describe("which frame", () => {
  it("is the latest while live, a third of the way into a recording, never out of range", () => {
    expect([1, 2, 9, 100].map(liveFrame)).toEqual([0, 1, 8, 99]);
    expect([1, 2, 3, 9, 100].map(pickedFrame)).toEqual([0, 0, 1, 3, 33]);
    expect(pickedFrame(0)).toBe(0);
  });

  it("moves its URL's version every 30 s of a live picture, and once for a recording", () => {
    expect([0, 14, 15, 29, 30].map((n) => frameVersion(n, 2, true))).toEqual([0, 0, 1, 1, 2]);
    expect(frameVersion(45, 2, false)).toBe(90);
  });
});

describe("eventFrameUrl", () => {
  it("points at the event's frame while its broadcast has sent something, live or recorded", () => {
    expect(eventFrameUrl(7, "live", local(15), 0)).toBe("/api/events/7/frame.jpg?v=l1");
    expect(eventFrameUrl(7, "finished", local(45), 0)).toBe("/api/events/7/frame.jpg?v=r90");
  });

  it("is none before the game, without a broadcast, or before the encoder sent anything", () => {
    expect(eventFrameUrl(7, "upcoming", local(15), 0)).toBeNull();
    expect(eventFrameUrl(7, "live", null, 0)).toBeNull();
    expect(eventFrameUrl(7, "live", local(0), 0)).toBeNull();
    expect(eventFrameUrl(7, "live", { provider: "cloudflare", segmentCount: 0, startedAt: null, recordingUid: null }, 0)).toBeNull();
  });

  it("follows a Stream broadcast by its time on air, and its recording once", () => {
    expect(eventFrameUrl(7, "live", { provider: "cloudflare", segmentCount: 0, startedAt: 1_000, recordingUid: null }, 1_000 + 95_000)).toBe("/api/events/7/frame.jpg?v=l3");
    expect(eventFrameUrl(7, "finished", { provider: "cloudflare", segmentCount: 0, startedAt: null, recordingUid: "rec" }, 0)).toBe("/api/events/7/frame.jpg?v=r0");
  });
});

describe("the ingest's stills", () => {
  it("are at most 720 lines with the picture's shape, even-sized", () => {
    expect(frameSize({ width: 1920, height: 1080 })).toEqual({ width: 1280, height: 720 });
    expect(frameSize({ width: 320, height: 180 })).toEqual({ width: 320, height: 180 });
    expect(frameSize({ width: 1440, height: 1080 })).toEqual({ width: 960, height: 720 });
    expect(frameSize(undefined)).toEqual({ width: 1280, height: 720 });
  });

  it("are described in media.json as the API reads it, frames and thumbnails alike", () => {
    const info = mediaInfoSchema.parse({
      segment_duration_s: 2,
      segment_count: 15,
      duration_s: 30,
      streams: [{ id: 0, kind: "video", width: 1920, height: 1080, bandwidth: 1, codecs: "avc1", init: "i.m4s", chunk_template: "c-$Number$.m4s" }],
      ...stillsJson(3, frameSize({ width: 1920, height: 1080 })),
    });
    expect(info.frames).toEqual({ interval_s: 10, count: 3, template: "frame-$Number%05d$.jpg", width: 1280, height: 720 });
    expect(info.thumbnails).toMatchObject({ count: 3, template: "thumb-$Number%03d$.jpg", width: 320, height: 180 });
    expect(stillsJson(0, { width: 1, height: 1 })).toEqual({});
    expect([frameName(2), thumbName(2)]).toEqual(["frame-00002.jpg", "thumb-002.jpg"]);
  });

  it("continue their numbering after a reconnect", () => {
    const args = stillsArgs("/tmp/x", 12);
    expect(args.filter((a, i) => args[i - 1] === "-start_number")).toEqual(["12", "12"]);
    expect(args.at(-1)).toBe("/tmp/x/thumb-%03d.jpg");
  });
});

describe("a finished game's length", () => {
  it("is in whole minutes, hours apart, at least a minute", async () => {
    const { durationParts } = await import("~/features/events/EventDuration");
    expect(durationParts("2026-12-07T18:00:00Z", "2026-12-07T19:52:10Z")).toEqual({ h: 1, m: 52 });
    expect(durationParts("2026-12-07T18:00:00Z", "2026-12-07T18:00:20Z")).toEqual({ h: 0, m: 1 });
    expect(durationParts("2026-12-07T18:00:00Z", "2026-12-07T18:00:00Z")).toBeNull();
  });
});
