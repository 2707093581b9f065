// Serves the files of a timeline (issue 5): the generated manifests (DASH and HLS), the inits, the poster and the
// segments of an asset laid along a time span. A live or finished event is one such span; a VOD item is a finished
// span from 0 to its duration. Segment numbers past the asset's length loop it, rebased so time keeps rising.
import { ApiError, notFound } from "../lib/errors";
import type { EventTimes } from "./event-status";
import { streamStatus } from "./event-status";
import { thumbnailIndex } from "./clips/rules";
import { TtlCache } from "../lib/ttl-cache";
import { captionSegment, type Cue, HLS_TIMESTAMP_MAP, parseVtt, serializeVtt } from "./captions";
import { assetChunkOf, buildHlsCaptions, buildHlsMaster, buildHlsMedia, buildMpd, type EventFile, fillNumber, fillTemplate, maxSegment, resolveEventFile, type MediaInfo } from "./livesim";
import { mediaObjectKey, serveLoopedSegment, trackTimescales } from "./media-asset";
import { rebaseHead } from "./fmp4-rebase";
import { contentTypeFor, serveR2Object } from "./r2-range";
import { chunkSchedule, segmentPartFile } from "./cmaf-chunks";

export interface TimelineRequest {
  bucket: R2Bucket;
  asset: string;
  info: MediaInfo;
  times: EventTimes;
  now: number;
  /** The verified token, written into the generated manifests' URLs. */
  token: string;
  file: string;
  request: Request;
  /** The 404 message before the start. */
  upcomingMessage: string;
}

function text(body: string, contentType: string, cacheControl: string): Response {
  return new Response(body, { headers: { "Content-Type": contentType, "Cache-Control": cacheControl, "X-Content-Type-Options": "nosniff" } });
}

function orNotFound(res: Response | null): Response {
  if (!res) throw notFound();
  return res;
}

export async function serveTimelineFile(r: TimelineRequest): Promise<Response> {
  const { bucket, asset, info, times, now, token, file, request } = r;
  const status = streamStatus(times, now);
  if (status === "upcoming") throw new ApiError(404, r.upcomingMessage);
  // A live manifest changes every segment; a finished one only if the event is edited.
  const manifestCache = status === "live" ? "private, no-cache" : "private, max-age=60";

  if (file === "manifest.mpd") return text(buildMpd(info, times, now, token)!, contentTypeFor(file), manifestCache);
  if (file === "master.m3u8") return text(buildHlsMaster(info, token), contentTypeFor(file), manifestCache);
  if (info.poster && file === info.poster) return orNotFound(await serveR2Object(bucket, mediaObjectKey(asset, info.poster), request));
  const captions = captionFile(info, file);
  if (captions?.kind === "playlist") return text(buildHlsCaptions(info, captions.track.lang, times, now, token)!, contentTypeFor(file), manifestCache);
  if (captions) {
    // Like the media segments: nothing past the live edge.
    if (captions.n > maxSegment(info, times, now)) throw notFound();
    const cues = await assetCues(bucket, asset, captions.track.file, now);
    if (!cues) throw notFound();
    const body = serializeVtt(captionSegment(cues, captions.n, info.segment_duration_s, info.segment_count * info.segment_duration_s), [HLS_TIMESTAMP_MAP]);
    return text(body, "text/vtt; charset=utf-8", status === "live" ? "private, max-age=60" : "private, max-age=3600");
  }
  const thumb = thumbnailFile(info, file, times, now);
  if (thumb) return orNotFound(await serveR2Object(bucket, mediaObjectKey(asset, thumb), request));
  const target = resolveEventFile(info, file);
  if (!target) throw notFound();
  if (target.kind === "playlist") return text(buildHlsMedia(info, target.stream, times, now, token)!, contentTypeFor(file), manifestCache);
  // Segments past the live edge do not exist yet.
  if (target.kind === "chunk" && target.n > maxSegment(info, times, now)) throw notFound();
  return orNotFound(await serveTimelineMedia(bucket, asset, info, target, request, now, status === "live" ? times.start : undefined));
}

type CaptionTrack = NonNullable<MediaInfo["captions"]>[number];

