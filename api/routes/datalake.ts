// The analytics service (issue 14, SPEC §7): GET /datalake/hash/, POST /datalake/session/, /datalake/event/,
// /datalake/video/event/, /datalake/video/viewing/. The channel comes from the host; records name the channel's
// analytics profile instead of carrying an api key (sendBeacon cannot set headers, and the profile is what the
// SPEC's client sends). Each address is rate-limited per channel.
import { type Context, Hono } from "hono";
import type { AppEnv } from "../context";
import {
  batchOf,
  DATALAKE_RATE,
  type DatalakeKind,
  type HashGrant,
  hashQuerySchema,
  pageEventRecordSchema,
  sessionRecordSchema,
  videoEventRecordSchema,
  viewingRecordSchema,
} from "../contract/datalake";
import { body, query } from "../lib/validate";
import { checkProfile, type IngestScope, ingest } from "../services/analytics/ingest";
import { analyticsStore } from "../services/analytics/store";
import { throttle } from "../services/auth/throttle";

const scope = (c: Context<AppEnv>): IngestScope => ({ channelId: c.get("channel").id, profile: c.get("channel").analyticsProfile, now: c.get("now")() });

/** Counts the request against its address's allowance on this channel (a 429 past it). */
function limit(c: Context<AppEnv>) {
  const ip = c.req.header("cf-connecting-ip")?.trim() || "unknown";
  return throttle(c.env, c.get("now")(), [[`datalake:ip:${c.get("channel").id}:${ip}`, DATALAKE_RATE]]);
}

/** Stores a parsed batch, then 204 (nothing to read back; beacons ignore answers anyway). */
async function receive<K extends DatalakeKind>(c: Context<AppEnv>, kind: K, batch: Parameters<typeof ingest<K>>[3]) {
  await limit(c);
  await ingest(analyticsStore(c.env, c.get("db")), scope(c), kind, batch);
  c.header("Cache-Control", "no-store");
  return c.body(null, 204);
}

export const datalakeRoutes = new Hono<AppEnv>()
  .get("/datalake/hash/", query(hashQuerySchema), async (c) => {
    checkProfile(scope(c), [c.req.valid("query").profile]);
    await limit(c);
    c.header("Cache-Control", "no-store");
    return c.json({ data: { hash: crypto.randomUUID() } satisfies HashGrant });
  })
  .post("/datalake/session/", body(batchOf(sessionRecordSchema)), (c) => receive(c, "session", c.req.valid("json").batch))
  .post("/datalake/event/", body(batchOf(pageEventRecordSchema)), (c) => receive(c, "event", c.req.valid("json").batch))
  .post("/datalake/video/event/", body(batchOf(videoEventRecordSchema)), (c) => receive(c, "videoEvent", c.req.valid("json").batch))
  .post("/datalake/video/viewing/", body(batchOf(viewingRecordSchema)), (c) => receive(c, "viewing", c.req.valid("json").batch));
