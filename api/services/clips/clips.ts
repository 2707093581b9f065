// The clip calls (SPEC §7 Clips, issue 11): cut (a queued clip and its job), the user's clips, one event's, the
// events with clips, delete, the shared clip and the download URL. Services take a plain scope; the routes load the
// viewer (user, active orders) and hand it in.
import { CLIP_MESSAGES, type Clip, type ClipDownload, type ClipInput, type SharedClip } from "../../contract/clips";
import { AUTH_MESSAGES } from "../../contract/auth";
import { PLAYBACK_MESSAGES } from "../../contract/media";
import type { ClipRow } from "../../db/clips-schema";
import * as repo from "../../db/repos/clips";
import { ApiError, notFound } from "../../lib/errors";
import type { Viewer } from "../event-access";
import type { Lang } from "../lang";
import type { Job } from "../../jobs/queue";
import { holdsCapability, snapCut } from "./rules";
import { eventMediaSource, vodMediaSource } from "../video/media-source";
import { channelEventQuery, type EventRow } from "../../db/repos/catalogue-events";
import { vodItemQuery, type VodItemRow } from "../../db/repos/catalogue-vod";
import { decideClip, eventSource, vodSource, type ClipSource, type SourceScope } from "./sources";
import { CLIP_FILE, clipDownloadPrefix, clipFileName, clipObjectKey, CLIP_POSTER, signClipUrl, sourceTitle, toClip, toSharedClip, type Signer } from "./wire";

export interface ClipScope extends SourceScope {
  /** Tells media the video provider holds (services/video/media-source.ts) from our own. */
  env: Env;
  secret: string;
  origin: string;
  now: number;
  /** Where clip jobs go (the JOBS queue). */
  send: (job: Job) => Promise<void>;
}

const signer = (s: ClipScope): Signer => ({ secret: s.secret, origin: s.origin, channelId: s.channelId, now: s.now });
const unprocessable = (field: string, message: string) => new ApiError(422, message, { [field]: [message] });
const userOf = (viewer: Viewer) => {
  if (!viewer.user) throw new ApiError(401, AUTH_MESSAGES.unauthenticated);
  return viewer.user;
};

/** The source a cut names: a library video (event_media_id), else the event. Another channel's is not found. */
async function sourceOf(s: ClipScope, viewer: Viewer, input: Pick<ClipInput, "event_id" | "event_media_id">): Promise<ClipSource> {
  const source = input.event_media_id !== undefined ? await vodSource(s, viewer, input.event_media_id) : await eventSource(s, viewer, input.event_id!);
  // A library video of another event than the one named is not that event's media.
  if (!source) throw await noSource(s, input);
  if (input.event_media_id !== undefined && input.event_id !== undefined && source.eventId !== input.event_id) throw notFound();
  return source;
}

/** Whether the item plays from the video provider (Stream), not from the R2 asset a clip would be cut from. */
async function heldByProvider(s: ClipScope, item: { kind: "event"; event: EventRow } | { kind: "vod"; item: VodItemRow }): Promise<boolean> {
  const scope = { db: s.db, env: s.env, channelId: s.channelId };
  const media = item.kind === "vod" ? await vodMediaSource(scope, item.item) : await eventMediaSource(scope, item.event);
  return media?.kind === "stream";
}

/** Why a cut named an item without a source: Stream holds its media (409), or there is nothing to cut (404). */
async function noSource(s: ClipScope, input: Pick<ClipInput, "event_id" | "event_media_id">): Promise<ApiError> {
  const event = input.event_media_id === undefined ? await channelEventQuery(s.db, s.channelId, input.event_id!).get() : undefined;
  const item = input.event_media_id !== undefined ? await vodItemQuery(s.db, s.channelId, input.event_media_id).get() : undefined;
  const held = event ? await heldByProvider(s, { kind: "event", event }) : item ? await heldByProvider(s, { kind: "vod", item }) : false;
  return held ? new ApiError(409, CLIP_MESSAGES.hosted) : notFound();
}

/**
 * POST /clip: checks access to the source, that it has started, the `clipping` capability and a clip left on a pass,
 * snaps the cut to the segments, stores the clip queued (charged to a pass in the same statement) and sends its job.
 */
