// Loads shaka-player (dynamically: only player routes download it) onto a <video>, plays one DASH manifest and
// keeps its signed token fresh. StrictMode-safe (TOOLCHAIN "Tests"): every await is followed by a cancellation
// check, and the player is destroyed on unmount, so a double-run effect never leaves two players on one element.
// Playback starts with sound when the browser allows it, else muted (the page shows "Tap to unmute"), and in a
// Chrome-family browser the Cast sender SDK is loaded for shaka's CastProxy (issue 15).
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { CAST_RECEIVER_APP_ID, isCastBrowser, loadCastSender, NO_CAST, type CastStatus } from "./cast";
import type { PlayerStream } from "./events";
import { trackMediaEvents } from "./media-events";
import { FIRST_FRAME_TIMEOUT_MS, LOAD_TIMEOUT_CODE, LOW_LATENCY_CONFIG, NETWORK_CONFIG, SHAKA_TIMEOUT_CODE } from "./network";
import type { TokenPlace } from "@api/contract/media";

// The full build: DASH plus the cast module (CastProxy) and the WebVTT parser.
type Shaka = typeof import("shaka-player/dist/shaka-player.compiled-es2021.js").default;
export type ShakaPlayer = InstanceType<Shaka["Player"]>;
type CastProxy = InstanceType<Shaka["cast"]["CastProxy"]>;

export type PlayerStatus = "loading" | "ready" | "error";
/** Why the player failed: the load watchdog gave up waiting for a first frame, or shaka (or the browser) failed. */
export type PlayerFailure = "timeout" | "error";

let shakaModule: Promise<Shaka> | null = null;

/**
 * The shaka chunk, asked for once per page. The player asks while it first renders, so the 700 KB download runs
 * during hydration instead of after it (the effect that attaches the player runs only once the page is hydrated).
 */
function loadShaka(): Promise<Shaka> {
  shakaModule ??= import("shaka-player/dist/shaka-player.compiled-es2021.js").then((m) => m.default);
  return shakaModule;
}

/**
 * Puts the current token on a media URL that carries one (the manifest, and the segments it names): `?token=` on our
 * own media; with `place` "path" (Stream's signed URLs), the first path segment of a URL on the manifest's host.
 */
export function withToken(uri: string, token: string, place: TokenPlace = "query", manifest?: string, base: string = window.location.href): string {
  const url = new URL(uri, base);
  if (place === "path") {
    if (!manifest || url.origin !== new URL(manifest, base).origin) return uri;
    const parts = url.pathname.split("/");
    if (parts.length < 3 || !parts[1]) return uri;
    parts[1] = encodeURIComponent(token);
    url.pathname = parts.join("/");
    return url.toString();
  }
  if (!url.searchParams.has("token")) return uri;
  url.searchParams.set("token", token);
  return url.toString();
}

/**
 * Starts playback with sound if the browser allows it; refused (NotAllowedError: no user activation), retries
 * muted. Answers how it plays: "sound", "muted", or "refused" (even muted: the play button is left to the viewer).
 */
export async function startPlayback(video: HTMLVideoElement): Promise<"sound" | "muted" | "refused"> {
  video.muted = false;
  try {
    await video.play();
    return "sound";
  } catch (error) {
    if ((error as { name?: string } | null)?.name !== "NotAllowedError") return "refused";
  }
  video.muted = true;
  try {
    await video.play();
    return "muted";
  } catch {
    return "refused";
  }
}

interface Options {
  /** The picture's box: shaka draws the captions in it (styled by player.css, above the controls when they show). */
  containerRef?: RefObject<HTMLElement>;
  /** Offer casting (the main player; not a clip's preview, which has the browser's own controls). */
  cast?: boolean;
  eventId: number;
  manifest: string;
  /** The latest token; a renewed one applies to the next request without reloading the stream. */
  token: string;
  /** Where the token sits in media URLs (the grant's `token_place`); `?token=` when omitted. */
  tokenPlace?: TokenPlace;
  /** What plays, for the analytics events (read when each is emitted). */
  stream?: PlayerStream;
}

