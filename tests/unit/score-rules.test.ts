// Each sport's scoring rules and the replay of a scorekeeper's taps (issue 27, api/services/scores/rules.ts).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { clockReading, SCORE_MESSAGES as M, SCORING_PLAYS, type ScoringSport, type TapAction } from "@api/contract/scores";
import { checkTap, initialState, replay, scoringOf, SPORT_RULES, tapChecker, type StoredTap } from "@api/services/scores/rules";

const T0 = 1_800_000_000_000;
let n = 0;
/** A tap made `s` seconds into the game (its id a fresh uuid, its arrival order the order taps are made here). */
function tap(s: number, action: TapAction): StoredTap {
  n++;
  return { id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`, at: T0 + s * 1000, seq: n, action };
}
const score = (side: "home" | "away", play: string) => ({ kind: "score", side, play }) as const;
const next = { kind: "period" } as const;

describe("scoring plays, per sport", () => {
  it.each([
    ["basketball", ["free_throw", "field_goal", "three"], 6],
    ["football", ["touchdown", "extra_point", "field_goal", "two_point", "safety"], 14],
    ["soccer", ["goal"], 1],
    ["hockey", ["goal"], 1],
    ["volleyball", ["point"], 1],
  ] as const)("%s: %j add up to %i", (sport, plays, total) => {
    const game = replay(sport, plays.map((p, i) => tap(i, score("home", p))));
    expect(game.state.home).toBe(total);
    expect(game.state.away).toBe(0);
    expect(game.skipped).toEqual([]);
  });

  it("refuses a play of another sport, with the reason", () => {
    expect(checkTap("soccer", [], tap(1, score("home", "three")))).toBe(M.unknownPlay);
    expect(checkTap("basketball", [], tap(1, score("home", "touchdown")))).toBe(M.unknownPlay);
    expect(checkTap("basketball", [], tap(1, score("home", "toString")))).toBe(M.unknownPlay);
  });

  it("lists every play with a positive value, and a button label in both languages that starts with its points", () => {
    for (const lang of ["en", "fr"]) {
      const labels = JSON.parse(readFileSync(`app/locales/${lang}/scores.json`, "utf8")).keeper.plays as Record<string, Record<string, string>>;
      for (const [sport, plays] of Object.entries(SCORING_PLAYS))
        for (const [play, points] of Object.entries(plays)) {
          expect(points).toBeGreaterThan(0);
          expect(labels[sport][play], `${lang} ${sport} ${play}`).toMatch(new RegExp(`^\\+${points} `));
        }
    }
  });
});

describe("corrections", () => {
  it("moves a score up or down, never below zero", () => {
    const stored = [tap(1, score("away", "three"))];
    expect(checkTap("basketball", stored, tap(2, { kind: "adjust", side: "away", points: -3 }))).toBeNull();
    expect(checkTap("basketball", stored, tap(2, { kind: "adjust", side: "away", points: -4 }))).toBe(M.belowZero);
    expect(checkTap("basketball", stored, tap(2, { kind: "adjust", side: "home", points: -1 }))).toBe(M.belowZero);
  });

  it("undo takes back the tap it names, once; an undo cannot be undone", () => {
    const three = tap(1, score("home", "three"));
    const two = tap(2, score("home", "field_goal"));
    const undo = tap(3, { kind: "undo", target: three.id });
    const game = replay("basketball", [three, two, undo]);
    expect(game.state.home).toBe(2);
    expect(game.entries.map((e) => e.tap.id)).toEqual([two.id]);
    expect(checkTap("basketball", [three, two, undo], tap(4, { kind: "undo", target: three.id }))).toBe(M.alreadyUndone);
    expect(checkTap("basketball", [three, two, undo], tap(4, { kind: "undo", target: undo.id }))).toBe(M.undoUndo);
    expect(checkTap("basketball", [three], tap(4, { kind: "undo", target: "00000000-0000-4000-8000-999999999999" }))).toBe(M.nothingToUndo);
  });

  it("an undo names only a tap made before it", () => {
    const later = tap(10, score("home", "three"));
    const early = { ...tap(0, { kind: "undo", target: later.id }) };
    expect(checkTap("basketball", [later], early)).toBe(M.nothingToUndo);
  });
});

describe("periods", () => {
  it.each([
    ["basketball", 4 + 6],
    ["football", 4 + 6],
    ["soccer", 2 + 2],
    ["hockey", 3 + 6],
  ] as const)("%s stops at period %i, its last overtime", (sport, last) => {
    const taps = Array.from({ length: last - 1 }, (_, i) => tap(i, next));
    const game = replay(sport, taps);
    expect(game.state.period).toBe(last);
    expect(SPORT_RULES[sport].periods + SPORT_RULES[sport].overtimes).toBe(last);
    expect(checkTap(sport, taps, tap(last, next))).toBe(M.pastLastPeriod);
  });

  it("a counting-down clock starts each period full, overtime shorter", () => {
    const taps = [tap(0, next), tap(1, next), tap(2, next), tap(3, next)];
    const game = replay("basketball", taps);
    expect(game.entries[0].state.clock).toMatchObject({ direction: "down", running: false, ms: 8 * 60_000 });
    expect(game.state).toMatchObject({ period: 5, overtime: 1 });
    expect(game.entries[2].state.overtime).toBe(0);
    expect(game.state.clock?.ms).toBe(4 * 60_000);
  });

  it("soccer's clock counts up and goes on from the first half's end", () => {
    const game = replay("soccer", [tap(0, next)]);
    expect(game.state.clock).toMatchObject({ direction: "up", running: false, ms: 40 * 60_000 });
  });
});

describe("the clock", () => {
  it("runs between start and stop, from the taps' own times", () => {
    const game = replay("basketball", [tap(0, { kind: "clock", action: "start" }), tap(90, { kind: "clock", action: "stop" })]);
    expect(game.state.clock).toMatchObject({ running: false, ms: 8 * 60_000 - 90_000 });
  });

  it("a running clock reads where it is now, and stops at zero", () => {
    const running = replay("hockey", [tap(0, { kind: "clock", action: "start" })]).state.clock!;
    expect(clockReading(running, T0 + 60_000)).toBe(14 * 60_000);
    expect(clockReading(running, T0 + 3_600_000)).toBe(0);
    const up = replay("soccer", [tap(0, { kind: "clock", action: "start" })]).state.clock!;
    expect(clockReading(up, T0 + 61_000)).toBe(61_000);
  });

  it("refuses a start when running, a stop when stopped, a reading past the period, and any clock in volleyball", () => {
    const started = [tap(0, { kind: "clock", action: "start" })];
    expect(checkTap("basketball", started, tap(1, { kind: "clock", action: "start" }))).toBe(M.clockRunning);
    expect(checkTap("basketball", [], tap(1, { kind: "clock", action: "stop" }))).toBe(M.clockStopped);
    expect(checkTap("basketball", [], tap(1, { kind: "clock_set", ms: 8 * 60_000 }))).toBeNull();
    expect(checkTap("basketball", [], tap(1, { kind: "clock_set", ms: 8 * 60_000 + 1 }))).toBe(M.clockTooLong);
    expect(checkTap("volleyball", [], tap(1, { kind: "clock", action: "start" }))).toBe(M.noClock);
    expect(checkTap("volleyball", [], tap(1, { kind: "clock_set", ms: 0 }))).toBe(M.noClock);
  });
});

describe("volleyball sets", () => {
  /** A set won 25–20 by `side`, then the next set. */
  const set = (start: number, side: "home" | "away") => [
    ...Array.from({ length: 25 }, (_, i) => tap(start + i, score(side, "point"))),
    ...Array.from({ length: 20 }, (_, i) => tap(start + 25 + i, score(side === "home" ? "away" : "home", "point"))),
    tap(start + 45, next),
  ];

  it("a set goes to the side with more points, and the next starts at 0–0", () => {
    const game = replay("volleyball", set(0, "away"));
    expect(game.state).toMatchObject({ sets: { home: 0, away: 1 }, home: 0, away: 0, period: 2 });
  });

  it("a tied set is not over", () => {
    expect(checkTap("volleyball", [tap(0, score("home", "point")), tap(1, score("away", "point"))], tap(2, next))).toBe(M.setNotWon);
  });

  it("three sets decide the match: no set and no point after", () => {
    const taps = [...set(0, "home"), ...set(100, "away"), ...set(200, "home"), ...set(300, "home")];
    const game = replay("volleyball", taps);
    expect(game.state).toMatchObject({ sets: { home: 3, away: 1 }, period: 4, home: 25, away: 20 });
    expect(checkTap("volleyball", taps, tap(400, next))).toBe(M.matchDecided);
    expect(checkTap("volleyball", taps, tap(400, score("away", "point")))).toBe(M.matchDecided);
  });
});

describe("the final whistle", () => {
  it("stops the clock and freezes the score until the game is reopened", () => {
    const taps = [tap(0, { kind: "clock", action: "start" }), tap(30, score("home", "goal")), tap(60, { kind: "final" })];
    const game = replay("hockey", taps);
    expect(game.state).toMatchObject({ final: true, home: 1, clock: { running: false, ms: 15 * 60_000 - 60_000 } });
    expect(checkTap("hockey", taps, tap(61, score("away", "goal")))).toBe(M.final);
    expect(checkTap("hockey", taps, tap(61, { kind: "final" }))).toBe(M.final);
    expect(checkTap("hockey", taps, tap(61, { kind: "key_play", note: "Handshakes" }))).toBeNull();
    expect(checkTap("hockey", [], tap(61, { kind: "reopen" }))).toBe(M.notFinal);
    const reopened = [...taps, tap(70, { kind: "reopen" })];
    expect(checkTap("hockey", reopened, tap(71, score("away", "goal")))).toBeNull();
  });
});

describe("taps sent late, from a queue that was offline", () => {
  it("take their place by the time they were tapped, and the story reads in game order", () => {
    const a = tap(10, score("home", "field_goal"));
    const c = tap(30, score("away", "three"));
    // Tapped at 20 s, arrived last.
    const b = tap(20, score("home", "free_throw"));
    const game = replay("basketball", [a, c, b]);
    expect(game.entries.map((e) => [e.tap.id, e.state.home, e.state.away])).toEqual([
      [a.id, 2, 0],
      [b.id, 3, 0],
      [c.id, 3, 3],
    ]);
  });

  it("are checked in their place: a correction queued before the basket it would undo is refused", () => {
    const basket = tap(30, score("away", "three"));
    expect(checkTap("basketball", [basket], tap(20, { kind: "adjust", side: "away", points: -3 }))).toBe(M.belowZero);
  });

  it("two taps of the same time keep the order they arrived in", () => {
    const first = tap(5, score("home", "goal"));
    const second = { ...tap(5, { kind: "final" } as const) };
    const game = replay("soccer", [second, first]);
    expect(game.state).toMatchObject({ home: 1, final: true });
  });

  it("a stored tap that a late one makes impossible is left out, and said so", () => {
    const lateFinal = tap(5, { kind: "final" });
    const goal = { ...tap(10, score("home", "goal")), seq: 1 };
    const game = replay("soccer", [goal, { ...lateFinal, seq: 2 }]);
    expect(game.state.home).toBe(0);
    expect(game.skipped).toEqual([{ tap: goal, error: M.final }]);
  });
});

describe("a batch of taps (tapChecker)", () => {
  /** A seeded pseudo-random sequence, so a failure replays the same batch. */
  function random(seed: number) {
    let x = seed;
    return () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  }

  it.each([1, 2, 3, 4, 5])("answers what checkTap answers for every tap, in or out of order (seed %i)", (seed) => {
    const r = random(seed);
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
    const actions: (() => TapAction)[] = [
      () => score(pick(["home", "away"] as const), pick(["free_throw", "field_goal", "three"])),
      () => ({ kind: "adjust", side: pick(["home", "away"] as const), points: pick([-3, -1, 1]) }),
      () => next,
      () => ({ kind: "clock", action: pick(["start", "stop"] as const) }),
      () => ({ kind: "final" }),
      () => ({ kind: "reopen" }),
    ];
    const stored: StoredTap[] = [];
    for (let i = 0; i < 20; i++) stored.push(tap(i * 10, pick(actions)()));
    const accepted = stored.filter((t) => checkTap("basketball", stored.slice(0, stored.indexOf(t)), t) === null);
    const checker = tapChecker("basketball", accepted);
    const reference = [...accepted];
    for (let i = 0; i < 60; i++) {
      // Mostly at the end, sometimes among earlier taps (a queue that was offline), sometimes an undo.
      const at = r() < 0.8 ? 300 + i * 5 : Math.floor(r() * 300);
      const undoable = reference.filter((t) => t.action.kind !== "undo");
      const action: TapAction = r() < 0.1 && undoable.length ? { kind: "undo", target: pick(undoable).id } : pick(actions)();
      const t = tap(at, action);
      const expected = checkTap("basketball", reference, t);
      expect(checker.check(t)).toBe(expected);
      if (expected === null) {
        checker.add(t);
        reference.push(t);
      }
    }
  });
});

describe("which scoring a channel's sport uses", () => {
  it("its own, else its alias, else its parent's, else none", () => {
    expect(scoringOf({ alias: "boys-hoops", scoring: "basketball" })).toBe("basketball");
    expect(scoringOf({ alias: "hockey" })).toBe("hockey");
    expect(scoringOf({ alias: "girls-varsity" }, { alias: "soccer" })).toBe("soccer");
    expect(scoringOf({ alias: "chess" })).toBeNull();
    expect(scoringOf(null)).toBeNull();
  });

  it("starts every sport at 0–0 in the first period", () => {
    for (const sport of Object.keys(SPORT_RULES) as ScoringSport[]) expect(initialState(sport)).toMatchObject({ home: 0, away: 0, period: 1, final: false });
  });
});
