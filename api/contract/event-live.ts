// The live-state channel of an event (issue 26): GET /api/events/{id}/live upgrades to a WebSocket whose messages are
// these, or, asked with `Accept: text/event-stream` (a network that blocks WebSockets), answers them as server-sent
// events, one JSON message per `data:` line. `changed`: the event's state changed (its encoder, its recording, its
// scheduled start or end), and the page asks the API again; `viewers`: how many watch pages hold it now. `interrupted`
// (in hello and changed): the broadcast's encoder is away, so a card of the live event says so. A WebSocket page
// sends LIVE_PING to keep the connection; the event stream sends a comment instead. `score` (issue 27): the game as a
// scorekeeper's taps left it, sent to every page of the event, cards too.
import type { ScoreBoard } from "./scores";
export type LiveMessage =
  | { type: "hello"; version: number; viewers: number; interrupted: boolean }
  | { type: "changed"; reason: string; version: number; interrupted: boolean }
  | { type: "viewers"; viewers: number }
  /** A scorekeeper's tap changed the game (issue 27): the board itself, so no page asks the API for it. */
  | { type: "score"; board: ScoreBoard };

/** The change reasons that leave a broadcast interrupted (its encoder away); any other but "schedule" ends that. */
export const INTERRUPTING_REASONS: readonly string[] = ["interrupted", "disconnected"];

/**
 * Who holds a connection: a watch page, counted among the viewers, or an event card (a list, the home's rails), told
 * of every change and of the viewers but never counted among them.
 */
export const LIVE_ROLES = ["watch", "card"] as const;
export type LiveRole = (typeof LIVE_ROLES)[number];

export const LIVE_PING = "ping";
export const LIVE_PONG = "pong";
/** How often a page pings: under the 100 s idle limit of Cloudflare's proxy. */
export const LIVE_PING_MS = 30_000;
/** How often the event stream sends a comment, for the same idle limit (and proxies with shorter ones). */
export const LIVE_STREAM_KEEPALIVE_MS = 25_000;
/** The pause the event stream asks a browser to take before connecting again (its `retry:`). */
export const LIVE_STREAM_RETRY_MS = 3_000;
export const EVENT_STREAM_TYPE = "text/event-stream";
/** The answer to a plain GET of the channel (426). */
export const LIVE_UPGRADE_MESSAGE = "This address takes a WebSocket connection.";

/** One message as a server-sent event: unnamed, so a browser's `EventSource.onmessage` gets every type. */
export const eventStreamMessage = (message: LiveMessage) => `data: ${JSON.stringify(message)}\n\n`;
