// The clip job (issue 11, DESIGN "Clips"): the queue consumer builds the clip's standalone MP4 from the source's
// stored segments (mp4-builder.ts: both tracks, rebased to 0, no re-encode) straight into R2, copies a frame of the
// clip as its poster, and marks it ready. Deliveries are idempotent: a ready, failed or deleted clip is left alone,
// and the file's key is the clip's own, so a second run rewrites the same object. A source that is gone fails the
// clip at once with its reason; anything else is retried with backoff, then fails (the row and its cut stay).
import { CLIP_MAX_ATTEMPTS, CLIP_MESSAGES, CLIP_QUEUE_TIMEOUT_MS } from "../../contract/clips";
import type { ClipRow } from "../../db/clips-schema";
import * as repo from "../../db/repos/clips";
import type { Db } from "../../db/client";
import { fillNumber, type MediaInfo } from "../livesim";
import { loadMediaInfo, mediaObjectKey } from "../media-asset";
import { buildMp4, r2SegmentReader, type SegmentReader } from "../mp4-builder";
import { thumbnailIndex } from "./rules";
import { CLIP_FILE, clipObjectKey, CLIP_POSTER } from "./wire";
import { VideoProviderError, type VideoProvider } from "../../providers/video/types";

export interface ProcessScope {
  db: Db;
  bucket: R2Bucket;
  now: () => number;
  /** The video provider, for clips Stream cuts (sourceVideoUid); the R2 path never asks for it. */
  video?: () => VideoProvider;
}

export type ClipJobOutcome = { done: true } | { done: false; retryAfterS: number };

/** Seconds before delivery `attempts` + 1: 10, 20, 40… capped at 5 minutes. */
export const clipRetryDelayS = (attempts: number) => Math.min(300, 10 * 2 ** Math.max(0, attempts - 1));

class SourceGone extends Error {}

/** How long a key play's clip waits past its moment for the recording to have it, and how often it looks. */
export const RECORDING_WAIT_MS = 60_000;
export const RECORDING_RETRY_S = 3;

export async function processClip(s: ProcessScope, job: { channelId: number; clipId: number }, attempts: number): Promise<ClipJobOutcome> {
  const existing = await repo.clipById(s.db, job.channelId, job.clipId);
  if (!existing || existing.deletedAt !== null || existing.status === "ready" || existing.status === "failed") return { done: true };
  if (existing.sourceVideoUid !== null) return processStreamClip(s, existing, attempts);
  // A key play of a live game (issue 27): its moment is not recorded yet. The job comes back then; no attempt is spent.
  if (existing.notBefore !== null && existing.notBefore > s.now()) return { done: false, retryAfterS: Math.max(1, Math.ceil((existing.notBefore - s.now()) / 1000)) };
  const row = await repo.startProcessing(s.db, job.channelId, job.clipId, s.now());
  if (!row) return { done: true };
  try {
    const file = await buildClipFile(s, row);
    if (!(await repo.markReady(s.db, row.channelId, row.id, file, s.now()))) {
      // Deleted (or finished by another delivery) while this one built the file: nothing may be left behind.
      const after = await repo.clipById(s.db, row.channelId, row.id);
      if (after?.deletedAt !== null) await s.bucket.delete([clipObjectKey(row, CLIP_FILE), clipObjectKey(row, CLIP_POSTER)]);
    }
    return { done: true };
  } catch (error) {
    // A live game's moment the encoder has not delivered yet (it lags, or reconnects): asked again a little later.
    if (error instanceof SourceGone && row.notBefore !== null && s.now() < row.notBefore + RECORDING_WAIT_MS) return { done: false, retryAfterS: RECORDING_RETRY_S };
    if (error instanceof SourceGone) {
      await fail(s, row, CLIP_MESSAGES.sourceGone);
      return { done: true };
    }
    console.error("clip processing failed", row.id, `attempt ${attempts}`, error);
    if (attempts >= CLIP_MAX_ATTEMPTS) {
      await fail(s, row, CLIP_MESSAGES.processingFailed);
      return { done: true };
    }
    return { done: false, retryAfterS: clipRetryDelayS(attempts) };
  }
}

/** How often a clip whose MP4 Stream is still making is asked about again. */
export const STREAM_CLIP_POLL_S = 30;
/** A clip Stream has not finished this long after it was asked for fails (nothing waits forever). */
export const STREAM_CLIP_MAX_WAIT_MS = 6 * 3600_000;
/** How long the signed URL the Worker copies a clip's MP4 from is valid. */
const STREAM_COPY_URL_TTL_MS = 10 * 60_000;

/**
 * A clip of Stream-held media (ADR 022), in two steps. First delivery: Stream's clip API cuts the source video on
 * whole seconds and the clip keeps the new video's uid (processing). Stream's webhook says when that video is ready
 * and sends the job again (the sweep does too if the webhook is lost): its MP4 is asked for, and once ready copied
 * into R2 at the clip's own key, so the clip routes (file, share, download) serve it as any other clip; Stream's copy
 * is then let go. A source Stream no longer has fails the clip at once; Stream refusing the cut or its MP4 fails it;
 * anything else is retried like the R2 path.
 */
