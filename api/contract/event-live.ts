// The live-state channel of an event (issue 26): GET /api/events/{id}/live upgrades to a WebSocket whose messages are
// these. `changed`: the event's state changed (its encoder, its recording, its scheduled start or end), and the page
// asks the API again; `viewers`: how many pages watch it now. The page sends LIVE_PING to keep the connection.
export type LiveMessage =
  | { type: "hello"; version: number; viewers: number }
  | { type: "changed"; reason: string; version: number }
  | { type: "viewers"; viewers: number };

export const LIVE_PING = "ping";
export const LIVE_PONG = "pong";
/** How often a page pings: under the 100 s idle limit of Cloudflare's proxy. */
export const LIVE_PING_MS = 30_000;
/** The answer to a plain GET of the channel (426). */
export const LIVE_UPGRADE_MESSAGE = "This address takes a WebSocket connection.";
