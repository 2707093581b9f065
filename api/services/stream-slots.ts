// The concurrent-streams rule (issue 13) as pure functions over one account's state; the StreamGuard Durable Object
// stores the state, one object per account, so two devices starting at once cannot both take the last slot.
import { STREAM_STOPPED_KEEP_MS, streamTtlMs } from "../contract/streams";

/** A stream: one signed-in device (session) playing something. */
export interface StreamEntry {
  session: number;
  device: string;
  userAgent: string | null;
  /** The item's stored title (a text per language, or one text), resolved in the reader's language. */
  title: string | Record<string, string> | null;
  /** The heartbeat interval its grant told the player (the channel's setting then): it lapses after missing a few. */
  heartbeatS: number;
  startedAt: number;
  beatAt: number;
}

export interface StreamsState {
  streams: StreamEntry[];
  /** Sessions whose stream another device stopped, and when: their next heartbeat learns why. */
  stopped: { session: number; at: number }[];
}

export const EMPTY_STREAMS: StreamsState = { streams: [], stopped: [] };

export type StreamClaim = Omit<StreamEntry, "startedAt" | "beatAt">;

export type GrantOutcome = { ok: true } | { ok: false; others: StreamEntry[] };
export type BeatOutcome = { ok: true } | { ok: false; reason: "stopped" | "expired" };

/** Forgets streams that stopped confirming and stop marks that have served their purpose. */
export function prune(state: StreamsState, now: number): StreamsState {
  return {
    streams: state.streams.filter((s) => now - s.beatAt < streamTtlMs(s.heartbeatS)),
    stopped: state.stopped.filter((s) => now - s.at < STREAM_STOPPED_KEEP_MS),
  };
}

/**
 * A playback grant for `claim.session` under `limit` streams: the device's stream goes on (and takes the new title)
 * when it already plays; otherwise it starts if the account's other streams leave room. A device stopped earlier
 * that asks again is a new start: it competes for a slot like any other.
 */
export function grantStream(state: StreamsState, claim: StreamClaim, limit: number, now: number): { state: StreamsState; outcome: GrantOutcome } {
  const live = prune(state, now);
  const stopped = live.stopped.filter((s) => s.session !== claim.session);
  const own = live.streams.find((s) => s.session === claim.session);
  if (own) {
    const streams = live.streams.map((s) => (s === own ? { ...s, ...claim, beatAt: now } : s));
    return { state: { streams, stopped }, outcome: { ok: true } };
  }
  if (live.streams.length >= limit) return { state: { ...live, stopped }, outcome: { ok: false, others: live.streams } };
  return { state: { streams: [...live.streams, { ...claim, startedAt: now, beatAt: now }], stopped }, outcome: { ok: true } };
}

/** The player's heartbeat: its stream goes on; or it was stopped from another device; or it is over (ask again). */
export function beatStream(state: StreamsState, session: number, now: number): { state: StreamsState; outcome: BeatOutcome } {
  const live = prune(state, now);
  if (live.stopped.some((s) => s.session === session)) return { state: live, outcome: { ok: false, reason: "stopped" } };
  if (!live.streams.some((s) => s.session === session)) return { state: live, outcome: { ok: false, reason: "expired" } };
  return { state: { ...live, streams: live.streams.map((s) => (s.session === session ? { ...s, beatAt: now } : s)) }, outcome: { ok: true } };
}

/** Another device of the account stops `session`'s stream (false when it is not playing). */
export function stopStream(state: StreamsState, session: number, now: number): { state: StreamsState; found: boolean } {
  const live = prune(state, now);
  const found = live.streams.some((s) => s.session === session);
  if (!found) return { state: live, found };
  return { state: { streams: live.streams.filter((s) => s.session !== session), stopped: [...live.stopped, { session, at: now }] }, found };
}

/** The device's own player ended (page closed, another item opened elsewhere): the slot is free at once. */
export function releaseStream(state: StreamsState, session: number, now: number): StreamsState {
  const live = prune(state, now);
  return { ...live, streams: live.streams.filter((s) => s.session !== session) };
}

/** Sessions signed out (from the Devices tab, a new password): their streams end with them; `keep` goes on. */
export function releaseAllBut(state: StreamsState, keep: number | null, now: number): StreamsState {
  const live = prune(state, now);
  return { ...live, streams: live.streams.filter((s) => s.session === keep) };
}