async function processStreamClip(s: ProcessScope, existing: ClipRow, attempts: number): Promise<ClipJobOutcome> {
  const provider = s.video?.();
  if (!provider?.createClip || !provider.prepareDownload || !provider.fetchDownload) {
    // Stream was turned off since the clip was asked for: nothing can cut it.
    await fail(s, existing, CLIP_MESSAGES.processingFailed);
    return { done: true };
  }
  if (existing.streamUid === null) {
    const row = await repo.startProcessing(s.db, existing.channelId, existing.id, s.now());
    if (!row) return { done: true };
    try {
      const clip = await provider.createClip(row.sourceVideoUid!, { startS: row.startMs / 1000, endS: (row.startMs + row.durationMs) / 1000, name: row.name });
      await repo.setStreamUid(s.db, row.channelId, row.id, clip.uid, s.now());
      // Stream's webhook sends the job again once the clip's video is ready.
      return { done: true };
    } catch (error) {
      return streamFailure(s, row, error, attempts, true);
    }
  }

  const row = existing;
  const uid = row.streamUid!;
  try {
    const state = await provider.prepareDownload(uid);
    if (state.status === "failed") {
      console.error("Stream could not make the clip's MP4", row.id, uid);
      await fail(s, row, CLIP_MESSAGES.processingFailed);
      return { done: true };
    }
    if (state.status === "preparing") {
      if (s.now() - row.createdAt > STREAM_CLIP_MAX_WAIT_MS) {
        await fail(s, row, CLIP_MESSAGES.processingFailed);
        return { done: true };
      }
      await repo.setProgress(s.db, row.channelId, row.id, Math.max(10, Math.min(90, state.percent)), s.now());
      return { done: false, retryAfterS: STREAM_CLIP_POLL_S };
    }
    const file = await copyStreamFile(s, provider, row, uid);
    if (!(await repo.markReady(s.db, row.channelId, row.id, file, s.now()))) {
      const after = await repo.clipById(s.db, row.channelId, row.id);
      if (after?.deletedAt !== null) await s.bucket.delete([clipObjectKey(row, CLIP_FILE), clipObjectKey(row, CLIP_POSTER)]);
      return { done: true };
    }
    // The file is ours now: Stream's copy is let go (a failure only leaves it there).
    await provider.deleteUpload(uid, null).catch((error) => console.error("Stream clip video not deleted", uid, error));
    return { done: true };
  } catch (error) {
    return streamFailure(s, row, error, attempts, false);
  }
}

/** Copies the clip's ready MP4 from Stream into R2 at the clip's own key (streamed when Stream tells its length). */
async function copyStreamFile(s: ProcessScope, provider: VideoProvider, row: ClipRow, uid: string): Promise<{ key: string; size: number; posterKey: null }> {
  const res = await provider.fetchDownload!(uid, s.now() + STREAM_COPY_URL_TTL_MS);
  const length = Number(res.headers.get("content-length"));
  let size: number;
  let body: ReadableStream<Uint8Array>;
  if (Number.isSafeInteger(length) && length > 0) {
    size = length;
    body = res.body!.pipeThrough(new FixedLengthStream(size));
  } else {
    const bytes = new Uint8Array(await res.arrayBuffer());
    size = bytes.byteLength;
    body = new Response(bytes).body!.pipeThrough(new FixedLengthStream(size));
  }
  const key = clipObjectKey(row, CLIP_FILE);
  await s.bucket.put(key, body, {
    httpMetadata: { contentType: "video/mp4", cacheControl: "private, max-age=86400" },
    customMetadata: { clip: String(row.id), stream: uid },
  });
  return { key, size, posterKey: null };
}

/**
 * A Stream call that failed: a source Stream does not have fails the clip at once (source gone), as does Stream
 * refusing the cut itself (a 4xx other than 429); anything else is retried with backoff, then fails.
 */
async function streamFailure(s: ProcessScope, row: ClipRow, error: unknown, attempts: number, cutting: boolean): Promise<ClipJobOutcome> {
  const status = error instanceof VideoProviderError ? error.status : null;
  if (cutting && status === 404) {
    await fail(s, row, CLIP_MESSAGES.sourceGone);
    return { done: true };
  }
  console.error("Stream clip failed", row.id, `attempt ${attempts}`, error);
  const refused = cutting && status !== null && status >= 400 && status < 500 && status !== 429;
  if (refused || attempts >= CLIP_MAX_ATTEMPTS) {
    await fail(s, row, CLIP_MESSAGES.processingFailed);
    return { done: true };
  }
  return { done: false, retryAfterS: clipRetryDelayS(attempts) };
}

