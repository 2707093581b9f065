// Frames from the stream (issue 28): an encoder's broadcast and an uploaded video carry a frame every few seconds
// (media.json `frames`, written by the local ingest; Cloudflare Stream makes its own thumbnails). They are the event's
// artwork while it has a picture: the live edge's latest frame while live, a frame picked from the recording after.
// Pure rules, shared by the ingest (which names an upload's poster) and the API (which serves an event's frame).

/** Which of `count` frames stands for a finished recording: a third of the way in, past warm-ups and the opening. */
export function pickedFrame(count: number): number {
  return Math.max(0, Math.min(count - 1, Math.floor(count / 3)));
}

/** The live edge's frame: the latest whole one. */
export const liveFrame = (count: number): number => Math.max(0, count - 1);

/**
 * How often a live event's frame URL changes (seconds of broadcast): a card or a share preview shows the game as it
 * was at most this long ago, and each version is cached once.
 */
export const LIVE_FRAME_REFRESH_S = 30;

/** The version in an event's frame URL: its broadcast's length, in steps of LIVE_FRAME_REFRESH_S while live. */
export function frameVersion(segmentCount: number, segmentS: number, live: boolean): number {
  const seconds = segmentCount * segmentS;
  return live ? Math.floor(seconds / LIVE_FRAME_REFRESH_S) : seconds;
}

/** What an event's list row says of its broadcast (repos/catalogue-events.ts eventBroadcastColumns). */
export interface BroadcastRef {
  provider: "local" | "cloudflare";
  segmentCount: number;
  startedAt: number | null;
  recordingUid: string | null;
}

/** The local ingest's segment length (scripts/lib/ingest/package.ts SEGMENT_S). */
const INGEST_SEGMENT_S = 2;

/**
 * The URL of an event's frame while it has a picture of its own: live or finished, with a broadcast that has sent
 * something (our ingest's segments; Stream's connected encoder or recording). Null otherwise: the looped demo, an
 * upcoming game, a broadcast that never started. Its version moves with the broadcast, so caches and cards refresh.
 */
export function eventFrameUrl(eventId: number, status: "upcoming" | "live" | "finished", b: BroadcastRef | null, now: number): string | null {
  if (!b || status === "upcoming") return null;
  const live = status === "live";
  let version: number;
  if (b.provider === "local") {
    if (b.segmentCount <= 0) return null;
    version = frameVersion(b.segmentCount, INGEST_SEGMENT_S, live);
  } else {
    if (b.startedAt === null && b.recordingUid === null) return null;
    version = live && b.startedAt !== null ? Math.floor((now - b.startedAt) / 1000 / LIVE_FRAME_REFRESH_S) : 0;
  }
  return `/api/events/${eventId}/frame.jpg?v=${live ? "l" : "r"}${version}`;
}
