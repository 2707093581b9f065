// A clip's media (issue 11), token-checked like every media path (ADR 010): under `clip/<id>` the instant preview
// (a static manifest over the source's own segments, from queued on), those segments, and once ready the MP4 file
// (Range, ETag) and its poster frame; under `clip-download/<id>` the same file as an attachment. A deleted clip
// answers 404 at once, whatever token it is asked with.
import { Hono, type Context } from "hono";
import type { AppEnv } from "../context";
import { eventFileParamSchema, mediaTokenQuerySchema } from "../contract/media";
import { clipById } from "../db/repos/clips";
import type { ClipRow } from "../db/clips-schema";
import { notFound } from "../lib/errors";
import { param, query } from "../lib/validate";
import { buildSliceMpd, resolveEventFile } from "../services/livesim";
import { loadMediaInfo } from "../services/media-asset";
import { serveR2Object } from "../services/r2-range";
import { serveTimelineMedia } from "../services/timeline-files";
import { CLIP_FILE, CLIP_POSTER, CLIP_PREVIEW, clipDownloadPrefix, clipFileName, clipPrefix } from "../services/clips/wire";
import { requireMediaToken } from "./media";

async function liveClip(c: Context<AppEnv>, id: number): Promise<ClipRow> {
  const row = await clipById(c.get("db"), c.get("channel").id, id);
  if (!row || row.deletedAt !== null) throw notFound();
  return row;
}

function orNotFound(res: Response | null): Response {
  if (!res) throw notFound();
  return res;
}

export const clipMediaRoutes = new Hono<AppEnv>()
  .get("/media/clip/:id/:file", param(eventFileParamSchema), query(mediaTokenQuerySchema), async (c) => {
    const { id, file } = c.req.valid("param");
    const token = await requireMediaToken(c, c.req.valid("query").token, clipPrefix(id));
    const row = await liveClip(c, id);
    const ready = row.status === "ready";
    if (file === CLIP_FILE && ready && row.fileKey) {
      return orNotFound(await serveR2Object(c.env.MEDIA, row.fileKey, c.req.raw, { cacheControl: "private, max-age=3600" }));
    }
    if (file === CLIP_POSTER && ready && row.posterKey) return orNotFound(await serveR2Object(c.env.MEDIA, row.posterKey, c.req.raw));
    if (row.status === "failed") throw notFound();
    // The preview plays the source's own segments first…last, as long as the source is there.
    const info = await loadMediaInfo(c.env.MEDIA, row.asset, c.get("now")());
    if (!info) throw notFound();
    if (file === CLIP_PREVIEW) {
      return new Response(buildSliceMpd(info, row.firstSegment, row.lastSegment, token), {
        headers: { "Content-Type": "application/dash+xml", "Cache-Control": "private, max-age=60", "X-Content-Type-Options": "nosniff" },
      });
    }
    const target = resolveEventFile(info, file);
    if (!target || target.kind === "playlist") throw notFound();
    if (target.kind === "chunk" && (target.n < row.firstSegment || target.n > row.lastSegment)) throw notFound();
    return orNotFound(await serveTimelineMedia(c.env.MEDIA, row.asset, info, target, c.req.raw, c.get("now")()));
  })
  .get("/media/clip-download/:id/:file", param(eventFileParamSchema), query(mediaTokenQuerySchema), async (c) => {
    const { id, file } = c.req.valid("param");
    await requireMediaToken(c, c.req.valid("query").token, clipDownloadPrefix(id));
    const row = await liveClip(c, id);
    if (file !== CLIP_FILE || row.status !== "ready" || !row.fileKey) throw notFound();
    const res = orNotFound(await serveR2Object(c.env.MEDIA, row.fileKey, c.req.raw, { cacheControl: "private, no-store" }));
    const headers = new Headers(res.headers);
    headers.set("Content-Disposition", `attachment; filename="${clipFileName(row)}"`);
    return new Response(res.body, { status: res.status, headers });
  });
