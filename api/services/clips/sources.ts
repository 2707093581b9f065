// What a clip is cut from (issue 11): an event's recording or live stream (its timeline: 0 = the event's start,
// live up to the last complete segment), or a library video (a finished timeline from 0 to its duration). Loads the
// row, the asset's media.json and the viewer's right to watch it, so the clip rules can decide.
import type { StreamStatus } from "../../contract/catalogue";
import type { ClipVerdict } from "../../contract/clips";
import { activeProductsQuery } from "../../db/repos/products";
import { channelEventQuery, type EventRow } from "../../db/repos/catalogue-events";
import { vodItemQuery, type VodItemRow } from "../../db/repos/catalogue-vod";
import type { Db } from "../../db/client";
import { categoryAncestry, canWatchVod, passEntitlements, type AccessDecision } from "../access";
import { productCovers } from "../commerce/simulate";
import { viewerDecision, type Viewer } from "../event-access";
import { eventTimeline, type MediaInfo } from "../livesim";
import type { LocalizedText } from "../localize";
import { ASSET_NAME, loadMediaInfo } from "../media-asset";
import { clipsUsedByOrder } from "../../db/repos/clips";
import { clipDecision, sellsClipping, type ClipDecision } from "./rules";
import { streamStatus } from "../event-status";

export interface ClipSource {
  kind: "event" | "vod";
  eventId: number | null;
  vodItemId: number | null;
  asset: string;
  info: MediaInfo;
  status: StreamStatus;
  /** Seconds of the source that exist now. */
  availableS: number;
  /** The library video's title, or the event's own name. */
  title: LocalizedText;
  access: AccessDecision;
  event: EventRow | null;
  item: VodItemRow | null;
}

export interface SourceScope {
  db: Db;
  bucket: R2Bucket;
  channelId: number;
}

async function mediaOf(scope: SourceScope, mediaKey: string | null, now: number): Promise<{ asset: string; info: MediaInfo } | null> {
  const asset = mediaKey && ASSET_NAME.test(mediaKey) ? mediaKey : null;
  const info = asset ? await loadMediaInfo(scope.bucket, asset, now) : null;
  return asset && info ? { asset, info } : null;
}

function timelineOf(info: MediaInfo, times: { start: number; end: number }, now: number): { status: StreamStatus; availableS: number } {
  const t = eventTimeline(info, times, now);
  if (t.status === "upcoming") return { status: "upcoming", availableS: 0 };
  // Finished: the whole recording; live: the complete segments up to the edge.
  const availableS = t.status === "finished" ? t.durationMs / 1000 : t.last * info.segment_duration_s;
  return { status: t.status, availableS };
}

/** The event `id` of this channel as a clip source; null when there is no such event or it has no media. */
export async function eventSource(scope: SourceScope, viewer: Viewer, id: number): Promise<ClipSource | null> {
  const event = await channelEventQuery(scope.db, scope.channelId, id).get();
  if (!event) return null;
  const media = await mediaOf(scope, event.mediaKey, viewer.now);
  return media ? fromEvent(event, media, viewer) : null;
}

/** An event already loaded (with its media) as a clip source. */
export function fromEvent(event: EventRow, media: { asset: string; info: MediaInfo }, viewer: Viewer): ClipSource {
  return {
    kind: "event",
    eventId: event.id,
    vodItemId: null,
    ...media,
    ...timelineOf(media.info, { start: event.eventUtcTs, end: event.endUtcTs }, viewer.now),
    title: event.name as LocalizedText,
    access: viewerDecision(viewer, event),
    event,
    item: null,
  };
}

/** The library video `id` of this channel as a clip source (it plays from 0 to its duration, like vod-playback). */
export async function vodSource(scope: SourceScope, viewer: Viewer, id: number): Promise<ClipSource | null> {
  const item = await vodItemQuery(scope.db, scope.channelId, id).get();
  if (!item) return null;
  const media = await mediaOf(scope, item.mediaKey, viewer.now);
  return media ? fromVodItem(item, media, viewer) : null;
}

/** A library video already loaded (with its media) as a clip source. */
export function fromVodItem(item: VodItemRow, media: { asset: string; info: MediaInfo }, viewer: Viewer): ClipSource {
  return { ...vodTimeline(item, item.durationS ?? media.info.duration_s, viewer), ...media };
}

/** A library video's side of a clip source: finished, from 0 to `durationS`, watched under the library's rule. */
function vodTimeline(item: VodItemRow, durationS: number, viewer: Viewer): Omit<ClipSource, "asset" | "info"> {
  return {
    kind: "vod",
    eventId: item.eventId,
    vodItemId: item.id,
    status: "finished",
    availableS: Math.round(durationS * 1000) / 1000,
    title: item.title as LocalizedText,
    access: canWatchVod({
      requiresVodMedia: item.requiresVodMedia,
      user: viewer.user && { id: viewer.user.id, capabilities: viewer.user.capabilities },
      passCapabilities: passEntitlements(viewer.orders, viewer.now).capabilities,
      geoBlocked: viewer.geoBlocked,
    }),
    event: null,
    item,
  };
}

/** Stream cuts at any second (its clip API), where our own media snaps to its segments. */
export const HOSTED_CLIP_STEP_S = 1;

