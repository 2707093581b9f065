// The playback and media contract (issue 5): what POST /events/{id}/playback answers, and the messages of refusals.
import { z } from "zod";

export const PLAYBACK_MESSAGES = {
  geo: "We're sorry, but this content is not available in your region.",
  login: "Log in or register to watch this event.",
  purchase: "Purchase access to watch this event.",
  upcoming: "This event has not started yet.",
  noMedia: "This event has no video.",
  badToken: "The media link is invalid or has expired.",
} as const;

export interface Playback {
  /** Absolute URLs of the event's manifests, each carrying the token. */
  dash: string;
  hls: string;
  token: string;
  /** ISO 8601: renew (call playback again) before then. */
  expires_at: string;
  poster: string | null;
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
