// Game day on the cards (issue 27): the score a card shows, from the API's kept game and the live channel's board.
import { describe, expect, it } from "vitest";
import type { EventScore, ScoreBoard } from "@api/contract/scores";
import { cardScore } from "~/features/scores/card-score";

const kept: EventScore = { sport: "basketball", home: 10, away: 8, period: 2, overtime: 0, sets: null, final: false };
const told: ScoreBoard = {
  state: { sport: "basketball", home: 12, away: 8, period: 2, overtime: 0, sets: null, final: false, clock: { direction: "down", running: true, ms: 300_000, at: 1 } },
  plays: [],
};

describe("cardScore", () => {
  it("is the API's kept game until the live channel tells a board, then the board (without its clock)", () => {
    expect(cardScore(kept, null, false)).toBe(kept);
    expect(cardScore(kept, told, false)).toEqual({ ...kept, home: 12 });
    expect(cardScore(null, told, false)).toEqual({ ...kept, home: 12 });
  });

  it("is none for a game nobody keeps", () => {
    expect(cardScore(null, null, false)).toBeNull();
  });

  it("is none when the viewer hides scores, whatever the channel tells", () => {
    expect(cardScore(kept, null, true)).toBeNull();
    expect(cardScore(kept, told, true)).toBeNull();
  });
});
