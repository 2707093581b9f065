// The wire side of an event's live-state channel, as a page speaks it (issue 26): where it connects, by WebSocket or
// by server-sent events, and what each message asks of the page.
import type { LiveMessage, LiveRole } from "@api/contract/event-live";

const livePath = (eventId: number, role: LiveRole) => `/api/events/${eventId}/live${role === "card" ? "?role=card" : ""}`;

export function liveChannelUrl(eventId: number, location: Pick<Location, "protocol" | "host">, role: LiveRole = "watch"): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${livePath(eventId, role)}`;
}

/** The same channel as server-sent events, on the page's own origin. */
export function liveStreamUrl(eventId: number, role: LiveRole = "watch"): string {
  return livePath(eventId, role);
}

/**
 * Reads one message: what it asks of the page (`reload`) and the version, viewers and interruption it tells (null:
 * not told). A `hello` after the first one reloads only when its version moved on (a change made while the channel
 * was down).
 */
export function readLiveMessage(raw: unknown, seen: number | null): { reload: boolean; version: number | null; viewers: number | null; interrupted: boolean | null } | null {
  if (typeof raw !== "string") return null;
  let message: LiveMessage;
  try {
    message = JSON.parse(raw) as LiveMessage;
  } catch {
    return null;
  }
  if (!message || typeof message !== "object") return null;
  const interrupted = "interrupted" in message && typeof message.interrupted === "boolean" ? message.interrupted : null;
  if (message.type === "changed") return { reload: true, version: message.version, viewers: null, interrupted };
  if (message.type === "hello") return { reload: seen !== null && message.version !== seen, version: message.version, viewers: message.viewers, interrupted };
  if (message.type === "viewers") return { reload: false, version: null, viewers: message.viewers, interrupted: null };
  return null;
}
