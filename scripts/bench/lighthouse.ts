/// <reference types="node" />
// Lighthouse (Node API) per route, against Debian's Chromium launched by chrome-launcher (a dependency of lighthouse).
// Offline: the pages are on loopback, Lighthouse itself does not fetch anything, and Chromium's background
// networking (component updates, sync, first-run, QUIC) is switched off.
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Config, type Flags, type RunnerResult } from "lighthouse";
import { CHROMIUM_PATH, chromiumArgs } from "../lib/chromium";
import type { BenchContext, LighthouseResult, Measurement, Target } from "./types";

const CHROMIUM = CHROMIUM_PATH;
// chrome-launcher adds its own defaults too (--disable-extensions, --disable-default-apps, ...).
const CHROME_FLAGS = chromiumArgs();
const LAUNCH_TIMEOUT_MS = 30_000;
/** Whole Lighthouse run for one route (navigation, trace, audits). */
const RUN_TIMEOUT_MS = 120_000;
const KILL_TIMEOUT_MS = 10_000;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

let chrome: chromeLauncher.LaunchedChrome | null = null;

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what} timed out after ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

async function launch(): Promise<chromeLauncher.LaunchedChrome> {
  const launching = chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
    handleSIGINT: false, // index.ts handles signals and calls stop()
    maxConnectionRetries: 60, // x 500 ms
  });
  try {
    chrome = await withTimeout(launching, LAUNCH_TIMEOUT_MS, "launching Chromium");
  } catch (e) {
    // If the launch outlives the timeout, kill whatever it eventually starts.
    launching.then((c) => void c.kill(), () => {});
    throw e;
  }
  return chrome;
}

async function kill(): Promise<void> {
  const c = chrome;
  chrome = null;
  if (!c) return;
  try {
    await withTimeout(Promise.resolve(c.kill()), KILL_TIMEOUT_MS, "stopping Chromium");
  } catch {
    try {
      c.process.kill("SIGKILL");
    } catch {
      /* already gone */
    }
  }
}

const ms = (lhr: RunnerResult["lhr"], id: string): number | null => {
  const v = lhr.audits[id]?.numericValue;
  return typeof v === "number" && Number.isFinite(v) ? v : null;
};
const score = (lhr: RunnerResult["lhr"], id: string): number | null => {
  const s = lhr.categories[id]?.score;
  return typeof s === "number" ? Math.round(s * 100) : null;
};

async function measure(t: Target, ctx: BenchContext): Promise<{ lighthouse: LighthouseResult }> {
  const c = chrome ?? (await launch()); // relaunched after a failed route
  const url = `http://${t.channel}.localhost:${ctx.port}${t.path}`;
  const flags: Flags = { port: c.port, output: "json", logLevel: "error", maxWaitForLoad: 45_000, maxWaitForFcp: 30_000 };
  // A signed-in target: its session cookie on every request (Lighthouse resets storage, so a header rather than a
  // cookie set in the browser).
  if (t.cookie) flags.extraHeaders = { Cookie: t.cookie };
  const config: Config = {
    ...desktopConfig,
    settings: {
      ...desktopConfig.settings,
      onlyCategories: [...CATEGORIES],
      // Loopback on a shared 2-core machine: no simulated or applied throttling, so the numbers are this machine's.
      throttlingMethod: "provided",
    },
  };
  const running = lighthouse(url, flags, config);
  let result: RunnerResult | undefined;
  try {
    result = await withTimeout(running, RUN_TIMEOUT_MS, "lighthouse");
  } catch (e) {
    running.catch(() => {}); // it rejects once Chromium is gone
    await kill(); // a stuck run leaves the browser in an unknown state; the next route relaunches
    throw e;
  }
  if (!result) throw new Error("lighthouse returned no result");
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  return {
    lighthouse: {
      url: lhr.finalDisplayedUrl,
      lighthouseVersion: lhr.lighthouseVersion,
      performance: score(lhr, "performance"),
      accessibility: score(lhr, "accessibility"),
      bestPractices: score(lhr, "best-practices"),
      seo: score(lhr, "seo"),
      fcpMs: ms(lhr, "first-contentful-paint"),
      lcpMs: ms(lhr, "largest-contentful-paint"),
      tbtMs: ms(lhr, "total-blocking-time"),
      cls: ms(lhr, "cumulative-layout-shift"),
      warnings: lhr.runWarnings,
    },
  };
}

/** Lighthouse desktop preset, throttlingMethod "provided": category scores and FCP/LCP/TBT/CLS per route. */
export const lighthouseMeasurement: Measurement = {
  name: "lighthouse",
  appliesTo: ["route"],
  async start() {
    await launch();
  },
  stop: kill,
  run: measure,
};
