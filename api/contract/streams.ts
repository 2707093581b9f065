// Concurrent streams (issue 13, SPEC §6 "a simultaneous-logins limit per pass", DESIGN "Sessions and auth"): the
// streams an account plays at once are counted per signed-in device (session), against the limit of the passes
// that grant them. Shared by the API and the web app.
import { z } from "zod";
import type { DeviceName } from "./sessions";

/**
 * A stream that has not confirmed for this long is over (a closed tab, a TV switched off): at least this, because
 * browsers slow the timers of hidden tabs to one a minute. How often the player confirms is the channel's setting
 * `streams.heartbeat_s`.
 */
export const STREAM_TTL_MS = 150_000;
/** A stream is over once it has missed five heartbeats at its channel's interval, and never sooner than STREAM_TTL_MS. */
export const streamTtlMs = (heartbeatS: number) => Math.max(STREAM_TTL_MS, 5 * heartbeatS * 1000);
/**
 * A stream stopped from another device stays known as stopped this long, so its player is told why at its next
 * heartbeat (a heartbeat that finds nothing is only told to ask again).
 */
export const STREAM_STOPPED_KEEP_MS = 30 * 60_000;

export const STREAM_MESSAGES = {
  limit: (limit: number) =>
    `Your pass allows ${limit} simultaneous ${limit === 1 ? "stream" : "streams"}. Stop a stream on another device to watch here.`,
  stopped: "Playback stopped because another device on your account started watching.",
  expired: "This stream has ended. Ask for playback again.",
  notFound: "This stream has already ended.",
} as const;

/** One stream of the account, as its other devices see it. */
export interface StreamInfo {
  /** The stream's id: the device's session, so a device plays one counted stream whatever it opens. */
  id: number;
  /** The kind of device that signed in (web, tv…). */
  device: string;
  /** Its name, in parts, as every list names it (sessions.ts `deviceName`). */
  name: DeviceName;
  /** What the device's user agent names (sessions.ts parseUserAgent), each null when unknown. */
  browser: string | null;
  os: string | null;
  /** What it plays, in the call's language. */
  title: string;
  started_at: string;
  /** True for the caller's own stream. */
  current: boolean;
}

/** The 403 body of a playback refused because the account already plays as many streams as its passes allow. */
export interface StreamLimitDenied {
  message: string;
  reason: "streams";
  limit: number;
  /** The account's other streams, any of which the caller may stop (POST streams/{id}/stop). */
  streams: StreamInfo[];
}

/** What a grant says about its stream: null when nothing counts it (free items, no limit on the passes). */
export interface StreamGrant {
  heartbeat_s: number;
}

/** POST streams/heartbeat's 409: the stream was stopped from another device, or is over and must be granted again. */
export interface StreamEnded {
  message: string;
  reason: "stopped" | "expired";
}

export const streamIdParamSchema = z.object({ id: z.coerce.number().int().positive() });
