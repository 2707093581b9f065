// Describes a rendered asset as media.json (the shape api's manifest builders read) and checks the promise it
// makes: every segment of every stream is 2 s, every video segment starts on a keyframe. ffprobe reads each
// init + chunk pair, i.e. exactly what a player appends.
import { spawn } from "node:child_process";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { CMAF_CHUNK_S } from "../../api/services/cmaf-chunks";

export const SEGMENT_S = 2;
/** One AAC frame at 48 kHz: audio segments cannot end exactly on 2 s, only on the nearest frame. */
const AAC_FRAME_S = 1024 / 48000;

export interface MediaStream {
  id: number;
  kind: "video" | "audio";
  width?: number;
  height?: number;
  /** Of the track in the init segment: what tfdt/baseMediaDecodeTime counts in (to shift looped chunks). */
  timescale: number;
  frame_rate?: number;
  sample_rate?: number;
  channels?: number;
  /** bits/s: the highest 2 s segment, so a player choosing by it never underestimates. */
  bandwidth: number;
  average_bandwidth: number;
  codecs: string;
  init: string;
  /** DASH-style template: `$Number%05d$` is the 1-based segment number. */
  chunk_template: string;
  /** Bytes, init plus every chunk. */
  size: number;
  /** Shortest and longest segment (s); audio differs from 2 s by up to one AAC frame. */
  segment_duration_range_s: [number, number];
}

export interface MediaManifest {
  segment_duration_s: number;
  chunk_duration_s: number;
  segment_count: number;
  duration_s: number;
  streams: MediaStream[];
  poster: string;
  thumbnails: { interval_s: number; count: number; template: string; width: number; height: number };
  /** One WebVTT file per language (captions.ts). */
  captions: readonly { lang: string; label: string; file: string }[];
  notes: string;
}

export async function describeAsset(dir: string, expectedDuration: number, thumbEveryS: number, captions: MediaManifest["captions"]): Promise<MediaManifest> {
  const mpd = await readFile(path.join(dir, "manifest.mpd"), "utf8");
  const files = await readdir(dir);
  // Audio and video only: the caption sets (captions.ts) are text files, not segments to probe.
  const reps = [...mpd.matchAll(/<Representation\b([^>]*)>/g)].map((m) => attrs(m[1])).filter((r) => !r.id?.startsWith("captions-"));
  const template = /<SegmentTemplate\b[^>]*\bmedia="([^"]+)"/.exec(mpd)?.[1];
  const initTemplate = /<SegmentTemplate\b[^>]*\binitialization="([^"]+)"/.exec(mpd)?.[1];
  if (!reps.length || !template || !initTemplate) throw new Error("manifest.mpd: no representations or segment template");

  const streams: MediaStream[] = [];
  let segmentCount = -1;
  for (const rep of reps) {
    const id = Number(rep.id);
    const kind = rep.mimeType?.startsWith("audio/") ? "audio" : "video";
    const ext = "m4s";
    const init = initTemplate.replace("$RepresentationID$", String(id)).replace("$ext$", ext);
    const chunkTemplate = template.replace("$RepresentationID$", String(id)).replace("$ext$", ext);
    const chunks = files.filter((f) => chunkPattern(chunkTemplate).test(f)).sort();
    if (segmentCount >= 0 && chunks.length !== segmentCount) throw new Error(`stream ${id}: ${chunks.length} chunks, the first stream has ${segmentCount}`);
    segmentCount = chunks.length;
    chunks.forEach((c, i) => {
      if (c !== chunkName(chunkTemplate, i + 1)) throw new Error(`stream ${id}: expected ${chunkName(chunkTemplate, i + 1)}, found ${c}`);
    });

    const initBytes = await readFile(path.join(dir, init));
    // The init alone has no samples to tell the frame rate from.
    const info = await probeStream(Buffer.concat([initBytes, await readFile(path.join(dir, chunks[0]))]));
    const durations: number[] = [];
    const sizes: number[] = [];
    for (const [i, chunk] of chunks.entries()) {
      const bytes = await readFile(path.join(dir, chunk));
      sizes.push(bytes.length);
      durations.push(await checkSegment(kind, Buffer.concat([initBytes, bytes]), `${chunk}`, i));
    }
    const peak = Math.max(...sizes.map((s, i) => (s * 8) / durations[i]));
    const total = initBytes.length + sizes.reduce((a, b) => a + b, 0);
    streams.push({
      id,
      kind,
      ...(kind === "video"
        ? { width: Number(rep.width), height: Number(rep.height), frame_rate: ratio(info.r_frame_rate) }
        : { sample_rate: Number(info.sample_rate), channels: info.channels }),
      timescale: Number(info.time_base.split("/")[1]),
      bandwidth: Math.ceil(peak / 1000) * 1000,
      average_bandwidth: Math.round((total * 8) / expectedDuration),
      codecs: rep.codecs ?? "",
      init,
      chunk_template: chunkTemplate,
      size: total,
      segment_duration_range_s: [round(Math.min(...durations)), round(Math.max(...durations))],
    });
  }

  if (segmentCount * SEGMENT_S !== expectedDuration) throw new Error(`${segmentCount} segments × ${SEGMENT_S} s ≠ ${expectedDuration} s`);
  const thumbs = (await readdir(path.join(dir, "thumbs"))).filter((f) => /^thumb-\d{3}\.jpg$/.test(f));
  await stat(path.join(dir, "poster.jpg"));
  const frames = (await readdir(path.join(dir, "frames")).catch(() => [] as string[])).filter((f) => /^frame-\d{5}\.jpg$/.test(f));
  const top = streams.filter((s) => s.kind === "video").sort((a, b) => Number(b.height) - Number(a.height))[0];
  return {
    segment_duration_s: SEGMENT_S,
    chunk_duration_s: CMAF_CHUNK_S,
    segment_count: segmentCount,
    duration_s: expectedDuration,
    streams: streams.sort((a, b) => a.id - b.id),
    poster: "poster.jpg",
    thumbnails: { interval_s: thumbEveryS, count: thumbs.length, template: "thumbs/thumb-$Number%03d$.jpg", width: 320, height: 180 },
    ...(frames.length === thumbs.length ? { frames: { interval_s: thumbEveryS, count: frames.length, template: "frames/frame-$Number%05d$.jpg", width: top.width, height: top.height } } : {}),
    captions: captions.map(({ lang, label, file }) => ({ lang, label, file })),
    notes:
      "Video segments are exactly 2 s and start on a keyframe. AAC (48 kHz, 1024-sample frames) cannot split at exactly 2 s: " +
      "audio segments are 2 s ± one frame (see segment_duration_range_s), in step with the video, and the track ends one frame " +
      "(21 ms) before the programme. " +
      `Each segment is ${SEGMENT_S / CMAF_CHUNK_S} CMAF chunks (moof + mdat) of about ${CMAF_CHUNK_S} s, which a simulated live event serves as their time comes. ` +
      "Thumbnail N (from 000) shows second N × interval_s. " +
      "Captions are WebVTT over the whole programme, one file per language; the API serves them per segment.",
  };
}

