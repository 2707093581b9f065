// The local stand-in's tus endpoint for direct uploads (docs/decisions/025): what Stream's one-time upload URL is in
// production. Dev-only (404 in production, as if absent, like /api/dev/ingest/*), and authorised by the upload's own
// unguessable token in the URL, never by the ingest secret: the browser holds this URL. A wrong token, an unknown
// upload or one that is no longer waiting for its bytes is a 404. HEAD says how far it got; PATCH appends one chunk
// (local-tus.ts); the last chunk completes the R2 multipart upload and the row becomes `uploaded` for the local ingest.
import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppEnv } from "../context";
import { sha256Hex, timingSafeEqual } from "../lib/crypto";
import { ApiError, notFound } from "../lib/errors";
import { param } from "../lib/validate";
import { localIngestSecret } from "../providers/video";
import { checkTusPatch, readTusState, tusOffset, writeTusState } from "../providers/video/local-tus";
import { platformScope } from "../services/video/ingest";
import { localUpload, markDirectUploadSent } from "../services/video/uploads";

const TUS_VERSION = "1.0.0";
const encoder = new TextEncoder();
const tusParam = z.object({ uid: z.string().regex(/^local-[A-Za-z0-9_-]{8,40}$/), token: z.string().regex(/^[A-Za-z0-9_-]{20,80}$/) });

const devOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (localIngestSecret(c.env) === null) throw notFound();
  c.header("Tus-Resumable", TUS_VERSION);
  c.header("Cache-Control", "no-store");
  await next();
});

/**
 * The upload and its tus state, when the token is the upload's and its URL has not expired; 404 otherwise (nothing
 * tells a wrong token apart, and an expired URL answers as Stream's does: gone).
 */
async function authorised(c: Context<AppEnv>, uid: string, token: string) {
  const [{ upload, channel }, found] = await Promise.all([localUpload(c.get("db"), uid), readTusState(c.env.MEDIA, uid)]);
  if (!found || !timingSafeEqual(encoder.encode(await sha256Hex(token)), encoder.encode(found.state.tokenHash))) throw notFound();
  const expiresAt = upload.direct?.expiresAt;
  if (typeof expiresAt === "number" && c.get("now")() >= expiresAt) throw notFound();
  return { upload, channel, ...found };
}

export const devTusRoutes = new Hono<AppEnv>()
  .use("/dev/tus/*", devOnly)
  // Hono answers HEAD with its GET route, less the body.
  .get("/dev/tus/:uid/:token", param(tusParam), async (c) => {
    const { uid, token } = c.req.valid("param");
    const { upload, state } = await authorised(c, uid, token);
    const offset = upload.status === "waiting" ? tusOffset(state) : state.length;
    return c.body(null, 200, { "Upload-Offset": String(offset), "Upload-Length": String(state.length) });
  })
  .patch("/dev/tus/:uid/:token", param(tusParam), async (c) => {
    const { uid, token } = c.req.valid("param");
    const { upload, channel, state, etag } = await authorised(c, uid, token);
    if (upload.status !== "waiting") throw new ApiError(409, "The upload is complete.");
    if ((c.req.header("content-type") ?? "").split(";", 1)[0]!.trim().toLowerCase() !== "application/offset+octet-stream") {
      throw new ApiError(415, "Send the chunk as application/offset+octet-stream.");
    }
    // At most one chunk is read: a longer body is refused without buffering it.
    const declared = Number(c.req.header("content-length") ?? NaN);
    if (Number.isFinite(declared) && declared > state.chunk) throw new ApiError(400, `A chunk is at most ${state.chunk} bytes.`);
    const bytes = await c.req.arrayBuffer();
    const check = checkTusPatch(state, c.req.header("upload-offset") ?? null, bytes.byteLength);
    if (!check.ok) throw new ApiError(check.status, check.message);

    const multipart = c.env.MEDIA.resumeMultipartUpload(state.sourceKey, state.multipartId);
    const part = await multipart.uploadPart(check.partNumber, bytes);
    const next = { ...state, parts: [...state.parts, { partNumber: part.partNumber, etag: part.etag }] };
    // Another PATCH at the same offset won the race: this one's part is overwritten by the same number, harmlessly.
    if (!(await writeTusState(c.env.MEDIA, uid, next, etag))) throw new ApiError(409, "Another chunk was written at this offset.");
    if (check.done) {
      // The state stays (a lost answer to the last chunk is followed by a HEAD); packaging deletes it with the source.
      await multipart.complete(next.parts);
      const scope = platformScope(c.get("db"), c.env, channel, c.get("now")(), "video-upload");
      await markDirectUploadSent(scope, upload, state.length);
    }
    return c.body(null, 204, { "Upload-Offset": String(check.offset) });
  });
