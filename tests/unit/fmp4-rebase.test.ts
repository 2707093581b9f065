import { describe, expect, it } from "vitest";
import { initTimescales, rebaseHead, rebaseStream } from "@api/services/fmp4-rebase";
import { chunkedSegment, chunkTimes, initSegment, mediaSegment, segmentTimes } from "../fixtures/fmp4-boxes";

const init = initSegment([1, 12800], [2, 48000]);
const segment = mediaSegment;
const readTimes = segmentTimes;

describe("fMP4 rebasing", () => {
  it("reads each track's timescale from the init segment", () => {
    expect(initTimescales(init)).toEqual(new Map([[1, 12800], [2, 48000]]));
  });

  it("moves tfdt (64- and 32-bit) and sidx by whole loops in each track's timescale", () => {
    const seg = segment(25600n, 96000);
    rebaseHead(seg, initTimescales(init), 120);
    expect(readTimes(seg)).toEqual({ video: 25600n + 120n * 12800n, audio: 96000 + 120 * 48000, sidx: 25600 + 120 * 12800 });
  });

  it("streams: holds the head across chunks, then passes the data through unchanged", async () => {
    const seg = segment(0n, 0);
    const chunks = [seg.subarray(0, 10), seg.subarray(10, 40), seg.subarray(40)];
    const source = new ReadableStream<Uint8Array>({ start: (c) => (chunks.forEach((x) => c.enqueue(x.slice())), c.close()) });
    const out = new Uint8Array(await new Response(source.pipeThrough(rebaseStream(initTimescales(init), 240))).arrayBuffer());
    expect(out.byteLength).toBe(seg.byteLength);
    expect(readTimes(out)).toEqual({ video: 240n * 12800n, audio: 240 * 48000, sidx: 240 * 12800 });
    expect([...out.subarray(out.byteLength - 8)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  const streamed = async (bytes: Uint8Array, cuts: number[], shiftS: number) => {
    const pieces = [0, ...cuts, bytes.byteLength].slice(1).map((end, i, ends) => bytes.slice(i ? ends[i - 1] : 0, end));
    const source = new ReadableStream<Uint8Array>({ start: (c) => (pieces.forEach((x) => c.enqueue(x)), c.close()) });
    return new Uint8Array(await new Response(source.pipeThrough(rebaseStream(initTimescales(init), shiftS))).arrayBuffer());
  };

  it("streams a segment of CMAF chunks: every chunk's moof and sidx move, however the bytes are cut", async () => {
    const seg = chunkedSegment([[0n, 0], [6656n, 24576], [13312n, 49152], [19968n, 73728]], 3000);
    const expected = [0, 6656, 13312, 19968].map((v, i) => ({ video: BigInt(v + 120 * 12800), audio: i * 24576 + 120 * 48000, sidx: v + 120 * 12800 }));
    for (const cuts of [[], [3], [9, 200, 2000, 2001, 5000], Array.from({ length: seg.byteLength - 1 }, (_, i) => i + 1)]) {
      const out = await streamed(seg, cuts, 120);
      expect(out.byteLength).toBe(seg.byteLength);
      expect(chunkTimes(out)).toEqual(expected);
    }
    // Only the times changed.
    const out = await streamed(seg, [100], 0);
    expect(out).toEqual(seg);
  });

  it("passes bytes that are not boxes it understands through unchanged", async () => {
    const sizedToEnd = new Uint8Array([0, 0, 0, 0, ...[..."mdat"].map((c) => c.charCodeAt(0)), 1, 2, 3]);
    expect(await streamed(sizedToEnd, [2], 60)).toEqual(sizedToEnd);
    const garbage = new Uint8Array([0, 0, 0, 3, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]);
    expect(await streamed(garbage, [5], 60)).toEqual(garbage);
  });
});
