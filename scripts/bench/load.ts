/// <reference types="node" />
import http from "node:http";
import autocannon from "autocannon";
import { HOST_IP } from "./server";
import type { BenchContext, Measurement, Percentiles, ServerTimingResult, Target } from "./types";

const REQUEST_TIMEOUT_MS = 10_000;

export const hostHeader = (t: Target, port: number): string => `${t.channel}.localhost:${port}`;

interface Sample {
  status: number;
  serverTiming: string;
}

/** One sequential GET to 127.0.0.1 with the channel's Host header; body is drained. */
function get(agent: http.Agent, t: Target, port: number): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const headers = { host: hostHeader(t, port), "accept-encoding": "identity" };
    const req = http.get({ host: HOST_IP, port, path: t.path, agent, headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const raw = res.headers["server-timing"];
      const st = Array.isArray(raw) ? raw.join(", ") : raw;
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, serverTiming: st ?? "" }));
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

async function runLoad(t: Target, ctx: BenchContext) {
  const { port, options } = ctx;
  const warm = await sequential(t, port, options.warmup);
  const result = await autocannon({
    url: `http://${HOST_IP}:${port}${t.path}`,
    headers: { host: hostHeader(t, port), "accept-encoding": "identity" },
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
