// A clip's file as the consumer makes it (issue 11): the asked range snapped by snapCut, the segments joined by
// buildMp4 from the committed demo media, read by ffprobe: two tracks, starting at 0, within one segment of the
// asked duration, for a 30-s and a 5-min clip at unaligned times (the 5-min one loops the 2-min asset).
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { snapCut } from "@api/services/clips/rules";
import { mediaInfoSchema } from "@api/services/livesim";
import { buildMp4, type SegmentReader } from "@api/services/mp4-builder";

const FFPROBE = "/usr/bin/ffprobe";
const DIR = join(process.cwd(), "media/demo");

const diskReader: SegmentReader = {
  get: async (file) => {
    const buffer = await readFile(join(DIR, file)).catch(() => null);
    return buffer && new Uint8Array(buffer);
  },
  size: async (file) => (await stat(join(DIR, file)).catch(() => null))?.size ?? null,
};

interface Probe {
  streams: { codec_type: string; start_time: string }[];
  format: { start_time: string; duration: string };
}

async function clipProbe(startS: number, durationS: number): Promise<Probe> {
  const info = mediaInfoSchema.parse(JSON.parse(await readFile(join(DIR, "media.json"), "utf8")));
  const snapped = snapCut({ startS, durationS }, info.segment_duration_s, 2 * 3600);
  if (!snapped.ok) throw new Error(snapped.message);
  const built = await buildMp4({ info, reader: diskReader, first: snapped.cut.first, last: snapped.cut.last });
  if (!built) throw new Error("nothing built");
  const path = join(await mkdtemp(join(tmpdir(), "clip-")), "clip.mp4");
  await writeFile(path, new Uint8Array(await new Response(built.stream).arrayBuffer()));
  const { stdout } = await promisify(execFile)(FFPROBE, ["-v", "error", "-show_streams", "-show_format", "-of", "json", path]);
  return JSON.parse(stdout) as Probe;
}

describe.skipIf(!existsSync(FFPROBE))("clip files read by ffprobe", () => {
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
