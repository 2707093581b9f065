// The analytics service (issue 14, SPEC §7): GET /datalake/hash/, POST /datalake/session/, /datalake/event/,
// /datalake/video/event/, /datalake/video/viewing/. The channel comes from the host; records name the channel's
// analytics profile instead of carrying an api key (sendBeacon cannot set headers, and the profile is what the
// SPEC's client sends). Each address is rate-limited per channel, in requests and in records, and each analytics
// session in records. The viewer a record is for is the request's signed-in session (the web app's cookie, or a
// Bearer token), never the user_id a record names: anyone may post records (issue 25).
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { WEB_SESSION_COOKIE } from "../contract/auth";
import type { AppEnv } from "../context";
import {
  batchOf,
  DATALAKE_IP_RECORDS,
  DATALAKE_RATE,
  DATALAKE_SESSION_RECORDS,
  type DatalakeKind,
  type HashGrant,
  hashQuerySchema,
  pageEventRecordSchema,
  sessionRecordSchema,
  videoEventRecordSchema,
  viewingRecordSchema,
} from "../contract/datalake";
import { body, query } from "../lib/validate";
import { checkProfile, type IngestScope, ingest, recordsPerSession } from "../services/analytics/ingest";
import { analyticsStore } from "../services/analytics/store";
import { throttle } from "../services/auth/throttle";
import { bearerToken, currentUser } from "../middleware/user";
import type { RateRule } from "../services/rate-limit";

const scope = (c: Context<AppEnv>, userId: number | null = null): IngestScope => ({
  channelId: c.get("channel").id,
  profile: c.get("channel").analyticsProfile,
  now: c.get("now")(),
  userId,
});

const addressOf = (c: Context<AppEnv>) => c.req.header("cf-connecting-ip")?.trim() || "unknown";

/**
 * Counts the request against its address's allowance on this channel, and its records against the address's and each
 * analytics session's (a 429 past any of them).
 */
function limit(c: Context<AppEnv>, perSession = new Map<string, number>()) {
  const channelId = c.get("channel").id;
  const ip = addressOf(c);
  const checks: [string, RateRule, number?][] = [[`datalake:ip:${channelId}:${ip}`, DATALAKE_RATE]];
  const records = [...perSession.values()].reduce((a, b) => a + b, 0);
  if (records) checks.push([`datalake:ip-records:${channelId}:${ip}`, DATALAKE_IP_RECORDS, records]);
  for (const [session, n] of perSession) checks.push([`datalake:session:${channelId}:${session}`, DATALAKE_SESSION_RECORDS, n]);
  return throttle(c.env, c.get("now")(), checks);
}

/** The signed-in viewer of the request (the web app's session cookie, or a Bearer token), or null. */
async function viewer(c: Context<AppEnv>): Promise<number | null> {
  return (await currentUser(c, bearerToken(c) ?? getCookie(c, WEB_SESSION_COOKIE) ?? null))?.user.id ?? null;
}

/** Stores a parsed batch, then 204 (nothing to read back; beacons ignore answers anyway). */
async function receive<K extends DatalakeKind>(c: Context<AppEnv>, kind: K, batch: Parameters<typeof ingest<K>>[3]) {
  await limit(c, recordsPerSession(kind, batch));
  await ingest(analyticsStore(c.env, c.get("db")), scope(c, await viewer(c)), kind, batch);
  c.header("Cache-Control", "no-store");
  return c.body(null, 204);
}

export const datalakeRoutes = new Hono<AppEnv>()
  .get("/datalake/hash/", query(hashQuerySchema), async (c) => {
    // Without a profile, the host's channel must have analytics on (a profile of its own); with one, it must be that.
    const s = scope(c);
    checkProfile(s, [c.req.valid("query").profile ?? s.profile ?? ""]);
    await limit(c);
    c.header("Cache-Control", "no-store");
    return c.json({ data: { hash: crypto.randomUUID() } satisfies HashGrant });
  })
  .post("/datalake/session/", body(batchOf(sessionRecordSchema)), (c) => receive(c, "session", c.req.valid("json").batch))
  .post("/datalake/event/", body(batchOf(pageEventRecordSchema)), (c) => receive(c, "event", c.req.valid("json").batch))
  .post("/datalake/video/event/", body(batchOf(videoEventRecordSchema)), (c) => receive(c, "videoEvent", c.req.valid("json").batch))
  .post("/datalake/video/viewing/", body(batchOf(viewingRecordSchema)), (c) => receive(c, "viewing", c.req.valid("json").batch));
