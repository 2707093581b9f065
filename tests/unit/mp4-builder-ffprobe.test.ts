// The event download's MP4, built from the committed demo media with a disk reader, checked by ffprobe (issue 5:
// both tracks, start 0, the event's duration). Skipped where ffprobe is not installed.
import { describe, expect, it } from "vitest";
import { buildMp4 } from "@api/services/mp4-builder";
import { demoInfo, diskReader, hasFfprobe, probe } from "../fixtures/demo-media";

async function build(first: number, last: number): Promise<Uint8Array> {
  const built = await buildMp4({ info: await demoInfo(), reader: diskReader, first, last });
  if (!built) throw new Error("nothing built");
  const bytes = new Uint8Array(await new Response(built.stream).arrayBuffer());
  expect(bytes.byteLength).toBe(built.size);
  return bytes;
}

describe.skipIf(!hasFfprobe)("event MP4 read by ffprobe", { timeout: 30_000 }, () => {
  it("a 10 s event: h264 + aac, starting at 0, 10 s long", async () => {
    const p = await probe(await build(1, 5), "event.mp4");
    expect(p.streams.map((s) => s.codec_name).sort()).toEqual(["aac", "h264"]);
    for (const s of p.streams) expect(Math.abs(Number(s.start_time))).toBeLessThan(0.1);
    expect(Number(p.format.start_time)).toBeLessThan(0.1);
    expect(Math.abs(Number(p.format.duration) - 10)).toBeLessThanOrEqual(2);
  });

  it("a range crossing the asset's loop still starts at 0 and runs on continuously", async () => {
    const p = await probe(await build(58, 63), "looped.mp4");
    expect(p.streams).toHaveLength(2);
    for (const s of p.streams) expect(Math.abs(Number(s.start_time))).toBeLessThan(0.1);
    expect(Math.abs(Number(p.format.duration) - 12)).toBeLessThanOrEqual(2);
  });
});
