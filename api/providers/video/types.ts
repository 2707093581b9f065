// The video provider (issue 16): where encoders send live video and where uploads are packaged. Cloudflare Stream in
// production (called with fetch, cloudflare-stream.ts); locally a stand-in whose packaging is done by the ingest
// process (scripts/ingest-local.ts) into the same R2 layout as the demo media (local.ts). Like the payment provider,
// one interface, chosen by configuration (index.ts).
import type { Thumbnails } from "../../contract/clips";
import type { VideoProviderName } from "../../contract/video";

export interface NewLiveInput {
  /** The provider's id of the input. */
  uid: string;
  /** The RTMP(S) server URL an encoder takes; the key goes beside it. */
  ingestUrl: string;
  streamKey: string;
  /** SRT, where the provider offers it (with its stream id and passphrase in the URL). */
  srtUrl: string | null;
}

/** The provider's word on an input: streaming now, or not. */
export interface LiveInputState {
  connected: boolean;
}

export interface NewUpload {
  uid: string;
  /** Where the bytes wait for packaging (local: an R2 key); null when the provider holds them. */
  sourceKey: string | null;
  /** uploaded: waiting for the local ingest; processing: the provider has it. */
  status: "uploaded" | "processing";
}

/** A resumable direct upload made: the browser sends the bytes to `uploadUrl` with tus, never through the Worker. */
export interface NewDirectUpload {
  uid: string;
  /** The one-time tus URL (Stream's, or our local stand-in's with an unguessable token in it). */
  uploadUrl: string;
  /** Where the bytes end up for packaging (local: an R2 key); null when the provider holds them. */
  sourceKey: string | null;
  /** The size of every tus PATCH but the last. */
  chunkBytes: number;
  /** When the URL stops taking bytes (ms), where the provider says; null when it does not. */
  expiresAt: number | null;
}

export interface DirectUploadOptions {
  /** The video's name at the provider. */
  name: string;
  fileName: string;
  /** The file's exact size: tus's Upload-Length. */
  bytes: number;
  /** The origin the browser reaches this API at (the local tus endpoint is there). */
  origin: string;
  /** The request's clock (ms). */
  now: number;
}

export interface UploadState {
  status: "processing" | "ready" | "failed";
  durationS: number | null;
  error: string | null;
}

/** Playback URLs the provider signs (hosted media), valid until `expiresAt`. */
export interface SignedPlayback {
  dash: string;
  hls: string;
  /** The low-latency manifest of a live input made for it (Stream's LL-HLS, issue 26). */
  lowLatencyHls: string;
  /** The signed token, the first path segment of every URL of the stream (a renewal swaps it). */
  token: string;
  /** A frame of the video, signed the same way. */
  poster: string;
  /** Frames along the timeline for the seek preview and the clip cutter, signed the same way. */
  thumbnails: Thumbnails;
}

/** A hosted video's MP4 download: being made, ready to fetch, or failed at the provider. */
export interface DownloadState {
  status: "preparing" | "ready" | "failed";
  percent: number;
}

/** A verified notification from the provider. */
export type VideoWebhookEvent =
  | { kind: "video.ready"; uid: string; liveInputUid: string | null; durationS: number | null }
  | { kind: "video.failed"; uid: string; liveInputUid: string | null; error: string }
  | { kind: "video.processing"; uid: string };

export interface VideoProvider {
  readonly name: VideoProviderName;
  /** True when the provider serves playback itself (Stream); false when media lands in our R2 (local). */
  readonly hostsPlayback: boolean;
  /** `reconnectGraceS`: how long a stopped encoder may take to come back before the recording goes on demand. */
  createLiveInput(options: { name: string; reconnectGraceS: number }): Promise<NewLiveInput>;
  /** null: the provider keeps no state of its own (local: the ingest process reports to D1). */
  getLiveInput(uid: string): Promise<LiveInputState | null>;
  deleteLiveInput(uid: string): Promise<void>;
  createUpload(file: File, options: { name: string }): Promise<NewUpload>;
  /** Lets go of an upload that will not be packaged (waiting for bytes, or failed): its bytes and any open transfer. */
  deleteUpload(uid: string, sourceKey: string | null): Promise<void>;
  /** A resumable upload the browser sends itself (tus), for files past the Worker's request limit. */
  createDirectUpload(options: DirectUploadOptions): Promise<NewDirectUpload>;
  /** null: nothing to ask (local: the ingest process reports to D1). */
  getUpload(uid: string): Promise<UploadState | null>;
  /** Signed playback URLs, for a provider that hosts playback (hostsPlayback); local media is served from R2. */
  signedPlayback?(uid: string, expiresAt: number): Promise<SignedPlayback>;
  /** Hosted media: asks for the video's MP4 (idempotent) and answers its state; local downloads are built from R2. */
  prepareDownload?(uid: string): Promise<DownloadState>;
  /** Hosted media: the signed URL of the video's ready MP4, saved under `fileName`. */
  signedDownload?(uid: string, expiresAt: number, fileName: string): Promise<string>;
  /** Hosted media: the ready MP4 itself (its signed URL fetched), for the Worker to copy into R2 (clips). */
  fetchDownload?(uid: string, expiresAt: number): Promise<Response>;
  /**
   * Hosted media: a new video cut from `uid` between two times (Stream's clip API); it is ready when the webhook says
   * so, and the clip job then copies its MP4 into R2 (services/clips/process.ts).
   */
  createClip?(uid: string, cut: { startS: number; endS: number; name: string }): Promise<{ uid: string }>;
  /** The notification in a webhook request, or null when its signature is missing, wrong or stale. */
  verifyWebhook(body: string, headers: Headers, now: number): Promise<VideoWebhookEvent | null>;
}

/** A provider call that failed (network, 5xx, an unexpected answer): the console says so without a 500. */
export class VideoProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "VideoProviderError";
  }
}
