// The score at the viewer's playback position (issue 27, spoiler-safe): a viewer watching behind live, or the
// recording of a finished game, sees the game as it was at the moment they watch, not as it is at the live edge. At
// the live edge the board is the scorekeeper's latest. A moment of the video is dated the way a play is sought
// (PlayByPlay's playPosition): the timeline's 0 is the manifest's presentation start while live, else the event's start.
import type { PlayEntry, ScoreBoard, ScoreState } from "@api/contract/scores";
import { useEffect, useState } from "react";
import type { PlayerHandle } from "~/features/player/Player";
import { PLAY_LEAD_S } from "./PlayByPlay";

/** Further behind the live edge than this (seconds), a live viewer watches behind live: a seek back, not latency. */
export const BEHIND_LIVE_S = 15;

/** What a viewer behind live is shown: the plays up to their moment (`bug`), and up to just after it (`list`). */
export interface Watched {
  /** Plays made at or before the moment on screen: the bug's score. */
  bug: number;
  /** Plays made up to PLAY_LEAD_S after it: a play the viewer sought (from its lead) stays listed as it plays. */
  list: number;
}

/** How many of the plays (in game order) were made by `at`, epoch ms. */
export function playsBy(plays: readonly Pick<PlayEntry, "at">[], at: number): number {
  let n = 0;
  while (n < plays.length && plays[n].at <= at) n++;
  return n;
}

export function watchedAt(plays: readonly Pick<PlayEntry, "at">[], at: number): Watched {
  return { bug: playsBy(plays, at), list: playsBy(plays, at + PLAY_LEAD_S * 1000) };
}

/** The game just after its first `n` plays: their last one's score, period and sets; no clock (only the edge has it). */
export function stateAfter(board: ScoreBoard, n: number): ScoreState {
  const { state } = board;
  const last = n > 0 ? board.plays[n - 1] : null;
  if (!last) return { ...state, home: 0, away: 0, period: 1, overtime: 0, sets: state.sets && { home: 0, away: 0 }, clock: null, final: false };
  return { ...state, home: last.home, away: last.away, period: last.period, overtime: last.overtime, sets: last.sets, clock: null, final: last.final };
}

/** The board a viewer sees: the latest at the live edge (null), else the game as of their moment. */
export function boardWatched(board: ScoreBoard, watched: Watched | null): { state: ScoreState; plays: PlayEntry[] } {
  if (!watched) return board;
  return { state: stateAfter(board, watched.bug), plays: board.plays.slice(0, watched.list) };
}

/**
 * Follows the player: null while nothing plays or at the live edge, else how many plays the viewer has reached. The
 * page re-renders only when a count changes (a play passes), not at every time update.
 */
export function useWatched(handle: PlayerHandle | null, eventStart: number, plays: readonly PlayEntry[]): Watched | null {
  const [watched, setWatched] = useState<Watched | null>(null);
  useEffect(() => {
    if (!handle) {
      setWatched(null);
      return;
    }
    const { video } = handle;
    // A live player starts at the edge: until its picture moves, its position (0, or a seek in flight) says nothing.
    let playing = !video.paused && video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA;
    const read = () => {
      const live = handle.isLive();
      if (live && (!playing || handle.seekRange().end - video.currentTime <= BEHIND_LIVE_S)) return setWatched(null);
      const zero = handle.presentationStart() ?? eventStart;
      const next = watchedAt(plays, zero + video.currentTime * 1000);
      setWatched((w) => (w && w.bug === next.bug && w.list === next.list ? w : next));
    };
    const started = () => {
      playing = true;
      read();
    };
    read();
    const events = ["timeupdate", "seeked", "loadedmetadata"] as const;
    for (const e of events) video.addEventListener(e, read);
    video.addEventListener("playing", started);
    return () => {
      for (const e of events) video.removeEventListener(e, read);
      video.removeEventListener("playing", started);
    };
  }, [handle, eventStart, plays]);
  return watched;
}
