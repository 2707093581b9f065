// Concurrent streams (issue 13): the account's playing streams, the player's heartbeat and release, and stopping
// another device's stream. Playback grants count streams through `grantedStream` (media.ts, vod-playback.ts).
import { Hono, type Context } from "hono";
import type { AppEnv } from "../context";
import { langQuerySchema } from "../contract/common";
import type { Language } from "../contract/constants";
import { STREAM_MESSAGES, streamIdParamSchema, type StreamEnded, type StreamGrant, type StreamInfo } from "../contract/streams";
import { notFound } from "../lib/errors";
import { param, query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { requireUser } from "../middleware/user";
import type { Viewer } from "../services/event-access";
import { requestLang } from "../services/lang";
import type { StreamClaim } from "../services/stream-slots";
import { beatStream, listStreams, releaseStream, startStream, stopStream, streamInfo, streamLimitDenied, type StreamScope } from "../services/streams";

export const streamScope = (c: Context<AppEnv>, userId: number): StreamScope => ({
  env: c.env,
  db: c.get("db"),
  channelId: c.get("channel").id,
  userId,
  now: c.get("now")(),
});

const userScope = (c: Context<AppEnv>) => streamScope(c, c.get("user").id);

/**
 * The stream of a playback grant: null when nothing counts it, or the 403 answer when the account already plays as
 * many streams as its passes allow. `viaPass`: the item plays only through a pass (paid events, pass-only videos).
 */
export async function grantedStream(
  c: Context<AppEnv>,
  viewer: Viewer,
  item: { title: unknown; viaPass: boolean; lang?: Language },
): Promise<{ ok: true; stream: StreamGrant | null } | { ok: false; response: Response }> {
  const { user, session } = viewer;
  if (!user || !session) return { ok: true, stream: null };
  const started = await startStream(
    streamScope(c, user.id),
    viewer.orders,
    // Stored titles are JSON text per language (or one text); the object keeps them for the reader's language.
    { session: session.id, device: session.device, userAgent: session.userAgent, title: item.title as StreamClaim["title"] },
    item.viaPass,
  );
  if (started.ok) return started;
  const body = streamLimitDenied(started.limit, started.others, requestLang(item.lang, c.get("channel")));
  return { ok: false, response: c.json(body, 403) };
}

export const streamRoutes = new Hono<AppEnv>()
  .get("/streams", requireApiKey, requireUser(), query(langQuerySchema), async (c) => {
    const lang = requestLang(c.req.valid("query").lang, c.get("channel"));
    const current = c.get("session").id;
    const data: StreamInfo[] = (await listStreams(userScope(c))).map((e) => streamInfo(e, current, lang));
    return c.json({ data });
  })
  .post("/streams/heartbeat", requireApiKey, requireUser(), async (c) => {
    const outcome = await beatStream(userScope(c), c.get("session").id);
    if (outcome.ok) return c.body(null, 204);
    const body: StreamEnded = { message: STREAM_MESSAGES[outcome.reason], reason: outcome.reason };
    return c.json(body, 409);
  })
  .post("/streams/release", requireApiKey, requireUser(), async (c) => {
    await releaseStream(userScope(c), c.get("session").id);
    return c.body(null, 204);
  })
  .post("/streams/:id/stop", requireApiKey, requireUser(), param(streamIdParamSchema), async (c) => {
    // The account's own object only holds its own streams: another account's id is simply not found.
    if (!(await stopStream(userScope(c), c.req.valid("param").id))) throw notFound(STREAM_MESSAGES.notFound);
    return c.body(null, 204);
  });
