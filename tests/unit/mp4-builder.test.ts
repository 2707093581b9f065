// The segments-to-MP4 builder (event download, clips) on synthetic fMP4 boxes: merged moov, renumbered tracks,
// rebased decode times, consecutive fragments, lazy reads.
import { describe, expect, it } from "vitest";
import type { MediaInfo } from "@api/services/livesim";
import { buildMp4, pickStreams, r2SegmentReader, type SegmentReader } from "@api/services/mp4-builder";
import { dashInit, trackSegment } from "../fixtures/fmp4-boxes";
import { child, fragments, moovTracks, walk } from "../fixtures/mp4-walk";

const info: MediaInfo = {
  segment_duration_s: 2,
  segment_count: 3,
  duration_s: 6,
  streams: [
    { id: 0, kind: "video", width: 640, height: 360, bandwidth: 500, codecs: "avc1.4d401e", init: "init-0.m4s", chunk_template: "v0-$Number$.m4s" },
    { id: 1, kind: "video", width: 1280, height: 720, bandwidth: 900, codecs: "avc1.4d401f", init: "init-1.m4s", chunk_template: "v1-$Number$.m4s" },
    { id: 2, kind: "audio", bandwidth: 64, codecs: "mp4a.40.2", init: "init-2.m4s", chunk_template: "a-$Number$.m4s" },
  ],
};

/** Asset chunk k starts at (k-1)·2 s: video at 12800 Hz (64-bit tfdt), audio at 48 kHz (32-bit), both track id 1. */
function files(): Map<string, Uint8Array> {
  const map = new Map<string, Uint8Array>([
    ["init-0.m4s", dashInit(1, 12800)],
    ["init-1.m4s", dashInit(1, 12800)],
    ["init-2.m4s", dashInit(1, 48000)],
  ]);
  for (let k = 1; k <= 3; k++) {
    map.set(`v0-${k}.m4s`, trackSegment(1, BigInt((k - 1) * 2 * 12800)));
    map.set(`v1-${k}.m4s`, trackSegment(1, BigInt((k - 1) * 2 * 12800)));
    map.set(`a-${k}.m4s`, trackSegment(1, BigInt((k - 1) * 2 * 48000), false));
  }
  return map;
}

function reader(map = files()) {
  const reads: string[] = [];
  const r: SegmentReader = {
    get: async (file) => {
      reads.push(file);
      const bytes = map.get(file);
      return bytes ? bytes.slice() : null;
    },
    size: async (file) => map.get(file)?.byteLength ?? null,
  };
  return { reader: r, reads };
}

