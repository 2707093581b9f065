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
import { channelEventQuery } from "../../db/repos/catalogue-events";
import { vodItemQuery } from "../../db/repos/catalogue-vod";
import { decideClip, eventSource, HOSTED_CLIP_STEP_S, hostedEventSource, hostedVodSource, vodSource, type ClipSource, type HostedClipSource, type SourceScope } from "./sources";
import { usesStream, videoSettings } from "../../providers/video";
import type { ChannelBrand } from "../artwork/brand";
import { CLIP_FILE, clipDownloadPrefix, clipFileName, clipObjectKey, CLIP_POSTER, signClipUrl, sourceTitle, toClip, toSharedClip, type Signer } from "./wire";

export interface ClipScope extends SourceScope {
  /** Tells media the video provider holds (services/video/media-source.ts) from our own. */
  env: Env;
  secret: string;
  origin: string;
  now: number;
  /** Where clip jobs go (the JOBS queue), now or after a delay. */
  send: (job: Job, options?: { delaySeconds?: number }) => Promise<void>;
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
  if (!source) throw notFound();
  if (input.event_media_id !== undefined && input.event_id !== undefined && source.eventId !== input.event_id) throw notFound();
  return source;
}

/**
 * The source a cut names when Stream holds its media (services/video/media-source.ts); null when it does not, or
 * there is no such item in this channel (the R2 path then answers). With Stream off nothing is queried.
 */
async function hostedSourceOf(s: ClipScope, viewer: Viewer, input: Pick<ClipInput, "event_id" | "event_media_id">): Promise<HostedClipSource | null> {
  if (!usesStream(videoSettings(s.env))) return null;
  const scope = { db: s.db, env: s.env, channelId: s.channelId };
  if (input.event_media_id !== undefined) {
    const item = await vodItemQuery(s.db, s.channelId, input.event_media_id).get();
    const media = item ? await vodMediaSource(scope, item) : null;
    if (!item || media?.kind !== "stream") return null;
    if (input.event_id !== undefined && item.eventId !== input.event_id) throw notFound();
    return hostedVodSource(item, media, viewer);
  }
  const event = await channelEventQuery(s.db, s.channelId, input.event_id!).get();
  const media = event ? await eventMediaSource(scope, event) : null;
  return event && media?.kind === "stream" ? hostedEventSource(event, media, viewer) : null;
}

/** What a cut needs of its source, ours or Stream's: where it is cut from and on what step. */
type Cuttable = Omit<ClipSource, "asset" | "info"> & { asset: string; stepS: number; videoUid: string | null; live: boolean };

const cuttable = (source: ClipSource): Cuttable => ({ ...source, stepS: source.info.segment_duration_s, videoUid: null, live: false });
const cuttableHosted = (source: HostedClipSource): Cuttable => ({ ...source, asset: "", stepS: HOSTED_CLIP_STEP_S });

/**
 * POST /clip: checks access to the source, that it has started, the `clipping` capability and a clip left on a pass,
 * snaps the cut to the segments (whole seconds for Stream-held media), stores the clip queued (charged to a pass in
 * the same statement) and sends its job. A Stream live input's stream is refused (409) until its recording is ready.
 */
export async function createClip(s: ClipScope, viewer: Viewer, input: ClipInput, l: Lang): Promise<Clip> {
  const user = userOf(viewer);
  const hosted = await hostedSourceOf(s, viewer, input);
  const source = hosted ? cuttableHosted(hosted) : cuttable(await sourceOf(s, viewer, input));
  if (!source.access.allowed) throw new ApiError(403, PLAYBACK_MESSAGES[source.access.reason]);
  if (source.live) throw new ApiError(409, CLIP_MESSAGES.hosted);
  if (source.status === "upcoming") throw new ApiError(409, CLIP_MESSAGES.notStarted);
  const decision = await decideClip(s, viewer, source);
  if (!decision.allowed) throw new ApiError(403, decision.reason === "capability" ? CLIP_MESSAGES.noCapability : CLIP_MESSAGES.limitReached);

  const snapped = snapCut({ startS: input.start_time, durationS: input.duration }, source.stepS, source.availableS);
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
      sourceVideoUid: source.videoUid,
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

/**
 * Sends the clip's job, after `delayS` when its moment is not recorded yet (a key play of a live game). A failed
 * send leaves the clip queued: the scheduled sweep sends it again (nothing is lost).
 */
export async function enqueue(s: Pick<ClipScope, "send" | "channelId">, row: Pick<ClipRow, "id">, delayS = 0): Promise<void> {
  try {
    await s.send({ kind: "clip.process", channelId: s.channelId, clipId: row.id }, delayS > 0 ? { delaySeconds: delayS } : undefined);
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
export async function sharedClip(s: ClipScope, id: number, uuid: string, l: Lang, brand: ChannelBrand): Promise<SharedClip> {
  const row = await repo.sharedClip(s.db, s.channelId, id, uuid);
  if (!row || !row.fileKey) throw notFound();
  const names = await repo.clipSourceNames(s.db, s.channelId, [row]);
  const title = sourceTitle({ vod: row.vodItemId === null ? null : names.vod.get(row.vodItemId), event: row.eventId === null ? null : names.events.get(row.eventId) }, l);
  return toSharedClip(signer(s), row, title, brand);
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
