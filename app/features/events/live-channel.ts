// The wire side of an event's live-state channel, as a page speaks it (issue 26): where it connects, by WebSocket or
// by server-sent events, and what each message asks of the page.
import type { LiveMessage, LiveRole } from "@api/contract/event-live";
import type { ScoreBoard } from "@api/contract/scores";

const livePath = (eventId: number, role: LiveRole) => `/api/events/${eventId}/live${role === "card" ? "?role=card" : ""}`;

export function liveChannelUrl(eventId: number, location: Pick<Location, "protocol" | "host">, role: LiveRole = "watch"): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${livePath(eventId, role)}`;
}

/** The same channel as server-sent events, on the page's own origin. */
export function liveStreamUrl(eventId: number, role: LiveRole = "watch"): string {
  return livePath(eventId, role);
}

/** What one message tells a page (null: not told). */
export interface LiveReading {
  reload: boolean;
  version: number | null;
  viewers: number | null;
  interrupted: boolean | null;
  /** The game's board, as a scorekeeper's last tap left it (issue 27). */
  board: ScoreBoard | null;
}

/**
 * Reads one message: what it asks of the page (`reload`) and the version, viewers, interruption and board it tells.
 * A `hello` after the first one reloads only when its version moved on (a change made while the channel was down).
 */
export function readLiveMessage(raw: unknown, seen: number | null): LiveReading | null {
  if (typeof raw !== "string") return null;
  let message: LiveMessage;
  try {
    message = JSON.parse(raw) as LiveMessage;
  } catch {
    return null;
  }
  if (!message || typeof message !== "object") return null;
  const interrupted = "interrupted" in message && typeof message.interrupted === "boolean" ? message.interrupted : null;
  const told = { reload: false, version: null, viewers: null, interrupted, board: null };
  if (message.type === "changed") return { ...told, reload: true, version: message.version };
  if (message.type === "hello") return { ...told, reload: seen !== null && message.version !== seen, version: message.version, viewers: message.viewers };
  if (message.type === "viewers") return { ...told, viewers: message.viewers };
  if (message.type === "score" && message.board && typeof message.board === "object") return { ...told, board: message.board };
  return null;
}
