// What the controls show, read from the <video> and the shaka player on the media events that change it.
import { useEffect, useState, type RefObject } from "react";
import type { ShakaPlayer } from "./useShakaPlayer";

export interface PlaybackState {
  paused: boolean;
  time: number;
  start: number;
  end: number;
  live: boolean;
  muted: boolean;
  volume: number;
  fullscreen: boolean;
  pip: boolean;
  heights: number[];
  /** The chosen height, or null when adaptive (auto). */
  height: number | null;
}

const INITIAL: PlaybackState = { paused: true, time: 0, start: 0, end: 0, live: false, muted: true, volume: 1, fullscreen: false, pip: false, heights: [], height: null };

const PLAYER_EVENTS = ["variantchanged", "adaptation", "trackschanged", "streaming"];
const EVENTS = ["play", "pause", "timeupdate", "seeked", "volumechange", "durationchange", "enterpictureinpicture", "leavepictureinpicture", "loadedmetadata"];

export function usePlaybackState(videoRef: RefObject<HTMLVideoElement>, player: ShakaPlayer | null): PlaybackState {
  const [state, setState] = useState(INITIAL);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const read = () => {
      const range = player?.seekRange() ?? { start: 0, end: Number.isFinite(video.duration) ? video.duration : 0 };
      const tracks = player?.getVideoTracks() ?? [];
      const abr = player?.getConfiguration().abr.enabled ?? true;
      const active = tracks.find((t) => t.active);
      setState({
        paused: video.paused,
        time: video.currentTime,
        start: range.start,
        end: range.end,
        live: player?.isLive() ?? false,
        muted: video.muted,
        volume: video.volume,
        fullscreen: Boolean(document.fullscreenElement),
        pip: document.pictureInPictureElement === video,
        heights: [...new Set(tracks.map((t) => t.height ?? 0).filter(Boolean))].sort((a, b) => b - a),
        height: abr ? null : (active?.height ?? null),
      });
    };
    read();
    for (const name of EVENTS) video.addEventListener(name, read);
    document.addEventListener("fullscreenchange", read);
    // Renditions can arrive after the first read (a live manifest's update adds one): the Quality row follows.
    for (const name of PLAYER_EVENTS) player?.addEventListener(name, read);
    return () => {
      for (const name of EVENTS) video.removeEventListener(name, read);
      document.removeEventListener("fullscreenchange", read);
      for (const name of PLAYER_EVENTS) player?.removeEventListener(name, read);
    };
  }, [videoRef, player]);
  return state;
}

/** "1:02:03" or "2:03". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}
