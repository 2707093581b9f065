/// <reference types="node" />
import http from "node:http";
import autocannon from "autocannon";
import { HOST_IP } from "./server";
import { SIGNED_IN_MARKER } from "./signed-in";
import type { BenchContext, Measurement, Percentiles, ServerTimingResult, Target } from "./types";

const REQUEST_TIMEOUT_MS = 10_000;

export const hostHeader = (t: Target, port: number): string => `${t.channel}.localhost:${port}`;

/** Every request of a target: the channel's Host, no compression, and a signed-in target's session cookie. */
export function requestHeaders(t: Target, port: number): Record<string, string> {
  const headers: Record<string, string> = { host: hostHeader(t, port), "accept-encoding": "identity" };
  if (t.cookie) headers.cookie = t.cookie;
  return headers;
}

interface Sample {
  status: number;
  serverTiming: string;
  /** For a signed-in target: whether the page was the signed-in one (SIGNED_IN_MARKER in the body). */
  signedIn?: boolean;
}

/** One sequential GET to 127.0.0.1 with the channel's Host header; body is drained (read, for a signed-in target). */
function get(agent: http.Agent, t: Target, port: number): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const headers = requestHeaders(t, port);
    const req = http.get({ host: HOST_IP, port, path: t.path, agent, headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const raw = res.headers["server-timing"];
      const st = Array.isArray(raw) ? raw.join(", ") : raw;
      const chunks: Buffer[] = [];
      if (t.signedIn) res.on("data", (c: Buffer) => chunks.push(c));
      else res.resume();
      res.on("end", () => {
        const sample: Sample = { status: res.statusCode ?? 0, serverTiming: st ?? "" };
        if (t.signedIn) sample.signedIn = Buffer.concat(chunks).toString("utf8").includes(SIGNED_IN_MARKER);
        resolve(sample);
      });
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`timeout after ${REQUEST_TIMEOUT_MS} ms`)));
    req.on("error", reject);
  });
}

async function sequential(t: Target, port: number, count: number): Promise<Sample[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const out: Sample[] = [];
    for (let i = 0; i < count; i++) out.push(await get(agent, t, port));
    return out;
  } finally {
    agent.destroy();
  }
}

/** `total;dur=3.2, api;dur=1.1;desc="x"` -> { total: 3.2, api: 1.1 }. Metrics without dur are skipped. */
export function parseServerTiming(header: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const entry of header.split(",")) {
    const [name, ...params] = entry.split(";").map((s) => s.trim());
    if (!name) continue;
    for (const p of params) {
      const m = /^dur\s*=\s*"?([0-9.eE+-]+)"?$/.exec(p);
      if (m && Number.isFinite(Number(m[1]))) out[name] = (out[name] ?? 0) + Number(m[1]);
    }
  }
  return out;
}

/** Nearest-rank percentile of unsorted values (q in 0..100). */
export function percentile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((q / 100) * sorted.length)));
  return sorted[rank - 1];
}

export function summarise(values: number[]): Percentiles {
  return { p50: percentile(values, 50), p99: percentile(values, 99), n: values.length };
}

/** A signed-in target whose page came back signed out (no "Your teams") measured the wrong page: fail it. */
function assertSignedIn(t: Target, samples: Sample[], what: string): void {
  if (!t.signedIn) return;
  const out = samples.filter((s) => !s.signedIn).length;
  if (out > 0) throw new Error(`${out} of ${samples.length} ${what} answers were not the signed-in page (no ${SIGNED_IN_MARKER})`);
}

async function runLoad(t: Target, ctx: BenchContext) {
  const { port, options } = ctx;
  const warm = await sequential(t, port, options.warmup);
  assertSignedIn(t, warm, "warm-up");
  const result = await autocannon({
    url: `http://${HOST_IP}:${port}${t.path}`,
    headers: requestHeaders(t, port),
    connections: options.connections,
    duration: options.durationSec,
    timeout: REQUEST_TIMEOUT_MS / 1000,
  });
  return {
    load: {
      rps: result.requests.average,
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      requests: result.requests.total ?? 0,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      status: warm.at(-1)?.status ?? 0,
    },
  };
}

async function runServerTiming(t: Target, ctx: BenchContext) {
  const samples = await sequential(t, ctx.port, ctx.options.timingSamples);
  assertSignedIn(t, samples, "Server-Timing");
  const byMetric = new Map<string, number[]>();
  for (const s of samples) {
    for (const [name, dur] of Object.entries(parseServerTiming(s.serverTiming))) {
      const list = byMetric.get(name) ?? [];
      list.push(dur);
      byMetric.set(name, list);
    }
  }
  const serverTiming: ServerTimingResult = {};
  for (const [name, list] of byMetric) serverTiming[name] = summarise(list);
  return { serverTiming };
}

/** Throughput and client-side latency under autocannon, after a sequential warm-up. */
export const loadMeasurement: Measurement = {
  name: "load",
  appliesTo: ["static", "route"],
  run: runLoad,
};

/** Sequential requests, reading the worker's Server-Timing header (absent -> empty result, shown as n/a). */
export const serverTimingMeasurement: Measurement = {
  name: "server-timing",
  appliesTo: ["static", "route"],
  run: runServerTiming,
};
