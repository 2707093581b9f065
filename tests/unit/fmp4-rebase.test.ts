import { describe, expect, it } from "vitest";
import { headEnd, initTimescales, rebaseHead, rebaseStream } from "@api/services/fmp4-rebase";
import { initSegment, mediaSegment, segmentTimes } from "../fixtures/fmp4-boxes";

const init = initSegment([1, 12800], [2, 48000]);
const segment = mediaSegment;
const readTimes = segmentTimes;

describe("fMP4 rebasing", () => {
  it("reads each track's timescale from the init segment", () => {
    expect(initTimescales(init)).toEqual(new Map([[1, 12800], [2, 48000]]));
  });

  it("finds the head (up to the end of the moof) only once it is complete", () => {
    const seg = segment(25600n, 96000);
    const end = headEnd(seg)!;
    expect(new TextDecoder("latin1").decode(seg.subarray(end + 4, end + 8))).toBe("mdat");
    expect(headEnd(seg.subarray(0, end - 1))).toBeNull();
  });

  it("moves tfdt (64- and 32-bit) and sidx by whole loops in each track's timescale", () => {
    const seg = segment(25600n, 96000);
    rebaseHead(seg.subarray(0, headEnd(seg)!), initTimescales(init), 120);
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
});
