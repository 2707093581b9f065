// The clips contract (SPEC §3 Clip, §4 clip flow, §5 clip validation, §7 Clips calls, §9 "Clip creation up to 5
// minutes"), shared by the API and the web app. The form schema takes its messages as an argument: the API answers
// in the spec's English words, the cutter shows the same rules in the visitor's language.
import { z } from "zod";
import type { Event } from "./catalogue-types";

/** SPEC §9: a clip is at most 5 minutes long. */
export const CLIP_MAX_DURATION_S = 300;
export const CLIP_NAME_MAX_LENGTH = 100;
export const CLIP_TAGS_MAX = 5;
/** How long an unfinished clip may wait before the consumer gives up on it (SPEC §4 "queued (up to 5 minutes)"). */
export const CLIP_QUEUE_TIMEOUT_MS = 5 * 60_000;
/** Queue deliveries of one clip job before the clip is marked failed (wrangler.toml max_retries + 1). */
export const CLIP_MAX_ATTEMPTS = 4;

/** SPEC §5 clip messages word for word, and the other answers of the clip calls. */
export const CLIP_MESSAGES = {
  nameRequired: "Please fill in the input field.",
  nameTooLong: `Field length must be less than ${CLIP_NAME_MAX_LENGTH}`,
  tagRequired: "Please select tag",
  longerThanEnd: "Your clip duration is longer than the end time",
  maxDuration: "A clip can be at most 5 minutes long.",
  startOutside: "The clip must start within the video.",
  noSource: "Choose the event or the video to clip.",
  noCapability: "Your passes do not include clipping.",
  limitReached: "Clip limit reached",
  noDownload: "Your passes do not include clip downloads.",
  notReady: "This clip is not ready yet.",
  notStarted: "This event has not started yet.",
  sourceGone: "The video this clip was cut from is no longer available.",
  hosted: "Clips of this video cannot be cut yet.",
  processingFailed: "The clip could not be made. Please try again.",
} as const;
export type ClipMessageKey = keyof typeof CLIP_MESSAGES;

/** The messages the form schema speaks (the web passes them translated). */
export type ClipFormMessages = Pick<Record<ClipMessageKey, string>, "nameRequired" | "nameTooLong" | "tagRequired" | "maxDuration" | "startOutside" | "noSource">;

const int = z.coerce.number().int().positive();
/** Seconds, from a number or a numeric string (form posts); anything else is not a number. */
const seconds = (message: string) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v), z.number({ error: message }).finite({ error: message }));

/** A form may send one tag as a string, several as a list (or comma-separated). */
const tagList = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.split(",") : (v ?? [])),
    z
      .array(z.string({ error: message }).trim().toLowerCase(), { error: message })
      .transform((tags) => [...new Set(tags.filter(Boolean))])
      .pipe(z.array(z.string().regex(/^[a-z0-9-]{1,32}$/, message)).min(1, message).max(CLIP_TAGS_MAX, message)),
  );

/**
 * POST /clip (SPEC §7: event_id, name, start_time, duration, tags, event_media_id). `event_media_id` names a library
 * video (VOD item) the clip is cut from; without it the clip is cut from the event's own recording or live stream.
 * Times are seconds on the source's timeline (0 = the event's start). "Longer than the end time" needs the source,
 * so the API checks it after this schema.
 */
export function clipSchema(m: ClipFormMessages = CLIP_MESSAGES) {
  return z
    .object({
      event_id: z.preprocess((v) => (v === "" || v === null ? undefined : v), int.optional()),
      event_media_id: z.preprocess((v) => (v === "" || v === null ? undefined : v), int.optional()),
      name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(CLIP_NAME_MAX_LENGTH, m.nameTooLong),
      start_time: seconds(m.startOutside).pipe(z.number().min(0, m.startOutside)),
      duration: seconds(m.maxDuration).pipe(z.number().gt(0, m.maxDuration).max(CLIP_MAX_DURATION_S, m.maxDuration)),
      tags: tagList(m.tagRequired),
    })
    .refine((v) => v.event_id !== undefined || v.event_media_id !== undefined, { message: m.noSource, path: ["event_id"] });
}
export type ClipInput = z.output<ReturnType<typeof clipSchema>>;

export const CLIP_STATUSES = ["queued", "processing", "ready", "failed"] as const;
export type ClipStatus = (typeof CLIP_STATUSES)[number];

