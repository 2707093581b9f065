// Live inputs and uploaded videos (issue 16, "Going live from an encoder"): the wire shapes and messages of the
// console's video calls and of the local ingest process, shared by the API, the web console and scripts/ingest-local.ts.
import { z } from "zod";
import { CONSOLE_MESSAGES } from "./console-messages";
import type { ScoringSport } from "./scores";

export const VIDEO_MESSAGES = {
  eventOver: "This event is over: a live input can only be made for an upcoming or live event.",
  inputExists: "This event already has a live input.",
  noInput: "This event has no live input.",
  inputLive: "The encoder is still streaming to this input. Stop the stream first.",
  notBroadcasting: "Nothing is being broadcast on this input.",
  endInEncoder: "Stop the stream in your encoder: the event ends when Stream says the stream is over.",
  titleRequired: "Field is required",
  titleTooLong: "Field length must be less than 120",
  fileRequired: "Choose a video file to upload.",
  providerFailed: "The video service did not answer. Please try again in a moment.",
  badIngestSecret: "The ingest secret is missing or wrong.",
  notLocal: "This input is not served by the local ingest.",
  badSignature: "The webhook signature is missing or wrong.",
  badNotificationSecret: "The notification secret is missing or wrong.",
  uploadBusy: "This video is being packaged or is in the library: it cannot be removed here.",
  uploadAbandoned: "The upload was not finished within 24 hours.",
  uploadNotWaiting: "This upload is no longer waiting for its file.",
} as const;

export const VIDEO_PROVIDERS = ["local", "cloudflare"] as const;
export type VideoProviderName = (typeof VIDEO_PROVIDERS)[number];
/** `reconnecting`: the encoder dropped and may come back within the channel's grace period (issue 26). */
export const LIVE_INPUT_STATUSES = ["idle", "connected", "reconnecting", "ended"] as const;
export type LiveInputStatus = (typeof LIVE_INPUT_STATUSES)[number];
/** waiting: a direct upload made, its bytes not all sent yet (they go from the browser to the provider or the local tus). */
export const UPLOAD_STATUSES = ["waiting", "uploaded", "processing", "ready", "failed"] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** Upload limits: the local ingest packages anything ffmpeg reads; these are the containers the form offers. */
/** A Worker takes request bodies up to 100 MB (Free and Pro plans); larger files need the provider's direct upload. */
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const VIDEO_TYPES = ["video/mp4", "video/quicktime", "video/webm", "video/x-matroska"] as const;
export const VIDEO_EXTENSIONS = [".mp4", ".mov", ".webm", ".mkv"] as const;
/** A direct upload (tus, from the browser to the provider) does not pass through the Worker: a game film fits. */
export const VIDEO_DIRECT_MAX_BYTES = 30 * 1024 * 1024 * 1024;
/**
 * The local tus endpoint's chunk: every PATCH but the last carries exactly this much, since each becomes one part of an
 * R2 multipart upload (parts are at least 5 MiB, all the same size but the last).
 */
export const LOCAL_TUS_CHUNK_BYTES = 5 * 1024 * 1024;
/** Stream's tus chunks: at least 5 MiB and a multiple of 256 KiB; Cloudflare suggests 50 MB on a good line. */
export const STREAM_TUS_CHUNK_BYTES = 50 * 1024 * 1024;

/** A file's problem in the form's words (CONSOLE_MESSAGES), or null: a container we package, within `maxBytes`. */
export function videoFileProblem(file: { name: string; type: string; size: number }, maxBytes: number): string | null {
  if (file.size <= 0) return VIDEO_MESSAGES.fileRequired;
  const name = file.name.toLowerCase();
  const generic = file.type === "" || file.type === "application/octet-stream";
  const typeOk = (VIDEO_TYPES as readonly string[]).includes(file.type) || (generic && VIDEO_EXTENSIONS.some((e) => name.endsWith(e)));
  if (!typeOk) return CONSOLE_MESSAGES.videoType;
  if (file.size > maxBytes) return maxBytes >= VIDEO_DIRECT_MAX_BYTES ? CONSOLE_MESSAGES.videoTooLargeDirect : CONSOLE_MESSAGES.videoTooLarge;
  return null;
}

/** A live input as its owner sees it: where the encoder sends, and what it is doing. */
export interface LiveInput {
  id: number;
  event_id: number;
  provider: VideoProviderName;
  status: LiveInputStatus;
  /** The server URL an encoder (OBS…) takes, and the stream key it takes separately. */
  rtmp_url: string;
  stream_key: string;
  /** The server URL with the key: what ffmpeg takes. */
  publish_url: string;
  srt_url: string | null;
  segment_count: number;
  started_at: string | null;
  ended_at: string | null;
  created_at: string;
  /** When the encoder dropped, while it may still come back (`reconnecting`). */
  dropped_at: string | null;
  /** The breaks in the broadcast: where in the recording (seconds) and how long the encoder was away. */
  gaps: LiveGap[];
  /** What the encoder sends, while it does (the local ingest reads it). */
  encoder: EncoderInfo | null;
  /** When an encoder last tried to publish with a wrong stream key, since the last connection (issue 29); else null. */
  refused_at: string | null;
}

export interface LiveGap {
  at_s: number;
  gap_s: number;
}

