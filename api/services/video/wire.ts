// Rows of live_inputs and media_uploads as the console's wire shapes (contract/video.ts).
import type { LiveInput, MediaUpload } from "../../contract/video";
import type { liveInputs, mediaUploads } from "../../db/schema";

export type LiveInputRow = typeof liveInputs.$inferSelect;
export type UploadRow = typeof mediaUploads.$inferSelect;

/** Segments of an encoder's stream, as the ingest packages them (and as the demo media is cut). */
export const LIVE_SEGMENT_S = 2;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function liveInputWire(row: LiveInputRow): LiveInput {
  return {
    id: row.id,
    event_id: row.eventId,
    provider: row.provider,
    status: row.status,
    rtmp_url: row.ingestUrl,
    stream_key: row.streamKey,
    publish_url: `${row.ingestUrl.replace(/\/+$/, "")}/${row.streamKey}`,
    srt_url: row.srtUrl,
    segment_count: row.segmentCount,
    started_at: iso(row.startedAt),
    ended_at: iso(row.endedAt),
    created_at: new Date(row.createdAt).toISOString(),
    dropped_at: iso(row.droppedAt),
    gaps: row.gaps,
    encoder: row.status === "connected" || row.status === "reconnecting" ? (row.encoder ?? null) : null,
    // Told while it is news: after the last connection (or with none yet), and not once the broadcast is over.
    refused_at: row.refusedAt !== null && row.status !== "ended" && row.refusedAt > (row.startedAt ?? 0) ? new Date(row.refusedAt).toISOString() : null,
  };
}

export function uploadWire(row: UploadRow): MediaUpload {
  return {
    id: row.id,
    provider: row.provider,
    status: row.status,
    title: row.title,
    media_key: row.mediaKey,
    vod_key: row.vodKey,
    error: row.error,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
    resume:
      row.status === "waiting" && row.direct
        ? { upload_url: row.direct.uploadUrl, chunk_bytes: row.direct.chunkBytes, file_name: row.direct.fileName, file_size: row.direct.fileBytes }
        : null,
  };
}

/** A media key of our own: lowercase, one path segment (ASSET_NAME), never a name another asset has. */
export const newMediaKey = (prefix: "live" | "upload") => `${prefix}-${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
