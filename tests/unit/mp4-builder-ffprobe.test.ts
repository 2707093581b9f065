// The event download's MP4, built from the committed demo media with a disk reader, checked by ffprobe (issue 5:
// both tracks, start 0, the event's duration). Skipped where ffprobe is not installed.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
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

async function build(first: number, last: number): Promise<Uint8Array> {
  const info = mediaInfoSchema.parse(JSON.parse(await readFile(join(DIR, "media.json"), "utf8")));
  const built = await buildMp4({ info, reader: diskReader, first, last });
  if (!built) throw new Error("nothing built");
  const bytes = new Uint8Array(await new Response(built.stream).arrayBuffer());
  expect(bytes.byteLength).toBe(built.size);
  return bytes;
}

interface Probe {
  streams: { codec_name: string; codec_type: string; start_time: string; duration?: string }[];
  format: { start_time: string; duration: string };
}

async function probe(bytes: Uint8Array, name: string): Promise<Probe> {
  const path = join(await mkdtemp(join(tmpdir(), "mp4-")), name);
  await writeFile(path, bytes);
  const { stdout } = await promisify(execFile)(FFPROBE, ["-v", "error", "-show_streams", "-show_format", "-of", "json", path]);
  return JSON.parse(stdout) as Probe;
}

describe.skipIf(!existsSync(FFPROBE))("event MP4 read by ffprobe", () => {
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
