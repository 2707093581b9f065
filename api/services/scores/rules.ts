// Each sport's scoring rules, in one place (issue 27), and the replay that turns a scorekeeper's taps into the game's
// states. Pure: no storage, no clock but the taps' own times. The API checks a new tap with `checkTap` and answers
// the states of `replay`; the pages show them and never restate a rule.
import {
  clockReading,
  SCORE_MESSAGES as M,
  SCORING_PLAYS,
  SCORING_SPORTS,
  type GameClock,
  type ScoreMessage,
  type ScoreState,
  type ScoringSport,
  type Side,
  type Tap,
  type TapAction,
} from "@api/contract/scores";

const MINUTE = 60_000;

export interface SportRules {
  /** Regulation periods: quarters, halves, periods or sets. */
  periods: number;
  /** The most periods past regulation (overtime, extra time); volleyball's fifth set is a regulation one. */
  overtimes: number;
  /** The game clock, or null for a sport played without one. Lengths are a school game's (NFHS). */
  clock: { direction: "down" | "up"; periodMs: number; overtimeMs: number } | null;
  /** Volleyball: sets a side must win to take the match (best of five). */
  setsToWin: number | null;
}

export const SPORT_RULES: Record<ScoringSport, SportRules> = {
  basketball: { periods: 4, overtimes: 6, clock: { direction: "down", periodMs: 8 * MINUTE, overtimeMs: 4 * MINUTE }, setsToWin: null },
  football: { periods: 4, overtimes: 6, clock: { direction: "down", periodMs: 12 * MINUTE, overtimeMs: 12 * MINUTE }, setsToWin: null },
  soccer: { periods: 2, overtimes: 2, clock: { direction: "up", periodMs: 40 * MINUTE, overtimeMs: 10 * MINUTE }, setsToWin: null },
  hockey: { periods: 3, overtimes: 6, clock: { direction: "down", periodMs: 15 * MINUTE, overtimeMs: 8 * MINUTE }, setsToWin: null },
  volleyball: { periods: 5, overtimes: 0, clock: null, setsToWin: 3 },
};

/** The scoring a sport of a channel uses: its own `scoring`, else its alias when that names one, else its parent's. */
export function scoringOf(sport: { alias: string; scoring?: string | null } | null, parent?: { alias: string; scoring?: string | null } | null): ScoringSport | null {
  for (const s of [sport, parent]) {
    if (!s) continue;
    const name = s.scoring ?? s.alias;
    if ((SCORING_SPORTS as readonly string[]).includes(name)) return name as ScoringSport;
  }
  return null;
}

/** The length of period `n` (1-based) on a clock. */
const periodLength = (rules: SportRules, n: number) => (rules.clock ? (n <= rules.periods ? rules.clock.periodMs : rules.clock.overtimeMs) : 0);

/** A counting-up clock's reading at the start of period `n`: the lengths of the periods before it. */
const elapsedBefore = (rules: SportRules, n: number) => {
  let ms = 0;
  for (let p = 1; p < n; p++) ms += periodLength(rules, p);
  return ms;
};

/** The clock at the start of period `n`, stopped. */
function periodClock(rules: SportRules, n: number, at: number): GameClock | null {
  if (!rules.clock) return null;
  const ms = rules.clock.direction === "down" ? periodLength(rules, n) : elapsedBefore(rules, n);
  return { direction: rules.clock.direction, running: false, ms, at };
}

export function initialState(sport: ScoringSport, at = 0): ScoreState {
  const rules = SPORT_RULES[sport];
  return { sport, home: 0, away: 0, period: 1, overtime: 0, sets: rules.setsToWin ? { home: 0, away: 0 } : null, clock: periodClock(rules, 1, at), final: false };
}

const matchDecided = (rules: SportRules, state: ScoreState) =>
  rules.setsToWin !== null && state.sets !== null && (state.sets.home >= rules.setsToWin || state.sets.away >= rules.setsToWin);