export function useShakaPlayer(videoRef: RefObject<HTMLVideoElement>, { containerRef, cast: castable = false, eventId, manifest, token, tokenPlace = "query", stream }: Options) {
  const [status, setStatus] = useState<PlayerStatus>("loading");
  const [failure, setFailure] = useState<PlayerFailure | null>(null);
  /** Bumped by retry(): the effect loads the stream again from scratch. */
  const [attempt, setAttempt] = useState(0);
  const [player, setPlayer] = useState<ShakaPlayer | null>(null);
  /** The browser refused sound: playing muted until the viewer unmutes. */
  const [autoMuted, setAutoMuted] = useState(false);
  const [cast, setCast] = useState<CastStatus>(NO_CAST);
  const castRef = useRef<CastProxy | null>(null);
  /** The previous load's player being destroyed: a new load (Retry) waits for it, so it cannot detach the new one. */
  const destroyedRef = useRef<Promise<unknown>>(Promise.resolve());
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const streamRef = useRef(stream);
  streamRef.current = stream;
  if (typeof document !== "undefined") void loadShaka().catch(() => undefined);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let instance: ShakaPlayer | null = null;
    let proxy: CastProxy | null = null;
    let failed = false;
    setStatus("loading");
    setFailure(null);
    const events = trackMediaEvents(video, { eventId, stream: () => streamRef.current, live: () => instance?.isLive() ?? false });
    const fail = (code?: number, why: PlayerFailure = "error") => {
      if (cancelled || failed) return;
      failed = true;
      clearTimeout(watchdog);
      setStatus("error");
      // shaka's own request timeout is the same failure as the watchdog's for the viewer: it took too long.
      setFailure(code === SHAKA_TIMEOUT_CODE ? "timeout" : why);
      events.emit("error", { code });
    };
    // The load watchdog (network.ts): no first frame in time is a failure, and shaka stops asking.
    const firstFrame = () => clearTimeout(watchdog);
    const watchdog = setTimeout(() => {
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) return;
      fail(LOAD_TIMEOUT_CODE, "timeout");
      void instance?.unload().catch(() => undefined);
    }, FIRST_FRAME_TIMEOUT_MS);
    video.addEventListener("loadeddata", firstFrame, { once: true });

    (async () => {
      const shaka = await loadShaka();
      await destroyedRef.current;
      if (cancelled) return;
      shaka.polyfill.installAll();
      if (!shaka.Player.isBrowserSupported()) return fail();
      instance = new shaka.Player();
      if (containerRef?.current) instance.setVideoContainer(containerRef.current);
      await instance.attach(video);
      if (cancelled) return;
      // Captions stay hidden until the viewer turns them on (useCaptions).
      // Request timeouts and stall handling (network.ts): a lost or hung segment is asked again within seconds.
      instance.configure({ manifest: NETWORK_CONFIG.manifest, streaming: { ...NETWORK_CONFIG.streaming, bufferingGoal: 20, rebufferingGoal: 2, lowLatencyMode: true } });
      // A low-latency live manifest (an encoder's broadcast, issue 26) switches shaka to its low-latency settings;
      // ours keep what network.ts decided (no prefetch) and start playing with half a second buffered.
      instance.configurationForLowLatency(LOW_LATENCY_CONFIG);
      instance.getNetworkingEngine()?.registerRequestFilter((_type, request) => {
        request.uris = request.uris.map((u) => withToken(u, tokenRef.current, tokenPlace, manifest));
      });
      instance.addEventListener("error", (e) => {
        const detail = (e as unknown as { detail?: { severity?: number; code?: number } }).detail;
        // Recoverable errors are retried by shaka; only a critical one (severity 2) stops playback.
        if (detail?.severity === 2) fail(detail.code);
      });
      await instance.load(manifest);
      if (cancelled) return;
      setPlayer(instance);
      setStatus("ready");
      events.emit("ready");
      void startPlayback(video).then((how) => {
        if (cancelled) return;
        setAutoMuted(how === "muted");
        if (how === "refused") events.awaitViewer();
      });

      if (castable && isCastBrowser(navigator.userAgent, (navigator as { userAgentData?: { brands?: { brand: string }[] } }).userAgentData?.brands)) {
        // The proxy first: it registers the SDK's ready callback, then the SDK may load.
        proxy = new shaka.cast.CastProxy(video, instance, CAST_RECEIVER_APP_ID, false);
        castRef.current = proxy;
        const read = () => !cancelled && proxy && setCast({ supported: true, canCast: proxy.canCast(), casting: proxy.isCasting() });
        proxy.addEventListener("caststatuschanged", read);
        read();
        loadCastSender(document);
      }
    })().catch((error: unknown) => {
      if (cancelled) return;
      console.warn("player failed:", error);
      fail((error as { code?: number } | null)?.code);
    });

    return () => {
      cancelled = true;
      clearTimeout(watchdog);
      video.removeEventListener("loadeddata", firstFrame);
      events.dispose();
      setPlayer(null);
      setCast(NO_CAST);
      castRef.current = null;
      // The proxy owns the local player: destroying it destroys both.
      if (proxy) destroyedRef.current = proxy.destroy().catch(() => undefined);
      else if (instance) destroyedRef.current = instance.destroy().catch(() => undefined);
    };
    // The token and stream are read through refs: a renewal (or new page data) must not reload the stream.
  }, [videoRef, containerRef, castable, eventId, manifest, tokenPlace, attempt]);

  /** Loads the stream again after a failure (the error state's Retry button). */
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const unmute = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = false;
    if (video.volume === 0) video.volume = 1;
    setAutoMuted(false);
    if (video.paused) void video.play().catch(() => undefined);
  }, [videoRef]);

  const toggleCast = useCallback(() => {
    const proxy = castRef.current;
    if (!proxy) return;
    if (proxy.isCasting()) proxy.suggestDisconnect();
    else void proxy.cast().catch(() => undefined);
  }, []);

  return { status, failure, retry, player, autoMuted, unmute, cast, toggleCast, castProxy: castRef };
}