/**
 * A source Stream holds (ADR 022): a finished video (an event's recording, a library video's upload) that Stream's
 * clip API cuts, or a live input's stream (`live`), which is not cut until its recording is ready. Its timeline is
 * the event's (the recording webhook set it to the broadcast) or the library video's, cut on whole seconds.
 */
export interface HostedClipSource extends Omit<ClipSource, "asset" | "info"> {
  videoUid: string;
  live: boolean;
}

/** An event whose media Stream holds, as a clip source. */
export function hostedEventSource(event: EventRow, media: { uid: string; live: boolean }, viewer: Viewer): HostedClipSource {
  const status = streamStatus({ start: event.eventUtcTs, end: event.endUtcTs }, viewer.now);
  const availableS = status === "upcoming" ? 0 : (Math.min(viewer.now, event.endUtcTs) - event.eventUtcTs) / 1000;
  return {
    kind: "event",
    eventId: event.id,
    vodItemId: null,
    videoUid: media.uid,
    live: media.live,
    status,
    availableS,
    title: event.name as LocalizedText,
    access: viewerDecision(viewer, event),
    event,
    item: null,
  };
}

/** A library video whose media Stream holds (a ready upload), as a clip source: from 0 to its duration. */
export function hostedVodSource(item: VodItemRow, media: { uid: string }, viewer: Viewer): HostedClipSource {
  return { ...vodTimeline(item, item.durationS ?? 0, viewer), videoUid: media.uid, live: false };
}

/** The clip decision for this viewer and source, with what each of their passes has used. */
export async function decideClip(scope: SourceScope, viewer: Viewer, source: Pick<ClipSource, "status">): Promise<ClipDecision> {
  const used = viewer.user ? await clipsUsedByOrder(scope.db, scope.channelId, viewer.orders.map((o) => o.id)) : new Map<number, number>();
  return clipDecision({ user: viewer.user, orders: viewer.orders, used, started: source.status !== "upcoming", now: viewer.now });
}

/** The passes on sale that would let this viewer clip the source: they cover it and sell clips. */
/** What the verdict reads of a source: its kind, its row (a library video's pass rule) and whether it has started. */
type VerdictSource = Pick<ClipSource, "kind" | "event" | "status"> & { item: Pick<VodItemRow, "requiresVodMedia"> | null };

async function clippingPasses(scope: SourceScope, viewer: Viewer, source: VerdictSource): Promise<number[]> {
  const products = await activeProductsQuery(scope.db, scope.channelId, ["package", "subscription"]);
  const sellers = products.filter((p) => p.passType !== "addition" && sellsClipping(p));
  if (source.kind === "vod") {
    const needsVod = source.item?.requiresVodMedia ?? false;
    return sellers.filter((p) => p.eventId === null && (!needsVod || p.capabilities.some((c) => /^vod_media(_access)?$/i.test(c)))).map((p) => p.id);
  }
  const event = source.event!;
  const target = {
    kind: "event" as const,
    event: { id: event.id, type: event.type, homeTeamId: event.homeTeamId, awayTeamId: event.awayTeamId },
    categoryPath: categoryAncestry(event.eventCategoryId, viewer.categoryParents),
  };
  return sellers.filter((p) => productCovers(p, target)).map((p) => p.id);
}

/** The verdict a playback grant carries (the web renders it and restates no rule). */
export function clipVerdict(scope: SourceScope, viewer: Viewer, source: ClipSource, maxDurationS: number): Promise<ClipVerdict> {
  return verdictOf(scope, viewer, source, maxDurationS, source.info.segment_duration_s);
}

async function verdictOf(scope: SourceScope, viewer: Viewer, source: VerdictSource, maxDurationS: number, stepS: number): Promise<ClipVerdict> {
  const decision = await decideClip(scope, viewer, source);
  const wantsPass = !decision.allowed && (decision.reason === "capability" || decision.reason === "limit");
  return {
    can_clip: decision.allowed,
    reason: decision.allowed ? null : decision.reason,
    remaining: decision.remaining,
    max_duration_s: maxDurationS,
    segment_duration_s: stepS,
    covering_passes: wantsPass ? await clippingPasses(scope, viewer, source) : [],
  };
}

/**
 * The verdict for media the provider holds: a finished Stream video (a recording, an upload) is cut by Stream's clip
 * API on whole seconds, under the same rules as our own media; a live input's stream has no video to cut until its
 * recording is ready (ADR 022): `hosted`, or `login` for a visitor, with what is left on the passes still told.
 */
export async function hostedClipVerdict(scope: SourceScope, viewer: Viewer, source: VerdictSource & { live: boolean }, maxDurationS: number): Promise<ClipVerdict> {
  if (!source.live) return verdictOf(scope, viewer, source, maxDurationS, HOSTED_CLIP_STEP_S);
  const decision = await decideClip(scope, viewer, source);
  // A visitor is still asked to log in first (the page shows no clip list without an account).
  const reason = !decision.allowed && decision.reason === "login" ? "login" : "hosted";
  return { can_clip: false, reason, remaining: decision.remaining, max_duration_s: maxDurationS, segment_duration_s: HOSTED_CLIP_STEP_S, covering_passes: [] };
}