type Applied = { state: ScoreState } | { error: ScoreMessage };

/** One tap's effect on the game, or the rule it breaks. `undo` is the replay's business, not this function's. */
export function applyAction(state: ScoreState, action: Exclude<TapAction, { kind: "undo" }>, at: number): Applied {
  const rules = SPORT_RULES[state.sport];
  switch (action.kind) {
    case "key_play":
      return { state };
    case "final":
      if (state.final) return { error: M.final };
      return { state: { ...state, final: true, clock: state.clock && { ...state.clock, running: false, ms: clockReading(state.clock, at), at } } };
    case "reopen":
      if (!state.final) return { error: M.notFinal };
      return { state: { ...state, final: false } };
  }
  if (state.final) return { error: M.final };
  switch (action.kind) {
    case "score": {
      const plays: Record<string, number> = SCORING_PLAYS[state.sport];
      if (!Object.hasOwn(plays, action.play)) return { error: M.unknownPlay };
      const points = plays[action.play];
      if (matchDecided(rules, state)) return { error: M.matchDecided };
      return { state: addPoints(state, action.side, points) };
    }
    case "adjust":
      if (state[action.side] + action.points < 0) return { error: M.belowZero };
      return { state: addPoints(state, action.side, action.points) };
    case "period":
      return nextPeriod(rules, state, at);
    case "clock": {
      if (!state.clock) return { error: M.noClock };
      const running = action.action === "start";
      if (state.clock.running === running) return { error: running ? M.clockRunning : M.clockStopped };
      return { state: { ...state, clock: { ...state.clock, running, ms: clockReading(state.clock, at), at } } };
    }
    case "clock_set": {
      if (!state.clock) return { error: M.noClock };
      if (state.clock.direction === "down" && action.ms > periodLength(rules, state.period)) return { error: M.clockTooLong };
      return { state: { ...state, clock: { ...state.clock, ms: action.ms, at } } };
    }
  }
}

function addPoints(state: ScoreState, side: Side, points: number): ScoreState {
  return { ...state, [side]: state[side] + points };
}

function nextPeriod(rules: SportRules, state: ScoreState, at: number): Applied {
  if (rules.setsToWin !== null && state.sets) {
    // A set ends: it goes to the side with more points, and the next one starts at 0–0.
    if (matchDecided(rules, state)) return { error: M.matchDecided };
    if (state.home === state.away) return { error: M.setNotWon };
    const winner: Side = state.home > state.away ? "home" : "away";
    const sets = { ...state.sets, [winner]: state.sets[winner] + 1 };
    const decided = sets.home >= rules.setsToWin || sets.away >= rules.setsToWin;
    // The last set's points stay on the board once the match is decided.
    if (decided) return { state: { ...state, sets } };
    return { state: { ...state, sets, home: 0, away: 0, period: state.period + 1 } };
  }
  if (state.period >= rules.periods + rules.overtimes) return { error: M.pastLastPeriod };
  const period = state.period + 1;
  return { state: { ...state, period, overtime: Math.max(0, period - rules.periods), clock: periodClock(rules, period, at) } };
}

/** A tap as stored: its place in the game's order (`seq`, the order taps reached the API) beside its own time. */
export interface StoredTap extends Tap {
  seq: number;
}

/** One line of the game's story: a tap that counted, and the game just after it. */
export interface ReplayEntry {
  tap: StoredTap;
  state: ScoreState;
}

export interface Replay {
  state: ScoreState;
  /** The taps that counted, in the game's order, undone ones and undos left out. */
  entries: ReplayEntry[];
  /** Taps that broke a rule once earlier taps arrived (a tap queued offline lands before them), with the rule. */
  skipped: { tap: StoredTap; error: ScoreMessage }[];
}

/** The game's order: the time each tap was made, then the order they arrived (a queue sends its taps in order). */
export const byGameOrder = (a: StoredTap, b: StoredTap) => a.at - b.at || a.seq - b.seq;

