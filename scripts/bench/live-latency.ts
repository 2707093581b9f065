/// <reference types="node" />
// Low-latency live (issue 26), measured as a viewer sees it: the local ingest (scripts/ingest-local.ts) runs beside the
// bench's worker; per run, the alpha owner creates a live input for a free upcoming game, a viewer's Chromium waits on
// its watch page, and an encoder pushes a 1280×720 30 fps test pattern whose time is burned into the picture
// (scripts/lib/test-encoder.ts). Push → first frame is the encoder's time 0 to the first frame the page shows; glass
// to glass is the wall clock minus when the encoder sent the picture shown, read from the frames over 10 s of play. The owner then
// ends the broadcast (the event is over, the next run takes the next game).
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_PATH, chromiumArgs } from "../lib/chromium";
import { CLOCK_BITS, CLOCK_BOX, readClockInPage, startEncoder } from "../lib/test-encoder";
import { BENCH_INGEST_SECRET } from "./server";
import type { BenchContext } from "./types";
import { apiCall, apiKeyFor } from "./watch-targets";

const CHANNEL = "alpha";
const RUN_TIMEOUT_MS = 90_000;
const SAMPLES = 20;
const SAMPLE_EVERY_MS = 500;

export interface LiveLatencyRun {
  eventId: number;
  firstFrameMs: number;
  /** Median of the samples, and the samples. */
  latencyMs: number;
  samplesMs: number[];
}

export interface LiveLatencyResult {
  runs: LiveLatencyRun[];
  medianLatencyMs: number;
  medianFirstFrameMs: number;
  goals: { latencyMs: number; firstFrameMs: number };
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The local ingest, against the bench's worker, until stop(); ready once it has asked for work. */
/** The ingest's last lines, said when a run fails. */
let ingestLog = "";

async function startIngest(root: string, port: number): Promise<ChildProcess> {
  const child = spawn(join(root, "node_modules/.bin/tsx"), [join(root, "scripts/ingest-local.ts"), "--api", `http://127.0.0.1:${port}`, "--secret", BENCH_INGEST_SECRET], {
    cwd: root,
    env: { ...process.env, INGEST_PARENT_PID: String(process.pid) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the local ingest did not start in 30 s")), 30_000);
    child.stderr!.on("data", (text: Buffer) => (ingestLog = (ingestLog + String(text)).slice(-2000)));
    child.stdout!.on("data", (text: Buffer) => {
      ingestLog = (ingestLog + String(text)).slice(-2000);
      if (/asking .* for work/.test(String(text))) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on("exit", (code) => reject(new Error(`the local ingest exited (${code})`)));
  });
  return child;
}

/** Free upcoming games of the channel without a live input yet, in the API's order. */
async function freeUpcomingGames(port: number, key: string, token: string): Promise<number[]> {
  const q = new URLSearchParams({ api_key: key, status: "upcoming", access_type: "free", limit: "100" });
  const events = await apiCall<{ id: number }[]>(port, CHANNEL, "GET", `/api/events?${q}`);
  const live = await apiCall<{ id: number; input: unknown }[]>(port, CHANNEL, "GET", `/api/console/live?api_key=${encodeURIComponent(key)}`, undefined, token);
  const withInput = new Set(live.filter((e) => e.input).map((e) => e.id));
  return events.map((e) => e.id).filter((id) => !withInput.has(id));
}

export async function measureLiveLatency(ctx: BenchContext, runs: number): Promise<LiveLatencyResult> {
  const { port, root } = ctx;
  const key = await apiKeyFor(root, port, CHANNEL);
  const { token } = await apiCall<{ token: string }>(port, CHANNEL, "POST", "/api/v2/auth/login", { api_key: key, email: "owner@alpha.test", password: "Password123!" });
  const ingest = await startIngest(root, port);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs() });
  const results: LiveLatencyRun[] = [];
  try {
    const games = await freeUpcomingGames(port, key, token);
    if (games.length < runs) throw new Error(`${CHANNEL} has ${games.length} free upcoming games without an input, ${runs} needed`);
    for (const eventId of games.slice(0, runs)) {
      const input = await apiCall<{ publish_url: string }>(port, CHANNEL, "POST", `/api/console/events/${eventId}/live-input`, { api_key: key }, token);
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`http://${CHANNEL}.localhost:${port}/watch/${eventId}`);
      // The ingest listens for a new input at its next look at its work (every second): the encoder retries as OBS does.
      const encoder = startEncoder(input.publish_url, { hd: true });
      try {
        const read = () => page.evaluate(readClockInPage, [CLOCK_BITS, CLOCK_BOX] as [number, typeof CLOCK_BOX]);
        const deadline = Date.now() + RUN_TIMEOUT_MS;
        while (!(await read())) {
          if (Date.now() > deadline) {
            throw new Error(`event ${eventId}: no frame ${RUN_TIMEOUT_MS / 1000} s after the encoder started; the ingest said: ${ingestLog.split("\n").slice(-6).join(" | ")}`);
          }
          await sleep(50);
        }
        const firstFrameMs = Date.now() - encoder.clockStart();
        const samplesMs: number[] = [];
        while (samplesMs.length < SAMPLES) {
          await sleep(SAMPLE_EVERY_MS);
          const clock = await read();
          if (clock) samplesMs.push(Math.round(clock.at - encoder.sentAt(clock.pictureS)));
        }
        results.push({ eventId, firstFrameMs, latencyMs: median(samplesMs), samplesMs });
      } finally {
        encoder.kill();
        await context.close();
        await apiCall(port, CHANNEL, "POST", `/api/console/events/${eventId}/live-input/end`, { api_key: key }, token).catch(() => undefined);
      }
    }
  } finally {
    await browser.close();
    ingest.kill("SIGTERM");
  }
  return {
    runs: results,
    medianLatencyMs: median(results.map((r) => r.latencyMs)),
    medianFirstFrameMs: median(results.map((r) => r.firstFrameMs)),
    goals: { latencyMs: 5_000, firstFrameMs: 8_000 },
  };
}

/** The table: one row per run, and the medians against the goals. */
export function formatLiveLatencyTable(result: LiveLatencyResult): string {
  const rows = result.runs.map((r) => `event ${r.eventId}: push → first frame ${(r.firstFrameMs / 1000).toFixed(2)} s, glass to glass ${(r.latencyMs / 1000).toFixed(2)} s (${(Math.min(...r.samplesMs) / 1000).toFixed(2)}–${(Math.max(...r.samplesMs) / 1000).toFixed(2)} s)`);
  const verdict = (value: number, goal: number) => (value <= goal ? "within" : "OVER");
  return [
    ...rows,
    `median glass to glass ${(result.medianLatencyMs / 1000).toFixed(2)} s: ${verdict(result.medianLatencyMs, result.goals.latencyMs)} the ${result.goals.latencyMs / 1000} s goal`,
    `median push → first frame ${(result.medianFirstFrameMs / 1000).toFixed(2)} s: ${verdict(result.medianFirstFrameMs, result.goals.firstFrameMs)} the ${result.goals.firstFrameMs / 1000} s goal`,
  ].join("\n");
}
