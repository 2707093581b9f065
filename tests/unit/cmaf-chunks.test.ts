import { describe, expect, it } from "vitest";
import { chunkEnds, segmentPartFile } from "@api/services/cmaf-chunks";

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
