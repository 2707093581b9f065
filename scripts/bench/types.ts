/// <reference types="node" />

/** "clip": not a page but a clip cut through the API (clip-ready.ts), on its channel's finished event. */
export type TargetKind = "route" | "static" | "clip";

/** Which event a /watch route plays: found through the API at bench start (watch-targets.ts). */
export type WatchKind = "live" | "finished";

export interface Target {
  kind: TargetKind;
  channel: string;
  /** The path requested; for a watch route, `/watch/<id>` once its event is found. */
  path: string;
  /** The route as routes.ts names it (`/watch/{live}`), what `--only` matches. */
  label: string;
  watch?: WatchKind;
  /** The page must load no player (shaka) JavaScript; the bench fails when it does. */
  noPlayer?: boolean;
  /** For a clip target: the cut asked for, seconds on the event's timeline. */
  clip?: ClipCut;
  /** Requested as the channel's demo viewer following this many favourites (signed-in.ts). */
  signedIn?: SignedInSpec;
  /**
   * The `Cookie` header every request of this target carries (`sid=<token>`), set by signed-in.ts once the viewer is
   * signed in; left out of bench/last.json.
   */
  cookie?: string;
}

/** A page measured signed in: the demo viewer, following exactly `favorites` teams, schools and sports. */
export interface SignedInSpec {
  favorites: number;
}

/** A clip the bench cuts: where it starts and how long it is, as a viewer would ask (before snapping to segments). */
export interface ClipCut {
  startS: number;
  durationS: number;
}

export interface BenchOptions {
  /** Fresh-context Chromium runs per watch page for time to first frame. */
  firstFrameRuns: number;
  /** Measured clips per clip target for clip-ready latency (after one unmeasured clip per channel). */
  clipRuns: number;
  /** Channels created and themed by the onboarding measurement (issue 16). */
  onboardingRuns: number;
  /** Encoder pushes measured for live latency (live-latency.ts). */
  liveRuns: number;
  /** Scorekeeper taps measured on a viewer's score bug (tap-to-screen.ts). */
  tapRuns: number;
  /** autocannon seconds per target. */
  durationSec: number;
  /** autocannon connections (keep modest: the local runtime shares 2 cores with the load generator). */
  connections: number;
  /** Sequential requests for Server-Timing sampling. */
  timingSamples: number;
  /** Sequential warm-up requests before autocannon. */
  warmup: number;
}

export interface BenchContext {
  root: string;
  port: number;
  options: BenchOptions;
}

export interface LoadResult {
  rps: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Status of the last warm-up response, to spot routes that 404/500. */
  status: number;
}

export interface Percentiles {
  p50: number;
  p99: number;
  n: number;
}

/** Server-Timing metric name -> percentiles of its `dur` (ms). Empty when the header is absent. */
export type ServerTimingResult = Record<string, Percentiles>;

export interface JsSizeResult {
  files: number;
  /** Decoded body bytes. */
  rawBytes: number;
  /** Body bytes on the wire (equals rawBytes when the local server does not compress). */
  transferBytes: number;
  /** Sum of gzip -9 of each body: what a compressing edge would send. */
  gzipBytes: number;
  /** Of those, the player chunks (any file with shaka-player in it), which only player pages should load. */
  player: { files: number; rawBytes: number; gzipBytes: number };
  /** Per-file detail, for bench/last.json. */
  scripts: { url: string; rawBytes: number; transferBytes: number; gzipBytes: number; player: boolean }[];
}

/** One Chromium navigation to a watch page, ms from navigation start (the document's time origin). */
export interface FirstFrameRun {
  /** First byte of the document. */
  ttfbMs: number;
  /** The shaka chunk fully received (null if the page loaded none). */
  playerChunkMs: number | null;
  /** The first video frame presented (requestVideoFrameCallback's presentationTime on video.player__video). */
  firstFrameMs: number;
}

/** Time to first frame on a watch page: median of fresh-context runs, and each run. */
export interface FirstFrameResult {
  eventId: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  medianTtfbMs: number;
  medianPlayerChunkMs: number | null;
  runs: FirstFrameRun[];
}

/** One clip: POST /api/clip → the first GET /api/clip/{id} answering ready, ms on the bench's clock. */
export interface ClipReadyRun {
  clipId: number;
  /** The POST's own latency: sent → its answer (the queued clip) fully received. */
  postMs: number;
  /** POST sent → the first GET answering `ready` fully received (polling every 100 ms). */
  readyMs: number;
  /** created_at → ready_at as the server recorded them (no polling granularity; workerd's clock, whole ms). */
  serverMs: number | null;
  /** GETs it took, the ready one included. */
  polls: number;
  /** data.file.size of the ready clip, bytes. */
  fileBytes: number;
}

/** Clip-ready latency for one cut: median, min and max of the measured runs, and each run. */
export interface ClipReadyResult {
  eventId: number;
  requested: ClipCut;
  /** The cut as the API snapped it to the source's segments (what the file holds). */
  cut: ClipCut;
  medianMs: number;
  minMs: number;
  maxMs: number;
  medianPostMs: number;
  medianServerMs: number | null;
  /** Median file size, bytes (the same cut gives the same bytes, so every run should agree). */
  fileBytes: number;
  runs: ClipReadyRun[];
}

/** Lighthouse (desktop preset, throttlingMethod "provided") for one route; null where Lighthouse gave no value. */
export interface LighthouseResult {
  /** Final URL after redirects. */
  url: string;
  lighthouseVersion: string;
  /** Category scores, 0-100. */
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Lighthouse's run warnings (e.g. the page redirected, or a metric could not be computed). */
  warnings: string[];
}

/**
 * Everything measured for one target. Each measurement fills its own field; a new one adds a field here, an entry
 * in measurements.ts and, if wanted, a column or table in report.ts.
 */
export interface TargetResult {
  target: Target;
  load?: LoadResult;
  serverTiming?: ServerTimingResult;
  js?: JsSizeResult;
  lighthouse?: LighthouseResult;
  firstFrame?: FirstFrameResult;
  clipReady?: ClipReadyResult;
  /** Measurement name -> error message, when one failed for this target. */
  errors: Record<string, string>;
}

export interface Measurement {
  name: string;
  /** Which targets it runs on. */
  appliesTo: TargetKind[];
  /** Narrows appliesTo further (e.g. only watch pages). */
  accepts?(target: Target): boolean;
  /** Optional one-time setup/teardown around the whole run (e.g. launch a browser). */
  start?(ctx: BenchContext): Promise<void>;
  stop?(): Promise<void>;
  /** Measure one target; the returned fields are merged into its TargetResult. */
  run(target: Target, ctx: BenchContext): Promise<Partial<Omit<TargetResult, "target" | "errors">>>;
}
