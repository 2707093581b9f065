// The analytics client's video views (SPEC §7 video/event and video/viewing): one view per playback of a stream,
// its player events as they come, and the time watched and rebuffered every VIEWING_INTERVAL_S while it plays.
import type { VideoEventName, VideoEventRecord, ViewingRecord } from "@api/contract/datalake";
import { VIDEO_EVENTS, VIEWING_INTERVAL_S } from "@api/contract/datalake-constants";
import type { PlayerEvent, PlayerStream } from "~/features/player/events";
import { ViewingMeter } from "./viewing";

type Stamped = "profile" | "session_uuid" | "age_ms";
type Viewer = { user_id: number | null; user_email: string | null; trk: string | null };

export interface VideoViewsDeps {
  now(): number;
  uuid(): string;
  setTimer(fn: () => void, ms: number): () => void;
  /** Who watches, stamped on every record. */
  viewer(): Viewer;
  enqueue(kind: "videoEvent", body: Omit<VideoEventRecord, Stamped>): void;
  enqueue(kind: "viewing", body: Omit<ViewingRecord, Stamped>): void;
}

export function createVideoViews({ now, uuid, setTimer, viewer, enqueue }: VideoViewsDeps) {
interface View {
  uuid: string;
  stream: PlayerStream;
  meter: ViewingMeter;
  /** Completed: a new play is a new view. */
  ended: boolean;
  cancelTick: (() => void) | null;
}
const views = new Map<string, View>();
const viewKey = (s: PlayerStream) => `${s.type === "live" || s.type === "replay" ? "event" : s.type}:${s.id}`;

function report(view: View): void {
  const span = view.meter.take(now());
  if (!span.viewing_time && !span.rebuffer_time) return;
  const s = view.stream;
  enqueue("viewing", {
    ...viewer(),
    video_view_uuid: view.uuid,
    stream_id: s.id,
    stream_type: s.type,
    viewing_time: Math.min(3600, span.viewing_time),
    rebuffer_time: Math.min(3600, span.rebuffer_time),
    category: s.category ?? null,
    sport: s.sport ?? null,
    gender: s.gender ?? null,
    school: s.school ?? null,
    league: s.league ?? null,
  });
}

/** While playing, the time watched goes out every VIEWING_INTERVAL_S. */
function tick(view: View, on: boolean): void {
  if (!on) {
    view.cancelTick?.();
    view.cancelTick = null;
    return;
  }
  if (view.cancelTick) return;
  view.cancelTick = setTimer(() => {
    view.cancelTick = null;
    report(view);
    tick(view, true);
  }, VIEWING_INTERVAL_S * 1000);
}

function playerEvent(e: PlayerEvent): void {
  const stream: PlayerStream = e.stream ?? { id: e.eventId, type: e.live ? "live" : "replay" };
  if (!Number.isSafeInteger(stream.id) || stream.id <= 0) return;
  const key = viewKey(stream);
  const t = now();
  let view = views.get(key);
  if (e.name === "unload") {
    if (!view) return;
    view.meter.stopped(t);
    tick(view, false);
    report(view);
    views.delete(key);
    return;
  }
  const position = Number.isFinite(e.position) && e.position >= 0 && e.position <= 1e7 ? e.position : null;
  if (!view || (view.ended && e.name === "play")) {
    if (view) tick(view, false);
    view = { uuid: uuid(), stream, meter: new ViewingMeter(), ended: false, cancelTick: null };
    views.set(key, view);
    // The playhead moving in a view never seen: the client started while this player was already playing (its chunk
    // loaded late). The view is joined as playing, so its time watched goes out every interval from here.
    if (e.name === "progress") {
      view.meter.playing(position ?? 0, t);
      tick(view, true);
    }
  }
  view.stream = stream;

  if ((VIDEO_EVENTS as readonly string[]).includes(e.name)) {
    enqueue("videoEvent", {
      ...viewer(),
      video_view_uuid: view.uuid,
      stream_id: stream.id,
      stream_type: stream.type,
      event: e.name as VideoEventName,
      position,
      startup_ms: e.name === "first_frame" && e.startup !== undefined ? Math.min(600_000, Math.max(0, Math.round(e.startup))) : null,
      code: e.name === "error" && Number.isInteger(e.code) ? e.code : null,
    });
  }

  const meter = view.meter;
  switch (e.name) {
    case "progress":
      if (position !== null) meter.progress(position, t);
      break;
    case "playing":
      meter.playing(position ?? 0, t);
      tick(view, true);
      break;
    case "play":
      tick(view, true);
      break;
    case "waiting":
      meter.waiting(t);
      break;
    case "seek":
      meter.seeked(t);
      break;
    case "pause":
    case "complete":
    case "error":
      meter.stopped(t);
      tick(view, false);
      report(view);
      if (e.name === "complete") view.ended = true;
      break;
  }
}

  return {
    playerEvent,
    /** The page hides: the time so far goes out (the meters go on if playback continues in the background). */
    reportAll: () => {
      for (const view of views.values()) report(view);
    },
    stopAll: () => {
      for (const view of views.values()) tick(view, false);
    },
  };
}
