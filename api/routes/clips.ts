// Clips (SPEC §7, issue 11): POST /clip, GET /clips/user, GET /clips/event/{id}, GET /clip/{id}, DELETE /clip/{id},
// GET /clip/download/{id} (as the signed-in user) and GET /shared-clip/{id}?uuid= (anyone with the link).
// GET /events/with_clip sits with the other event lists (routes/events.ts).
import { Hono, type Context } from "hono";
import type { AppEnv } from "../context";
import { clipSchema, CLIP_MESSAGES, clipsQuerySchema, sharedClipQuerySchema } from "../contract/clips";
import { idParamSchema, langQuerySchema } from "../contract/common";
import { channelSettingsSchema, clipTagKey } from "../contract/settings";
import { settingsQuery } from "../db/repos/content";
import { ApiError } from "../lib/errors";
import { authSecret } from "../lib/secrets";
import { body, param, query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { requireUser } from "../middleware/user";
import { clipDownload, createClip, getClip, listClips, removeClip, sharedClip, type ClipScope } from "../services/clips/clips";
import { viewerFor } from "../services/event-access";
import { requestLang } from "../services/lang";

/** The scope of a clip call: this channel, its bucket and queue, the signing secret and the API's origin. */
export function clipScope(c: Context<AppEnv>): ClipScope {
  return {
    db: c.get("db"),
    env: c.env,
    bucket: c.env.MEDIA,
    channelId: c.get("channel").id,
    secret: authSecret(c.env),
    origin: new URL(c.req.url).origin,
    now: c.get("now")(),
    send: async (job, options) => void (await c.env.JOBS.send(job, options)),
  };
}

/** The channel's clip tags (setting `clips.tags`). */
async function channelTags(c: Context<AppEnv>): Promise<Set<string>> {
  const rows = await settingsQuery(c.get("db"), c.get("channel").id);
  const stored = rows.find((r) => r.key === "clips.tags")?.value;
  return new Set(channelSettingsSchema.shape["clips.tags"].parse(stored).map(clipTagKey));
}

const signedInViewer = (c: Context<AppEnv>) => viewerFor(c, c.get("user"));

export const clipRoutes = new Hono<AppEnv>()
  .post("/clip", requireApiKey, requireUser(), body(clipSchema()), async (c) => {
    const input = c.req.valid("json");
    const [tags, viewer] = await Promise.all([channelTags(c), signedInViewer(c)]);
    if (input.tags.some((t) => !tags.has(t))) throw new ApiError(422, CLIP_MESSAGES.tagRequired, { tags: [CLIP_MESSAGES.tagRequired] });
    const data = await createClip(clipScope(c), viewer, input, requestLang(undefined, c.get("channel")));
    return c.json({ data });
  })
  .get("/clips/user", requireApiKey, requireUser(), query(clipsQuerySchema), async (c) => {
    const q = c.req.valid("query");
    const { data, total } = await listClips(
      clipScope(c),
      await signedInViewer(c),
      { eventId: q.event_id, vodItemId: q.event_media_id, status: q.status, offset: q.offset, limit: q.limit },
      requestLang(q.lang, c.get("channel")),
    );
    return c.json({ data, meta: { total, offset: q.offset, limit: q.limit } });
  })
  .get("/clips/event/:id", requireApiKey, requireUser(), param(idParamSchema), query(langQuerySchema), async (c) => {
    const { data } = await listClips(
      clipScope(c),
      await signedInViewer(c),
      { eventId: c.req.valid("param").id, offset: 0, limit: 100 },
      requestLang(c.req.valid("query").lang, c.get("channel")),
    );
    return c.json({ data });
  })
  .get("/clip/download/:id", requireApiKey, requireUser(), param(idParamSchema), async (c) => {
    return c.json({ data: await clipDownload(clipScope(c), await signedInViewer(c), c.req.valid("param").id) });
  })
  .get("/clip/:id", requireApiKey, requireUser(), param(idParamSchema), query(langQuerySchema), async (c) => {
    const data = await getClip(clipScope(c), await signedInViewer(c), c.req.valid("param").id, requestLang(c.req.valid("query").lang, c.get("channel")));
    return c.json({ data });
  })
  .delete("/clip/:id", requireApiKey, requireUser(), param(idParamSchema), async (c) => {
    await removeClip(clipScope(c), await signedInViewer(c), c.req.valid("param").id);
    return c.json({ data: { deleted: true } });
  })
  .get("/shared-clip/:id", requireApiKey, param(idParamSchema), query(sharedClipQuerySchema), async (c) => {
    const q = c.req.valid("query");
    const data = await sharedClip(clipScope(c), c.req.valid("param").id, q.uuid, requestLang(q.lang, c.get("channel")), c.get("channel").brand);
    // Signed URLs inside: never kept by a shared cache past their expiry.
    c.header("Cache-Control", "private, no-store");
    return c.json({ data });
  });
