// Which media source serves an event or a library video (ADR 022), in one place for the playback grants and the
// downloads: our R2 asset (the demo loop, the local ingest's packaging), or a video Cloudflare Stream holds (a live
// input while its stream lasts, then its recording; an upload). With Stream off nothing is queried: R2 as before.
import type { Db } from "../../db/client";
import { eventInputQuery, uploadOfMediaQuery } from "../../db/repos/video-sources";
import { usesStream, videoProvider, videoSettings, VideoProviderError, type DownloadState, type SignedPlayback } from "../../providers/video";
import type { LiveInputStatus, UploadStatus, VideoProviderName } from "../../contract/video";
import type { MediaInfo } from "../livesim";
import { ASSET_NAME, loadMediaInfo } from "../media-asset";
import { viaProvider } from "./live-inputs";

export type MediaSource =
  | { kind: "r2"; asset: string }
  /** `live`: a live input's stream (no file yet); otherwise a finished video (a recording or an upload). */
  | { kind: "stream"; uid: string; live: boolean };

export interface InputRef {
  provider: VideoProviderName;
  uid: string;
  status: LiveInputStatus;
  /** When an encoder first connected (from Stream's notifications), or null. */
  startedAt: number | null;
  recordingUid: string | null;
}

export interface UploadRef {
  provider: VideoProviderName;
  uid: string;
  status: UploadStatus;
}

/** A source ready to play: our asset with its media.json, or the provider's video. */
export type PlayableMedia = { kind: "r2"; asset: string; info: MediaInfo } | Extract<MediaSource, { kind: "stream" }>;

const r2 = (mediaKey: string | null): MediaSource | null => (mediaKey && ASSET_NAME.test(mediaKey) ? { kind: "r2", asset: mediaKey } : null);

/**
 * An event with a Stream input plays the input from the first time an encoder connects until the stream ends, then
 * the recording. Before an encoder connects it plays its own asset (the looped demo), as without an input. Knowing
 * when an encoder connects needs Stream's live notifications (`connectionsKnown`: routes/video-notifications.ts);
 * without them an input not yet ended is taken as the event's stream. A stream that ended without a recording, or an
 * input of another provider, leaves the event's own asset.
 */
export function eventSourceRule(mediaKey: string | null, input: InputRef | undefined, streamOn: boolean, connectionsKnown = false): MediaSource | null {
  if (streamOn && input?.provider === "cloudflare") {
    const sending = input.status !== "ended" && (!connectionsKnown || input.startedAt !== null);
    if (sending) return { kind: "stream", uid: input.uid, live: true };
    if (input.recordingUid) return { kind: "stream", uid: input.recordingUid, live: false };
  }
  return r2(mediaKey);
}

/**
 * How far behind real time an encoder's broadcast may fall before viewers are told it is interrupted (issue 26): the
 * ingest reports every segment it stores, so a connected broadcast whose last segment is older than this has stopped
 * arriving (an ingest that crashed, an encoder cut off without a goodbye, an ingest that cannot keep up), and a
 * player would only wait on segments that do not exist.
 */
export const STALLED_AFTER_MS = 15_000;

/** Whether a connected broadcast of `segmentMs` segments has stopped arriving by `now`. */
export function broadcastStalled(input: { status: InputRef["status"]; startedAt: number | null; segmentCount: number }, segmentMs: number, now: number): boolean {
  // An encoder that dropped is away now, whatever its last segment's age.
  if (input.status === "reconnecting") return true;
  if (input.status !== "connected" || input.startedAt === null) return false;
  return now - (input.startedAt + input.segmentCount * segmentMs) > STALLED_AFTER_MS;
}

/** Our encoder's broadcast (an asset still being written) that has stopped arriving: the page shows "interrupted". */
export async function liveAssetStalled(s: SourceScope, eventId: number, media: PlayableMedia, now: number): Promise<boolean> {
  if (media.kind !== "r2" || !media.info.live) return false;
  const input = await eventInputQuery(s.db, s.channelId, eventId).get();
  return input ? broadcastStalled(input, media.info.segment_duration_s * 1000, now) : false;
}

