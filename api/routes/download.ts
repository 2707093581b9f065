// Event download (SPEC §7 download-event/{id}, issue 5): a finished event as one MP4 (video + audio, starting at 0)
// built from the stored segments by mp4-builder.ts and streamed, for a user holding the `download` capability and
// access to the event. Each download is charged to one of the user's active passes (SPEC §6: limits are per pass;
// the rules live in services/downloads.ts).
// Three doors, one set of checks and one stream: GET download-event/{id} (SPEC: checks, counts, streams),
// POST download-event/{id} (checks, counts, answers a short-lived ticket URL) and GET media/download/{id}?token=
// (the ticket: checks again for the token's user, streams without counting, so a browser can save it natively).
import { Hono, type Context } from "hono";
import { and, eq } from "drizzle-orm";
import type { AppEnv } from "../context";
import { idParamSchema } from "../contract/common";
import { mediaTokenQuerySchema, PLAYBACK_MESSAGES, type DownloadTicket } from "../contract/media";
import { channelEventQuery, type EventRow } from "../db/repos/catalogue-events";
import { users } from "../db/schema";
import { ApiError, notFound } from "../lib/errors";
import { authSecret } from "../lib/secrets";
import { param, query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { requireUser } from "../middleware/user";
import type { PassAllowance } from "../services/access";
import type { UserRow } from "../services/auth/users";
import { chargeDownload, downloadCoverage, loadDownloadAllowance, type DownloadScope } from "../services/downloads";
import { viewerDecision, viewerFor } from "../services/event-access";
import { streamStatus } from "../services/event-status";
import { eventTimeline } from "../services/livesim";
import { eventMediaSource, hostedDownloadState, hostedDownloadUrl, playable, type PlayableMedia } from "../services/video/media-source";
import { MEDIA_TOKEN_MAX_TTL_MS, mintMediaToken, verifyMediaToken } from "../services/media-token";
import { buildMp4, r2SegmentReader, type BuiltMp4 } from "../services/mp4-builder";

export const DOWNLOAD_MESSAGES = {
  noCapability: "Your account cannot download events.",
  limitReached: "Download limit reached",
  notFinished: "This event can be downloaded once it has ended.",
  preparing: "The download is being prepared. Please try again in a few minutes.",
  providerFailed: "The video service could not make this download.",
} as const;

const downloadPrefix = (id: number) => `download/${id}`;

/** A file name from the event's key: lowercase letters, digits and dashes only (safe in a header). */
export function downloadFileName(event: Pick<EventRow, "id" | "key">): string {
  const slug = event.key
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${slug || `event-${event.id}`}.mp4`;
}

interface CheckedDownload {
  event: EventRow;
  user: UserRow;
  allowance: PassAllowance;
  /** Our R2 asset (built into an MP4 here), or the video the provider holds (its own MP4). */
  media: PlayableMedia;
  now: number;
}

/**
 * Every check of a download, in the SPEC's order: the channel's event (404), access to it (403 geo/login/purchase),
 * the `download` capability (403), a finished event (409), its media (404), and, unless the download was already
 * counted (a ticket), room in the allowance (403).
 */
async function checkDownload(c: Context<AppEnv>, id: number, user: UserRow, counted: boolean): Promise<CheckedDownload> {
  const event = await channelEventQuery(c.get("db"), c.get("channel").id, id).get();
  if (!event) throw notFound();

  const viewer = await viewerFor(c, user);
  const decision = viewerDecision(viewer, event);
  if (!decision.allowed) throw new ApiError(403, PLAYBACK_MESSAGES[decision.reason]);
  const allowance = await loadDownloadAllowance(scopeOf(c), viewer);
  if (!allowance) throw new ApiError(403, DOWNLOAD_MESSAGES.noCapability);

  const times = { start: event.eventUtcTs, end: event.endUtcTs };
  if (streamStatus(times, viewer.now) !== "finished") throw new ApiError(409, DOWNLOAD_MESSAGES.notFinished);
  const media = await playable(c.env.MEDIA, await eventMediaSource(sourceScope(c), event), viewer.now);
  // A Stream input whose stream has not ended has no file yet, whatever the schedule says.
  if (media?.kind === "stream" && media.live) throw new ApiError(409, DOWNLOAD_MESSAGES.notFinished);
  if (!media) throw notFound(PLAYBACK_MESSAGES.noMedia);
  if (!counted && allowance.remaining <= 0) throw new ApiError(403, DOWNLOAD_MESSAGES.limitReached);
  return { event, user, allowance, media, now: viewer.now };
}

const sourceScope = (c: Context<AppEnv>) => ({ db: c.get("db"), env: c.env, channelId: c.get("channel").id });

/**
 * The provider's MP4 of a checked download, as a signed URL valid until `expiresAt`. Stream makes the file on the
 * first ask: until it is ready the answer is 409 (nothing is counted), and the viewer tries again.
 */
async function hostedDownload(c: Context<AppEnv>, d: CheckedDownload & { media: { kind: "stream" } }, expiresAt: number): Promise<string> {
  const state = await hostedDownloadState(sourceScope(c), d.media.uid);
  if (state.status === "preparing") throw new ApiError(409, DOWNLOAD_MESSAGES.preparing);
  if (state.status === "failed") throw new ApiError(502, DOWNLOAD_MESSAGES.providerFailed);
  return hostedDownloadUrl(sourceScope(c), d.media.uid, expiresAt, downloadFileName(d.event));
}

/** Checks the provider's file, then counts it, then signs its URL: a file not ready uses up nothing. */
async function hostedTake(c: Context<AppEnv>, d: CheckedDownload & { media: { kind: "stream" } }, expiresAt: number): Promise<{ url: string; remaining: number }> {
  const url = await hostedDownload(c, d, expiresAt);
  const remaining = await takeDownload(c, d);
  if (remaining === null) throw new ApiError(403, DOWNLOAD_MESSAGES.limitReached);
  return { url, remaining };
}

const isHosted = (d: CheckedDownload): d is CheckedDownload & { media: { kind: "stream" } } => d.media.kind === "stream";

/** Builds the MP4 of a checked download (404 when its segments are missing). */
async function buildDownload(c: Context<AppEnv>, d: CheckedDownload): Promise<BuiltMp4> {
  if (d.media.kind !== "r2") throw notFound(PLAYBACK_MESSAGES.noMedia);
  const { asset, info } = d.media;
  const timeline = eventTimeline(info, { start: d.event.eventUtcTs, end: d.event.endUtcTs }, d.now);
  if (timeline.status !== "finished") throw new ApiError(409, DOWNLOAD_MESSAGES.notFinished);
  // A longer event's file stops at MAX_DOWNLOAD_S; the playback grant says so before the download (covers_s).
  const last = Math.min(timeline.last, downloadCoverage(timeline.durationMs, info.segment_duration_s).last);
  const built = await buildMp4({ info, reader: r2SegmentReader(c.env.MEDIA, asset), first: 1, last });
  if (!built) throw notFound(PLAYBACK_MESSAGES.noMedia);
  return built;
}

const scopeOf = (c: Context<AppEnv>): DownloadScope => ({ db: c.get("db"), channelId: c.get("channel").id });

/**
 * Charges one download to a pass with room. Should another request take that pass's last one first, the allowance is
 * read again and the next pass tried; null when none has room.
 */
async function takeDownload(c: Context<AppEnv>, d: CheckedDownload): Promise<number | null> {
  let allowance: PassAllowance | null = d.allowance;
  for (let attempt = 0; attempt < 3 && allowance && allowance.remaining > 0; attempt++) {
    const left = await chargeDownload(scopeOf(c), allowance, { userId: d.user.id, eventId: d.event.id, now: d.now });
    if (left !== null) return left;
    allowance = await loadDownloadAllowance(scopeOf(c), await viewerFor(c, d.user));
  }
  return null;
}

/** Builds the file, then counts it: a broken asset does not use up the allowance. The stream is closed on refusal. */
async function buildAndTake(c: Context<AppEnv>, d: CheckedDownload): Promise<{ built: BuiltMp4; remaining: number }> {
  const built = await buildDownload(c, d);
  const remaining = await takeDownload(c, d);
  if (remaining === null) {
    await built.stream.cancel();
    throw new ApiError(403, DOWNLOAD_MESSAGES.limitReached);
  }
  return { built, remaining };
}

/** To the provider's signed file; the redirect itself is not kept by any cache (it carries a token). */
function noStoreRedirect(url: string): Response {
  return new Response(null, { status: 302, headers: { Location: url, "Cache-Control": "private, no-store" } });
}

function mp4Response(event: EventRow, built: BuiltMp4): Response {
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
}

/** The ticket's user: the token's `u:<id>` subject, a user of this channel (403 otherwise, like a bad token). */
async function ticketUser(c: Context<AppEnv>, id: number, token: string | undefined): Promise<UserRow> {
  const now = c.get("now")();
  const check = await verifyMediaToken(authSecret(c.env), token, { channelId: c.get("channel").id, prefix: downloadPrefix(id), now });
  const userId = check.ok && /^u:\d{1,15}$/.test(check.payload.s) ? Number(check.payload.s.slice(2)) : null;
  const user =
    userId === null
      ? undefined
      : await c
          .get("db")
          .select()
          .from(users)
          .where(and(eq(users.id, userId), eq(users.channelId, c.get("channel").id)))
          .get();
  if (!user) throw new ApiError(403, PLAYBACK_MESSAGES.badToken);
  return user;
}

export const downloadRoutes = new Hono<AppEnv>()
  .get("/download-event/:id", requireApiKey, requireUser(), param(idParamSchema), async (c) => {
    const d = await checkDownload(c, c.req.valid("param").id, c.get("user"), false);
    if (isHosted(d)) {
      const { url } = await hostedTake(c, d, d.now + MEDIA_TOKEN_MAX_TTL_MS);
      return noStoreRedirect(url);
    }
    const { built } = await buildAndTake(c, d);
    return mp4Response(d.event, built);
  })
  .post("/download-event/:id", requireApiKey, requireUser(), param(idParamSchema), async (c) => {
    const id = c.req.valid("param").id;
    const d = await checkDownload(c, id, c.get("user"), false);
    const expires = d.now + MEDIA_TOKEN_MAX_TTL_MS;
    c.header("Cache-Control", "private, no-store");
    if (isHosted(d)) {
      // The ticket is the provider's signed URL itself: the file comes from Stream, not through the Worker.
      const { url, remaining } = await hostedTake(c, d, expires);
      const data: DownloadTicket = { url, expires_at: new Date(expires).toISOString(), remaining: Math.max(0, remaining) };
      return c.json({ data });
    }
    const { built, remaining } = await buildAndTake(c, d);
    // Here the build only proved the file can be made; the ticket builds it again when fetched.
    await built.stream.cancel();
    const token = await mintMediaToken(authSecret(c.env), { c: c.get("channel").id, s: `u:${d.user.id}`, p: downloadPrefix(id), e: expires }, d.now);
    const data: DownloadTicket = {
      url: `${new URL(c.req.url).origin}/api/media/download/${id}?token=${encodeURIComponent(token)}`,
      expires_at: new Date(expires).toISOString(),
      remaining: Math.max(0, remaining),
    };
    return c.json({ data });
  })
  // No api key: the signed ticket is the proof (like the other media paths), so a plain link or <a download> works.
  .get("/media/download/:id", param(idParamSchema), query(mediaTokenQuerySchema), async (c) => {
    const id = c.req.valid("param").id;
    const user = await ticketUser(c, id, c.req.valid("query").token);
    const d = await checkDownload(c, id, user, true);
    if (isHosted(d)) return noStoreRedirect(await hostedDownload(c, d, d.now + MEDIA_TOKEN_MAX_TTL_MS));
    return mp4Response(d.event, await buildDownload(c, d));
  });
