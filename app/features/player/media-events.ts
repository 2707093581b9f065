// The player events (./events) read off a <video>: shared by the shaka player and the plain MP4 players of clips, so
// every playback reports the same way. The owner emits `ready` and `error` itself (it knows when loading ends).
import { useEffect, useRef, type RefObject } from "react";
import { emitPlayerEvent, type PlayerEventName, type PlayerStream } from "./events";

export interface MediaEventSource {
  eventId: number;
  /** Read at each event: the page may describe the stream better once its data reloads. */
  stream: () => PlayerStream | undefined;
  live: () => boolean;
}

export interface MediaEvents {
  emit: (name: PlayerEventName, extra?: { from?: number; code?: number }) => void;
  /** Playback waits for the viewer (autoplay refused, or none asked): startup time counts from their play. */
  awaitViewer: () => void;
  /** Stops listening and tells the subscribers this playback is over. */
  dispose: () => void;
}

export function trackMediaEvents(video: HTMLVideoElement, source: MediaEventSource): MediaEvents {
  let disposed = false;
  let firstFrame = false;
  let lastTime = 0;
  let requestedAt = performance.now();
  let waitingForViewer = false;

  const emit = (name: PlayerEventName, extra: { from?: number; code?: number; startup?: number } = {}) =>
    emitPlayerEvent({ name, eventId: source.eventId, stream: source.stream(), position: video.currentTime, live: source.live(), at: performance.now(), ...extra });

  const onPlaying = () => {
    if (!firstFrame) {
      firstFrame = true;
      const shown = () => !disposed && emit("first_frame", { startup: Math.max(0, Math.round(performance.now() - requestedAt)) });
      // The frame is on screen when the compositor presents it, not when "playing" fires.
      if ("requestVideoFrameCallback" in video) video.requestVideoFrameCallback(shown);
      else shown();
    }
    emit("playing");
  };
  const onPlay = () => {
    if (!firstFrame && waitingForViewer) requestedAt = performance.now();
    waitingForViewer = false;
    emit("play");
  };
  const onPause = () => !video.ended && emit("pause");
  // Before the first frame a seek is the player placing the start (the live edge), not the viewer.
  const onSeeking = () => firstFrame && emit("seek", { from: lastTime });
  const onTime = () => {
    if (video.seeking) return;
    lastTime = video.currentTime;
    emit("progress");
  };
  // A stall while meant to play (not one a seek or a pause explains).
  const onWaiting = () => !video.paused && !video.seeking && emit("waiting");
  const onEnded = () => emit("complete");
  const listeners: [string, () => void][] = [
    ["playing", onPlaying],
    ["play", onPlay],
    ["pause", onPause],
    ["seeking", onSeeking],
    ["timeupdate", onTime],
    ["waiting", onWaiting],
    ["ended", onEnded],
  ];
  for (const [name, fn] of listeners) video.addEventListener(name, fn);

  return {
    emit: (name, extra) => !disposed && emit(name, extra),
    awaitViewer: () => {
      if (!firstFrame) waitingForViewer = true;
    },
    dispose: () => {
      if (disposed) return;
      emit("unload");
      disposed = true;
      for (const [name, fn] of listeners) video.removeEventListener(name, fn);
    },
  };
}

/** The player events of a plain <video> (a clip's MP4): ready once its metadata is in, error with the media code. */
export function useMediaEvents(videoRef: RefObject<HTMLVideoElement>, stream: PlayerStream) {
  const streamRef = useRef(stream);
  streamRef.current = stream;
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const events = trackMediaEvents(video, { eventId: streamRef.current.id, stream: () => streamRef.current, live: () => false });
    if (!video.autoplay) events.awaitViewer();
    const onReady = () => events.emit("ready");
    const onError = () => events.emit("error", { code: video.error?.code });
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) onReady();
    video.addEventListener("loadedmetadata", onReady);
    video.addEventListener("error", onError);
    return () => {
      video.removeEventListener("loadedmetadata", onReady);
      video.removeEventListener("error", onError);
      events.dispose();
    };
  }, [videoRef]);
}