/** A library video made from a ready Stream upload plays Stream's video; any other plays its asset. */
export function vodSourceRule(mediaKey: string | null, upload: UploadRef | undefined, streamOn: boolean): MediaSource | null {
  if (streamOn && upload?.provider === "cloudflare" && upload.status === "ready") return { kind: "stream", uid: upload.uid, live: false };
  return r2(mediaKey);
}

export interface SourceScope {
  db: Db;
  env: Env;
  channelId: number;
}

const streamOn = (env: Env) => usesStream(videoSettings(env));

export async function eventMediaSource(s: SourceScope, event: { id: number; mediaKey: string | null }): Promise<MediaSource | null> {
  const on = streamOn(s.env);
  const input = on ? await eventInputQuery(s.db, s.channelId, event.id).get() : undefined;
  return eventSourceRule(event.mediaKey, input, on, Boolean(videoSettings(s.env).CLOUDFLARE_STREAM_NOTIFICATION_SECRET));
}

export async function vodMediaSource(s: SourceScope, item: { mediaKey: string | null }): Promise<MediaSource | null> {
  const on = streamOn(s.env) && item.mediaKey !== null;
  const upload = on ? await uploadOfMediaQuery(s.db, s.channelId, item.mediaKey!).get() : undefined;
  return vodSourceRule(item.mediaKey, upload, on);
}

/** The source with what playing it needs; null when there is none, or our asset is not in R2. */
export async function playable(bucket: R2Bucket, source: MediaSource | null, now: number): Promise<PlayableMedia | null> {
  if (!source || source.kind === "stream") return source;
  const info = await loadMediaInfo(bucket, source.asset, now);
  return info ? { ...source, info } : null;
}

/** The provider that holds hosted media, or a clear 502 when it cannot sign (a configuration that changed since). */
function hostingProvider(s: SourceScope) {
  const provider = videoProvider(s.env, s.db);
  if (!provider.hostsPlayback) throw new VideoProviderError(`${provider.name} does not host playback`);
  return provider;
}

/** Stream's signed URLs of a hosted source, valid until `expiresAt`; a provider failure is a 502 in clear words. */
export function hostedPlayback(s: SourceScope, uid: string, expiresAt: number): Promise<SignedPlayback> {
  return viaProvider(
    (async () => {
      const provider = hostingProvider(s);
      if (!provider.signedPlayback) throw new VideoProviderError(`${provider.name} signs no playback`);
      return provider.signedPlayback(uid, expiresAt);
    })(),
  );
}

/**
 * The part of a playback grant that names a hosted video: its signed URLs, whose token sits in the URL's path, and its
 * timeline's frames (a renewed grant's come with its new token).
 */
export function hostedGrantUrls(signed: SignedPlayback, expiresAt: number, live = false) {
  return {
    dash: signed.dash,
    hls: signed.hls,
    // A live input plays Stream's low-latency HLS (issue 26); its recording and uploads the usual manifests.
    low_latency: live ? signed.lowLatencyHls : null,
    token: signed.token,
    token_place: "path" as const,
    expires_at: new Date(expiresAt).toISOString(),
    thumbnails: signed.thumbnails,
  };
}

/** Asks the provider for a hosted video's MP4 and answers its state. */
export function hostedDownloadState(s: SourceScope, uid: string): Promise<DownloadState> {
  return viaProvider(
    (async () => {
      const provider = hostingProvider(s);
      if (!provider.prepareDownload) throw new VideoProviderError(`${provider.name} makes no downloads`);
      return provider.prepareDownload(uid);
    })(),
  );
}

/** The signed URL of a hosted video's ready MP4. */
export function hostedDownloadUrl(s: SourceScope, uid: string, expiresAt: number, fileName: string): Promise<string> {
  return viaProvider(
    (async () => {
      const provider = hostingProvider(s);
      if (!provider.signedDownload) throw new VideoProviderError(`${provider.name} makes no downloads`);
      return provider.signedDownload(uid, expiresAt, fileName);
    })(),
  );
}
