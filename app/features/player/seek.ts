// A viewer's seek lands where the viewer asked. Shaka 5.2's gap jumper can undo a seek backwards that follows another
// seek within its 250 ms poll: it still holds "a segment was appended since the seek" from the previous one, sees the
// new position before the buffer that seek left behind as a gap, and jumps forward to that buffer's start. Pressing
// "back 10 s" six times then rewound 50 s or 53 s instead of 60 (seen 1 run in 20 of the live e2e test). A gap jump
// that lands at the start of a range buffered before the viewer's seek is that stale buffer, not a gap in the
// stream, so the seek is put back (a real gap, buffered only after the seek, is left to shaka).

/** The part of shaka's Player this needs: its `gapjumped` event. */
export interface GapJumpSource {
  addEventListener(type: "gapjumped", listener: () => void): void;
  removeEventListener(type: "gapjumped", listener: () => void): void;
}

export interface Seeker {
  seek(target: number): void;
  release(): void;
}

/** How long after a viewer's seek a gap jump is checked, and how often the seek is put back at most. */
export const SEEK_HOLD_MS = 2000;
export const SEEK_HOLD_RETRIES = 3;
/** How close to a stale range's start a jump must land to be shaka's jump onto it. */
const LANDING_TOLERANCE_S = 0.25;

type Range = { start: number; end: number };
const rangesOf = (b: TimeRanges): Range[] => Array.from({ length: b.length }, (_, i) => ({ start: b.start(i), end: b.end(i) }));

export function createSeeker(video: HTMLMediaElement, source: GapJumpSource | null, now: () => number = () => performance.now()): Seeker {
  let held: { target: number; until: number; stale: Range[]; retries: number } | null = null;
  const onGapJumped = () => {
    if (!held || now() > held.until || held.retries >= SEEK_HOLD_RETRIES) return;
    const at = video.currentTime;
    const { target } = held;
    const ontoStale = held.stale.some((r) => r.start > target && Math.abs(at - r.start) <= LANDING_TOLERANCE_S);
    if (!ontoStale) return;
    held.retries++;
    video.currentTime = target;
  };
  source?.addEventListener("gapjumped", onGapJumped);
  return {
    seek(target) {
      // What is buffered before this seek, ahead of its target: the ranges a wrong jump lands on.
      held = { target, until: now() + SEEK_HOLD_MS, stale: rangesOf(video.buffered).filter((r) => r.start > target), retries: 0 };
      video.currentTime = target;
    },
    release() {
      source?.removeEventListener("gapjumped", onGapJumped);
      held = null;
    },
  };
}