/** Fails the clip with its reason; a failed clip gives its clip back to the pass (the user's count follows). */
async function fail(s: ProcessScope, row: Pick<ClipRow, "channelId" | "id">, reason: string): Promise<void> {
  await repo.markFailed(s.db, row.channelId, row.id, reason, s.now());
  await repo.refreshClipCount(s.db, row.channelId, row.id);
}

/** A reader that remembers a missing file, so a gone source is told apart from a failing bucket. */
function watchingReader(inner: SegmentReader): SegmentReader & { missing: () => string | null } {
  let missing: string | null = null;
  return {
    async get(file) {
      const bytes = await inner.get(file);
      if (!bytes) missing ??= file;
      return bytes;
    },
    size: (file) => inner.size(file),
    missing: () => missing,
  };
}

async function buildClipFile(s: ProcessScope, row: ClipRow): Promise<{ key: string; size: number; posterKey: string | null }> {
  const info = await loadMediaInfo(s.bucket, row.asset, s.now());
  if (!info) throw new SourceGone(`media ${row.asset} is gone`);
  const reader = watchingReader(r2SegmentReader(s.bucket, row.asset));
  const built = await buildMp4({ info, reader, first: row.firstSegment, last: row.lastSegment });
  if (!built) throw new SourceGone(`media ${row.asset} has no init segments`);

  const key = clipObjectKey(row, CLIP_FILE);
  let size = built.size;
  try {
    let body = built.stream.pipeThrough(progressCounter(s, row, size));
    if (size === null) {
      // A size the listing does not know (a missing segment, or a reader without one): hold the clip (at most 5
      // minutes of media) to learn its length.
      const bytes = new Uint8Array(await new Response(body).arrayBuffer());
      size = bytes.byteLength;
      body = new Response(bytes).body!;
    }
    await s.bucket.put(key, body.pipeThrough(new FixedLengthStream(size)), {
      httpMetadata: { contentType: "video/mp4", cacheControl: "private, max-age=86400" },
      customMetadata: { clip: String(row.id), first: String(row.firstSegment), last: String(row.lastSegment) },
    });
  } catch (error) {
    if (reader.missing()) throw new SourceGone(`segment ${reader.missing()} is gone`);
    throw error;
  }
  return { key, size, posterKey: await copyPoster(s, row, info) };
}

/** Writes progress as the file streams, at most every quarter (one small UPDATE each). */
function progressCounter(s: ProcessScope, row: ClipRow, size: number | null): TransformStream<Uint8Array, Uint8Array> {
  let sent = 0;
  let reported = 0;
  return new TransformStream({
    async transform(chunk, controller) {
      sent += chunk.byteLength;
      const progress = size ? Math.min(99, Math.floor((sent / size) * 100)) : 0;
      if (progress - reported >= 25) {
        reported = progress;
        await repo.setProgress(s.db, row.channelId, row.id, progress, s.now());
      }
      controller.enqueue(chunk);
    },
  });
}

/**
 * The asset's frame at the middle of the clip, copied next to the file (the clip outlives its source): a full-size
 * frame where the asset has them (a broadcast's or an upload's, issue 28: a sharp share image), else its thumbnail.
 */
async function copyPoster(s: ProcessScope, row: ClipRow, info: MediaInfo): Promise<string | null> {
  const thumbs = info.frames ?? info.thumbnails;
  if (!thumbs) return null;
  const middleS = (row.startMs + row.durationMs / 2) / 1000;
  const index = thumbnailIndex(middleS, thumbs.interval_s, thumbs.count, info.segment_count * info.segment_duration_s);
  const source = await s.bucket.get(mediaObjectKey(row.asset, fillNumber(thumbs.template, index)));
  if (!source) return null;
  const key = clipObjectKey(row, CLIP_POSTER);
  await s.bucket.put(key, await source.arrayBuffer(), { httpMetadata: { contentType: "image/jpeg" } });
  return key;
}

/**
 * The scheduled sweep: a clip left queued or processing for CLIP_QUEUE_TIMEOUT_MS (its message lost, or its worker
 * stopped mid-build) gets its job again, or fails once it has used its attempts. Nothing waits forever.
 */
export async function sweepClips(s: ProcessScope, send: (job: { kind: "clip.process"; channelId: number; clipId: number }) => Promise<void>): Promise<{ resent: number; failed: number }> {
  const now = s.now();
  let resent = 0;
  let failed = 0;
  for (const clip of await repo.staleClips(s.db, now - CLIP_QUEUE_TIMEOUT_MS)) {
    if (clip.attempts >= CLIP_MAX_ATTEMPTS) {
      await fail(s, clip, CLIP_MESSAGES.processingFailed);
      failed++;
      continue;
    }
    await repo.touchClip(s.db, clip.channelId, clip.id, now);
    await send({ kind: "clip.process", channelId: clip.channelId, clipId: clip.id });
    resent++;
  }
  return { resent, failed };
}
