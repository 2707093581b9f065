import { describe, expect, it } from "vitest";
import {
  assetChunk,
  buildHlsMaster,
  buildHlsMedia,
  buildMpd,
  DVR_WINDOW_S,
  eventTimeline,
  fillTemplate,
  maxSegment,
  type MediaInfo,
  resolveEventFile,
} from "@api/services/livesim";

const START = Date.UTC(2026, 10, 21, 12, 0, 0);
const H = 3_600_000;
const event = { start: START, end: START + 2 * H };
const info: MediaInfo = {
  segment_duration_s: 2,
  segment_count: 60,
  duration_s: 120,
  poster: "poster.jpg",
  streams: [
    { id: 0, kind: "video", width: 640, height: 360, bandwidth: 800_000, codecs: "avc1.64001e", init: "init-stream$RepresentationID$.m4s", chunk_template: "chunk-stream$RepresentationID$-$Number%05d$.m4s" },
    { id: 1, kind: "video", width: 1280, height: 720, bandwidth: 2_500_000, codecs: "avc1.64001f", init: "init-stream1.m4s", chunk_template: "chunk-stream1-$Number%05d$.m4s" },
    { id: 2, kind: "audio", bandwidth: 128_000, codecs: "mp4a.40.2", init: "init-stream2.m4s", chunk_template: "chunk-stream2-$Number%05d$.m4s" },
  ],
};

describe("eventTimeline", () => {
  it("has nothing before the start", () => {
    expect(eventTimeline(info, event, START - 1)).toEqual({ status: "upcoming" });
    expect(buildMpd(info, event, START - 1, "t")).toBeNull();
    expect(buildHlsMedia(info, info.streams[0], event, START - 1, "t")).toBeNull();
    expect(maxSegment(info, event, START - 1)).toBe(0);
  });

  it("puts the live edge at the last complete segment", () => {
    expect(eventTimeline(info, event, START + 65_000)).toMatchObject({ status: "live", first: 1, last: 32 });
    expect(maxSegment(info, event, START + 65_000)).toBe(33);
  });

  it("caps the DVR window at 30 minutes", () => {
    const t = eventTimeline(info, event, START + H);
    expect(t).toMatchObject({ status: "live", last: 1800, first: 1800 - DVR_WINDOW_S / 2 + 1 });
  });

  it("covers the whole event once finished", () => {
    expect(eventTimeline(info, event, event.end)).toMatchObject({ status: "finished", first: 1, last: 3600, durationMs: 2 * H });
    expect(eventTimeline(info, { start: START, end: START + 5_000 }, START + 10_000)).toMatchObject({ last: 3 });
  });
});

describe("file names", () => {
  it("loops segments over the asset's chunks", () => {
    expect(assetChunk(1, 60)).toEqual({ chunk: 1, loop: 0 });
    expect(assetChunk(60, 60)).toEqual({ chunk: 60, loop: 0 });
    expect(assetChunk(61, 60)).toEqual({ chunk: 1, loop: 1 });
    expect(assetChunk(1800, 60)).toEqual({ chunk: 60, loop: 29 });
  });

  it("fills ffmpeg's templates and maps names back", () => {
    expect(fillTemplate(info.streams[0].chunk_template, info.streams[0], 7)).toBe("chunk-stream0-00007.m4s");
    expect(fillTemplate(info.streams[0].chunk_template, info.streams[0])).toBe("chunk-stream0-$Number%05d$.m4s");
    expect(resolveEventFile(info, "chunk-stream0-00007.m4s")).toMatchObject({ kind: "chunk", n: 7, stream: { id: 0 } });
    expect(resolveEventFile(info, "chunk-stream2-123456.m4s")).toMatchObject({ kind: "chunk", n: 123456, stream: { id: 2 } });
    expect(resolveEventFile(info, "init-stream0.m4s")).toMatchObject({ kind: "init", stream: { id: 0 } });
    expect(resolveEventFile(info, "media_1.m3u8")).toMatchObject({ kind: "playlist", stream: { id: 1 } });
    for (const bad of ["chunk-stream0-00000.m4s", "chunk-stream9-00001.m4s", "chunk-stream0-x.m4s", "other.m4s"]) {
      expect(resolveEventFile(info, bad)).toBeNull();
    }
  });
});

