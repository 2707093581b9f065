/// <reference types="node" />
// Game day (issue 27), measured as a viewer sees it: one scorekeeper tap → the viewer's score bug. A viewer's Chromium
// opens alpha's live game (the `/watch/{live}` target's event) and waits for its score bug; an observer in the page
// stamps each new home score with the wall clock the moment the DOM shows it. Per sample the channel's owner posts one
// tap through the API (a +1 correction for the home side, any sport's), and the time is the POST's send → the bug
// showing the new score: the API's check and write, the event's live-state object, its WebSocket to the page, and
// React's render. A −1 correction after each sample keeps the score where it was.
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_PATH, chromiumArgs } from "../lib/chromium";
import type { BenchContext } from "./types";
import { apiCall, apiKeyFor, findEvent } from "./watch-targets";

const CHANNEL = "alpha";
const OWNER = { email: "owner@alpha.test", password: "Password123!" };
export const TAP_GOAL_MS = 1_000;
const SEEN_TIMEOUT_MS = 10_000;

export interface TapToScreenResult {
  eventId: number;
  samplesMs: number[];
  medianMs: number;
  p90Ms: number;
  goalMs: number;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

export async function measureTapToScreen(ctx: BenchContext, samples: number): Promise<TapToScreenResult> {
  const [apiKey, eventId] = await Promise.all([apiKeyFor(ctx.root, ctx.port, CHANNEL), findEvent(ctx.root, ctx.port, CHANNEL, "live")]);
  const { token } = await apiCall<{ token: string }>(ctx.port, CHANNEL, "POST", "/api/v2/auth/login", { api_key: apiKey, ...OWNER });
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs() });
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => (m.type() === "error" ? errors.push(m.text()) : undefined));
    page.on("requestfailed", (r) => errors.push(`${r.url()} ${r.failure()?.errorText}`));
    // The page's live-state socket says something once it is open (the viewers count): taps are measured from then.
    const listening = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the watch page's live-state socket said nothing in 30 s")), 30_000);
      page.on("websocket", (ws) =>
        ws.on("framereceived", () => {
          clearTimeout(timer);
          resolve();
        }),
      );
    });
    await page.goto(`http://${CHANNEL}.localhost:${ctx.port}/watch/${eventId}`, { waitUntil: "load" });
    const home = page.locator('[data-testid="score-bug"] .score-bug__score[data-side="home"]');
    await home.waitFor({ timeout: 30_000 }).catch(() => {
      throw new Error(`no score bug on /watch/${eventId} (is its sport one with scoring?)`);
    });
    // Then a first tap, unmeasured, warms the API's path (and proves the page hears it).
    // A string, not a function: tsx's transform would name the function with a helper the page does not have.
    await page.evaluate(`(() => {
      window.__seen = new Map();
      // The whole document: hydration may put a new bug in place of the server's.
      const read = () => {
        const text = document.querySelector('[data-testid="score-bug"] .score-bug__score[data-side="home"]')?.textContent ?? "";
        if (text && !window.__seen.has(text)) window.__seen.set(text, Date.now());
      };
      new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
      read();
    })()`);
    await listening;
    const tap = async (points: number) => {
      const at = Date.now();
      await apiCall(ctx.port, CHANNEL, "POST", `/api/events/${eventId}/score/taps`, { api_key: apiKey, taps: [{ id: crypto.randomUUID(), at, action: { kind: "adjust", side: "home", points } }] }, token);
      return at;
    };
    const seen = async (score: string, since: number): Promise<number> => {
      const deadline = Date.now() + SEEN_TIMEOUT_MS;
      for (;;) {
        const stamp = (await page.evaluate(`window.__seen.get(${JSON.stringify(score)}) ?? null`)) as number | null;
        if (stamp !== null && stamp >= since) return stamp;
        if (Date.now() > deadline) {
          const shown = await home.textContent().catch(() => null);
          const seenList = await page.evaluate(`JSON.stringify([...window.__seen.entries()])`);
          throw new Error(`the bug did not show ${score} within ${SEEN_TIMEOUT_MS / 1000} s of the tap (it shows ${shown}; seen ${seenList}; page errors: ${errors.join(" | ") || "none"})`);
        }
        await sleep(20);
      }
    };
    const forget = (score: string) => page.evaluate(`window.__seen.delete(${JSON.stringify(score)})`);

    const start = Number((await home.textContent()) ?? "0");
    await forget(String(start + 1));
    await seen(String(start + 1), await tap(1));
    await forget(String(start));
    await seen(String(start), await tap(-1));

    const samplesMs: number[] = [];
    for (let i = 0; i < samples; i++) {
      await forget(String(start + 1));
      const sent = await tap(1);
      samplesMs.push((await seen(String(start + 1), sent)) - sent);
      await forget(String(start));
      await seen(String(start), await tap(-1));
      await sleep(200);
    }
    const s = sorted(samplesMs);
    return { eventId, samplesMs, medianMs: s[Math.floor(s.length / 2)]!, p90Ms: s[Math.min(s.length - 1, Math.floor(s.length * 0.9))]!, goalMs: TAP_GOAL_MS };
  } finally {
    await browser?.close();
  }
}

export function formatTapToScreenTable(r: TapToScreenResult): string {
  return [
    "| event | samples | median | p90 | goal |",
    "|---|---|---|---|---|",
    `| /watch/${r.eventId} | ${r.samplesMs.length} | ${r.medianMs} ms | ${r.p90Ms} ms | ≤ ${r.goalMs} ms |`,
  ].join("\n");
}
