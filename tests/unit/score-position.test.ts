// The score at the viewer's playback position (issue 27, app/features/scores/position.ts): behind live, or on the
// recording, the bug shows the game as of the moment on screen and the play-by-play stops just after it.
import { describe, expect, it } from "vitest";
import type { PlayEntry, ScoreBoard } from "@api/contract/scores";
import { boardWatched, playsBy, stateAfter, watchedAt } from "~/features/scores/position";
import { PLAY_LEAD_S } from "~/features/scores/PlayByPlay";

const T0 = 1_800_000_000_000;
const play = (s: number, home: number, away: number, extra: Partial<PlayEntry> = {}): PlayEntry => ({
  id: `p${s}`,
  at: T0 + s * 1000,
  action: { kind: "score", side: "home", play: "field_goal" },
  points: 2,
  home,
  away,
  period: 1,
  overtime: 0,
  sets: null,
  final: false,
  ...extra,
});

const board: ScoreBoard = {
  state: { sport: "basketball", home: 7, away: 3, period: 2, overtime: 0, sets: null, clock: { direction: "down", running: true, ms: 300_000, at: T0 + 400_000 }, final: false },
  plays: [play(60, 2, 0), play(120, 2, 3), play(300, 4, 3, { period: 2 }), play(390, 7, 3, { period: 2 })],
};

describe("the plays a viewer has reached", () => {
  it("counts the plays made by a moment, a play at that very moment included", () => {
    expect(playsBy(board.plays, T0)).toBe(0);
    expect(playsBy(board.plays, T0 + 60_000)).toBe(1);
    expect(playsBy(board.plays, T0 + 299_999)).toBe(2);
    expect(playsBy(board.plays, T0 + 10_000_000)).toBe(4);
  });

  it("lists a play from its lead on (a play sought from its lead stays listed) while the bug waits for it", () => {
    const at = T0 + 300_000 - PLAY_LEAD_S * 1000;
    expect(watchedAt(board.plays, at)).toEqual({ bug: 2, list: 3 });
    expect(watchedAt(board.plays, at - 1)).toEqual({ bug: 2, list: 2 });
  });
});

describe("the game as of a moment", () => {
  it("before any play: nil–nil in the first period, no clock, not final, sets at zero for volleyball", () => {
    expect(stateAfter(board, 0)).toEqual({ ...board.state, home: 0, away: 0, period: 1, overtime: 0, sets: null, clock: null, final: false });
    const volley: ScoreBoard = { state: { ...board.state, sport: "volleyball", sets: { home: 2, away: 1 }, clock: null }, plays: [] };
    expect(stateAfter(volley, 0).sets).toEqual({ home: 0, away: 0 });
  });

  it("after n plays: the last one's score and period; the live clock is not shown behind live", () => {
    expect(stateAfter(board, 2)).toMatchObject({ home: 2, away: 3, period: 1, clock: null });
    expect(stateAfter(board, 3)).toMatchObject({ home: 4, away: 3, period: 2 });
  });

  it("a final game watched from the start is not final yet", () => {
    const finished: ScoreBoard = { state: { ...board.state, final: true }, plays: [...board.plays, play(500, 7, 3, { action: { kind: "final" }, points: null, final: true })] };
    expect(stateAfter(finished, 4).final).toBe(false);
    expect(stateAfter(finished, 5).final).toBe(true);
  });

  it("at the live edge (no moment), the board is the latest, clock included", () => {
    expect(boardWatched(board, null)).toBe(board);
    const behind = boardWatched(board, { bug: 1, list: 2 });
    expect(behind.state).toMatchObject({ home: 2, away: 0, clock: null });
    expect(behind.plays.map((p) => p.id)).toEqual(["p60", "p120"]);
  });
});
