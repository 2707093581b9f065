/// <reference types="node" />
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { dirname } from "node:path";
import type { BenchOptions, Percentiles, Target, TargetResult } from "./types";

const num = (n: number | undefined, digits = 1): string =>
  n === undefined || !Number.isFinite(n) ? "n/a" : n.toFixed(digits);

const pair = (p: Percentiles | undefined): string => (p ? `${num(p.p50, 2)} / ${num(p.p99, 2)}` : "n/a");

function ratio(r: TargetResult, staticRps: number | undefined): string {
  if (r.target.kind === "static") return "1.00 (ref)";
  if (!r.load || !staticRps) return "n/a";
  return num(r.load.rps / staticRps, 2);
}

/** The path measured, for a watch route which kind of event it is, for a signed-in route its label. */
function routeName(r: TargetResult): string {
  if (r.target.kind === "static") return `${r.target.path} (static)`;
  if (r.target.signedIn) return r.target.label;
  return r.target.watch ? `${r.target.path} (${r.target.watch})` : r.target.path;
}

const kib = (bytes: number): string => num(bytes / 1024);

/**
 * A target in progress lines and notes: `alpha/upcoming`, for a signed-in page `alpha/ (signed in, 10 favourites)`, for
 * a clip `alpha 30 s clip from 37.3 s`.
 */
export function describeTarget(t: Target): string {
  if (t.kind === "clip") return `${t.channel} ${t.label}`;
  return t.signedIn ? `${t.channel}${t.label}` : `${t.channel}${t.path}`;
}

function rows(results: TargetResult[]): string[][] {
  const staticRps = results.find((r) => r.target.kind === "static")?.load?.rps;
  return results.filter((r) => r.target.kind !== "clip").map((r) => [
    routeName(r),
    r.target.channel,
    num(r.load?.rps, 0),
    num(r.load?.latencyP50Ms),
    num(r.load?.latencyP99Ms),
    pair(r.serverTiming?.total),
    ratio(r, staticRps),
    r.js ? String(r.js.files) : "-",
    r.js ? kib(r.js.gzipBytes - r.js.player.gzipBytes) : "-",
    r.js ? kib(r.js.player.gzipBytes) : "-",
  ]);
}

/** "JS gzip KiB" is the page's own JavaScript; the player chunks (shaka, loaded lazily on watch pages) come apart. */
const HEADER = ["route", "channel", "rps", "p50 ms", "p99 ms", "server total p50/p99 ms", "ratio vs static", "JS files", "JS gzip KiB", "player gzip KiB"];

/** Markdown table: first two columns left-aligned, the rest right-aligned. */
function table(header: string[], body: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]): string =>
    "| " + cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ") + " |";
  const sep = "|" + widths.map((w, i) => (i < 2 ? "-".repeat(w + 2) : "-".repeat(w + 1) + ":")).join("|") + "|";
  return [line(header), sep, ...body.map(line)].join("\n");
}

export function formatTable(results: TargetResult[]): string {
  return table(HEADER, rows(results));
}

const FF_HEADER = ["route", "channel", "runs", "first frame median ms", "min ms", "max ms", "TTFB ms", "player chunk ms"];

/** Time to first frame per watch route: medians of the measured runs, ms from navigation start. */
export function formatFirstFrameTable(results: TargetResult[], runs: number): string {
  const int = (n: number | null | undefined): string => (n === null || n === undefined ? "-" : num(n, 0));
  const body = results
    .filter((r) => r.target.watch)
    .map((r) => {
      const f = r.firstFrame;
      return [routeName(r), r.target.channel, f ? String(f.runs.length) : `0/${runs}`, int(f?.medianMs), int(f?.minMs), int(f?.maxMs), int(f?.medianTtfbMs), int(f?.medianPlayerChunkMs)];
    });
  return table(FF_HEADER, body);
}

const CLIP_HEADER = ["clip", "channel", "runs", "ready median ms", "min ms", "max ms", "POST ms", "server ms", "file MiB", "cut"];

/**
 * Clip-ready latency per clip: POST sent → the first GET answering ready (median, min, max of the measured runs), the
 * median POST latency, the server's own created_at → ready_at, the file's size and the cut as snapped to segments.
 */
export function formatClipReadyTable(results: TargetResult[], runs: number): string {
  const int = (n: number | null | undefined): string => (n === null || n === undefined ? "-" : num(n, 0));
  const body = results
    .filter((r) => r.target.clip)
    .map((r) => {
      const c = r.clipReady;
      const ask = r.target.clip!;
      return [
        `${ask.durationS} s from ${ask.startS} s`,
        r.target.channel,
        c ? String(c.runs.length) : `0/${runs}`,
        int(c?.medianMs),
        int(c?.minMs),
        int(c?.maxMs),
        int(c?.medianPostMs),
        int(c?.medianServerMs),
        c ? num(c.fileBytes / 2 ** 20, 2) : "-",
        c ? `${c.cut.startS}–${c.cut.startS + c.cut.durationS} s, event ${c.eventId}` : "-",
      ];
    });
  return table(CLIP_HEADER, body);
}

