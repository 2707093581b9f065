// What the video provider holds for an event or a library video (ADR 022): the event's live input and the upload a
// library video came from. Read by the media source rule (services/video/media-source.ts), always within a channel.
import { and, eq } from "drizzle-orm";
import type { Db } from "../client";
import { liveInputs, mediaUploads } from "../schema";

/** The event's live input: its provider, the provider's id, its state and the recording once the stream ended. */
export const eventInputQuery = (db: Db, channelId: number, eventId: number) =>
  db
    .select({ provider: liveInputs.provider, uid: liveInputs.uid, status: liveInputs.status, startedAt: liveInputs.startedAt, recordingUid: liveInputs.recordingUid, segmentCount: liveInputs.segmentCount, mediaKey: liveInputs.mediaKey })
    .from(liveInputs)
    .where(and(eq(liveInputs.channelId, channelId), eq(liveInputs.eventId, eventId)));

/** The upload whose asset is `mediaKey` (a library video made from it). */
export const uploadOfMediaQuery = (db: Db, channelId: number, mediaKey: string) =>
  db
    .select({ provider: mediaUploads.provider, uid: mediaUploads.uid, status: mediaUploads.status })
    .from(mediaUploads)
    .where(and(eq(mediaUploads.channelId, channelId), eq(mediaUploads.mediaKey, mediaKey)))
    .limit(1);
