import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { chunkEnds, chunkSchedule, segmentPartFile } from "@api/services/cmaf-chunks";
import { initTimescales } from "@api/services/fmp4-rebase";
import { chunkedSegment, initSegment } from "../fixtures/fmp4-boxes";

/** A box of `type` with `body` bytes of content. */
function box(type: string, body: number): Uint8Array {
  const bytes = new Uint8Array(8 + body);
  new DataView(bytes.buffer).setUint32(0, 8 + body);
  bytes.set([...type].map((c) => c.charCodeAt(0)), 4);
  return bytes;
}
const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), (at += p.byteLength));
  return out;
};

describe("chunkEnds", () => {
  it("ends after each mdat, so a part always holds whole moof+mdat chunks", () => {
    const bytes = join(box("styp", 16), box("moof", 100), box("mdat", 1000), box("moof", 90), box("mdat", 900));
    expect(chunkEnds(bytes)).toEqual([24 + 108 + 1008, 24 + 108 + 1008 + 98 + 908]);
  });

  it("does not count a chunk whose mdat is still being written, nor a moof without its mdat", () => {
    const whole = join(box("styp", 16), box("moof", 100), box("mdat", 1000), box("moof", 90), box("mdat", 900));
    const first = 24 + 108 + 1008;
    expect(chunkEnds(whole.subarray(0, whole.byteLength - 1))).toEqual([first]);
    expect(chunkEnds(whole.subarray(0, first + 98))).toEqual([first]);
    expect(chunkEnds(whole.subarray(0, 30))).toEqual([]);
    expect(chunkEnds(new Uint8Array(0))).toEqual([]);
  });

  it("names parts under the segment's own name", () => {
    expect(segmentPartFile("chunk-stream0-00003.m4s", 2)).toBe("parts/chunk-stream0-00003.m4s.2");
  });
});

describe("chunkSchedule", () => {
  const demo = (file: string) => new Uint8Array(readFileSync(`media/demo/${file}`));

  it("times each chunk of the demo's segments by the next one's tfdt, the last by the segment's end", () => {
    // 25 fps video cut at the first frame past each half second: 13, 13, 13 and 11 frames.
    const video = demo("chunk-stream1-00002.m4s");
    const schedule = chunkSchedule(video, initTimescales(demo("init-stream1.m4s")), 2);
    expect(schedule.map((c) => c.endS)).toEqual([0.52, 1.04, 1.56, 2]);
    expect(schedule.at(-1)!.end).toBe(video.byteLength);
    expect(schedule.map((c) => c.end)).toEqual(chunkEnds(video));
    // AAC at 48 kHz: 24 frames of 1024 samples.
    const audio = chunkSchedule(demo("chunk-stream2-00002.m4s"), initTimescales(demo("init-stream2.m4s")), 2);
    expect(audio.map((c) => c.endS)).toEqual([0.512, 1.024, 1.536, 2]);
  });

  it("falls back to the segment's end for a chunk whose next start it cannot read", () => {
    const seg = chunkedSegment([[0n, 0], [6400n, 24000]]);
    expect(chunkSchedule(seg, initTimescales(initSegment([1, 12800])), 2).map((c) => c.endS)).toEqual([0.5, 2]);
    expect(chunkSchedule(seg, new Map(), 2).map((c) => c.endS)).toEqual([2, 2]);
  });
});
