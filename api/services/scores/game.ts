// Game day (issue 27): an event's game as its taps make it, and the taps a scorekeeper sends. The rules are
// rules.ts; this file finds the event and its sport, decides who may keep score, and stores what the rules accept.
import { SCORE_MESSAGES, SCORING_PLAYS, TAP_CLOCK_TOLERANCE_MS, type GameAnswer, type KeyPlay, type KeyPlaysAnswer, type PlayEntry, type ScoreState, type ScoringSport, type Tap, type TapResult, type TapsAnswer } from "../../contract/scores";
import type { UserRole } from "../../contract/auth";
import type { ClipScope } from "../clips/clips";
import * as repo from "../../db/repos/scores";
import { ApiError, notFound } from "../../lib/errors";
import { canManageChannel } from "../auth/roles";
import { scoreChanged } from "../event-live";
import { cutKeyPlays, keyPlaysWithClips, removeKeyPlayClip, type KeyPlayTap } from "./key-plays";
import { replay, scoringOf, tapChecker, type ReplayEntry, type StoredTap } from "./rules";

/** A score call's scope: the clip call's (key plays become clips), whose env holds the event's live-state channel. */
export type ScoreScope = ClipScope;

/** Who asks: a signed-in account (its role on the channel), or nobody. */
export type ScoreViewer = { id: number; role: UserRole } | null;

/** The event, when it is a published event of the channel, and its sport's scoring; else 404 or 422. */
async function scoredEvent(s: ScoreScope, eventId: number): Promise<{ sport: ScoringSport; scope: repo.EventScope; start: number }> {
  const event = await repo.scoredEventRow(s.db, s.channelId, eventId);
  if (!event) throw notFound();
  const scoring = scoringOf(event.sport, event.parent);
  if (!scoring) throw new ApiError(422, SCORE_MESSAGES.noSport);
  return { sport: scoring, scope: { channelId: s.channelId, eventId }, start: event.eventUtcTs };
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

/** The game and every play, each with whether the owner hid it. */
function story(sport: ScoringSport, taps: (StoredTap & { hidden: boolean })[]): { state: ScoreState; plays: (PlayEntry & { hidden: boolean })[] } {
  const game = replay(sport, taps);
  const hidden = new Set(taps.filter((t) => t.hidden).map((t) => t.id));
  return { state: game.state, plays: game.entries.flatMap((e) => playEntry(sport, e) ?? []).map((p) => ({ ...p, hidden: hidden.has(p.id) })) };
}

function answer(sport: ScoringSport, taps: (StoredTap & { hidden: boolean })[], canKeep: boolean): GameAnswer {
  const { state, plays } = story(sport, taps);
  // A hidden play is gone from every page; the score it made (a key play makes none) stays.
  return { state, plays: plays.filter((p) => !p.hidden).map(({ hidden: _, ...p }) => p), can_keep_score: canKeep };
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
/**
 * The taps in the server's time: a phone whose clock is off (by more than TAP_CLOCK_TOLERANCE_MS when it sent the
 * batch at `sentAt` by that clock) would otherwise misplace its plays on the timeline and cut its key plays elsewhere.
 */
export function inServerTime(taps: Tap[], sentAt: number | undefined, now: number): Tap[] {
  const offset = sentAt === undefined ? 0 : now - sentAt;
  if (Math.abs(offset) <= TAP_CLOCK_TOLERANCE_MS) return taps;
  return taps.map((tap) => ({ ...tap, at: tap.at + offset }));
}

export async function addTaps(s: ScoreScope, eventId: number, viewer: NonNullable<ScoreViewer>, sent: Tap[], sentAt?: number): Promise<TapsAnswer> {
  const { sport, scope } = await scoredEvent(s, eventId);
  const taps = inServerTime(sent, sentAt, s.now);
  if (!(await canKeepScore(s, scope, viewer))) throw new ApiError(403, SCORE_MESSAGES.notScorekeeper);
  const stored = (await repo.eventTapsQuery(s.db, scope)).map(storedTap);
  const keyPlays: KeyPlayTap[] = [];
  /** The taps accepted undos take back: a key play among them loses its clip (an undo is never undone). */
  const undone: string[] = [];
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
    if (tap.action.kind === "key_play") keyPlays.push({ id: tap.id, at: tap.at, userId: viewer.id });
    if (tap.action.kind === "undo") undone.push(tap.action.target);
  }
  const game = answer(sport, stored, true);
  if (results.some((r) => r.status === "accepted")) {
    // The lists' copy of the game (event_scores), before the pages are told: a page that reloads then reads the new one.
    await repo.saveEventScore(s.db, scope, game.state, s.now);
    await scoreChanged(s, eventId, { state: game.state, plays: game.plays });
  }
  // A key play undone in the same batch is never cut; one cut before loses its clip and the clip's files.
  await cutKeyPlays(s, eventId, keyPlays.filter((k) => !undone.includes(k.id)));
  for (const t of stored) if (t.action.kind === "key_play" && undone.includes(t.id)) await removeKeyPlayClip(s, eventId, t.id);
  return { results, game };
}

/** GET /events/{id}/key-plays: public like the event; the owner also sees the hidden ones. */
export async function keyPlaysOf(s: ScoreScope, eventId: number, viewer: ScoreViewer): Promise<KeyPlaysAnswer> {
  const owner = viewer !== null && canManageChannel(viewer.role);
  return { key_plays: await listKeyPlays(s, eventId, owner), can_manage: owner };
}

async function listKeyPlays(s: ScoreScope, eventId: number, owner: boolean): Promise<KeyPlay[]> {
  const { sport, scope, start } = await scoredEvent(s, eventId);
  const { plays } = story(sport, (await repo.eventTapsQuery(s.db, scope)).map(storedTap));
  const list = await keyPlaysWithClips(s, { id: eventId, eventUtcTs: start }, plays);
  return owner ? list : list.filter((k) => !k.hidden);
}

/**
 * The owner hides a key play (or shows it again), or deletes it with its clip. Every page of the event is told the
 * new board at once, so the play leaves the play-by-play and the key plays everywhere.
 */
export async function changeKeyPlay(s: ScoreScope, eventId: number, tapId: string, change: { hidden: boolean } | "delete"): Promise<KeyPlay | null> {
  const { sport, scope } = await scoredEvent(s, eventId);
  const tap = (await repo.eventTapsQuery(s.db, scope)).find((t) => t.tapId === tapId);
  if (!tap || tap.action.kind !== "key_play") throw notFound();
  if (change === "delete") {
    await removeKeyPlayClip(s, eventId, tapId);
    await repo.deleteTap(s.db, scope, tapId);
  } else {
    await repo.setTapHidden(s.db, scope, tapId, change.hidden);
    // Shown again: one hidden when its recording arrived has no clip yet (one with a clip keeps it: one per key play).
    if (!change.hidden && tap.userId !== null) await cutKeyPlays(s, eventId, [{ id: tapId, at: tap.at, userId: tap.userId }]);
  }
  const after = answer(sport, (await repo.eventTapsQuery(s.db, scope)).map(storedTap), true);
  await scoreChanged(s, eventId, { state: after.state, plays: after.plays });
  if (change === "delete") return null;
  return (await listKeyPlays(s, eventId, true)).find((k) => k.id === tapId) ?? null;
}