/** GET /clips/user: the user's clips, newest first, optionally of one event or library video, or in one state. */
export const clipsQuerySchema = z.object({
  event_id: int.optional(),
  event_media_id: int.optional(),
  status: z.enum(CLIP_STATUSES).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(24),
  lang: z.enum(["en", "fr"]).optional(),
});

/** GET /events/with_clip. */
export const withClipQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  lang: z.enum(["en", "fr"]).optional(),
});

/** GET /shared-clip/{id}?uuid=: the unguessable half of a share link. */
export const sharedClipQuerySchema = z.object({
  uuid: z.string().regex(/^[0-9a-f-]{36}$/i),
  lang: z.enum(["en", "fr"]).optional(),
});

// ---- What the API answers ----------------------------------------------------------------------------------

/** A signed media URL and when it stops working (renew by asking again). */
export interface SignedUrl {
  url: string;
  expires_at: string;
}

export interface Clip {
  id: number;
  /** With the id, the share link: /share/{id}/{uuid}. */
  uuid: string;
  name: string;
  tags: string[];
  /** Seconds on the source's timeline, on its segment boundaries (what the file holds). */
  start_time: number;
  duration: number;
  /** What was asked, before the cut snapped to the segments. */
  requested: { start_time: number; duration: number };
  event_id: number | null;
  event_media_id: number | null;
  /** The library video's title, or the event's own name; null for an event known by its teams. */
  source_title: string | null;
  status: ClipStatus;
  /** 0–100 while processing; 100 when ready. */
  progress: number;
  failure_reason: string | null;
  created_at: string;
  ready_at: string | null;
  /** The instant preview (SPEC: two-phase clips): a DASH manifest over the source's own segments, from queued on. */
  preview: SignedUrl | null;
  /** The MP4 file (Range and ETag), once ready. */
  file: (SignedUrl & { size: number }) | null;
  /** A frame of the clip (JPEG), once ready. */
  poster: SignedUrl | null;
  /** Whether GET /clip/download/{id} would give this user the file (ready and the `download_clip` capability). */
  can_download: boolean;
}

/** An event of GET /events/with_clip: the event as /events answers it, and how many clips the user has of it. */
export type EventWithClips = Event & { clips_count: number };

/** GET /shared-clip/{id}: what anyone with the link sees. */
export interface SharedClip {
  id: number;
  uuid: string;
  name: string;
  tags: string[];
  duration: number;
  event_id: number | null;
  event_media_id: number | null;
  source_title: string | null;
  created_at: string;
  file: SignedUrl & { size: number };
  poster: SignedUrl | null;
  /** A 1200×630 PNG of the poster frame with the channel's branding (issue 28): what a shared link's card shows. Stable. */
  share_image: string;
  /** A key play's clip (issue 27): its tap's id, among the event's key plays (GET /events/{id}/key-plays); else null. */
  key_play_id: string | null;
}

/** GET /clip/download/{id}: a short-lived URL that answers the MP4 as an attachment. */
export interface ClipDownload extends SignedUrl {
  filename: string;
}

/** `hosted`: a Stream live input's stream, which Stream cannot clip until its recording is ready (ADR 022). */
export type ClipRefusal = "login" | "capability" | "limit" | "upcoming" | "hosted";

/**
 * Whether this viewer may cut a clip of this item now, and if not why: the verdict the web renders (it restates no
 * rule). `covering_passes` lists the ids of passes on sale that would allow it (capability or limit refusals).
 */
export interface ClipVerdict {
  can_clip: boolean;
  reason: ClipRefusal | null;
  /** Clips left on the viewer's active passes (SPEC §6: limits are per pass). */
  remaining: number;
  max_duration_s: number;
  /** Cuts snap to these (the source's segments). */
  segment_duration_s: number;
  covering_passes: number[];
}

/**
 * Thumbnails along an item's timeline, one every `interval_s`: `url` names frame n = floor(seconds / interval_s) with
 * `{n}` (our own media's numbered files) or `{s}`, its second n × interval_s (a provider that makes a frame at any time).
 */
export interface Thumbnails {
  interval_s: number;
  url: string;
  width: number;
  height: number;
}

/** The URL of frame `n` of the thumbnails. */
export const thumbnailFrameUrl = (thumbnails: Thumbnails, n: number): string =>
  thumbnails.url.replaceAll("{n}", String(n)).replaceAll("{s}", String(n * thumbnails.interval_s));
