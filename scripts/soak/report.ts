/// <reference types="node" />
// The soak's figures as tables for the terminal and as bench/soak-last.json, and the requirements that decide the exit code.
import { CATEGORIES, type Category } from "./requests";
import { percentile, type Figures, type Sample } from "./client";
import type { ServerExit, TreeMemory } from "./server";

export interface ProbeFigures {
  count: number;
  failures: number;
  latenciesMs: number[];
  /** The first failures: when, which host, and what happened. */
  failed: { at: string; host: string; what: string }[];
}

export interface RunInfo {
  startedAt: string;
  finishedAt: string;
  plannedMinutes: number;
  ranMinutes: number;
  connections: number;
  oversizedInFlight: number;
  /** The categories sent (all, unless --only). */
  categories: string[];
  port: number;
  /** wrangler (the server `npm start` runs) or miniflare (the control). */
  server: string;
  command: string;
  logFile: string;
  interrupted: boolean;
  exits: ServerExit[];
  /** workerd pids seen in the server's process tree (more than one over the run: workerd was restarted). */
  workerdPids: number[];
  memory: { start: TreeMemory | null; max: TreeMemory | null; end: TreeMemory | null };
  errorLines: string[];
}

export interface Requirement {
  name: string;
  ok: boolean;
  detail: string;
  /** Reported, but does not fail the run. */
  info?: boolean;
}

const round = (n: number) => Math.round(n);
const secs = (ms: number) => (ms / 1000).toFixed(1);

export function requirements(f: Figures, probes: ProbeFigures, run: RunInfo): Requirement[] {
  const total5xx = CATEGORIES.reduce((s, c) => s + f.categories[c].classes["5xx"], 0);
  const connErrors = CATEGORIES.reduce((s, c) => s + f.categories[c].connectionErrors, 0);
  const variants = Object.entries(f.oversized);
  const oversizedSent = variants.reduce((s, [, v]) => s + v.sent, 0);
  const oversizedBad = variants.reduce((s, [, v]) => s + (v.sent - v.refused4xx), 0);
  const oversizedConnErrors = f.categories.oversized.connectionErrors;
  const unsent = run.categories.includes("oversized") ? variants.filter(([, v]) => v.sent === 0).map(([k]) => k) : [];
  const requests = CATEGORIES.reduce((s, c) => s + f.categories[c].requests, 0);
  return [
    { name: "no 5xx", ok: total5xx === 0, detail: `${total5xx} of ${requests} requests` },
    {
      name: run.server === "wrangler" ? "wrangler dev never exited" : "the server never exited",
      ok: run.exits.length === 0,
      detail: run.exits.length ? run.exits.map((e) => `${e.signal ?? `code ${e.code}`} ${e.afterReadyS.toFixed(0)} s after ready`).join("; ") : "0 exits",
    },
    {
      name: "every oversized body refused with a 4xx",
      ok: oversizedBad === 0,
      detail: run.categories.includes("oversized") ? `${oversizedSent - oversizedBad} of ${oversizedSent} answered 4xx on an intact connection` : "none sent (--only)",
    },
    ...(unsent.length
      ? [{ name: "oversized variants not sent (a longer run sends them all)", ok: false, info: true, detail: unsent.join(", ") }]
      : []),
    {
      name: "connection errors outside the oversized bodies (counted, not required)",
      ok: connErrors - oversizedConnErrors === 0,
      detail: `${connErrors - oversizedConnErrors} reset, broken or timed out`,
      info: true,
    },
    {
      name: "the probe page kept answering 200",
      ok: probes.count > 0 && probes.failures === 0,
      detail: `${probes.count - probes.failures} of ${probes.count} probes, max ${round(Math.max(0, ...probes.latenciesMs))} ms`,
    },
  ];
}

/** Every requirement that counts holds. */
export const passed = (reqs: Requirement[]) => reqs.every((r) => r.ok || r.info);

function table(head: string[], rows: (string | number)[][], alignLeft = 1): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i < alignLeft ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}

