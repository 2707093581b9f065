// The player's analytics events (issue 5) on one small emitter: the player emits, and whatever sends analytics
// (issue 14) subscribes. Listeners never break playback: one that throws is reported and skipped.
import type { StreamType } from "@api/contract/datalake";

/** SPEC §4's events, then what a viewing-time meter needs: the playhead moving, a stall, playback resuming, the end. */
export type PlayerEventName =
  | "ready"
  | "first_frame"
  | "play"
  | "pause"
  | "seek"
  | "complete"
  | "error"
  | "progress"
  | "waiting"
  | "playing"
  | "unload";

/** What plays, as the page that mounts the player knows it (null: not known there). */
export interface PlayerStream {
  /** The event's id (live, replay), the library item's (vod) or the clip's. */
  id: number;
  type: StreamType;
  category?: string | null;
  sport?: string | null;
  gender?: string | null;
  school?: string | null;
  league?: string | null;
}

export interface PlayerEvent {
  name: PlayerEventName;
  eventId: number;
  stream?: PlayerStream;
  /** The playhead, in seconds of the presentation. */
  position: number;
  live: boolean;
  /** ms since the page started (performance.now()), so time to first frame can be measured. */
  at: number;
  /** seek: where the playhead came from; error: the shaka error code. */
  from?: number;
  code?: number;
  /** first_frame: ms from the player asking for the stream (or the viewer pressing play) to the frame shown. */
  startup?: number;
}

export type PlayerListener = (event: PlayerEvent) => void;

const listeners = new Set<PlayerListener>();

/** Subscribes to every player's events; returns the unsubscribe function. */
export function onPlayerEvent(listener: PlayerListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitPlayerEvent(event: PlayerEvent): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      console.warn("player event listener failed:", error);
    }
  }
}
