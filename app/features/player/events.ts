// The player's analytics events (issue 5) on one small emitter: the player emits, and whatever sends analytics
// (a later issue) subscribes. Listeners never break playback: one that throws is reported and skipped.

export type PlayerEventName = "ready" | "first_frame" | "play" | "pause" | "seek" | "complete" | "error";

export interface PlayerEvent {
  name: PlayerEventName;
  eventId: number;
  /** The playhead, in seconds of the presentation. */
  position: number;
  live: boolean;
  /** ms since the page started (performance.now()), so time to first frame can be measured. */
  at: number;
  /** seek: where the playhead came from; error: the shaka error code. */
  from?: number;
  code?: number;
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
