// "Share at the current time" (issue 28): a watch or embed address with `?t=<seconds>` starts the player there. The
// seconds count on the event's own timeline (from its start), so one link means the same moment live (whose player
// timeline starts where the manifest says) and on demand. Pure, but for `useStartAt`.
import { useEffect, useRef } from "react";
import type { PlayerHandle } from "./Player";

/** The query parameter of the moment to start at. */
export const START_PARAM = "t";

/** `?t=` as whole seconds (0 to a day), else null: anything else is ignored, as a bad bookmark should be. */
export function parseStartAt(search: string): number | null {
  const raw = new URLSearchParams(search).get(START_PARAM);
  if (!raw || !/^\d{1,5}$/.test(raw)) return null;
  const seconds = Number(raw);
  return seconds > 0 && seconds <= 86_400 ? seconds : null;
}

/** The address with `t=<seconds>` set, its other parameters kept. */
export function withStartAt(url: string, seconds: number): string {
  const u = new URL(url);
  u.searchParams.set(START_PARAM, String(Math.max(0, Math.floor(seconds))));
  return u.toString();
}

/** Where the player's timeline starts, in seconds after the event's start (live: the manifest's start; else 0). */
function offset(handle: Pick<PlayerHandle, "presentationStart">, eventStart: number): number {
  const zero = handle.presentationStart();
  return zero === null ? 0 : (zero - eventStart) / 1000;
}

/** The player's position as seconds on the event's timeline. */
export function eventSeconds(handle: Pick<PlayerHandle, "presentationStart"> & { video: Pick<HTMLVideoElement, "currentTime"> }, eventStart: number): number {
  return Math.max(0, Math.floor(handle.video.currentTime + offset(handle, eventStart)));
}

/** Seconds on the event's timeline as seconds on the player's. */
export function playerSeconds(handle: Pick<PlayerHandle, "presentationStart">, eventStart: number, seconds: number): number {
  return seconds - offset(handle, eventStart);
}

/**
 * Starts the player at the address's `?t=` once, when it is first ready. The seek waits for the first frame and
 * again for the start of playback: shaka settles its own start position meanwhile, which would undo an earlier seek.
 */
export function useStartAt(handle: PlayerHandle | null, eventStart: number) {
  const done = useRef(false);
  useEffect(() => {
    if (!handle || done.current) return;
    const at = parseStartAt(window.location.search);
    if (at === null) return;
    const video = handle.video;
    const target = () => playerSeconds(handle, eventStart, at);
    const seek = () => {
      if (Math.abs(video.currentTime - target()) > 1) handle.seekTo(target());
    };
    const onPlaying = () => {
      seek();
      done.current = true;
      video.removeEventListener("playing", onPlaying);
      video.removeEventListener("canplay", seek);
    };
    if (video.readyState >= 2) seek();
    video.addEventListener("canplay", seek, { once: true });
    video.addEventListener("playing", onPlaying);
    return () => {
      video.removeEventListener("canplay", seek);
      video.removeEventListener("playing", onPlaying);
    };
  }, [handle, eventStart]);
}
