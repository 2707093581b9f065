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
import { mediaObjectKey, serveLoopedSegment } from "./media-asset";
import { contentTypeFor, serveR2Object } from "./r2-range";

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
  return orNotFound(await serveTimelineMedia(bucket, asset, info, target, request, now));
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
 * timestamps moved forward by the loops before it (null when the object is missing).
 */
export async function serveTimelineMedia(
  bucket: R2Bucket,
  asset: string,
  info: MediaInfo,
  target: Extract<EventFile, { kind: "init" | "chunk" }>,
  request: Request,
  now: number,
): Promise<Response | null> {
  const initKey = mediaObjectKey(asset, fillTemplate(target.stream.init, target.stream));
  if (target.kind === "init") return serveR2Object(bucket, initKey, request);
  const { chunk, loop } = assetChunkOf(info, target.n);
  const key = mediaObjectKey(asset, fillTemplate(target.stream.chunk_template, target.stream, chunk));
  const shiftS = loop * info.segment_count * info.segment_duration_s;
  return shiftS === 0 ? serveR2Object(bucket, key, request) : serveLoopedSegment(bucket, key, initKey, shiftS, request, now);
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