/** Checks one init + chunk pair and answers its duration in seconds. */
async function checkSegment(kind: "video" | "audio", bytes: Buffer, name: string, index: number): Promise<number> {
  const packets = await probePackets(bytes);
  if (!packets.length) throw new Error(`${name}: no packets`);
  // ffprobe gives a fragment's last packet a short duration: the segment ends one nominal frame after it starts.
  const first = Number(packets[0].pts_time);
  const start = Math.max(0, first); // the AAC priming frame (negative time) is cut by the init's edit list
  const frame = Math.max(...packets.map((p) => Number(p.duration_time)).filter((d) => d > 0));
  const duration = Number(packets[packets.length - 1].pts_time) + frame - start;
  if (kind === "video") {
    if (!packets[0].flags.startsWith("K")) throw new Error(`${name}: does not start with a keyframe`);
    if (packets.slice(1).some((p) => p.flags.startsWith("K"))) throw new Error(`${name}: has a keyframe inside`);
    if (!(Math.abs(duration - SEGMENT_S) <= 1e-3)) throw new Error(`${name}: ${duration} s, not ${SEGMENT_S} s`);
    if (!(Math.abs(start - index * SEGMENT_S) <= 1e-3)) throw new Error(`${name}: starts at ${start} s, not ${index * SEGMENT_S} s`);
  } else {
    if (!(Math.abs(duration - SEGMENT_S) <= AAC_FRAME_S + 1e-3)) throw new Error(`${name}: ${duration} s, more than one AAC frame off ${SEGMENT_S} s`);
    if (!(Math.abs(start - index * SEGMENT_S) <= AAC_FRAME_S + 1e-3)) throw new Error(`${name}: starts at ${start} s, not ≈${index * SEGMENT_S} s`);
  }
  return duration;
}

interface Packet {
  pts_time: string;
  duration_time: string;
  flags: string;
}

interface StreamInfo {
  time_base: string;
  r_frame_rate: string;
  sample_rate?: string;
  channels?: number;
}

async function probeStream(init: Buffer): Promise<StreamInfo> {
  const out = await ffprobe(["-show_entries", "stream=time_base,r_frame_rate,sample_rate,channels"], init);
  return out.streams[0];
}

async function probePackets(bytes: Buffer): Promise<Packet[]> {
  return (await ffprobe(["-show_entries", "packet=pts_time,duration_time,flags"], bytes)).packets ?? [];
}

function ffprobe(entries: string[], bytes: Buffer): Promise<{ packets?: Packet[]; streams: StreamInfo[] }> {
  const argv = ["-v", "error", ...entries, "-of", "json", "-i", "pipe:0"];
  return new Promise((resolve, reject) => {
    const child = spawn("ffprobe", argv, { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`ffprobe failed: ${err}`))));
    child.stdin.on("error", () => {}); // ffprobe may stop reading early; its exit code tells.
    child.stdin.end(bytes);
  });
}

function attrs(s: string): Record<string, string> {
  return Object.fromEntries([...s.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

const chunkPattern = (template: string) => new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\$Number%0(\d)d\$/, "\\d{$1}")}$`);
export const chunkName = (template: string, n: number) => template.replace(/\$Number%0(\d)d\$/, (_, w) => String(n).padStart(Number(w), "0"));
const ratio = (r: string) => {
  const [a, b] = r.split("/").map(Number);
  return a / (b || 1);
};
const round = (n: number) => Math.round(n * 1e6) / 1e6;