export async function createClip(s: ClipScope, viewer: Viewer, input: ClipInput, l: Lang): Promise<Clip> {
  const user = userOf(viewer);
  const source = await sourceOf(s, viewer, input);
  if (!source.access.allowed) throw new ApiError(403, PLAYBACK_MESSAGES[source.access.reason]);
  if (await heldByProvider(s, source.kind === "vod" ? { kind: "vod", item: source.item! } : { kind: "event", event: source.event! })) throw new ApiError(409, CLIP_MESSAGES.hosted);
  if (source.status === "upcoming") throw new ApiError(409, CLIP_MESSAGES.notStarted);
  const decision = await decideClip(s, viewer, source);
  if (!decision.allowed) throw new ApiError(403, decision.reason === "capability" ? CLIP_MESSAGES.noCapability : CLIP_MESSAGES.limitReached);

  const snapped = snapCut({ startS: input.start_time, durationS: input.duration }, source.info.segment_duration_s, source.availableS);
  if (!snapped.ok) throw unprocessable(snapped.field, CLIP_MESSAGES[snapped.message]);
  const { cut } = snapped;
  const order = viewer.orders.find((o) => o.id === decision.chargeTo);
  const row = await repo.insertClip(
    s.db,
    {
      channelId: s.channelId,
      userId: user.id,
      uuid: crypto.randomUUID(),
      eventId: source.eventId,
      vodItemId: source.vodItemId,
      orderId: order?.id ?? null,
      name: input.name,
      tags: input.tags,
      requestedStartMs: Math.round(input.start_time * 1000),
      requestedDurationMs: Math.round(input.duration * 1000),
      startMs: cut.startMs,
      durationMs: cut.durationMs,
      asset: source.asset,
      firstSegment: cut.first,
      lastSegment: cut.last,
      createdAt: s.now,
      updatedAt: s.now,
    },
    order ? (order.limits.clips ?? 0) : null,
  );
  // Another request took the pass's last clip between the check and the insert.
  if (!row) throw new ApiError(403, CLIP_MESSAGES.limitReached);
  await repo.refreshClipCount(s.db, s.channelId, row.id);
  await enqueue(s, row);
  return toClip(signer(s), row, { canDownload: false, title: sourceTitle({ vod: source.item?.title, event: source.event?.name }, l) });
}

/** Sends the clip's job. A failed send leaves the clip queued: the scheduled sweep sends it again (nothing is lost). */
export async function enqueue(s: Pick<ClipScope, "send" | "channelId">, row: Pick<ClipRow, "id">): Promise<void> {
  try {
    await s.send({ kind: "clip.process", channelId: s.channelId, clipId: row.id });
  } catch (error) {
    console.error("clip job not sent; the sweep will retry", row.id, error);
  }
}

/** Rows mapped to the contract, with their sources' titles (one round trip) and the download verdict. */
async function mapClips(s: ClipScope, viewer: Viewer, rows: ClipRow[], l: Lang): Promise<Clip[]> {
  const names = await repo.clipSourceNames(s.db, s.channelId, rows);
  const canDownload = viewer.user ? holdsCapability(viewer.user, viewer.orders, s.now, "download_clip") : false;
  return Promise.all(
    rows.map((row) =>
      toClip(signer(s), row, {
        canDownload,
        title: sourceTitle({ vod: row.vodItemId === null ? null : names.vod.get(row.vodItemId), event: row.eventId === null ? null : names.events.get(row.eventId) }, l),
      }),
    ),
  );
}

export async function listClips(s: ClipScope, viewer: Viewer, filter: repo.ClipFilter, l: Lang): Promise<{ data: Clip[]; total: number }> {
  const user = userOf(viewer);
  const { rows, total } = await repo.userClips(s.db, { channelId: s.channelId, userId: user.id }, filter);
  return { data: await mapClips(s, viewer, rows, l), total };
}

/** One of the user's clips (another user's or channel's is not found). */
export async function getClip(s: ClipScope, viewer: Viewer, id: number, l: Lang): Promise<Clip> {
  const user = userOf(viewer);
  const row = await repo.userClip(s.db, { channelId: s.channelId, userId: user.id }, id);
  if (!row) throw notFound();
  return (await mapClips(s, viewer, [row], l))[0];
}

/** DELETE /clip/{id}: the clip leaves the lists and its share link answers 404; its files are removed from R2. */
export async function removeClip(s: ClipScope, viewer: Viewer, id: number): Promise<void> {
  const user = userOf(viewer);
  const row = await repo.deleteClip(s.db, { channelId: s.channelId, userId: user.id }, id, s.now);
  if (!row) throw notFound();
  await s.bucket.delete([clipObjectKey(row, CLIP_FILE), clipObjectKey(row, CLIP_POSTER)]);
}

/** GET /shared-clip/{id}?uuid=: a ready clip for anyone holding its link; a wrong uuid is the same 404 as no clip. */
export async function sharedClip(s: ClipScope, id: number, uuid: string, l: Lang): Promise<SharedClip> {
  const row = await repo.sharedClip(s.db, s.channelId, id, uuid);
  if (!row || !row.fileKey) throw notFound();
  const names = await repo.clipSourceNames(s.db, s.channelId, [row]);
  const title = sourceTitle({ vod: row.vodItemId === null ? null : names.vod.get(row.vodItemId), event: row.eventId === null ? null : names.events.get(row.eventId) }, l);
  return toSharedClip(signer(s), row, title);
}

/** GET /clip/download/{id}: the user's ready clip as an attachment URL, with the `download_clip` capability. */
export async function clipDownload(s: ClipScope, viewer: Viewer, id: number): Promise<ClipDownload> {
  const user = userOf(viewer);
  const row = await repo.userClip(s.db, { channelId: s.channelId, userId: user.id }, id);
  if (!row) throw notFound();
  if (!holdsCapability(user, viewer.orders, s.now, "download_clip")) throw new ApiError(403, CLIP_MESSAGES.noDownload);
  if (row.status !== "ready" || !row.fileKey) throw new ApiError(409, CLIP_MESSAGES.notReady);
  const signed = await signClipUrl(signer(s), row.id, `u:${user.id}`, clipDownloadPrefix(row.id), CLIP_FILE);
  return { ...signed, filename: clipFileName(row) };
}
