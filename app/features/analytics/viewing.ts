// Time watched and time stalled for one playback (SPEC §7 video/viewing): played seconds come from the playhead's own
// steps (the video's timeupdate), so a pause, a seek or a stall adds nothing; rebuffering is the clock time spent
// waiting for data while meant to play, after the first frame (before it, the wait is startup time).

/** A playhead step longer than this is a jump (a gap skipped, a live catch-up), not time watched. */
export const MAX_STEP_S = 5;

export interface ViewingSpan {
  viewing_time: number;
  rebuffer_time: number;
}

export class ViewingMeter {
  private played = 0;
  private stalled = 0;
  private position: number | null = null;
  private stalledSince: number | null = null;
  private started = false;

  /** The playhead moved (timeupdate). */
  progress(position: number, now: number): void {
    if (this.position !== null) {
      const step = position - this.position;
      if (step > 0 && step <= MAX_STEP_S) this.played += step;
    }
    if (this.position === null || position > this.position) this.endStall(now);
    this.position = position;
  }

  /** Frames are flowing (playing): the first time, the playback has started. */
  playing(position: number, now: number): void {
    this.started = true;
    this.endStall(now);
    if (this.position === null) this.position = position;
  }

  /** Stalled for data while meant to play. */
  waiting(now: number): void {
    if (this.started && this.stalledSince === null) this.stalledSince = now;
  }

  /** Paused, ended or failed: a stall stops counting. */
  stopped(now: number): void {
    this.endStall(now);
  }

  /** The viewer moved the playhead: the jump is not watched (the player reports no stall while it seeks). */
  seeked(now: number): void {
    this.endStall(now);
    this.position = null;
  }

  /** What was watched and stalled since the last call (seconds, to the ms); a stall in progress is split at `now`. */
  take(now: number): ViewingSpan {
    if (this.stalledSince !== null) {
      this.stalled += Math.max(0, now - this.stalledSince) / 1000;
      this.stalledSince = now;
    }
    const span = { viewing_time: round(this.played), rebuffer_time: round(this.stalled) };
    this.played = 0;
    this.stalled = 0;
    return span;
  }

  private endStall(now: number): void {
    if (this.stalledSince === null) return;
    this.stalled += Math.max(0, now - this.stalledSince) / 1000;
    this.stalledSince = null;
  }
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
