/// <reference types="node" />
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type Response } from "@playwright/test";
import { CHROMIUM_PATH, chromiumArgs } from "../lib/chromium";
import { SIGNED_IN_MARKER } from "./signed-in";
import type { BenchContext, JsSizeResult, Measurement, Target } from "./types";

const CHROMIUM = CHROMIUM_PATH;
const ARGS = chromiumArgs();
const LOAD_TIMEOUT_MS = 30_000;
const IDLE_TIMEOUT_MS = 15_000;
const MAX_SCRIPTS = 500;
/**
 * What marks a shaka-player chunk: its license banner (kept by the minifier) or its namespaced class names. A page
 * chunk that only names the file in its dynamic import() matches neither.
 */
const PLAYER_MARKERS = [/@license\s+Shaka Player/, /\bshaka\.(?:util|media|net|Player)\b/];

export function isPlayerChunk(body: Buffer): boolean {
  const text = body.toString("latin1");
  return PLAYER_MARKERS.some((re) => re.test(text));
}

let browser: Browser | null = null;

function isJs(res: Response): boolean {
  if (res.request().resourceType() === "script") return true;
  return /javascript|ecmascript/i.test(res.headers()["content-type"] ?? "");
}

async function measure(t: Target, ctx: BenchContext): Promise<{ js: JsSizeResult }> {
  if (!browser) throw new Error("browser not started");
  const context = await browser.newContext(); // fresh: no HTTP cache between routes
  try {
    const url = `http://${t.channel}.localhost:${ctx.port}${t.path}`;
    // A signed-in target: its session cookie, host-only on the channel's host as the worker sets it.
    if (t.cookie) {
      const [name, ...value] = t.cookie.split("=");
      await context.addCookies([{ name, value: value.join("="), url: `http://${t.channel}.localhost:${ctx.port}/`, httpOnly: true, sameSite: "Lax" }]);
    }
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on("response", (res) => {
      if (responses.length < MAX_SCRIPTS && isJs(res)) responses.push(res);
    });
    await page.goto(url, { waitUntil: "load", timeout: LOAD_TIMEOUT_MS });
    await page.waitForLoadState("networkidle", { timeout: IDLE_TIMEOUT_MS }).catch(() => {
      /* a page that keeps polling never goes idle; measure what loaded */
    });
    if (t.signedIn && (await page.locator(`[${SIGNED_IN_MARKER}]`).count()) === 0) {
      throw new Error(`not the signed-in page in Chromium (no ${SIGNED_IN_MARKER})`);
    }
    const scripts: JsSizeResult["scripts"] = [];
    for (const res of responses) {
      const body = await res.body().catch(() => null); // redirects and aborted loads have no body
      if (!body) continue;
      const wire = await res.request().sizes().then((z) => z.responseBodySize, () => body.length);
      scripts.push({
        url: res.url(),
        rawBytes: body.length,
        transferBytes: wire,
        gzipBytes: gzipSync(body, { level: 9 }).length,
        player: isPlayerChunk(body),
      });
    }
    const player = scripts.filter((s) => s.player);
    return {
      js: {
        files: scripts.length,
        rawBytes: scripts.reduce((n, s) => n + s.rawBytes, 0),
        transferBytes: scripts.reduce((n, s) => n + s.transferBytes, 0),
        gzipBytes: scripts.reduce((n, s) => n + s.gzipBytes, 0),
        player: { files: player.length, rawBytes: player.reduce((n, s) => n + s.rawBytes, 0), gzipBytes: player.reduce((n, s) => n + s.gzipBytes, 0) },
        scripts,
      },
    };
  } finally {
    await context.close();
  }
}

/**
 * JavaScript a route downloads in Chromium (decoded bytes and gzip -9 of each), after load + network idle, with the
 * player chunks (loaded lazily by watch pages) counted apart as well.
 */
export const jsSizeMeasurement: Measurement = {
  name: "js-size",
  appliesTo: ["route"],
  async start() {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: LOAD_TIMEOUT_MS });
  },
  async stop() {
    await browser?.close();
    browser = null;
  },
  run: measure,
};