/** Which taps an undo takes back: an undo counts when its target came before it, is not an undo, and is not undone. */
function undoneIds(ordered: StoredTap[]): Set<string> {
  const seen = new Map<string, StoredTap>();
  const undone = new Set<string>();
  for (const tap of ordered) {
    if (tap.action.kind === "undo") {
      const target = seen.get(tap.action.target);
      if (target && target.action.kind !== "undo" && !undone.has(target.id)) undone.add(target.id);
    }
    seen.set(tap.id, tap);
  }
  return undone;
}

/** The game from its taps, in game order: every state after a tap that counted, and the taps a rule refused. */
export function replay(sport: ScoringSport, taps: readonly StoredTap[]): Replay {
  const ordered = [...taps].sort(byGameOrder);
  const undone = undoneIds(ordered);
  let state = initialState(sport, ordered[0]?.at ?? 0);
  const entries: ReplayEntry[] = [];
  const skipped: Replay["skipped"] = [];
  for (const tap of ordered) {
    if (tap.action.kind === "undo" || undone.has(tap.id)) continue;
    const applied = applyAction(state, tap.action, tap.at);
    if ("error" in applied) {
      skipped.push({ tap, error: applied.error });
      continue;
    }
    state = applied.state;
    entries.push({ tap, state });
  }
  return { state, entries, skipped };
}

/**
 * Whether a new tap may join the game: it is replayed in its place among the taps already stored (a queued one may
 * land before others), and refused with the rule it breaks. An undo must name a tap before it that counts.
 */
export function checkTap(sport: ScoringSport, stored: readonly StoredTap[], tap: StoredTap): ScoreMessage | null {
  if (tap.action.kind === "undo") {
    const target = tap.action.target;
    const before = stored.filter((t) => byGameOrder(t, tap) < 0);
    const found = before.find((t) => t.id === target);
    if (!found) return M.nothingToUndo;
    if (found.action.kind === "undo") return M.undoUndo;
    if (undoneIds([...before].sort(byGameOrder)).has(target)) return M.alreadyUndone;
    return null;
  }
  const before = replay(sport, stored.filter((t) => byGameOrder(t, tap) < 0));
  const applied = applyAction(before.state, tap.action, tap.at);
  return "error" in applied ? applied.error : null;
}

/**
 * Checks a batch of new taps against the stored ones, in order, each joining the game once accepted (`add`). A tap
 * made after every tap so far (a scorekeeper online) is checked against the game as it stands, replayed once for the
 * batch; one that lands among them (queued offline) is replayed in its place, as `checkTap` does.
 */
export function tapChecker(sport: ScoringSport, stored: readonly StoredTap[]) {
  const taps = [...stored];
  let latest: { state: ScoreState; last: StoredTap | undefined } | null = null;
  const current = () => {
    if (!latest) {
      const ordered = [...taps].sort(byGameOrder);
      latest = { state: replay(sport, ordered).state, last: ordered.at(-1) };
    }
    return latest;
  };
  const atTheEnd = (tap: StoredTap) => {
    const { last } = current();
    return !last || byGameOrder(last, tap) < 0;
  };
  return {
    check(tap: StoredTap): ScoreMessage | null {
      if (tap.action.kind === "undo" || !atTheEnd(tap)) return checkTap(sport, taps, tap);
      const applied = applyAction(current().state, tap.action, tap.at);
      return "error" in applied ? applied.error : null;
    },
    add(tap: StoredTap) {
      // The game so far moves on by the tap when it is the last; an undo or an earlier tap needs a replay.
      if (tap.action.kind !== "undo" && latest && atTheEnd(tap)) {
        const applied = applyAction(latest.state, tap.action, tap.at);
        latest = "error" in applied ? null : { state: applied.state, last: tap };
      } else latest = null;
      taps.push(tap);
    },
  };
}
