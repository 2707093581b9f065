// Game day (issue 27): an event's game as its taps make it, and the taps a scorekeeper sends. The rules are
// rules.ts; this file finds the event and its sport, decides who may keep score, and stores what the rules accept.
import { SCORE_MESSAGES, SCORING_PLAYS, type GameAnswer, type PlayEntry, type ScoringSport, type Tap, type TapResult, type TapsAnswer } from "../../contract/scores";
import type { UserRole } from "../../contract/auth";
import type { Db } from "../../db/client";
import * as repo from "../../db/repos/scores";
import { ApiError, notFound } from "../../lib/errors";
import { canManageChannel } from "../auth/roles";
import { scoreChanged } from "../event-live";
import { replay, scoringOf, tapChecker, type ReplayEntry, type StoredTap } from "./rules";

export interface ScoreScope {
  db: Db;
  channelId: number;
  now: number;
  /** The event's live-state channel, which tells every page the new board. */
  env: Pick<Env, "EVENT_LIVE">;
}

/** Who asks: a signed-in account (its role on the channel), or nobody. */
export type ScoreViewer = { id: number; role: UserRole } | null;

/** The event, when it is a published event of the channel, and its sport's scoring; else 404 or 422. */
async function scoredEvent(s: ScoreScope, eventId: number): Promise<{ sport: ScoringSport; scope: repo.EventScope }> {
  const event = await repo.scoredEventRow(s.db, s.channelId, eventId);
  if (!event) throw notFound();
  const scoring = scoringOf(event.sport, event.parent);
  if (!scoring) throw new ApiError(422, SCORE_MESSAGES.noSport);
  return { sport: scoring, scope: { channelId: s.channelId, eventId } };
}

async function canKeepScore(s: ScoreScope, scope: repo.EventScope, viewer: ScoreViewer): Promise<boolean> {
  if (!viewer) return false;
  return canManageChannel(viewer.role) || (await repo.hasScorekeeperGrant(s.db, scope, viewer.id));
}

const storedTap = (row: repo.TapRow): StoredTap & { hidden: boolean } => ({ id: row.tapId, at: row.at, seq: row.seq, action: row.action, hidden: row.hidden });

function playEntry(sport: ScoringSport, { tap, state }: ReplayEntry): PlayEntry | null {
  const { action } = tap;
  if (action.kind === "undo" || action.kind === "clock" || action.kind === "clock_set") return null;
  const plays: Record<string, number> = SCORING_PLAYS[sport];
  const points = action.kind === "score" ? plays[action.play] : action.kind === "adjust" ? action.points : null;
  return { id: tap.id, at: tap.at, action, points, home: state.home, away: state.away, period: state.period, overtime: state.overtime, sets: state.sets, final: state.final };
}

function answer(sport: ScoringSport, taps: (StoredTap & { hidden: boolean })[], canKeep: boolean): GameAnswer {
  const game = replay(sport, taps);
  const hidden = new Set(taps.filter((t) => t.hidden).map((t) => t.id));
  const plays = game.entries.filter((e) => !hidden.has(e.tap.id)).flatMap((e) => playEntry(sport, e) ?? []);
  return { state: game.state, plays, can_keep_score: canKeep };
}

/** GET /events/{id}/score: public like the event. */
export async function gameOf(s: ScoreScope, eventId: number, viewer: ScoreViewer): Promise<GameAnswer> {
  const { sport, scope } = await scoredEvent(s, eventId);
  const [rows, canKeep] = await Promise.all([repo.eventTapsQuery(s.db, scope), canKeepScore(s, scope, viewer)]);
  return answer(sport, rows.map(storedTap), canKeep);
}

/**
 * POST /events/{id}/score/taps: the taps in the order sent. Each is checked in its place among the stored ones and
 * stored, or refused with the rule it breaks; a tap id already stored is a resend. A refusal does not stop the taps
 * after it (each is checked on its own).
 */
export async function addTaps(s: ScoreScope, eventId: number, viewer: NonNullable<ScoreViewer>, taps: Tap[]): Promise<TapsAnswer> {
  const { sport, scope } = await scoredEvent(s, eventId);
  if (!(await canKeepScore(s, scope, viewer))) throw new ApiError(403, SCORE_MESSAGES.notScorekeeper);
  const stored = (await repo.eventTapsQuery(s.db, scope)).map(storedTap);
  const checker = tapChecker(sport, stored);
  const results: TapResult[] = [];
  for (const tap of taps) {
    if (stored.some((t) => t.id === tap.id)) {
      results.push({ id: tap.id, status: "duplicate" });
      continue;
    }
    const next: StoredTap = { ...tap, seq: (stored.at(-1)?.seq ?? 0) + 1 };
    const refusal = checker.check(next);
    if (refusal) {
      results.push({ id: tap.id, status: "refused", message: refusal });
      continue;
    }
    const row = await repo.insertTap(s.db, scope, { tapId: tap.id, userId: viewer.id, at: tap.at, action: tap.action, receivedAt: s.now });
    // Stored meanwhile by another request (the same queue sent twice at once): a resend.
    if (!row) {
      results.push({ id: tap.id, status: "duplicate" });
      continue;
    }
    const added = storedTap(row);
    stored.push(added);
    checker.add(added);
    results.push({ id: tap.id, status: "accepted" });
  }
  const game = answer(sport, stored, true);
  if (results.some((r) => r.status === "accepted")) await scoreChanged(s, eventId, { state: game.state, plays: game.plays });
  return { results, game };
}