describe("DASH", () => {
  it("is dynamic while live: availability from the event start, DVR window, $Number$ from 1", () => {
    const mpd = buildMpd(info, event, START + 65_000, "tok")!;
    expect(mpd).toContain('type="dynamic"');
    expect(mpd).toContain(`availabilityStartTime="${new Date(START).toISOString()}"`);
    expect(mpd).toContain('timeShiftBufferDepth="PT30M"');
    expect(mpd).toContain("minimumUpdatePeriod=");
    expect(mpd).toContain("suggestedPresentationDelay=");
    expect(mpd).toContain('startNumber="1"');
    expect(mpd).toContain('media="chunk-stream0-$Number%05d$.m4s?token=tok"');
    expect(mpd).toContain('initialization="init-stream0.m4s?token=tok"');
    expect(mpd).toContain("UTCTiming");
    expect(mpd).not.toContain("mediaPresentationDuration");
  });

  it("is low-latency while live for an asset made of CMAF chunks (an encoder's, the demo's): chunks fetched while written, a target latency", () => {
    const chunked = { ...info, chunk_duration_s: 0.5 };
    for (const asset of [chunked, { ...chunked, live: true }]) {
      const mpd = buildMpd(asset, event, START + 65_000, "tok")!;
      expect(mpd.match(/availabilityTimeOffset="1\.5" availabilityTimeComplete="false"/g)).toHaveLength(3);
      expect(mpd).toContain('suggestedPresentationDelay="PT0.5S"');
      expect(mpd).toContain('minBufferTime="PT0.5S"');
      expect(mpd).toMatch(/<ServiceDescription id="0">\s*<Latency target="2000"/);
      expect(mpd).toContain('<PlaybackRate min="0.96" max="1.08"/>');
    }
    // Captions too: shaka plays low-latency only when every representation may be asked for early.
    const captioned = { ...chunked, captions: [{ lang: "en", label: "English", file: "captions/en.vtt" }] };
    expect(buildMpd(captioned, event, START + 65_000, "tok")!.match(/availabilityTimeOffset="1\.5"/g)).toHaveLength(4);
    // An offset follows the chunk's length.
    expect(buildMpd({ ...info, chunk_duration_s: 1 }, event, START + 65_000, "tok")).toContain('availabilityTimeOffset="1"');
    // Whole segments, and a finished recording: no offset, no target.
    expect(buildMpd(info, event, START + 65_000, "tok")).not.toContain("availabilityTimeOffset");
    expect(buildMpd(info, event, START + 65_000, "tok")).not.toContain("ServiceDescription");
    expect(buildMpd(chunked, event, event.end + 1, "tok")).not.toContain("availabilityTimeOffset");
  });

  it("is static once finished, as long as the event", () => {
    const mpd = buildMpd(info, event, event.end + 1, "tok")!;
    expect(mpd).toContain('type="static"');
    expect(mpd).toContain('mediaPresentationDuration="PT7200S"');
    expect(mpd).not.toContain("timeShiftBufferDepth");
    expect(mpd.match(/<Representation /g)).toHaveLength(3);
  });
});

describe("HLS", () => {
  it("lists one variant per video rendition with the audio group", () => {
    const master = buildHlsMaster(info, "tok");
    expect(master).toContain('#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio"');
    expect(master).toContain('URI="media_2.m3u8?token=tok"');
    expect(master).toContain('CODECS="avc1.64001f,mp4a.40.2",RESOLUTION=1280x720,AUDIO="audio"');
    expect(master).toContain("media_0.m3u8?token=tok");
  });

  it("slides a 30-minute window while live", () => {
    const list = buildHlsMedia(info, info.streams[0], event, START + H, "tok")!;
    expect(list).toContain("#EXT-X-MEDIA-SEQUENCE:901");
    expect(list).toContain(`#EXT-X-PROGRAM-DATE-TIME:${new Date(START + 900 * 2000).toISOString()}`);
    expect(list).toContain('#EXT-X-MAP:URI="init-stream0.m4s?token=tok"');
    expect(list.match(/#EXTINF/g)).toHaveLength(900);
    expect(list).toContain("chunk-stream0-01800.m4s?token=tok");
    expect(list).not.toContain("#EXT-X-ENDLIST");
  });

  it("lists the whole recording with an end once finished", () => {
    const list = buildHlsMedia(info, info.streams[2], event, event.end, "tok")!;
    expect(list).toContain("#EXT-X-MEDIA-SEQUENCE:1");
    expect(list).toContain("#EXT-X-PLAYLIST-TYPE:VOD");
    expect(list.match(/#EXTINF/g)).toHaveLength(3600);
    expect(list.trimEnd().endsWith("#EXT-X-ENDLIST")).toBe(true);
  });
});
