// The player's controls (issues 5 and 15): real buttons with accessible names and SVG icons, a position slider with
// a thumbnail preview, volume, captions (CC and a language choice), quality, cast, picture in picture and full
// screen, so a keyboard or a screen reader can drive everything the mouse can.
import { thumbnailFrameUrl, type Thumbnails } from "@api/contract/clips";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  CaptionsIcon,
  CastIcon,
  ExitFullscreenIcon,
  FullscreenIcon,
  LiveDot,
  MutedIcon,
  PauseIcon,
  PipIcon,
  PlayIcon,
  SeekIcon,
  SettingsIcon,
  VolumeIcon,
} from "./icons";
import type { Captions } from "./useCaptions";
import { clock, type PlaybackState } from "./usePlaybackState";

export interface PlayerActions {
  togglePlay(): void;
  seekBy(seconds: number): void;
  seekTo(seconds: number): void;
  goToLive(): void;
  setHeight(height: number | null): void;
  toggleMute(): void;
  setVolume(volume: number): void;
  toggleFullscreen(): void;
  togglePip(): void;
}

/** Within this many seconds of the live edge the player counts as "at live". */
export const LIVE_EDGE_S = 12;

export interface CastControl {
  shown: boolean;
  casting: boolean;
  toggle(): void;
}

