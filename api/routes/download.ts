// Event download (SPEC §7 download-event/{id}, issue 5): a finished event as one MP4 (video + audio, starting at 0)
// built from the stored segments by mp4-builder.ts and streamed, for a user holding the `download` capability and
// access to the event. Each download counts against the downloads allowance of the user's active passes.
import { Hono, type Context } from "hono";
import { and, eq, lt, sql } from "drizzle-orm";
import type { AppEnv } from "../context";
import { capabilityFlags } from "../contract/auth";
import { idParamSchema } from "../contract/common";
import { PLAYBACK_MESSAGES } from "../contract/media";
import type { EventRow } from "../db/repos/catalogue-events";
import { events, users } from "../db/schema";
import { ApiError, notFound } from "../lib/errors";
import { param } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { requireUser } from "../middleware/user";
import { passEntitlements } from "../services/access";
import { viewerDecision, viewerFor } from "../services/event-access";
import { streamStatus } from "../services/event-status";
import { eventTimeline } from "../services/livesim";
import { ASSET_NAME, loadMediaInfo } from "../services/media-asset";
import { buildMp4, r2SegmentReader } from "../services/mp4-builder";

export const DOWNLOAD_MESSAGES = {
  noCapability: "Your account cannot download events.",
  limitReached: "Download limit reached",
  notFinished: "This event can be downloaded once it has ended.",
} as const;

/** The longest recording one download covers: every segment is an R2 read, and a request's reads are bounded. */
export const MAX_DOWNLOAD_S = 3 * 3600;

/** A file name from the event's key: lowercase letters, digits and dashes only (safe in a header). */
export function downloadFileName(event: Pick<EventRow, "id" | "key">): string {
  const slug = event.key
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${slug || `event-${event.id}`}.mp4`;
}

/** Counts one download if the allowance has room; false when another request took the last one meanwhile. */
async function takeDownload(c: Context<AppEnv>, userId: number, limit: number): Promise<boolean> {
  const row = await c
    .get("db")
    .update(users)
    .set({ downloadCount: sql`${users.downloadCount} + 1` })
    .where(and(eq(users.id, userId), eq(users.channelId, c.get("channel").id), lt(users.downloadCount, limit)))
    .returning({ id: users.id })
    .get();
  return row !== undefined;
}

export const downloadRoutes = new Hono<AppEnv>().get("/download-event/:id", requireApiKey, requireUser(), param(idParamSchema), async (c) => {
  const id = c.req.valid("param").id;
  const event = await c
    .get("db")
    .select()
    .from(events)
    .where(and(eq(events.channelId, c.get("channel").id), eq(events.id, id)))
    .get();
  if (!event) throw notFound();

  const viewer = await viewerFor(c, c.get("user"));
  const decision = viewerDecision(viewer, event);
  if (!decision.allowed) throw new ApiError(403, PLAYBACK_MESSAGES[decision.reason]);
  const user = viewer.user!;
  const { capabilities, limits } = passEntitlements(viewer.orders, viewer.now);
  if (!capabilityFlags([...user.capabilities, ...capabilities]).download) throw new ApiError(403, DOWNLOAD_MESSAGES.noCapability);

  const times = { start: event.eventUtcTs, end: event.endUtcTs };
  if (streamStatus(times, viewer.now) !== "finished") throw new ApiError(409, DOWNLOAD_MESSAGES.notFinished);
  const asset = event.mediaKey && ASSET_NAME.test(event.mediaKey) ? event.mediaKey : null;
  const info = asset ? await loadMediaInfo(c.env.MEDIA, asset, viewer.now) : null;
  if (!asset || !info) throw notFound(PLAYBACK_MESSAGES.noMedia);
  // No allowance from any pass means no downloads (SPEC §6: limits are per pass).
  if (user.downloadCount >= limits.downloads) throw new ApiError(403, DOWNLOAD_MESSAGES.limitReached);

  const timeline = eventTimeline(info, times, viewer.now);
  if (timeline.status !== "finished") throw new ApiError(409, DOWNLOAD_MESSAGES.notFinished);
  const last = Math.min(timeline.last, Math.ceil(MAX_DOWNLOAD_S / info.segment_duration_s));
  const built = await buildMp4({ info, reader: r2SegmentReader(c.env.MEDIA, asset), first: 1, last });
  if (!built) throw notFound(PLAYBACK_MESSAGES.noMedia);
  // Counted only once the file can be built, so a broken asset does not use up the allowance.
  if (!(await takeDownload(c, user.id, limits.downloads))) {
    await built.stream.cancel();
    throw new ApiError(403, DOWNLOAD_MESSAGES.limitReached);
  }

  const headers = new Headers({
    "Content-Type": "video/mp4",
    "Content-Disposition": `attachment; filename="${downloadFileName(event)}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
  // A fixed-length body tells the client the size (progress bars) and fails the response if the bytes differ.
  const body = built.size === null ? built.stream : built.stream.pipeThrough(new FixedLengthStream(built.size));
  if (built.size !== null) headers.set("Content-Length", String(built.size));
  return new Response(body, { headers });
});
