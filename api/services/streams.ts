// Concurrent streams (issue 13, ADR 015): a playback grant that a pass pays for counts one stream per signed-in
// device against the passes' simultaneous-logins limit; the player confirms it with heartbeats; another device of
// the account may stop it. The state lives in the account's StreamGuard Durable Object (stream-slots.ts is the rule).
import { deviceName, parseUserAgent } from "../contract/sessions";
import { channelSettingsSchema } from "../contract/settings";
import { STREAM_MESSAGES, type StreamGrant, type StreamInfo, type StreamLimitDenied } from "../contract/streams";
import type { Db } from "../db/client";
import { settingQuery } from "../db/repos/content";
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

/**
 * What a stream granted through the user's passes is counted under: the most their active passes allow (null: no
 * limit, nothing counted), and how often the channel's players confirm (`streams.heartbeat_s`), read in one batch.
 */
async function passStreamTerms(s: StreamScope, orders: readonly OrderRow[]): Promise<{ limit: number; heartbeatS: number } | null> {
  const active = activeOrders(orders, s.now);
  const ids = [...new Set(active.map(heldProductId).filter((id): id is number => typeof id === "number"))];
  if (!ids.length) return null;
  const [limits, heartbeat] = await s.db.batch([productLoginLimitsQuery(s.db, s.channelId, ids), settingQuery(s.db, s.channelId, "streams.heartbeat_s")]);
  const limit = simultaneousLogins(active, limits, s.now);
  if (limit === null) return null;
  // A bad stored value falls back to the default, as GET /settings answers it.
  return { limit, heartbeatS: channelSettingsSchema.shape["streams.heartbeat_s"].parse(heartbeat[0]?.value) };
}

export type StartedStream = { ok: true; stream: StreamGrant | null } | { ok: false; limit: number; others: StreamEntry[] };

/**
 * Counts the device's stream when a pass grants it (`viaPass`) and the passes set a limit; otherwise nothing is
 * counted (free and sign-in-only items, passes without a limit) and no Durable Object is called. The grant tells the
 * player the channel's heartbeat interval.
 */
export async function startStream(s: StreamScope, orders: readonly OrderRow[], claim: Omit<StreamClaim, "heartbeatS">, viaPass: boolean): Promise<StartedStream> {
  const terms = viaPass ? await passStreamTerms(s, orders) : null;
  if (terms === null) return { ok: true, stream: null };
  const { limit, heartbeatS } = terms;
  const outcome = await guard(s).grant({ ...claim, heartbeatS }, limit, s.now);
  return outcome.ok ? { ok: true, stream: { heartbeat_s: heartbeatS } } : { ok: false, limit, others: outcome.others };
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
  name: deviceName(entry.device, entry.userAgent),
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
