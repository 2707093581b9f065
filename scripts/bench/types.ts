/// <reference types="node" />

export type TargetKind = "route" | "static";

export interface Target {
  kind: TargetKind;
  channel: string;
  path: string;
}

export interface BenchOptions {
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
  /** Per-file detail, for bench/last.json. */
  scripts: { url: string; rawBytes: number; transferBytes: number; gzipBytes: number }[];
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
 * Everything measured for one target. Each measurement fills its own field.
 * Future measurements (time to first frame) add a field here, an entry in
 * measurements.ts and, if wanted, a column in report.ts.
 */
export interface TargetResult {
  target: Target;
  load?: LoadResult;
  serverTiming?: ServerTimingResult;
  js?: JsSizeResult;
  lighthouse?: LighthouseResult;
  /** Measurement name -> error message, when one failed for this target. */
  errors: Record<string, string>;
}

export interface Measurement {
  name: string;
  /** Which targets it runs on. */
  appliesTo: TargetKind[];
  /** Optional one-time setup/teardown around the whole run (e.g. launch a browser). */
  start?(ctx: BenchContext): Promise<void>;
  stop?(): Promise<void>;
  /** Measure one target; the returned fields are merged into its TargetResult. */
  run(target: Target, ctx: BenchContext): Promise<Partial<Omit<TargetResult, "target" | "errors">>>;
}
