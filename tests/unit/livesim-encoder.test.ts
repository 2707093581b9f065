// livesim for an encoder's asset (issue 16): segment n of a broadcast is the asset's chunk n, however stale the
// segment count in its media.json; a finished asset still loops. An event fed by an encoder starts at the moment
// that puts the clock's live edge on the last segment in R2, and ends at the recording's length.
import { describe, expect, it } from "vitest";
import { assetChunkOf, buildHlsMedia, buildMpd, eventTimeline, type MediaInfo, mediaInfoSchema } from "@api/services/livesim";

const streams: MediaInfo["streams"] = [
  { id: 0, kind: "video", width: 640, height: 360, bandwidth: 1_500_000, codecs: "avc1.4d401e", init: "init-stream$RepresentationID$.m4s", chunk_template: "chunk-stream$RepresentationID$-$Number%05d$.m4s" },
  { id: 1, kind: "audio", bandwidth: 128_000, codecs: "mp4a.40.2", init: "init-stream$RepresentationID$.m4s", chunk_template: "chunk-stream$RepresentationID$-$Number%05d$.m4s" },
];
const live: MediaInfo = { segment_duration_s: 2, segment_count: 3, duration_s: 6, streams, live: true };
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

describe("an encoder's asset", () => {
  it("is what the ingest writes (media.json with live: true)", () => {
    expect(mediaInfoSchema.parse(JSON.parse(JSON.stringify(live)))).toEqual(live);
  });

  it("never loops: segment n is chunk n, past the count its media.json had", () => {
    expect(assetChunkOf(live, 2)).toEqual({ chunk: 2, loop: 0 });
    expect(assetChunkOf(live, 40)).toEqual({ chunk: 40, loop: 0 });
    expect(assetChunkOf({ ...live, live: false }, 4)).toEqual({ chunk: 1, loop: 1 });
  });

  it("is live from the broadcast's start, with the edge on the segments already in R2", () => {
    const count = 7;
    // The ingest's first report sets the start this far back (services/video/ingest.ts).
    const times = { start: NOW - count * 2000, end: NOW + 120_000 };
    expect(eventTimeline(live, times, NOW)).toMatchObject({ status: "live", first: 1, last: count });
    const mpd = buildMpd(live, times, NOW, "t")!;
    expect(mpd).toContain('type="dynamic"');
    expect(mpd).toContain(`availabilityStartTime="${new Date(times.start).toISOString()}"`);
    expect(buildHlsMedia(live, streams[0], times, NOW, "t")).toContain("chunk-stream0-00007.m4s?token=t");
  });

  it("is a static recording of exactly its segments once the stream stopped", () => {
    const start = NOW - 60_000;
    const times = { start, end: start + 11 * 2000 };
    expect(eventTimeline(live, times, NOW)).toMatchObject({ status: "finished", first: 1, last: 11 });
    expect(buildMpd(live, times, NOW, "t")).toContain('mediaPresentationDuration="PT22S"');
  });
});