/** `captions-<lang>-<n>.vtt` (a segment) or `captions-<lang>.m3u8` (the HLS playlist) of a language the asset has. */
export function captionFile(info: MediaInfo, file: string): { kind: "segment"; track: CaptionTrack; n: number } | { kind: "playlist"; track: CaptionTrack } | null {
  const match = /^captions-([a-z]{2})(?:-(\d{1,9})\.vtt|\.m3u8)$/.exec(file);
  const track = match && info.captions?.find((c) => c.lang === match[1]);
  if (!match || !track) return null;
  if (match[2] === undefined) return { kind: "playlist", track };
  const n = Number(match[2]);
  return n >= 1 ? { kind: "segment", track, n } : null;
}

const cueCache = new TtlCache<Cue[]>(60_000, 100);

/** An asset's cues for one language, parsed once per isolate and minute (every caption segment needs them). */
async function assetCues(bucket: R2Bucket, asset: string, file: string, now: number): Promise<Cue[] | null> {
  const key = mediaObjectKey(asset, file);
  const hit = cueCache.get(key, now);
  if (hit) return hit;
  const object = await bucket.get(key);
  if (!object) return null;
  const cues = parseVtt(await object.text());
  cueCache.set(key, cues, now);
  return cues;
}

/**
 * An init segment, or segment n of a timeline that loops the asset: asset chunk ((n-1) % count) + 1 with its
 * timestamps moved forward by the loops before it (null when the object is missing). `liveSince`: the start of a
 * live timeline, whose segment still being "written" at `now` is sent chunk by chunk as the clock reaches each.
 */
export async function serveTimelineMedia(
  bucket: R2Bucket,
  asset: string,
  info: MediaInfo,
  target: Extract<EventFile, { kind: "init" | "chunk" }>,
  request: Request,
  now: number,
  liveSince?: number,
): Promise<Response | null> {
  const initKey = mediaObjectKey(asset, fillTemplate(target.stream.init, target.stream));
  if (target.kind === "init") return serveR2Object(bucket, initKey, request);
  const { chunk, loop } = assetChunkOf(info, target.n);
  const key = mediaObjectKey(asset, fillTemplate(target.stream.chunk_template, target.stream, chunk));
  const shiftS = loop * info.segment_count * info.segment_duration_s;
  const segmentStart = liveSince === undefined ? null : liveSince + (target.n - 1) * info.segment_duration_s * 1000;
  if (!info.live && info.chunk_duration_s && segmentStart !== null && segmentStart + info.segment_duration_s * 1000 > now) {
    return serveClockedSegment(bucket, key, initKey, { shiftS, startMs: segmentStart, segmentS: info.segment_duration_s }, now);
  }
  if (shiftS !== 0) return serveLoopedSegment(bucket, key, initKey, shiftS, request, now);
  const whole = await serveR2Object(bucket, key, request);
  // An encoder's segment not whole yet is sent chunk by chunk as the ingest uploads them.
  return whole ?? (info.live ? serveGrowingSegment(bucket, key, info.segment_duration_s) : null);
}

/**
 * A segment of a simulated live (a looped asset made of CMAF chunks) that the clock is still "writing": its chunks,
 * rebased for the loop, each sent when the wall clock reaches the moment its media ends, as an encoder's would arrive
 * (serveGrowingSegment). A low-latency player asks for it early and plays each chunk as it comes.
 */
async function serveClockedSegment(
  bucket: R2Bucket,
  key: string,
  initKey: string,
  segment: { shiftS: number; startMs: number; segmentS: number },
  now: number,
): Promise<Response | null> {
  const scales = await trackTimescales(bucket, initKey, now);
  const object = scales && (await bucket.get(key));
  if (!scales || !object) return null;
  const bytes = new Uint8Array(await object.arrayBuffer());
  if (segment.shiftS !== 0) rebaseHead(bytes, scales, segment.shiftS);
  const schedule = chunkSchedule(bytes, scales, segment.segmentS);
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const send = async () => {
    const writer = writable.getWriter();
    // The request's `now` is when it arrived: later waits count from there.
    const arrived = Date.now();
    try {
      let sent = 0;
      for (const { end, endS } of schedule) {
        const wait = segment.startMs + endS * 1000 - now - (Date.now() - arrived);
        if (wait > 0) await sleep(wait);
        await writer.write(bytes.subarray(sent, end));
        sent = end;
      }
      if (sent < bytes.byteLength) await writer.write(bytes.subarray(sent));
    } finally {
      await writer.close().catch(() => undefined);
    }
  };
  // A viewer who leaves cancels the writes, which end the loop.
  void send().catch(() => undefined);
  return new Response(readable, { headers: growingHeaders(key) });
}

