// The web player (issues 5 and 15): a <video> driven by shaka-player, with our own accessible controls and keyboard
// shortcuts. It starts with sound when the browser allows it, else muted with a "Tap to unmute" button; the controls
// hide after 3 s of inactivity while playing (over the picture on desktop, under it on a phone), captions and cast
// come from shaka. Client-only: shaka is imported inside an effect, so the server renders the frame and poster.
// A preroll (SPEC §4) plays first in its own element; the shaka player mounts only after it, so the main stream is
// not downloaded meanwhile.
import type { Thumbnails } from "@api/contract/clips";
import type { PrerollGrant, TokenPlace } from "@api/contract/media";
import { useRouteLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import type { RootData } from "~/root";
import { castButtonShown } from "./cast";
import { MutedIcon } from "./icons";
import { LIVE_EDGE_S, PlayerControls, type PlayerActions } from "./PlayerControls";
import type { PlayerStream } from "./events";
import { Preroll } from "./Preroll";
import { createSeeker, type Seeker } from "./seek";
import { useAutoHide } from "./useAutoHide";
import { useBuffering } from "./useBuffering";
import { useCaptions } from "./useCaptions";
import { usePlaybackState } from "./usePlaybackState";
import { useShakaPlayer, type ShakaPlayer } from "./useShakaPlayer";

/** What code outside the player (the clip cutter) may read and drive once the main content plays. */
export interface PlayerHandle {
  video: HTMLVideoElement;
  /** The seekable range, seconds on the item's timeline (the DVR window while live). */
  seekRange(): { start: number; end: number };
  /** Seeks within the seekable range, as the player's own controls do (kept there through shaka's gap jumps). */
  seekTo(seconds: number): void;
  isLive(): boolean;
  /** The wall-clock time (epoch ms) of the timeline's 0 while live, as the manifest says; null on demand. */
  presentationStart(): number | null;
  /** Leaves full screen (a panel outside the player is about to open). */
  exitFullscreen(): void;
}

export interface PlayerProps {
  eventId: number;
  /** The DASH manifest URL of the first grant; later grants only renew `token`. */
  manifest: string;
  token: string;
  /** Where the token sits in media URLs (the grant's `token_place`). */
  tokenPlace?: TokenPlace;
  poster?: string | null;
  title: string;
  /** Seconds per seek step (buttons and arrow keys); the channel's setting when omitted. */
  seekStep?: number;
  /** The seek bar's preview frames (the grant's thumbnails). */
  thumbnails?: Thumbnails | null;
  /** Played before the main content when set (SPEC §4). */
  preroll?: PrerollGrant | null;
  /** Told the handle once the main content is ready (and null when it goes). */
  onHandle?: (handle: PlayerHandle | null) => void;
  /** More controls at the end of the control bar (the Clip button). */
  extraControls?: ReactNode;
  /** Moments marked on the seek bar (key plays), seconds on the item's timeline. */
  markers?: readonly number[];
  /** What plays, for the analytics events. */
  stream?: PlayerStream;
  /** Take the keyboard focus once the picture is there (it replaced the button that started it). */
  autoFocus?: boolean;
}

const INTERACTIVE = /^(BUTTON|INPUT|SELECT|TEXTAREA|A)$/;

export function Player({ preroll, autoFocus = false, ...props }: PlayerProps) {
  // Only the first grant's preroll counts: renewals (new tokens) must not bring another one once content plays.
  const [ad] = useState(preroll ?? null);
  const [phase, setPhase] = useState<"preroll" | "main">(ad ? "preroll" : "main");
  const [focusMain, setFocusMain] = useState(autoFocus);
  if (ad && phase === "preroll") {
    return (
      <Preroll
        preroll={ad}
        onDone={(hadFocus) => {
          setFocusMain(hadFocus);
          setPhase("main");
        }}
      />
    );
  }
  return <MainPlayer {...props} autoFocus={focusMain} />;
}

type MainPlayerProps = Omit<PlayerProps, "preroll"> & {
  /** Take the keyboard focus on mount (a keyboard user just skipped the preroll: focus stays in the player). */
  autoFocus?: boolean;
};

function MainPlayer({ eventId, manifest, token, tokenPlace, stream, poster, title, seekStep: seekStepProp, thumbnails = null, autoFocus = false, onHandle, extraControls, markers }: MainPlayerProps) {
  const { t, i18n } = useTranslation("player");
  const root = useRouteLoaderData<RootData>("root");
  const seekStep = seekStepProp ?? root?.seekStep ?? 10;
  const videoRef = useRef<HTMLVideoElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const screenRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (autoFocus) rootRef.current?.focus();
    // Only on mount: the focus moves once, when the player replaces the preroll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const { status, failure, retry, player, autoMuted, unmute, cast, toggleCast } = useShakaPlayer(videoRef, { containerRef: screenRef, cast: true, eventId, manifest, token, tokenPlace, stream });
  const state = usePlaybackState(videoRef, player);
  const captions = useCaptions(player, root?.lang ?? i18n.language);
  // Every seek of the controls and keys goes through one seeker, which keeps it where the viewer asked (seek.ts).
  const seeker = useRef<Seeker | null>(null);
  usePlayerHandle(videoRef, player, seeker, onHandle);
  // Known only in the browser: read after hydration so the server and first client render agree.
  const [pipSupported, setPipSupported] = useState(false);
  useEffect(() => setPipSupported(Boolean(document.pictureInPictureEnabled)), []);

  // The controls stay while a menu is open, the mouse rests on them or the keyboard focus is in them.
  const [menuOpen, setMenuOpen] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [keyboardIn, setKeyboardIn] = useState(false);
  const controls = useAutoHide(rootRef, !state.paused, menuOpen || hovered || keyboardIn);
  const onMenu = useCallback((open: boolean) => setMenuOpen(open), []);
  /** A touch's tap on the picture shows or hides the controls instead of pausing. */
  const lastPointer = useRef<string>("mouse");

  useEffect(() => {
    const v = videoRef.current;
    if (!v) return;
    const own = createSeeker(v, player ?? null);
    seeker.current = own;
    return () => {
      own.release();
      if (seeker.current === own) seeker.current = null;
    };
  }, [player]);

  const actions = useMemo<PlayerActions>(() => {
    const video = () => videoRef.current;
    const range = () => player?.seekRange() ?? { start: 0, end: video()?.duration ?? 0 };
    const clamp = (s: number) => {
      const { start, end } = range();
      return Math.min(Math.max(s, start), end);
    };
    const seek = (v: HTMLVideoElement, s: number) => {
      if (seeker.current) seeker.current.seek(clamp(s));
      else v.currentTime = clamp(s);
    };
    return {
      togglePlay: () => {
        const v = video();
        if (!v) return;
        if (v.paused) void v.play().catch(() => undefined);
        else v.pause();
      },
      seekBy: (s) => {
        const v = video();
        if (v) seek(v, v.currentTime + s);
      },
      seekTo: (s) => {
        const v = video();
        if (v) seek(v, s);
      },
      goToLive: () => {
        player?.goToLive();
        const v = video();
        if (v?.paused) void v.play().catch(() => undefined);
      },
      setHeight: (height) => {
        if (!player) return;
        const track = height === null ? null : player.getVideoTracks().find((tr) => tr.height === height);
        player.configure({ abr: { enabled: !track } });
        if (track) player.selectVideoTrack(track, true);
      },
      toggleMute: () => {
        const v = video();
        if (!v) return;
        if (v.muted || v.volume === 0) unmute();
        else v.muted = true;
      },
      setVolume: (volume) => {
        const v = video();
        if (!v) return;
        v.volume = volume;
        v.muted = volume === 0;
      },
      toggleFullscreen: () => {
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
        else void rootRef.current?.requestFullscreen().catch(() => undefined);
      },
      togglePip: () => {
        const v = video();
        if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
        else if (v) void v.requestPictureInPicture().catch(() => undefined);
      },
    };
  }, [player, unmute]);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target as HTMLElement;
    // Space, Enter and arrows belong to a focused button or slider; letters work anywhere in the player.
    const own = !INTERACTIVE.test(target.tagName);
    const key = e.key.toLowerCase();
    const handled = (() => {
      if (key === "k" || (key === " " && own)) return actions.togglePlay(), true;
      if (key === "f") return actions.toggleFullscreen(), true;
      if (key === "m") return actions.toggleMute(), true;
      if (key === "c" && captions.options.length) return captions.toggle(), true;
      if (!own) return false;
      if (key === "arrowleft") return actions.seekBy(-seekStep), true;
      if (key === "arrowright") return actions.seekBy(seekStep), true;
      if (key === "arrowup") return actions.setVolume(Math.min(1, (videoRef.current?.volume ?? 1) + 0.1)), true;
      if (key === "arrowdown") return actions.setVolume(Math.max(0, (videoRef.current?.volume ?? 1) - 0.1)), true;
      return false;
    })();
    if (handled) e.preventDefault();
  }

  const onPicturePointerUp = (e: PointerEvent<HTMLElement>) => {
    lastPointer.current = e.pointerType;
    if (e.pointerType === "touch") controls.toggle();
  };
  const onPictureClick = () => {
    // A tap shows the controls (above); a click plays or pauses.
    if (lastPointer.current !== "touch") actions.togglePlay();
    lastPointer.current = "mouse";
  };
  const controlsId = `player-controls-${eventId}`;
  const showUnmute = autoMuted && state.muted && status === "ready";
  const buffering = useBuffering(videoRef) && status === "ready";

  return (
    <div
      ref={rootRef}
      className="player"
      role="region"
      aria-label={`${t("region")}: ${title}`}
      aria-describedby={`player-help-${eventId}`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-status={status}
      data-live={state.live}
      data-at-live={state.live && state.end - state.time < LIVE_EDGE_S}
      data-controls={controls.shown ? "shown" : "hidden"}
      data-captions={captions.lang ?? "off"}
    >
      <div ref={screenRef} className="player__screen">
        <video ref={videoRef} className="player__video" poster={poster ?? undefined} playsInline onPointerUp={onPicturePointerUp} onClick={onPictureClick} />
        {showUnmute ? (
          <button type="button" className="player__unmute" onClick={unmute} data-testid="tap-to-unmute">
            <MutedIcon />
            <span>{t("controls.tapToUnmute")}</span>
          </button>
        ) : null}
        {buffering ? (
          <span className="player__spinner" role="status" data-testid="player-buffering">
            <span className="visually-hidden">{t("buffering")}</span>
          </span>
        ) : null}
        {status === "error" ? (
          // The error state (SPEC's global errors): what happened, and a Retry that loads the stream again (issue 28).
          <div className="player__error" data-testid="player-error" data-failure={failure ?? "error"}>
            <p role="alert">{failure === "timeout" ? t("loadTimeout") : t("error")}</p>
            <button type="button" className="button button--primary player__retry" onClick={retry} data-testid="player-retry">
              {t("retry")}
            </button>
          </div>
        ) : null}
      </div>
      <p id={`player-help-${eventId}`} className="visually-hidden">
        {t("controls.shortcuts")}
      </p>
      {status === "error" ? null : (
        <div
          className="player__chrome"
          onPointerEnter={(e) => e.pointerType === "mouse" && setHovered(true)}
          onPointerLeave={() => setHovered(false)}
          onFocus={(e) => setKeyboardIn(e.target.matches(":focus-visible"))}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setKeyboardIn(false);
          }}
        >
          <PlayerControls
            id={controlsId}
            state={state}
            actions={actions}
            seekStep={seekStep}
            pipSupported={pipSupported}
            thumbnails={thumbnails}
            captions={captions}
            cast={{ shown: castButtonShown(cast), casting: cast.casting, toggle: toggleCast }}
            onMenu={onMenu}
            extra={extraControls}
            markers={markers}
          />
        </div>
      )}
    </div>
  );
}

/** Hands the ready player to `onHandle`, and takes it back on unmount. */
function usePlayerHandle(videoRef: RefObject<HTMLVideoElement>, player: ShakaPlayer | null, seeker: RefObject<Seeker | null>, onHandle?: (handle: PlayerHandle | null) => void) {
  useEffect(() => {
    const video = videoRef.current;
    if (!onHandle || !player || !video) return;
    onHandle({
      video,
      seekRange: () => player.seekRange(),
      seekTo: (s) => {
        const { start, end } = player.seekRange();
        const target = Math.min(Math.max(s, start), end);
        if (seeker.current) seeker.current.seek(target);
        else video.currentTime = target;
      },
      isLive: () => player.isLive(),
      presentationStart: () => (player.isLive() ? (player.getPresentationStartTimeAsDate()?.getTime() ?? null) : null),
      exitFullscreen: () => {
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      },
    });
    return () => onHandle(null);
  }, [videoRef, player, onHandle]);
}

export default Player;
