// An event's frame (issue 28, frames.ts): the picture its artwork, share image and cards show while it has one. Our
// ingest's asset has a frame every few seconds in R2 (media.json `frames`): the live edge's latest while live, a frame
// picked from the recording after. A Stream broadcast has the provider's thumbnail, at a signed URL.
import type { EventRow } from "../../db/repos/catalogue-events";
import { eventInputQuery } from "../../db/repos/video-sources";
import { streamStatus } from "../event-status";
import { liveFrame, pickedFrame } from "../frames";
import { fillNumber } from "../livesim";
import { loadMediaInfo, mediaObjectKey } from "../media-asset";
import { eventMediaSource, hostedPlayback, type SourceScope } from "./media-source";

export type EventFrame = { kind: "object"; key: string; live: boolean } | { kind: "redirect"; url: string; live: boolean };

/** How long the provider's signed thumbnail URL is valid. */
const SIGNED_FRAME_MS = 3_600_000;

/** The event's frame now, or null: an upcoming game, no broadcast, or one without a frame yet. */
export async function eventFrame(s: SourceScope & { bucket: R2Bucket }, event: EventRow, now: number): Promise<EventFrame | null> {
  const status = streamStatus({ start: event.eventUtcTs, end: event.endUtcTs }, now);
  if (status === "upcoming") return null;
  // Only a broadcast has frames of its own (the looped demo media stands for any game: it is no game's picture).
  const input = await eventInputQuery(s.db, s.channelId, event.id).get();
  if (!input) return null;
  const live = status === "live";
  const source = await eventMediaSource(s, event);
  if (!source) return null;
  if (source.kind === "stream") {
    const signed = await hostedPlayback(s, source.uid, now + SIGNED_FRAME_MS);
    return { kind: "redirect", url: signed.poster, live };
  }
  if (source.asset !== input.mediaKey) return null;
  const frames = (await loadMediaInfo(s.bucket, source.asset, now))?.frames;
  if (!frames) return null;
  const index = live ? liveFrame(frames.count) : pickedFrame(frames.count);
  return { kind: "object", key: mediaObjectKey(source.asset, fillNumber(frames.template, index)), live };
}
