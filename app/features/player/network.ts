// How the player fetches media and recovers when a request or the picture stalls (issue 24): shaka's defaults wait
// up to 30 s for one request, and a live player whose rendition switch lost its init segment froze that long, or
// for good. Pure data, so a unit test checks it against shaka's own configuration; the ADR is 019.

/** shaka's `RetryParameters` (`shaka.extern.RetryParameters`), all times in milliseconds. */
export interface RetryParameters {
  maxAttempts: number;
  baseDelay: number;
  backoffFactor: number;
  fuzzFactor: number;
  timeout: number;
  stallTimeout: number;
  connectionTimeout: number;
}

/**
 * Segments (media and init). A 2–4 s segment of our ladder arrives in well under a second on a working connection,
 * so a request that has not started answering in 4 s, or stopped sending for 3 s, is dead: abort it and ask again.
 */
export const SEGMENT_RETRY: RetryParameters = {
  // 4 attempts at 0.5, 1, 2 s (±50 %) apart: a cancelled or stalled segment is asked again within seconds, and the
  // whole series ends inside a live DVR's patience (after that, shaka's live failure callback restarts streaming).
  maxAttempts: 4,
  baseDelay: 500,
  backoffFactor: 2,
  fuzzFactor: 0.5,
  // The whole request, slow but moving included; shaka's default is 30 s, the freeze issue 24 measured.
  timeout: 10_000,
  // No response headers yet (shaka's default is 10 s).
  connectionTimeout: 4_000,
  // Headers came, then no byte for this long (armed after the first progress event; default 5 s).
  stallTimeout: 3_000,
};

/** The manifest (and a live manifest's updates): small and served by the Worker, so it may be even less patient. */
export const MANIFEST_RETRY: RetryParameters = {
  ...SEGMENT_RETRY,
  timeout: 8_000,
};

/** The part of `player.configure()` this module owns (merged with the other streaming settings by the hook). */
export const NETWORK_CONFIG = {
  manifest: { retryParameters: MANIFEST_RETRY },
  streaming: {
    retryParameters: SEGMENT_RETRY,
    // A player whose position stops advancing while it should play, with data buffered, is nudged forward by
    // stallSkip after stallThreshold (shaka's stall detector; explicit here so a later default change is seen).
    stallEnabled: true,
    stallThreshold: 1,
    stallSkip: 0.1,
    // No segment prefetch: shaka 5.2 keeps a prefetched init segment whose request a seek aborted and hands the
    // aborted request back on every later try, so the rendition never starts (shaka-player#10569, fix pending in
    // #10587). Prefetch only hides one request's latency, which 20 s of buffer already covers.
    segmentPrefetchLimit: 0,
  },
} as const;

/**
 * What shaka applies on top when a manifest is low-latency (an encoder's broadcast sent in half-second CMAF chunks,
 * issue 26), in place of its own low-latency defaults: those turn segment prefetch back on (see above). Playback
 * starts with one chunk buffered, the manifest's time is taken as exact, and the manifest's ServiceDescription sets
 * the latency the player holds to by playing slightly faster or slower.
 */
export const LOW_LATENCY_CONFIG = {
  streaming: {
    inaccurateManifestTolerance: 0,
    rebufferingGoal: 0.5,
    segmentPrefetchLimit: 0,
    updateIntervalSeconds: 0.1,
    maxDisabledTime: 1,
  },
  manifest: { dash: { autoCorrectDrift: false } },
  // A segment at the live edge arrives a chunk every half second: the time between chunks is the clock, not the
  // network, and shaka's estimate from it falls to a fraction of the stream's rate (the 720p demo dropped to 360p,
  // estimated at 71 kb/s). Where the browser measures its own throughput (Network Information), that is used.
  abr: { preferNetworkInformationBandwidth: true },
} as const;

/**
 * The load watchdog (issue 28, SPEC's global errors): a player that shows no first frame this long after it started
 * loading has failed, whatever shaka's retries are still doing (a request the network never answers, a manifest
 * that loads but whose segments never come). The player then shows its error state with a Retry button. Above the
 * manifest's whole retry series (4 attempts of at most 4 s without headers, 3.5 s of backoff), so shaka's own
 * critical error, more precise, comes first when it can.
 */
export const FIRST_FRAME_TIMEOUT_MS = 25_000;

/** The analytics error code of a load the watchdog stopped (shaka's codes are numbers; this one is ours). */
export const LOAD_TIMEOUT_CODE = 0;

/** shaka's `shaka.util.Error.Code.TIMEOUT`: a request that ran out of its retries' time (the same failure for a viewer). */
export const SHAKA_TIMEOUT_CODE = 1003;