const topStatuses = (s: Record<string, number>) =>
  Object.entries(s)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k}×${n}`)
    .join(" ");

export function formatReport(f: Figures, probes: ProbeFigures, run: RunInfo, reqs: Requirement[]): string {
  const out: string[] = [];
  const cat = (c: Category) => f.categories[c];
  const totals = CATEGORIES.map(cat);
  const sum = (pick: (x: (typeof totals)[number]) => number) => totals.reduce((s, x) => s + pick(x), 0);
  const rate = sum((x) => x.requests) / Math.max(1, run.ranMinutes * 60);
  out.push(
    `Soak: ${run.ranMinutes.toFixed(1)} of ${run.plannedMinutes} min, ${run.connections} connections (at most ${run.oversizedInFlight} oversized bodies in flight), ` +
      `${run.server === "wrangler" ? "wrangler dev" : "Miniflare (control)"} on 127.0.0.1:${run.port}; ${sum((x) => x.requests)} requests, ${rate.toFixed(0)}/s; ` +
      `${f.newConnections} connections opened, ${f.reusedConnections} requests on a kept-alive one${run.interrupted ? " (interrupted)" : ""}`,
    "",
    table(
      ["category", "requests", "2xx", "3xx", "4xx", "5xx", "conn err", "p50 ms", "p99 ms", "max ms", "statuses"],
      [
        ...CATEGORIES.map((c) => {
          const x = cat(c);
          return [c, x.requests, x.classes["2xx"], x.classes["3xx"], x.classes["4xx"], x.classes["5xx"], x.connectionErrors, round(percentile(x.latenciesMs, 50)), round(percentile(x.latenciesMs, 99)), round(Math.max(0, ...x.latenciesMs)), topStatuses(x.statuses)];
        }),
        ["total", sum((x) => x.requests), sum((x) => x.classes["2xx"]), sum((x) => x.classes["3xx"]), sum((x) => x.classes["4xx"]), sum((x) => x.classes["5xx"]), sum((x) => x.connectionErrors), "", "", "", ""],
      ],
    ),
    "",
    "Oversized bodies (each must be answered 4xx, 413 or 400, on a connection that stays intact):",
    table(
      ["variant", "sent", "4xx", "failed", "p50 s", "max s", "statuses"],
      Object.entries(f.oversized).map(([k, v]) => [k, v.sent, v.refused4xx, v.sent - v.refused4xx, secs(percentile(v.latenciesMs, 50)), secs(Math.max(0, ...v.latenciesMs)), `${topStatuses(v.statuses)}${v.connectionErrors ? ` ${topStatuses(v.errors)}` : ""}`]),
    ),
    "",
    `Probes (GET / on alpha and beta, a fresh connection every few seconds): ${probes.count}, ${probes.failures} failed; latency p50 ${round(percentile(probes.latenciesMs, 50))} ms, p99 ${round(percentile(probes.latenciesMs, 99))} ms, max ${round(Math.max(0, ...probes.latenciesMs))} ms`,
    `Server: ${run.command}\n` +
      `  ${run.exits.length} exits; workerd pids ${run.workerdPids.join(", ") || "?"}; memory (${run.server === "wrangler" ? "wrangler + workerd" : "this process + workerd"}, RSS) ${mem(run.memory.start)} at start, ${mem(run.memory.max)} max, ${mem(run.memory.end)} at the end; ` +
      `${run.errorLines.length} error lines in ${run.logFile}`,
  );
  const seconds = Object.entries(f.failuresBySecond).map(([s, n]) => [Number(s), n] as const);
  if (seconds.length) {
    out.push(
      "",
      `Connection errors and 5xx by second of the run (${seconds.length} seconds with any): ` +
        seconds
          .slice(0, 30)
          .map(([s, n]) => `${s}s×${n}`)
          .join(" ") +
        (seconds.length > 30 ? " …" : ""),
    );
  }
  const samples = (title: string, xs: Sample[]) => {
    if (!xs.length) return;
    out.push("", `${title} (first ${xs.length}):`);
    for (const s of xs.slice(0, 10)) out.push(`  ${s.at} ${s.category} ${s.method} ${s.host}${s.path} -> ${s.status || "-"} ${s.error ?? ""} ${s.ms} ms ${s.bodyStart.slice(0, 120).replace(/\s+/g, " ")}`);
  };
  samples("5xx answers", f.serverErrors);
  samples("Connection errors", f.connectionFailures);
  samples("Oversized not refused with a 4xx", f.oversizedFailures);
  if (probes.failed.length) out.push("", "Failed probes:", ...probes.failed.slice(0, 10).map((p) => `  ${p.at} ${p.host} ${p.what}`));
  if (run.errorLines.length) out.push("", `Error lines in the server log (first ${Math.min(10, run.errorLines.length)}):`, ...run.errorLines.slice(0, 10).map((l) => `  ${l.slice(0, 300)}`));
  out.push("", "Requirements:", ...reqs.map((r) => `  ${r.info ? "INFO" : r.ok ? "PASS" : "FAIL"}  ${r.name}: ${r.detail}`));
  return out.join("\n");
}

const mem = (m: TreeMemory | null) => (m ? `${round(m.totalMiB)} MiB (workerd ${round(m.workerdMiB)})` : "?");

/** Everything, for bench/soak-last.json (latency lists summarised). */
export function reportJson(f: Figures, probes: ProbeFigures, run: RunInfo, reqs: Requirement[]): unknown {
  const lat = (xs: number[]) => ({ p50Ms: round(percentile(xs, 50)), p99Ms: round(percentile(xs, 99)), maxMs: round(Math.max(0, ...xs)) });
  return {
    passed: passed(reqs),
    requirements: reqs,
    run: { ...run, errorLines: run.errorLines.slice(0, 50), errorLineCount: run.errorLines.length },
    connections: { opened: f.newConnections, reused: f.reusedConnections },
    categories: Object.fromEntries(
      CATEGORIES.map((c) => {
        const { latenciesMs, ...x } = f.categories[c];
        return [c, { ...x, ...lat(latenciesMs) }];
      }),
    ),
    oversized: Object.fromEntries(
      Object.entries(f.oversized).map(([k, v]) => {
        const { latenciesMs, ...x } = v;
        return [k, { ...x, failed: v.sent - v.refused4xx, ...lat(latenciesMs) }];
      }),
    ),
    probes: { count: probes.count, failures: probes.failures, ...lat(probes.latenciesMs), failed: probes.failed },
    failuresBySecond: f.failuresBySecond,
    routes: f.routes,
    samples: { serverErrors: f.serverErrors, connectionErrors: f.connectionFailures, oversizedNot4xx: f.oversizedFailures },
  };
}
