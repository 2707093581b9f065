// The game clock (issue 27), apart from the rest of the scores contract: pages that only show a score (the score bug,
// event cards on every list) import it without the contract's zod schemas, which would otherwise join every page's
// JavaScript.
/** The game clock: its reading `ms` at the instant `at`, and whether it runs (the page ticks it from there). */
export interface GameClock {
  direction: "down" | "up";
  running: boolean;
  ms: number;
  at: number;
}

/** The clock's reading at `at`: a running clock has moved since its last tap (down to zero at most). */
export function clockReading(clock: GameClock, at: number): number {
  if (!clock.running) return clock.ms;
  const moved = Math.max(0, at - clock.at);
  return clock.direction === "down" ? Math.max(0, clock.ms - moved) : clock.ms + moved;
}