async function bytesOf(stream: ReadableStream<Uint8Array>) {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("buildMp4", () => {
  it("picks the highest video rendition and the audio", () => {
    expect(pickStreams(info).map((s) => s.id)).toEqual([1, 2]);
    expect(pickStreams(info, 0).map((s) => s.id)).toEqual([0, 2]);
  });

  it("merges the inits into one moov with two tracks (audio renumbered to 2) and two trex", async () => {
    const built = (await buildMp4({ info, reader: reader().reader, first: 2, last: 3 }))!;
    const out = await bytesOf(built.stream);
    expect(out.byteLength).toBe(built.size);
    const top = walk(out);
    expect(top[0].type).toBe("ftyp");
    expect(top[1].type).toBe("moov");
    expect(moovTracks(out).map((t) => t.id)).toEqual([1, 2]);
    const mvex = child(top[1], "mvex")!;
    const view = new DataView(out.buffer);
    expect(mvex.children.map((b) => b.type)).toEqual(["mehd", "trex", "trex"]);
    expect(mvex.children.slice(1).map((t) => view.getUint32(t.content + 4))).toEqual([1, 2]);
    // mehd: the whole duration (2 segments × 2 s) in the movie timescale (1000).
    expect(view.getBigUint64(mvex.children[0].content + 4)).toBe(4000n);
    expect(built.tracks.map((t) => t.kind)).toEqual(["video", "audio"]);
    // No segment index of the original files survives.
    expect(top.some((b) => b.type === "sidx")).toBe(false);
  });

  it("interleaves video and audio, rebases each track to 0 and numbers the fragments 1, 2, 3…", async () => {
    const built = (await buildMp4({ info, reader: reader().reader, first: 2, last: 3 }))!;
    const frags = fragments(await bytesOf(built.stream));
    expect(frags.map((f) => f.sequence)).toEqual([1, 2, 3, 4]);
    expect(frags.map((f) => f.trafs[0])).toEqual([
      { trackId: 1, time: 0n },
      { trackId: 2, time: 0n },
      { trackId: 1, time: 25600n },
      { trackId: 2, time: 96000n },
    ]);
  });

  it("continues the timeline across the asset's loop", async () => {
    // Segments 3, 4, 5 play chunks 3, 1, 2: the looped ones move forward by the 6-s asset.
    const built = (await buildMp4({ info, reader: reader().reader, first: 3, last: 5 }))!;
    const video = fragments(await bytesOf(built.stream)).flatMap((f) => f.trafs).filter((t) => t.trackId === 1);
    expect(video.map((t) => t.time)).toEqual([0n, 25600n, 51200n]);
  });

  it("reads one segment per pull, only when the consumer asks", async () => {
    const { reader: r, reads } = reader();
    const built = (await buildMp4({ info, reader: r, first: 1, last: 3 }))!;
    expect(reads).toEqual(["init-1.m4s", "init-2.m4s"]);
    const stream = built.stream.getReader();
    await stream.read(); // the merged init
    expect(reads).toHaveLength(2);
    await stream.read();
    expect(reads).toEqual(["init-1.m4s", "init-2.m4s", "v1-1.m4s"]);
    await stream.read();
    expect(reads.at(-1)).toBe("a-1.m4s");
    expect(reads).toHaveLength(4);
    await stream.cancel();
  });

  it("refuses a missing init and errors the stream on a missing segment", async () => {
    const map = files();
    map.delete("init-2.m4s");
    expect(await buildMp4({ info, reader: reader(map).reader, first: 1, last: 2 })).toBeNull();
    const gap = files();
    gap.delete("a-2.m4s");
    const built = (await buildMp4({ info, reader: reader(gap).reader, first: 1, last: 2 }))!;
    expect(built.size).toBeNull();
    await expect(bytesOf(built.stream)).rejects.toThrow(/a-2\.m4s/);
  });
});

describe("r2SegmentReader", () => {
  /** Just enough of an R2 bucket: get and list over a map, counting the gets. */
  function bucket(map: Map<string, Uint8Array>) {
    const gets: string[] = [];
    const b = {
      get: async (key: string) => {
        gets.push(key);
        const file = map.get(key.replace(/^media\/demo\//, ""));
        return file ? { arrayBuffer: async () => file.slice().buffer } : null;
      },
      list: async () => ({ objects: [...map].map(([k, v]) => ({ key: `media/demo/${k}`, size: v.byteLength })), truncated: false }),
    };
    return { bucket: b as unknown as R2Bucket, gets };
  }

  it("reads each looped file from R2 once and hands out copies (the builder patches them in place)", async () => {
    const { bucket: b, gets } = bucket(files());
    // 12 segments of a 3-chunk asset: four loops.
    const built = (await buildMp4({ info, reader: r2SegmentReader(b, "demo"), first: 1, last: 12 }))!;
    const out = await bytesOf(built.stream);
    expect(fragments(out)).toHaveLength(24);
    expect(new Set(gets).size).toBe(gets.length);
    expect(gets).toHaveLength(2 + 6);
  });

  it("reads again once the cache budget is spent", async () => {
    const { bucket: b, gets } = bucket(files());
    const built = (await buildMp4({ info, reader: r2SegmentReader(b, "demo", 0), first: 1, last: 6 }))!;
    await bytesOf(built.stream);
    expect(gets).toHaveLength(2 + 12);
  });
});
