// Game day on the cards (issue 27): which score a card shows. Pure, so the choice is unit-tested.
import type { EventScore, ScoreBoard } from "@api/contract/scores";

/**
 * The score an event's card shows: the board its live channel told last (newer than the page's data), else the one
 * the API keeps (`Event.score`); none when the game is not kept, or when the viewer hides scores.
 */
export function cardScore(kept: EventScore | null, told: ScoreBoard | null, hidden: boolean): EventScore | null {
  if (hidden) return null;
  if (told) {
    const { sport, home, away, period, overtime, sets, final } = told.state;
    return { sport, home, away, period, overtime, sets, final };
  }
  return kept;
}