export function PlayerControls({
  id,
  state,
  actions,
  seekStep,
  pipSupported,
  thumbnails,
  captions,
  cast,
  onMenu,
  extra,
  markers,
}: {
  id: string;
  state: PlaybackState;
  actions: PlayerActions;
  seekStep: number;
  pipSupported: boolean;
  thumbnails: Thumbnails | null;
  captions: Captions;
  cast: CastControl;
  /** Told when the settings menu opens or closes (the controls stay while it is open). */
  onMenu(open: boolean): void;
  extra?: ReactNode;
  /** Moments marked on the seek bar (key plays), seconds on the item's timeline. */
  markers?: readonly number[];
}) {
  const { t } = useTranslation("player");
  const behind = state.end - state.time;
  const atLive = state.live && behind < LIVE_EDGE_S;
  const positionText = state.live ? (atLive ? t("controls.atLive") : `-${clock(behind)}`) : `${clock(state.time)} / ${clock(state.end)}`;
  const silent = state.muted || state.volume === 0;
  return (
    <div id={id} className="player__controls" role="group" aria-label={t("controls.label")}>
      <SeekBar state={state} positionText={positionText} thumbnails={thumbnails} onSeek={actions.seekTo} markers={markers} />
      <div className="player__bar">
        <button type="button" className="player__button" onClick={actions.togglePlay} aria-label={state.paused ? t("controls.play") : t("controls.pause")} data-action="play-pause">
          {state.paused ? <PlayIcon /> : <PauseIcon />}
        </button>
        <button type="button" className="player__button" onClick={() => actions.seekBy(-seekStep)} aria-label={t("controls.back", { count: seekStep })} data-action="back">
          <SeekIcon seconds={seekStep} />
        </button>
        <button type="button" className="player__button" onClick={() => actions.seekBy(seekStep)} aria-label={t("controls.forward", { count: seekStep })} data-action="forward">
          <SeekIcon seconds={seekStep} forward />
        </button>
        <button type="button" className="player__button player__mute" onClick={actions.toggleMute} aria-label={state.muted ? t("controls.unmute") : t("controls.mute")}>
          {silent ? <MutedIcon /> : <VolumeIcon />}
        </button>
        <input
          className="player__volume"
          type="range"
          aria-label={t("controls.volume")}
          min={0}
          max={1}
          step={0.05}
          value={state.muted ? 0 : state.volume}
          style={{ "--progress": `${(state.muted ? 0 : state.volume) * 100}%` } as React.CSSProperties}
          onChange={(e) => actions.setVolume(Number(e.currentTarget.value))}
        />
        {state.live ? (
          <button type="button" className="player__live" onClick={actions.goToLive} aria-pressed={atLive} data-at-live={atLive} data-short={t("controls.atLive")}>
            <LiveDot />
            {/* "Live" at the edge (the red dot), "Go to live" behind it: the button says what pressing it does. */}
            <span className="player__live-text">{atLive ? t("controls.atLive") : t("controls.live")}</span>
          </button>
        ) : null}
        <span className="player__time" aria-hidden="true">
          {state.live ? (atLive ? "" : positionText) : positionText}
        </span>
        <span className="player__spacer" />
        {captions.options.length ? (
          <button type="button" className="player__button" onClick={captions.toggle} aria-label={t("controls.captions")} aria-pressed={captions.lang !== null} data-action="captions">
            <CaptionsIcon />
          </button>
        ) : null}
        <SettingsMenu state={state} actions={actions} captions={captions} onMenu={onMenu} />
        {extra}
        {cast.shown ? (
          <button type="button" className="player__button" onClick={cast.toggle} aria-label={cast.casting ? t("controls.stopCast") : t("controls.cast")} aria-pressed={cast.casting} data-action="cast">
            <CastIcon />
          </button>
        ) : null}
        {pipSupported ? (
          <button type="button" className="player__button player__pip" onClick={actions.togglePip} aria-label={state.pip ? t("controls.exitPip") : t("controls.pip")}>
            <PipIcon />
          </button>
        ) : null}
        <button type="button" className="player__button" onClick={actions.toggleFullscreen} aria-label={state.fullscreen ? t("controls.exitFullscreen") : t("controls.fullscreen")}>
          {state.fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
        </button>
      </div>
    </div>
  );
}

/** The thumbnail at a second of the timeline (frame floor(seconds / interval), as the media routes number them). */
export function thumbnailUrl(thumbnails: Thumbnails, seconds: number): string {
  return thumbnailFrameUrl(thumbnails, Math.max(0, Math.floor(seconds / thumbnails.interval_s)));
}

/** The position slider; hovering or dragging it shows the frame and the time there. */
function SeekBar({
  state,
  positionText,
  thumbnails,
  onSeek,
  markers = [],
}: {
  state: PlaybackState;
  positionText: string;
  thumbnails: Thumbnails | null;
  onSeek(s: number): void;
  markers?: readonly number[];
}) {
  const { t } = useTranslation("player");
  const ref = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ at: number; x: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const min = Math.floor(state.start);
  const max = Math.max(min, Math.floor(state.end));

  const previewAt = (clientX: number) => {
    const box = ref.current?.getBoundingClientRect();
    if (!box || box.width === 0 || max <= min) return;
    const ratio = Math.min(1, Math.max(0, (clientX - box.left) / box.width));
    setPreview({ at: min + ratio * (max - min), x: ratio * box.width });
  };
  const previewValue = (value: number) => {
    const box = ref.current?.getBoundingClientRect();
    if (!box || max <= min) return;
    const ratio = (value - min) / (max - min);
    setPreview({ at: value, x: ratio * box.width });
  };
  const label = preview ? (state.live ? `-${clock(state.end - preview.at)}` : clock(preview.at)) : "";

  // Marks within the seekable range (a key play before the DVR window's start is not on the bar). Decorative: the
  // page lists the same moments as buttons (the key plays), which a keyboard and a screen reader reach.
  const marks = max > min ? markers.filter((m) => m >= min && m <= max).map((m) => ((m - min) / (max - min)) * 100) : [];

  return (
    <div className="player__seek-wrap">
      {marks.length ? (
        <div className="player__marks" aria-hidden="true" data-testid="seek-markers">
          {marks.map((pct, i) => (
            <span key={i} className="player__mark" style={{ left: `${pct}%` }} />
          ))}
        </div>
      ) : null}
      {preview ? (
        <div className="player__preview" aria-hidden="true" data-testid="seek-preview" style={{ "--x": `${preview.x}px` } as React.CSSProperties}>
          {thumbnails ? <img className="player__preview-image" src={thumbnailUrl(thumbnails, preview.at)} alt="" width={thumbnails.width} height={thumbnails.height} /> : null}
          <span className="player__preview-time">{label}</span>
        </div>
      ) : null}
      <input
        ref={ref}
        className="player__seek"
        type="range"
        aria-label={t("controls.position")}
        aria-valuetext={positionText}
        min={min}
        max={max}
        step={1}
        value={Math.min(max, Math.max(min, Math.floor(state.time)))}
        style={{ "--progress": `${max > min ? ((state.time - min) / (max - min)) * 100 : 0}%` } as React.CSSProperties}
        onChange={(e) => {
          const value = Number(e.currentTarget.value);
          if (dragging) previewValue(value);
          onSeek(value);
        }}
        onPointerMove={(e) => (e.pointerType === "mouse" || dragging ? previewAt(e.clientX) : undefined)}
        onPointerDown={(e) => {
          setDragging(true);
          previewAt(e.clientX);
        }}
        onPointerUp={() => {
          setDragging(false);
          setPreview(null);
        }}
        onPointerCancel={() => {
          setDragging(false);
          setPreview(null);
        }}
        onPointerLeave={() => (dragging ? undefined : setPreview(null))}
        onBlur={() => setPreview(null)}
      />
    </div>
  );
}

/** A gear button opening the quality and caption-language choices; Escape or a click elsewhere closes it. */
function SettingsMenu({ state, actions, captions, onMenu }: { state: PlaybackState; actions: PlayerActions; captions: Captions; onMenu(open: boolean): void }) {
  const { t } = useTranslation("player");
  const [open, setOpen] = useState(false);
  const id = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => onMenu(open), [open, onMenu]);
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!boxRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);
  const hasQuality = state.heights.length > 1;
  if (!hasQuality && !captions.options.length) return null;
  return (
    <div
      className="player__settings"
      ref={boxRef}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="player__button"
        aria-label={t("controls.settings")}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
        data-action="settings"
      >
        <SettingsIcon />
      </button>
      <div id={id} className="player__menu" role="group" aria-label={t("controls.settings")} hidden={!open}>
        {hasQuality ? (
          <label className="player__menu-row">
            <span>{t("controls.quality")}</span>
            <select value={state.height ?? ""} onChange={(e) => actions.setHeight(e.currentTarget.value ? Number(e.currentTarget.value) : null)}>
              <option value="">{t("controls.auto")}</option>
              {state.heights.map((h) => (
                <option key={h} value={h}>{`${h}p`}</option>
              ))}
            </select>
          </label>
        ) : null}
        {captions.options.length ? (
          <label className="player__menu-row">
            <span>{t("controls.captionsLanguage")}</span>
            <select
              value={captions.lang ?? ""}
              onChange={(e) => {
                const lang = e.currentTarget.value;
                if (!lang) {
                  if (captions.lang) captions.toggle();
                } else captions.choose(lang);
              }}
            >
              <option value="">{t("controls.captionsOff")}</option>
              {captions.options.map((o) => (
                <option key={o.lang} value={o.lang} lang={o.lang}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
    </div>
  );
}
