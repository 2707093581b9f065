// Loads shaka-player (dynamically: only player routes download it) onto a <video>, plays one DASH manifest and
// keeps its signed token fresh. StrictMode-safe (TOOLCHAIN "Tests"): every await is followed by a cancellation
// check, and the player is destroyed on unmount, so a double-run effect never leaves two players on one element.
import { useEffect, useRef, useState, type RefObject } from "react";
import type { PlayerStream } from "./events";
import { trackMediaEvents } from "./media-events";

type Shaka = typeof import("shaka-player/dist/shaka-player.dash-es2021.js").default;
export type ShakaPlayer = InstanceType<Shaka["Player"]>;

export type PlayerStatus = "loading" | "ready" | "error";

/** Puts the current token on a media URL that carries one (the manifest, and the segments it names). */
export function withToken(uri: string, token: string): string {
  const url = new URL(uri, window.location.href);
  if (!url.searchParams.has("token")) return uri;
  url.searchParams.set("token", token);
  return url.toString();
}

interface Options {
  eventId: number;
  manifest: string;
  /** The latest token; a renewed one applies to the next request without reloading the stream. */
  token: string;
  /** What plays, for the analytics events (read when each is emitted). */
  stream?: PlayerStream;
}

export function useShakaPlayer(videoRef: RefObject<HTMLVideoElement>, { eventId, manifest, token, stream }: Options) {
  const [status, setStatus] = useState<PlayerStatus>("loading");
  const [player, setPlayer] = useState<ShakaPlayer | null>(null);
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const streamRef = useRef(stream);
  streamRef.current = stream;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let instance: ShakaPlayer | null = null;
    setStatus("loading");
    const events = trackMediaEvents(video, { eventId, stream: () => streamRef.current, live: () => instance?.isLive() ?? false });
    const fail = (code?: number) => {
      if (cancelled) return;
      setStatus("error");
      events.emit("error", { code });
    };

    (async () => {
      const { default: shaka } = await import("shaka-player/dist/shaka-player.dash-es2021.js");
      if (cancelled) return;
      shaka.polyfill.installAll();
      if (!shaka.Player.isBrowserSupported()) return fail();
      instance = new shaka.Player();
      await instance.attach(video);
      if (cancelled) return;
      instance.configure({ streaming: { bufferingGoal: 20, rebufferingGoal: 2 } });
      instance.getNetworkingEngine()?.registerRequestFilter((_type, request) => {
        request.uris = request.uris.map((u) => withToken(u, tokenRef.current));
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
      // Muted autoplay is allowed everywhere; a refusal leaves the play button to the viewer.
      video.play().catch(() => events.awaitViewer());
    })().catch((error: unknown) => {
      if (cancelled) return;
      console.warn("player failed:", error);
      fail((error as { code?: number } | null)?.code);
    });

    return () => {
      cancelled = true;
      events.dispose();
      setPlayer(null);
      if (instance) void instance.destroy().catch(() => undefined);
    };
    // The token and stream are read through refs: a renewal (or new page data) must not reload the stream.
  }, [videoRef, eventId, manifest]);

  return { status, player };
}
