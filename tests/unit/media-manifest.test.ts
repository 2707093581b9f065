// The committed demo media (media/demo/, made by `npm run media`) against its description media.json, which the
// API builds every manifest from: a chunk it names but that is missing would be a 404 in the middle of playback.
// Needs no ffmpeg: the generator already probed every segment; the last test re-probes one when ffprobe is present.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mediaInfoSchema } from "../../api/services/livesim";
import { mediaContentType } from "../../scripts/lib/media-loader";

const DIR = path.resolve(import.meta.dirname, "../../media/demo");
const MAX_BYTES = 12 * 1024 * 1024;
const info = JSON.parse(readFileSync(path.join(DIR, "media.json"), "utf8"));
const chunk = (template: string, n: number) => template.replace(/\$Number%0(\d)d\$/, (_, w) => String(n).padStart(Number(w), "0"));
const size = (file: string) => statSync(path.join(DIR, file)).size;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(DIR, path.join(e.parentPath, e.name)));
}

describe("media/demo", () => {
  it("is described by a media.json the API accepts", () => {
    expect(mediaInfoSchema.safeParse(info).success).toBe(true);
    expect(info.segment_duration_s).toBe(2);
    expect(info.segment_count * info.segment_duration_s).toBeCloseTo(info.duration_s, 6);
    expect(info.duration_s).toBeGreaterThanOrEqual(100);
  });

  it("has two H.264 video renditions (≈360p, ≈720p) and one AAC audio stream", () => {
    const video = info.streams.filter((s: { kind: string }) => s.kind === "video");
    expect(video.map((s: { height: number }) => s.height)).toEqual([360, 720]);
    expect(video.every((s: { codecs: string }) => s.codecs.startsWith("avc1."))).toBe(true);
    const audio = info.streams.filter((s: { kind: string }) => s.kind === "audio");
    expect(audio.map((s: { codecs: string }) => s.codecs)).toEqual(["mp4a.40.2"]);
    expect(new Set(info.streams.map((s: { id: number }) => s.id)).size).toBe(info.streams.length);
  });

  it("has the init and every chunk of every stream on disk, adding up to each stream's size", () => {
    for (const s of info.streams) {
      let total = size(s.init);
      for (let n = 1; n <= info.segment_count; n++) total += size(chunk(s.chunk_template, n));
      expect(total, `stream ${s.id}`).toBe(s.size);
      // One past the end must not exist: media.json would undercount the segments.
      expect(() => size(chunk(s.chunk_template, info.segment_count + 1))).toThrow();
    }
  });

  it("keeps audio segments within one AAC frame of 2 s and video ones exact", () => {
    for (const s of info.streams) {
      const [min, max] = s.segment_duration_range_s;
      const tolerance = s.kind === "video" ? 1e-6 : 1024 / 48000 + 1e-6;
      expect(Math.abs(min - 2), `stream ${s.id}`).toBeLessThanOrEqual(tolerance);
      expect(Math.abs(max - 2), `stream ${s.id}`).toBeLessThanOrEqual(tolerance);
    }
  });

  it("has the DASH and HLS manifests, the poster, a thumbnail and a frame per 10 s, all within 12 MB", () => {
    const files = filesUnder(DIR);
    for (const f of ["manifest.mpd", "master.m3u8", "poster.jpg", ...info.streams.map((s: { id: number }) => `media_${s.id}.m3u8`)]) expect(files).toContain(f);
    expect(info.thumbnails.count).toBe(Math.ceil(info.duration_s / info.thumbnails.interval_s));
    for (let n = 0; n < info.thumbnails.count; n++) expect(files).toContain(chunk(info.thumbnails.template, n).split("/").join(path.sep));
    // The same moments at full size (issue 28): the posters of clips cut from it.
    expect(info.frames).toMatchObject({ interval_s: info.thumbnails.interval_s, count: info.thumbnails.count, width: 1280, height: 720 });
    for (let n = 0; n < info.frames.count; n++) expect(files).toContain(chunk(info.frames.template, n).split("/").join(path.sep));
    expect(files.reduce((sum, f) => sum + size(f), 0)).toBeLessThanOrEqual(MAX_BYTES);
    expect(files.map(mediaContentType)).not.toContain("application/octet-stream");
  });

  it.skipIf(spawnSync("ffprobe", ["-version"]).error)("decodes an init + chunk pair with ffprobe as a 2 s keyframe-first segment", () => {
    const s = info.streams.find((x: { kind: string }) => x.kind === "video");
    const n = Math.ceil(info.segment_count / 2);
    const bytes = Buffer.concat([readFileSync(path.join(DIR, s.init)), readFileSync(path.join(DIR, chunk(s.chunk_template, n)))]);
    const out = spawnSync("ffprobe", ["-v", "error", "-show_entries", "packet=pts_time,flags", "-of", "json", "-i", "pipe:0"], { input: bytes });
    const packets: { pts_time: string; flags: string }[] = JSON.parse(out.stdout.toString()).packets;
    expect(packets[0].flags).toMatch(/^K/);
    expect(Number(packets[0].pts_time)).toBeCloseTo((n - 1) * 2, 6);
    expect(packets).toHaveLength(2 * s.frame_rate);
  });
});
