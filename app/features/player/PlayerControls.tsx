// The player's controls (issue 5): real buttons with labels, a position slider, a quality select and a volume
// slider, so a keyboard or a screen reader can drive everything the mouse can.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
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

export function PlayerControls({
  state,
  actions,
  seekStep,
  pipSupported,
  extra,
}: {
  state: PlaybackState;
  actions: PlayerActions;
  seekStep: number;
  pipSupported: boolean;
  extra?: ReactNode;
}) {
  const { t } = useTranslation("player");
  const behind = state.end - state.time;
  const atLive = state.live && behind < LIVE_EDGE_S;
  const positionText = state.live ? (atLive ? t("controls.atLive") : `-${clock(behind)}`) : `${clock(state.time)} / ${clock(state.end)}`;
  return (
    <div className="player__controls" role="group" aria-label={t("controls.label")}>
      <input
        className="player__seek"
        type="range"
        aria-label={t("controls.position")}
        aria-valuetext={positionText}
        min={Math.floor(state.start)}
        max={Math.max(Math.floor(state.start), Math.floor(state.end))}
        step={1}
        value={Math.floor(state.time)}
        onChange={(e) => actions.seekTo(Number(e.currentTarget.value))}
      />
      <div className="player__bar">
        <button type="button" className="player__button" onClick={actions.togglePlay} aria-label={state.paused ? t("controls.play") : t("controls.pause")} data-action="play-pause">
          <span aria-hidden="true">{state.paused ? "▶" : "❚❚"}</span>
        </button>
        <button type="button" className="player__button" onClick={() => actions.seekBy(-seekStep)} aria-label={t("controls.back", { count: seekStep })}>
          <span aria-hidden="true">↺ {seekStep}</span>
        </button>
        <button type="button" className="player__button" onClick={() => actions.seekBy(seekStep)} aria-label={t("controls.forward", { count: seekStep })}>
          <span aria-hidden="true">{seekStep} ↻</span>
        </button>
        {state.live ? (
          <button type="button" className="player__button player__live" onClick={actions.goToLive} aria-pressed={atLive} data-at-live={atLive}>
            {t("controls.live")}
          </button>
        ) : null}
        <span className="player__time" aria-hidden="true">
          {positionText}
        </span>
        <span className="player__spacer" />
        <button type="button" className="player__button" onClick={actions.toggleMute} aria-label={state.muted ? t("controls.unmute") : t("controls.mute")}>
          <span aria-hidden="true">{state.muted || state.volume === 0 ? "🔇" : "🔊"}</span>
        </button>
        <input
          className="player__volume"
          type="range"
          aria-label={t("controls.volume")}
          min={0}
          max={1}
          step={0.05}
          value={state.muted ? 0 : state.volume}
          onChange={(e) => actions.setVolume(Number(e.currentTarget.value))}
        />
        {state.heights.length > 1 ? (
          <label className="player__quality">
            <span className="visually-hidden">{t("controls.quality")}</span>
            <select value={state.height ?? ""} onChange={(e) => actions.setHeight(e.currentTarget.value ? Number(e.currentTarget.value) : null)}>
              <option value="">{t("controls.auto")}</option>
              {state.heights.map((h) => (
                <option key={h} value={h}>{`${h}p`}</option>
              ))}
            </select>
          </label>
        ) : null}
        {extra}
        {pipSupported ? (
          <button type="button" className="player__button" onClick={actions.togglePip} aria-label={state.pip ? t("controls.exitPip") : t("controls.pip")}>
            <span aria-hidden="true">⧉</span>
          </button>
        ) : null}
        <button type="button" className="player__button" onClick={actions.toggleFullscreen} aria-label={state.fullscreen ? t("controls.exitFullscreen") : t("controls.fullscreen")}>
          <span aria-hidden="true">⛶</span>
        </button>
      </div>
    </div>
  );
}
