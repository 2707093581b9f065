// The local ingest's calls (issue 16), for scripts/ingest-local.ts only: never in production (404, as if absent),
// and only with the shared secret LOCAL_INGEST_SECRET as a Bearer token. The ingest serves the whole machine, so
// these routes are mounted before the host's channel is resolved and name inputs and uploads by their provider uid;
// it may write media only under the asset of an input or upload still in its hands, never over another asset.
import { and, eq, inArray, or } from "drizzle-orm";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppEnv } from "../context";
import { ingestProgressSchema, uploadProgressSchema, VIDEO_MESSAGES } from "../contract/video";
import { liveInputs, mediaUploads } from "../db/schema";
import { timingSafeEqual } from "../lib/crypto";
import { ApiError, notFound } from "../lib/errors";
import { body, param } from "../lib/validate";
import { localIngestSecret } from "../providers/video";
import { ASSET_NAME, mediaObjectKey } from "../services/media-asset";
import { contentTypeFor } from "../services/r2-range";
import { segmentPartsPrefix } from "../services/cmaf-chunks";
import { ingestWork, localInput, platformScope, reportLiveProgress, reportRefusedPublish } from "../services/video/ingest";
import { localUpload, reportUploadProgress } from "../services/video/uploads";
import { liveInputWire, uploadWire } from "../services/video/wire";
import { addLibraryItem } from "../services/console/library";

/** One media file at most this big: a 2-s segment is far below it; a poster or media.json even more. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;
const encoder = new TextEncoder();

const requireIngestSecret = createMiddleware<AppEnv>(async (c, next) => {
  const secret = localIngestSecret(c.env);
  if (!secret) throw notFound();
  const given = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
  if (!timingSafeEqual(encoder.encode(given), encoder.encode(secret))) throw new ApiError(401, VIDEO_MESSAGES.badIngestSecret);
  c.header("Cache-Control", "no-store");
  await next();
});

const uidParam = z.object({ uid: z.string().regex(/^local-[A-Za-z0-9_-]{8,40}$/) });
const mediaParam = z.object({ asset: z.string().regex(ASSET_NAME), file: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,120}(?:\/[A-Za-z0-9][A-Za-z0-9._-]{0,120})?$/) });

/** The asset is a local input's still receiving, or a local upload's still being packaged. */
async function writableAsset(c: { get: (k: "db") => AppEnv["Variables"]["db"] }, asset: string): Promise<boolean> {
  const db = c.get("db");
  const [input, upload] = await Promise.all([
    db.select({ id: liveInputs.id }).from(liveInputs).where(and(eq(liveInputs.mediaKey, asset), eq(liveInputs.provider, "local"), inArray(liveInputs.status, ["idle", "connected", "reconnecting"]))).get(),
    db.select({ id: mediaUploads.id }).from(mediaUploads).where(and(eq(mediaUploads.mediaKey, asset), eq(mediaUploads.provider, "local"), or(eq(mediaUploads.status, "uploaded"), eq(mediaUploads.status, "processing")))).get(),
  ]);
  return Boolean(input ?? upload);
}

export const ingestLocalRoutes = new Hono<AppEnv>()
  .use("/dev/ingest/*", requireIngestSecret)
  .get("/dev/ingest/work", async (c) => c.json({ data: await ingestWork(c.get("db")) }))
  .put("/dev/ingest/media/:asset/:file{.+}", param(mediaParam), async (c) => {
    const { asset, file } = c.req.valid("param");
    if (!(await writableAsset(c, asset))) throw notFound();
    const bytes = await c.req.arrayBuffer();
    if (bytes.byteLength > MAX_FILE_BYTES) throw new ApiError(413, "The file is too large.");
    await c.env.MEDIA.put(mediaObjectKey(asset, file), bytes, { httpMetadata: { contentType: contentTypeFor(file) } });
    return c.json({ data: { key: mediaObjectKey(asset, file), bytes: bytes.byteLength } });
  })
  // A segment and its parts (cmaf-chunks.ts) left by an encoder connection that ended before every stream had it: the
  // next connection writes that number afresh, and a stale part must not be served as its beginning.
  .delete("/dev/ingest/media/:asset/:file{.+}", param(mediaParam), async (c) => {
    const { asset, file } = c.req.valid("param");
    if (!(await writableAsset(c, asset))) throw notFound();
    const key = mediaObjectKey(asset, file);
    const parts = await c.env.MEDIA.list({ prefix: mediaObjectKey(asset, segmentPartsPrefix(file)) });
    const keys = [key, ...parts.objects.map((o) => o.key)];
    await c.env.MEDIA.delete(keys);
    return c.json({ data: { deleted: keys.length } });
  })
  .post("/dev/ingest/inputs/:uid/progress", param(uidParam), body(ingestProgressSchema), async (c) => {
    const { input, channel } = await localInput(c.get("db"), c.req.valid("param").uid);
    const scope = platformScope(c.get("db"), c.env, channel, c.get("now")());
    return c.json({ data: liveInputWire(await reportLiveProgress(scope, input, c.req.valid("json"))) });
  })
  // An encoder that published with a wrong stream key, which the ingest refused (issue 29).
  .post("/dev/ingest/inputs/:uid/refused", param(uidParam), async (c) => {
    const { input, channel } = await localInput(c.get("db"), c.req.valid("param").uid);
    const scope = platformScope(c.get("db"), c.env, channel, c.get("now")());
    return c.json({ data: liveInputWire(await reportRefusedPublish(scope, input)) });
  })
  .get("/dev/ingest/uploads/:uid/source", param(uidParam), async (c) => {
    const { upload } = await localUpload(c.get("db"), c.req.valid("param").uid);
    const object = upload.sourceKey ? await c.env.MEDIA.get(upload.sourceKey) : null;
    if (!object) throw notFound();
    return new Response(object.body, { headers: { "Content-Type": "application/octet-stream", "Content-Length": String(object.size), "Cache-Control": "no-store" } });
  })
  .post("/dev/ingest/uploads/:uid/progress", param(uidParam), body(uploadProgressSchema), async (c) => {
    const { upload, channel } = await localUpload(c.get("db"), c.req.valid("param").uid);
    const scope = platformScope(c.get("db"), c.env, channel, c.get("now")());
    return c.json({ data: uploadWire(await reportUploadProgress(scope, upload, c.req.valid("json"), addLibraryItem)) });
  });
