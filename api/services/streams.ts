// Concurrent streams (issue 13, ADR 015): a playback grant that a pass pays for counts one stream per signed-in
// device against the passes' simultaneous-logins limit; the player confirms it with heartbeats; another device of
// the account may stop it. The state lives in the account's StreamGuard Durable Object (stream-slots.ts is the rule).
import { parseUserAgent } from "../contract/sessions";
import { STREAM_HEARTBEAT_S, STREAM_MESSAGES, type StreamGrant, type StreamInfo, type StreamLimitDenied } from "../contract/streams";
import type { Db } from "../db/client";
import { productLoginLimitsQuery } from "../db/repos/products";
import type { OrderRow } from "../db/schema";
import { activeOrders } from "./access";
import { heldProductId, simultaneousLogins } from "./commerce/rules";
import { tr, type Lang } from "./lang";
import type { StreamClaim, StreamEntry } from "./stream-slots";

/** One account's streams: the channel's user, the clock, and the binding of the Durable Object. */
export interface StreamScope {
  env: Pick<Env, "STREAM_GUARD">;
  db: Db;
  channelId: number;
  userId: number;
  now: number;
}

const guard = (s: StreamScope) => s.env.STREAM_GUARD.get(s.env.STREAM_GUARD.idFromName(`${s.channelId}:${s.userId}`));

/** The limit that applies to a stream granted through the user's passes: the most their active passes allow. */
export async function passStreamLimit(s: StreamScope, orders: readonly OrderRow[]): Promise<number | null> {
  const active = activeOrders(orders, s.now);
  const ids = [...new Set(active.map(heldProductId).filter((id): id is number => typeof id === "number"))];
  if (!ids.length) return null;
  return simultaneousLogins(active, await productLoginLimitsQuery(s.db, s.channelId, ids), s.now);
}

export type StartedStream = { ok: true; stream: StreamGrant | null } | { ok: false; limit: number; others: StreamEntry[] };

/**
 * Counts the device's stream when a pass grants it (`viaPass`) and the passes set a limit; otherwise nothing is
 * counted (free and sign-in-only items, passes without a limit) and no Durable Object is called.
 */
export async function startStream(s: StreamScope, orders: readonly OrderRow[], claim: StreamClaim, viaPass: boolean): Promise<StartedStream> {
  const limit = viaPass ? await passStreamLimit(s, orders) : null;
  if (limit === null) return { ok: true, stream: null };
  const outcome = await guard(s).grant(claim, limit, s.now);
  return outcome.ok ? { ok: true, stream: { heartbeat_s: STREAM_HEARTBEAT_S } } : { ok: false, limit, others: outcome.others };
}

export const beatStream = (s: StreamScope, session: number) => guard(s).beat(session, s.now);
export const stopStream = (s: StreamScope, session: number) => guard(s).stop(session, s.now);
export const releaseStream = (s: StreamScope, session: number) => guard(s).release(session, s.now);
export const listStreams = (s: StreamScope) => guard(s).list(s.now);
/** The account's sessions but `keep` were signed out: their streams free their slots now, not at expiry. */
export const releaseStreamsBut = (s: StreamScope, keep: number | null) => guard(s).releaseAllBut(keep, s.now);

/** A stream as the wire shows it, its title in the call's language. */
export const streamInfo = (entry: StreamEntry, currentSession: number | null, lang: Lang): StreamInfo => ({
  id: entry.session,
  device: entry.device,
  ...parseUserAgent(entry.userAgent),
  title: tr(entry.title, lang),
  started_at: new Date(entry.startedAt).toISOString(),
  current: entry.session === currentSession,
});

/** The 403 body of a grant refused at the limit. */
export const streamLimitDenied = (limit: number, others: StreamEntry[], lang: Lang): StreamLimitDenied => ({
  message: STREAM_MESSAGES.limit(limit),
  reason: "streams",
  limit,
  streams: others.map((e) => streamInfo(e, null, lang)),
});
