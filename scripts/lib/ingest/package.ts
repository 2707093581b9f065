// How the local ingest packages video (issue 16): one encode into DASH + HLS over shared fMP4 segments of 2 s, the
// layout of media/demo (scripts/media/generate.ts, TOOLCHAIN.md): H.264 with a keyframe exactly every 2 s and no
// B-frames, AAC stereo at 48 kHz. Stream 0 is the video, stream 1 the audio; media.json describes them for livesim.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { CMAF_CHUNK_S } from "../../../api/services/cmaf-chunks";

export const SEGMENT_S = 2;
const FPS = 25;
const GOP = SEGMENT_S * FPS;

/** ffmpeg's output options, after the input: the same for an encoder's stream and an uploaded file. */
export function packagingArgs(outDir: string): string[] {
  return [
    ...["-map", "0:v:0", "-map", "0:a:0"],
    // At most 720 lines and even sizes (H.264 needs them); the picture's shape is kept.
    ...["-vf", "scale=w=-2:h='min(720,ih)':flags=bicubic,format=yuv420p", "-r", String(FPS)],
    ...["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "main", "-bf", "0", "-b:v", "1500k", "-maxrate", "2000k", "-bufsize", "4000k"],
    ...["-g", String(GOP), "-keyint_min", String(GOP), "-sc_threshold", "0", "-force_key_frames", `expr:gte(t,n_forced*${SEGMENT_S})`],
    ...["-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2"],
    ...["-f", "dash", "-dash_segment_type", "mp4", "-seg_duration", String(SEGMENT_S), "-use_template", "1", "-use_timeline", "0"],
    ...["-hls_playlist", "1", "-adaptation_sets", "id=0,streams=v id=1,streams=a", path.join(outDir, "manifest.mpd")],
  ];
}

/** The lower rendition the ingest encodes next to an encoder's own picture, and its bitrate. */
export const LIVE_LOW_HEIGHT = 360;

/**
 * ffmpeg's output options for an encoder's live stream (issue 26): low latency, and real time on two cores.
 * - The encoder's own H.264 is the top rendition, passed through untouched (no decode, no encode: 720p and 1080p cost
 *   the same); segments are cut at its keyframes, so the encoder sends one every 2 s (README, OBS settings).
 * - One 360p rendition is encoded next to it, with a keyframe where the source has one (at each 2 s), so the two
 *   switch cleanly; x264's fastest preset and no lookahead, so it never holds the source back.
 * - The audio is AAC 48 kHz stereo whatever the encoder sends.
 * - Each segment is written as CMAF chunks of half a second as they are encoded (`-streaming 1`), which the session
 *   uploads at once (cmaf-chunks.ts): a viewer can be a second behind the encoder instead of a segment or more.
 */
export function liveArgs(outDir: string): string[] {
  return [
    ...["-map", "0:v:0", "-map", "0:v:0", "-map", "0:a:0"],
    ...["-c:v:0", "copy"],
    // 360 lines, or two thirds of a smaller picture (never a copy of the top one's size).
    ...["-filter:v:1", `scale=w=-2:h='min(${LIVE_LOW_HEIGHT},trunc(ih/3)*2)':flags=fast_bilinear,format=yuv420p`],
    ...["-c:v:1", "libx264", "-preset:v:1", "ultrafast", "-tune:v:1", "zerolatency", "-profile:v:1", "main", "-bf:v:1", "0", "-b:v:1", "700k", "-maxrate:v:1", "900k", "-bufsize:v:1", "1400k"],
    ...["-force_key_frames:v:1", `expr:gte(t,n_forced*${SEGMENT_S})`, "-sc_threshold:v:1", "0"],
    ...["-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2"],
    ...["-f", "dash", "-dash_segment_type", "mp4", "-seg_duration", String(SEGMENT_S), "-use_template", "1", "-use_timeline", "0"],
    ...["-streaming", "1", "-ldash", "1", "-frag_type", "duration", "-frag_duration", String(CMAF_CHUNK_S), "-window_size", "0"],
    ...["-adaptation_sets", "id=0,streams=v id=1,streams=a", path.join(outDir, "manifest.mpd")],
  ];
}

/**
 * Stills along the picture (issue 28): a frame every FRAME_EVERY_S, at most 720 lines (the event's artwork, its share
 * image and its clips' posters), and the same frame as a 320×180 thumbnail (the timeline's previews). One decode of
 * the source feeds both, and the live packaging's lower rendition already decodes it: a frame every 10 s costs little.
 * Written atomically (ffmpeg renames each file once whole), numbered from `startNumber`, so frame N shows the picture
 * at about N × FRAME_EVERY_S of the broadcast.
 */
export const FRAME_EVERY_S = 10;
export const THUMB_SIZE = { width: 320, height: 180 } as const;
export const FRAME_MAX_HEIGHT = 720;
export const FRAME_FILE = /^frame-(\d{5,})\.jpg$/;
export const THUMB_FILE = /^thumb-(\d{3,})\.jpg$/;
export const frameName = (n: number) => `frame-${String(n).padStart(5, "0")}.jpg`;
export const thumbName = (n: number) => `thumb-${String(n).padStart(3, "0")}.jpg`;

export function stillsArgs(outDir: string, startNumber = 0): string[] {
  const { width, height } = THUMB_SIZE;
  const graph =
    // The first frame, then the first at or past each FRAME_EVERY_S: emitted as soon as it is decoded (live).
    `[0:v:0]select='isnan(prev_selected_t)+gte(t-prev_selected_t\\,${FRAME_EVERY_S - 0.01})',split=2[f][t];` +
    `[f]scale=w=-2:h='min(${FRAME_MAX_HEIGHT},ih)':flags=bicubic[frame];` +
    `[t]scale=w=${width}:h=${height}:force_original_aspect_ratio=decrease:flags=bicubic,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2[thumb]`;
  const still = (label: string, file: string) => ["-map", label, "-fps_mode", "vfr", "-c:v", "mjpeg", "-threads", "1", "-q:v", "4", "-f", "image2", "-atomic_writing", "1", "-start_number", String(startNumber), path.join(outDir, file)];
  return ["-filter_complex", graph, ...still("[frame]", "frame-%05d.jpg"), ...still("[thumb]", "thumb-%03d.jpg")];
}

/** The complete stills in a work folder, by number: frames (with their size, read by the caller) and thumbnails. */
export async function readStills(outDir: string): Promise<{ frames: number[]; thumbs: number[] }> {
  const files = await readdir(outDir).catch(() => [] as string[]);
  const numbers = (re: RegExp) =>
    files
      .map((f) => re.exec(f))
      .filter((m) => m !== null)
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
  return { frames: numbers(FRAME_FILE), thumbs: numbers(THUMB_FILE) };
}

/** The largest video rendition: the picture the stills are taken from. */
export function topVideo(streams: PackagedStream[]): PackagedStream | undefined {
  return streams.filter((s) => s.kind === "video").sort((a, b) => (b.height ?? 0) - (a.height ?? 0))[0];
}

/** A frame's size for a picture of this size: at most FRAME_MAX_HEIGHT lines, even, the shape kept (as ffmpeg's scale). */
export function frameSize(video: { width?: number; height?: number } | undefined): { width: number; height: number } {
  if (!video?.width || !video.height) return { width: 1280, height: 720 };
  const height = Math.min(FRAME_MAX_HEIGHT, video.height);
  return { width: Math.round((video.width * height) / video.height / 2) * 2, height };
}

/** media.json's `frames` and `thumbnails` for `count` stills (livesim.ts mediaInfoSchema). */
export function stillsJson(count: number, frame: { width: number; height: number }) {
  if (count <= 0) return {};
  return {
    frames: { interval_s: FRAME_EVERY_S, count, template: "frame-$Number%05d$.jpg", width: frame.width, height: frame.height },
    thumbnails: { interval_s: FRAME_EVERY_S, count, template: "thumb-$Number%03d$.jpg", ...THUMB_SIZE },
  };
}

export interface PackagedStream {
  id: number;
  kind: "video" | "audio";
  width?: number;
  height?: number;
  bandwidth: number;
  codecs: string;
  init: string;
  chunk_template: string;
}

const INIT_TEMPLATE = "init-stream$RepresentationID$.m4s";
const CHUNK_TEMPLATE = "chunk-stream$RepresentationID$-$Number%05d$.m4s";

export const initName = (id: number) => `init-stream${id}.m4s`;
export const chunkName = (id: number, n: number) => `chunk-stream${id}-${String(n).padStart(5, "0")}.m4s`;

/** The streams ffmpeg's manifest.mpd describes (null until it has written one). */
export async function readStreams(outDir: string): Promise<PackagedStream[] | null> {
  let mpd: string;
  try {
    mpd = await readFile(path.join(outDir, "manifest.mpd"), "utf8");
  } catch {
    return null;
  }
  const attrs = (s: string) => Object.fromEntries([...s.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  const streams: PackagedStream[] = [];
  for (const set of mpd.matchAll(/<AdaptationSet\b([^>]*)>([\s\S]*?)<\/AdaptationSet>/g)) {
    const setAttrs = attrs(set[1]);
    for (const rep of set[2].matchAll(/<Representation\b([^>]*)>/g)) {
      const a = { ...setAttrs, ...attrs(rep[1]) };
      const kind = (a.mimeType ?? a.contentType ?? "").startsWith("audio") ? "audio" : "video";
      streams.push({
        id: Number(a.id),
        kind,
        ...(kind === "video" && a.width && a.height ? { width: Number(a.width), height: Number(a.height) } : {}),
        bandwidth: Number(a.bandwidth) > 0 ? Number(a.bandwidth) : kind === "video" ? 1_500_000 : 128_000,
        codecs: a.codecs ?? (kind === "video" ? "avc1.4d401f" : "mp4a.40.2"),
        init: INIT_TEMPLATE,
        chunk_template: CHUNK_TEMPLATE,
      });
    }
  }
  return streams.length ? streams.sort((x, y) => x.id - y.id) : null;
}

/** How many complete (renamed from .tmp) chunks each stream has, counting up from 1 without a gap. */
export async function completeChunks(outDir: string, streams: PackagedStream[]): Promise<Map<number, number>> {
  const files = new Set(await readdir(outDir).catch(() => [] as string[]));
  const counts = new Map<number, number>();
  for (const s of streams) {
    let n = 0;
    while (files.has(chunkName(s.id, n + 1))) n++;
    counts.set(s.id, n);
  }
  return counts;
}

/** media.json for livesim (api/services/livesim.ts mediaInfoSchema): `live` while the encoder is still sending. */
export function mediaJson(streams: PackagedStream[], segmentCount: number, durationS: number, live: boolean) {
  return { segment_duration_s: SEGMENT_S, chunk_duration_s: CMAF_CHUNK_S, segment_count: segmentCount, duration_s: durationS, streams, live };
}