/** An event in the console's live list, with its input if it has one. */
export interface LiveEventRow {
  id: number;
  /** The event's key in the channel's definition, as the console's events list names it. */
  key: string;
  name: string;
  starts_at: string;
  ends_at: string;
  stream_status: "upcoming" | "live" | "finished";
  input: LiveInput | null;
  /** The sport whose scoring rules its score page keeps (issue 27); null when its sport has none (no score page). */
  scoring: ScoringSport | null;
}

export interface MediaUpload {
  id: number;
  provider: VideoProviderName;
  status: UploadStatus;
  title: Record<string, string>;
  media_key: string;
  vod_key: string;
  error: string | null;
  created_at: string;
  updated_at: string;
  /**
   * A direct upload still waiting for its bytes: where to send them and the file it was made for, so the console can
   * carry on after a reload with the same file (tus asks the target for its offset). Null otherwise.
   */
  resume: DirectUploadTarget | null;
}

/** Where a direct upload's bytes go (tus: HEAD, then PATCH in chunks of `chunk_bytes`), and the file they are. */
export interface DirectUploadTarget {
  upload_url: string;
  chunk_bytes: number;
  file_name: string;
  file_size: number;
}

const title = z.string().trim().min(1, VIDEO_MESSAGES.titleRequired).max(120, VIDEO_MESSAGES.titleTooLong);
/** The text fields of an upload form (the file travels beside them). */
export const uploadFieldsSchema = z.object({
  title_en: title,
  title_fr: z.union([title, z.literal("").transform(() => undefined)]).optional(),
});

/** A direct upload's request: the titles and what the browser says of the file (the bytes go to `upload_url`). */
export const directUploadSchema = uploadFieldsSchema.extend({
  file_name: z.string({ error: VIDEO_MESSAGES.fileRequired }).trim().min(1, VIDEO_MESSAGES.fileRequired).max(255, "Field length must be less than 255"),
  file_size: z.coerce.number({ error: VIDEO_MESSAGES.fileRequired }).int().min(1, VIDEO_MESSAGES.fileRequired),
  file_type: z.string().trim().max(100).default(""),
});
export type DirectUploadRequest = z.output<typeof directUploadSchema>;

/** A direct upload made: send the file there with tus (HEAD, PATCH), in chunks of `chunk_bytes`. */
export interface DirectUpload {
  upload: MediaUpload;
  upload_url: string;
  chunk_bytes: number;
}

// The local ingest process's reports (scripts/ingest-local.ts), per live input or upload.
/** What an encoder sends, as the ingest read it, and how far the packaging trails it (seconds). */
export const encoderInfoSchema = z.object({
  video_codec: z.string().max(20).nullable(),
  width: z.number().int().min(1).max(10_000).nullable(),
  height: z.number().int().min(1).max(10_000).nullable(),
  fps: z.number().min(0).max(1000).nullable(),
  video_kbps: z.number().int().min(0).max(1_000_000).nullable(),
  audio_codec: z.string().max(20).nullable(),
  audio_hz: z.number().int().min(0).max(1_000_000).nullable(),
  behind_s: z.number().min(0).max(86_400),
});

export const ingestProgressSchema = z.object({
  /** Complete segments in R2 so far (every stream has them). */
  segment_count: z.number().int().min(0).max(1_000_000),
  /** `dropped`: the encoder went away; the ingest listens for it again during the grace period. */
  status: z.enum(["connected", "dropped", "ended"]),
  /**
   * How long ago (ms) the picture's time 0 was sent by the encoder, as the ingest saw the chunks arrive: the first
   * report sets the broadcast's start from it, so a low-latency player's clock matches the encoder's. Without it the
   * start is counted back from the complete segments.
   */
  elapsed_ms: z.number().int().min(0).max(86_400_000).optional(),
  encoder: encoderInfoSchema.optional(),
});
export type IngestProgress = z.input<typeof ingestProgressSchema>;
export type EncoderInfo = z.infer<typeof encoderInfoSchema>;
/** Seconds the packaging may fall behind the encoder before the console warns (issue 26). */
export const BEHIND_WARN_S = 3;
export const uploadProgressSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("processing") }),
  z.object({ status: z.literal("ready"), duration_s: z.number().positive().max(86_400) }),
  z.object({ status: z.literal("failed"), error: z.string().trim().min(1).max(500) }),
]);

/** What the local ingest works on: inputs waiting for an encoder, and uploads waiting to be packaged. */
export interface IngestWork {
  inputs: { uid: string; channel: string; port: number; stream_key: string; media_key: string; status: LiveInputStatus; segment_count: number; reconnect_grace_s: number }[];
  uploads: { uid: string; channel: string; source_key: string; media_key: string }[];
}

/**
 * A Cloudflare Notifications "Stream Live Input" webhook: an encoder connected to, disconnected from, or errored on a
 * live input. Other notification types share the URL format and are acknowledged without effect.
 */
export const STREAM_LIVE_EVENT_TYPES = ["live_input.connected", "live_input.disconnected", "live_input.errored"] as const;
export const streamLiveNotificationSchema = z.object({
  data: z
    .object({
      input_id: z.string().trim().min(1).max(64),
      event_type: z.string().trim().min(1).max(64),
      updated_at: z.string().max(64).optional(),
    })
    .passthrough()
    // The destination's "Save and Test" message carries only a text: acknowledged without effect.
    .optional(),
  ts: z.number().int().positive().optional(),
});
export type StreamLiveNotification = z.infer<typeof streamLiveNotificationSchema>;
