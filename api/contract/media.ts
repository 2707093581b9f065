// The playback and media contract (issue 5): what POST /events/{id}/playback answers, and the messages of refusals.
import { z } from "zod";
import type { ClipVerdict, Thumbnails } from "./clips";
import type { StreamGrant } from "./streams";

export const PLAYBACK_MESSAGES = {
  geo: "We're sorry, but this content is not available in your region.",
  login: "Log in or register to watch this event.",
  purchase: "Purchase access to watch this event.",
  upcoming: "This event has not started yet.",
  /** Live by its schedule, but no picture yet (no encoder, or its first segments not written): the slate. */
  waiting: "The broadcast will start soon.",
  /** An encoder's broadcast that stopped arriving mid-game: the page says so and waits for it to resume. */
  interrupted: "The broadcast was interrupted. It will resume here.",
  noMedia: "This event has no video.",
  badToken: "The media link is invalid or has expired.",
} as const;

/**
 * Where the grant's token sits in its media URLs: `?token=` on our own media; the first path segment on the
 * provider's host for media Cloudflare Stream holds (its signed URLs). A renewal puts the new token in the same place.
 */
export type TokenPlace = "query" | "path";

export interface Playback {
  /** Absolute URLs of the event's manifests, each carrying the token. */
  dash: string;
  hls: string;
  /**
   * The manifest to play instead of `dash` when present: a Stream live input's low-latency HLS (issue 26). Our own
   * live DASH is low-latency itself, so it is null for it.
   */
  low_latency: string | null;
  token: string;
  token_place: TokenPlace;
  /** ISO 8601: renew (call playback again) before then. */
  expires_at: string;
  poster: string | null;
  /** The preroll to play first (SPEC §4: per user and event, suppressed for a while after one plays), or null. */
  preroll: PrerollGrant | null;
  /** Present when this viewer may download this item now (a finished event, the `download` capability). */
  download: DownloadAllowance | null;
  /** Whether this viewer may cut a clip of it now, and if not why (issue 11). */
  clip: ClipVerdict;
  /** Frames along the timeline, for the clip cutter (and a seek preview); null when the media has none. */
  thumbnails: Thumbnails | null;
  /** Present when this stream counts against the passes' simultaneous-logins limit: the player sends heartbeats. */
  stream: StreamGrant | null;
}

export interface PrerollGrant {
  id: number;
  /** A playable progressive MP4 URL (signed when it is our own media). */
  url: string;
  /** Seconds before the Skip button appears (channel setting `prerolls.skip_after_s`). */
  skip_after_s: number;
}

export interface DownloadAllowance {
  /** Downloads left on the viewer's active passes (SPEC §6: limits are per pass). */
  remaining: number;
  /** Seconds of the event the file holds: the whole event, or its first 3 hours when it is longer. */
  covers_s: number;
  /** The event's length in seconds. */
  duration_s: number;
}

/** POST download-event/{id}: one download taken; the URL streams the MP4 for a few minutes. */
export interface DownloadTicket {
  url: string;
  expires_at: string;
  remaining: number;
}

export interface PlaybackDenied {
  message: string;
  reason: "geo" | "login" | "purchase";
}

/** `?token=` on every media URL. */
export const mediaTokenQuerySchema = z.object({ token: z.string().min(1).max(1024).optional() });

export const eventFileParamSchema = z.object({
  id: z.coerce.number().int().positive(),
  file: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/),
});