/** How often a segment being written is looked at for its next part. */
export const PART_POLL_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A segment of an encoder's broadcast still being written (low-latency live, cmaf-chunks.ts): its parts in order, each
 * sent as soon as it is in R2, then what the whole segment has past them once it is (the last chunk may come only
 * with the whole). A player with low latency asks for the segment about 1.5 s before it is complete (the manifest's
 * availabilityTimeOffset) and appends each chunk as it arrives. Null (a 404) when no part comes within a segment's
 * length and a second; a stream whose next part stops coming ends there, and the player asks for the segment again.
 */
export async function serveGrowingSegment(bucket: R2Bucket, key: string, segmentS: number): Promise<Response | null> {
  const patienceMs = segmentS * 1000 + 1000;
  const folder = key.slice(0, key.lastIndexOf("/") + 1);
  const file = key.slice(folder.length);
  const partKey = (k: number) => folder + segmentPartFile(file, k);
  let first: R2ObjectBody | null = null;
  for (let waited = 0; !first && waited <= patienceMs; waited += PART_POLL_MS) {
    first = await bucket.get(partKey(1));
    if (first) break;
    // Completed meanwhile (a player that asked late): the whole one.
    const whole = await bucket.get(key);
    if (whole) return new Response(whole.body, { headers: growingHeaders(key, whole.size) });
    await sleep(PART_POLL_MS);
  }
  if (!first) return null;
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const pump = async (part: R2ObjectBody) => {
    const writer = writable.getWriter();
    let sent = 0;
    try {
      for (let k = 1, next: R2ObjectBody | null = part; next; ) {
        const bytes = new Uint8Array(await next.arrayBuffer());
        await writer.write(bytes);
        sent += bytes.byteLength;
        k += 1;
        next = null;
        for (let waited = 0; waited <= patienceMs; waited += PART_POLL_MS) {
          next = await bucket.get(partKey(k));
          if (next) break;
          const head = await bucket.head(key);
          if (head) {
            if (head.size > sent) {
              const rest = await bucket.get(key, { range: { offset: sent } });
              if (rest) await writer.write(new Uint8Array(await rest.arrayBuffer()));
            }
            return;
          }
          await sleep(PART_POLL_MS);
        }
      }
    } finally {
      await writer.close().catch(() => undefined);
    }
  };
  // The body streams while the parts come; a viewer who leaves cancels the writes, which end the loop.
  void pump(first).catch(() => undefined);
  return new Response(readable, { headers: growingHeaders(key) });
}

function growingHeaders(key: string, size?: number): Headers {
  return new Headers({
    "Content-Type": contentTypeFor(key),
    // Not kept as the segment: a copy cut short must not be served again.
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    ...(size === undefined ? {} : { "Content-Length": String(size) }),
  });
}

/**
 * `thumb-<n>.jpg`: the frame at second n × interval of the timeline, i.e. the asset's thumbnail at that point of its
 * loop; only for what already exists (not past a live edge). The asset file's name, or null for any other file.
 */
export function thumbnailFile(info: MediaInfo, file: string, times: EventTimes, now: number): string | null {
  const match = /^thumb-(\d{1,7})\.jpg$/.exec(file);
  const thumbs = info.thumbnails;
  if (!match || !thumbs) return null;
  const second = Number(match[1]) * thumbs.interval_s;
  if (second * 1000 > Math.min(now, times.end) - times.start) throw notFound();
  const index = thumbnailIndex(second, thumbs.interval_s, thumbs.count, info.segment_count * info.segment_duration_s);
  return fillNumber(thumbs.template, index);
}
