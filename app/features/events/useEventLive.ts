// A page that shows an event follows its live state (issue 26): it holds the event's live-state channel
// (GET /api/events/{id}/live, a WebSocket) and reloads its data from the API when the event changes (upcoming → live,
// live → ended, a recording ready), without a reload of the page. It also learns how many pages watch the event now.
// A lost connection is opened again, with growing pauses; one opened again after a change it missed reloads too.
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { LIVE_PING, LIVE_PING_MS, type LiveMessage } from "@api/contract/event-live";

/** Pauses before opening a lost channel again, ms (the last one repeats). */
export const LIVE_RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export function liveChannelUrl(eventId: number, location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/events/${eventId}/live`;
}

/**
 * Reads one message: what it asks of the page (`reload`) and the version and viewers it tells. A `hello` after the
 * first one reloads only when its version moved on (a change made while the channel was down).
 */
export function readLiveMessage(raw: unknown, seen: number | null): { reload: boolean; version: number | null; viewers: number | null } | null {
  if (typeof raw !== "string") return null;
  let message: LiveMessage;
  try {
    message = JSON.parse(raw) as LiveMessage;
  } catch {
    return null;
  }
  if (message?.type === "changed") return { reload: true, version: message.version, viewers: null };
  if (message?.type === "hello") return { reload: seen !== null && message.version !== seen, version: message.version, viewers: message.viewers };
  if (message?.type === "viewers") return { reload: false, version: null, viewers: message.viewers };
  return null;
}

export function useEventLive(eventId: number | null): { viewers: number | null } {
  const revalidator = useRevalidator();
  const reload = useRef(() => {});
  reload.current = () => revalidator.revalidate();
  const [viewers, setViewers] = useState<number | null>(null);

  useEffect(() => {
    if (eventId === null || typeof WebSocket === "undefined") return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    let failures = 0;
    let seen: number | null = null;
    let stopped = false;

    const open = () => {
      socket = new WebSocket(liveChannelUrl(eventId, window.location));
      socket.onopen = () => {
        failures = 0;
        ping = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send(LIVE_PING), LIVE_PING_MS);
      };
      socket.onmessage = (e) => {
        const read = readLiveMessage(e.data, seen);
        if (!read) return;
        if (read.version !== null) seen = read.version;
        if (read.viewers !== null) setViewers(read.viewers);
        if (read.reload) reload.current();
      };
      socket.onclose = () => {
        clearInterval(ping);
        if (stopped) return;
        retry = setTimeout(open, LIVE_RETRY_MS[Math.min(failures++, LIVE_RETRY_MS.length - 1)]);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      socket?.close(1000, "page left");
    };
  }, [eventId]);

  return { viewers };
}
