/// <reference types="node" />
// Time to first frame on the watch pages: in Chromium, navigation start → the first video frame the page presents.
// An init script (it runs before any page script) watches for the player's <video class="player__video"> and asks
// requestVideoFrameCallback for its first frame; presentationTime is on the document's clock, whose origin is the
// navigation start. Each run gets a fresh context, so nothing (HTTP cache, the shaka chunk, cookies) carries over.
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_PATH, chromiumArgs } from "../lib/chromium";
import type { BenchContext, FirstFrameResult, FirstFrameRun, Measurement, Target } from "./types";

const LAUNCH_TIMEOUT_MS = 30_000;
/** One run: the page, the player chunk, the playback call and the first segments, on loopback. */
const RUN_TIMEOUT_MS = 30_000;

interface Probe {
  frame: number | null;
  preroll: boolean;
  playerChunk: number | null;
}

/** Where the probe keeps its findings (a cast in each page callback, rather than a global type for the whole app). */
type ProbeWindow = Window & { __benchFirstFrame?: Probe };

/**
 * Page side, as source text: tsx wraps named inner functions of a serialised function in a `__name()` helper the page
 * does not have, so the probe travels as a string.
 */
const PROBE_SCRIPT = `(() => {
  const probe = { frame: null, preroll: false, playerChunk: null };
  window.__benchFirstFrame = probe;
  const hooked = new WeakSet();
  const scan = () => {
    // A preroll would show an ad before the programme: the run is then void (watch-targets.ts avoids such events).
    if (document.querySelector(".preroll")) probe.preroll = true;
    for (const video of document.querySelectorAll("video.player__video")) {
      if (hooked.has(video)) continue;
      hooked.add(video);
      video.requestVideoFrameCallback((now, meta) => {
        if (probe.frame === null) probe.frame = meta.presentationTime || now;
      });
    }
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true });
  // Resource timing tells when the shaka chunk arrived: where the time before the first frame went.
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (probe.playerChunk === null && /shaka[^/]*[.]js/.test(e.name)) probe.playerChunk = e.responseEnd;
    }
  }).observe({ type: "resource", buffered: true });
})();`;

let browser: Browser | null = null;

async function once(url: string): Promise<FirstFrameRun> {
  if (!browser) throw new Error("browser not started");
  const context = await browser.newContext();
  try {
    await context.addInitScript({ content: PROBE_SCRIPT });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "commit", timeout: RUN_TIMEOUT_MS });
    const handle = await page
      .waitForFunction(() => {
        const probe = (window as ProbeWindow).__benchFirstFrame;
        return probe?.frame ?? (probe?.preroll ? -1 : null);
      }, null, { timeout: RUN_TIMEOUT_MS, polling: 50 })
      .catch(async () => {
        const state = await page.locator(".player").getAttribute("data-status", { timeout: 1000 }).catch(() => null);
        throw new Error(`no video frame within ${RUN_TIMEOUT_MS / 1000} s (player status ${state ?? "absent"})`);
      });
    const firstFrame = (await handle.jsonValue()) as number;
    if (firstFrame < 0) throw new Error("a preroll played before the programme; the event was not a fair pick");
    return await page.evaluate((frame) => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
      return { ttfbMs: nav?.responseStart ?? 0, playerChunkMs: (window as ProbeWindow).__benchFirstFrame?.playerChunk ?? null, firstFrameMs: frame };
    }, firstFrame);
  } finally {
    await context.close();
  }
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

async function measure(t: Target, ctx: BenchContext): Promise<{ firstFrame: FirstFrameResult }> {
  const url = `http://${t.channel}.localhost:${ctx.port}${t.path}`;
  // One unmeasured run first: the worker's isolate caches (media.json, channel, settings) are then warm for every
  // measured run, as they are for a visitor arriving at a running site.
  await once(url);
  const runs: FirstFrameRun[] = [];
  for (let i = 0; i < ctx.options.firstFrameRuns; i++) runs.push(await once(url));
  const frames = runs.map((r) => r.firstFrameMs);
  const chunks = runs.flatMap((r) => (r.playerChunkMs === null ? [] : [r.playerChunkMs]));
  return {
    firstFrame: {
      eventId: Number(t.path.split("/").pop()),
      medianMs: median(frames),
      minMs: Math.min(...frames),
      maxMs: Math.max(...frames),
      medianTtfbMs: median(runs.map((r) => r.ttfbMs)),
      medianPlayerChunkMs: chunks.length ? median(chunks) : null,
      runs,
    },
  };
}

/** Navigation start → first presented video frame on each watch route: median of fresh-context runs. */
export const firstFrameMeasurement: Measurement = {
  name: "first-frame",
  appliesTo: ["route"],
  accepts: (t) => t.watch !== undefined,
  async start() {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs(), timeout: LAUNCH_TIMEOUT_MS });
  },
  async stop() {
    await browser?.close();
    browser = null;
  },
  run: measure,
};