/**
 * Player bytes on the pages that must not load the player, one line each, and the failures among them (any player
 * byte, or no JS measurement to tell).
 */
export function playerCheck(results: TargetResult[]): { lines: string[]; failures: string[] } {
  const lines: string[] = [];
  const failures: string[] = [];
  // A signed-in page the bench could not sign in is measured by nothing and fails on its own (index.ts).
  for (const r of results.filter((x) => x.target.noPlayer && !x.errors["signed-in"])) {
    const label = describeTarget(r.target);
    if (!r.js) {
      failures.push(`${label}: player bytes unknown (the JS measurement failed)`);
      continue;
    }
    lines.push(`${label}: ${r.js.player.rawBytes} player bytes`);
    if (r.js.player.rawBytes > 0) {
      const urls = r.js.scripts.filter((x) => x.player).map((x) => new URL(x.url).pathname);
      failures.push(`${label} loaded ${r.js.player.rawBytes} bytes of player (shaka) JavaScript; it must load none: ${urls.join(", ")}`);
    }
  }
  return { lines, failures };
}

const LH_HEADER = ["route", "channel", "perf", "a11y", "bp", "seo", "FCP ms", "LCP ms", "TBT ms", "CLS"];

/** Second table: Lighthouse per route ("-" where it failed; the reason is in the notes). */
export function formatLighthouseTable(results: TargetResult[]): string {
  const int = (n: number | null | undefined): string => (n === null || n === undefined ? "-" : num(n, 0));
  const body = results
    .filter((r) => r.target.kind === "route")
    .map((r) => {
      const l = r.lighthouse;
      return [
        routeName(r),
        r.target.channel,
        int(l?.performance),
        int(l?.accessibility),
        int(l?.bestPractices),
        int(l?.seo),
        int(l?.fcpMs),
        int(l?.lcpMs),
        int(l?.tbtMs),
        l?.cls === null || l?.cls === undefined ? "-" : num(l.cls, 3),
      ];
    });
  return table(LH_HEADER, body);
}

/** Notes under the table: other Server-Timing metrics, non-2xx answers, failed measurements. */
export function formatNotes(results: TargetResult[]): string[] {
  const notes: string[] = [];
  for (const r of results) {
    const label = describeTarget(r.target);
    for (const [name, p] of Object.entries(r.serverTiming ?? {})) {
      if (name !== "total") notes.push(`${label}: server ${name} p50/p99 ${pair(p)} ms (n=${p.n})`);
    }
    if (r.load && (r.load.status < 200 || r.load.status >= 300)) notes.push(`${label}: answered HTTP ${r.load.status}`);
    if (r.load && r.load.non2xx + r.load.errors + r.load.timeouts > 0) {
      notes.push(`${label}: ${r.load.non2xx} non-2xx, ${r.load.errors} errors, ${r.load.timeouts} timeouts under load`);
    }
    for (const w of r.lighthouse?.warnings ?? []) notes.push(`${label}: lighthouse warning: ${w.split("\n")[0]}`);
    for (const [m, e] of Object.entries(r.errors)) notes.push(`${label}: ${m} failed: ${e}`);
  }
  return notes;
}

function git(root: string): { commit: string; dirty: boolean } {
  const run = (args: string[]): string =>
    execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  let commit = "uncommitted";
  let dirty = true;
  try {
    commit = run(["rev-parse", "--short", "HEAD"]) || "uncommitted";
  } catch {
    /* no commits yet, or not a repository */
  }
  try {
    dirty = run(["status", "--porcelain"]).length > 0;
  } catch {
    /* not a repository */
  }
  return { commit, dirty };
}

export function writeJson(file: string, root: string, options: BenchOptions, port: number, results: TargetResult[], extra: Record<string, unknown> = {}): void {
  const cpus = os.cpus();
  const report = {
    date: new Date().toISOString(),
    git: git(root),
    node: process.version,
    machine: {
      cpus: cpus.length,
      model: cpus[0]?.model ?? "unknown",
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      totalMemMiB: Math.round(os.totalmem() / 2 ** 20),
    },
    server: { kind: "miniflare (workerd), bundled as deployed", host: "127.0.0.1", port },
    options,
    staticRps: results.find((r) => r.target.kind === "static")?.load?.rps ?? null,
    results,
    ...extra,
  };
  mkdirSync(dirname(file), { recursive: true });
  // A signed-in target's cookie is a session token: not for the file.
  writeFileSync(file, JSON.stringify(report, (key, value: unknown) => (key === "cookie" ? undefined : value), 2) + "\n");
}
