// A clip's file as the consumer makes it (issue 11): the asked range snapped by snapCut, the segments joined by
// buildMp4 from the committed demo media, read by ffprobe: two tracks, starting at 0, within one segment of the
// asked duration, for a 30-s and a 5-min clip at unaligned times (the 5-min one loops the 2-min asset).
import { describe, expect, it } from "vitest";
import { snapCut } from "@api/services/clips/rules";
import { buildMp4 } from "@api/services/mp4-builder";
import { demoInfo, diskReader, hasFfprobe, probe, type Probe } from "../fixtures/demo-media";

async function clipProbe(startS: number, durationS: number): Promise<Probe> {
  const info = await demoInfo();
  const snapped = snapCut({ startS, durationS }, info.segment_duration_s, 2 * 3600);
  if (!snapped.ok) throw new Error(snapped.message);
  const built = await buildMp4({ info, reader: diskReader, first: snapped.cut.first, last: snapped.cut.last });
  if (!built) throw new Error("nothing built");
  return probe(new Uint8Array(await new Response(built.stream).arrayBuffer()), "clip.mp4");
}

// ffprobe is a process of its own: on a busy 2-core machine it may take seconds to start.
describe.skipIf(!hasFfprobe)("clip files read by ffprobe", { timeout: 30_000 }, () => {
  it.each([
    [37.3, 30],
    [61.1, 300],
  ])("a clip from %s s, %s s long: video and audio, from 0, within one segment", async (start, duration) => {
    const p = await clipProbe(start, duration);
    expect(p.streams.map((s) => s.codec_type).sort()).toEqual(["audio", "video"]);
    for (const s of p.streams) expect(Math.abs(Number(s.start_time))).toBeLessThan(0.1);
    expect(Math.abs(Number(p.format.duration) - duration)).toBeLessThanOrEqual(2);
  });
});
