/// <reference types="node" />
// Clip-ready latency (issue 11): how long a viewer waits for a clip's file. As the channel's demo viewer (annual plan:
// `clipping`, 50 clips), POST /api/clip on the channel's finished event (the one `/watch/{finished}` plays), then
// GET /api/clip/{id} every 100 ms until it answers `ready`; the time is the POST's send → that GET's answer. The
// Worker's own queue consumer (local Queues in Miniflare, max_batch_timeout = 1 s in wrangler.toml) builds the MP4
// into R2, so the number includes the queue's batching wait, not only the build. Clips are cut one at a time, each
// deleted once measured; deleted clips still count against the pass's allowance, which the bench's fresh state
// (index.ts) renews on every run. A `failed` clip fails the measurement with its failure_reason.
import { performance } from "node:perf_hooks";
import type { Clip } from "../../api/contract/clips";
import { median } from "./first-frame";
import type { BenchContext, ClipCut, ClipReadyResult, ClipReadyRun, Measurement, Target } from "./types";
import { apiCall, apiKeyFor, findEvent } from "./watch-targets";

const POLL_MS = 100;
const READY_TIMEOUT_MS = 120_000;
/** The demo viewer of each channel (tenants/<alias>/users.json): the annual plan with `clipping` and 50 clips. */
const viewer = (channel: string) => ({ email: `viewer@${channel}.test`, password: "Password123!" });
/** One of the default clip tags (setting `clips.tags`). */
const TAG = "highlight";
/** The unmeasured clip that first warms the worker's clip path (POST, queue consumer, R2 reads and writes). */
const WARM_UP: ClipCut = { startS: 0, durationS: 10 };

interface Session {
  apiKey: string;
  token: string;
  eventId: number;
}

/** Per channel: signed in once, the event found, and one warm-up clip made and deleted. */
const sessions = new Map<string, Promise<Session>>();

const sleep = (wait: number) => new Promise<void>((done) => setTimeout(done, wait));
/** Bench-clock times to 0.1 ms (performance.now()'s microsecond digits are noise here). */
const ms = (n: number) => Math.round(n * 10) / 10;

async function signIn(ctx: BenchContext, channel: string): Promise<Session> {
  const [apiKey, eventId] = await Promise.all([apiKeyFor(ctx.root, ctx.port, channel), findEvent(ctx.root, ctx.port, channel, "finished")]);
  const { token } = await apiCall<{ token: string }>(ctx.port, channel, "POST", "/api/v2/auth/login", { api_key: apiKey, ...viewer(channel) });
  const session = { apiKey, token, eventId };
  await cutOne(ctx.port, channel, session, WARM_UP, "bench warm-up clip");
  return session;
}

function session(ctx: BenchContext, channel: string): Promise<Session> {
  if (!sessions.has(channel)) sessions.set(channel, signIn(ctx, channel));
  return sessions.get(channel)!;
}

/** One clip, POST → ready, then deleted (also when it failed or timed out). */
async function cutOne(port: number, channel: string, s: Session, cut: ClipCut, name: string): Promise<{ run: ClipReadyRun; clip: Clip }> {
  const q = `api_key=${encodeURIComponent(s.apiKey)}`;
  const body = { api_key: s.apiKey, event_id: s.eventId, name, start_time: cut.startS, duration: cut.durationS, tags: [TAG] };
  const t0 = performance.now();
  const queued = await apiCall<Clip>(port, channel, "POST", "/api/clip", body, s.token).catch((e: Error) => {
    throw new Error(/Clip limit reached/.test(e.message) ? `${e.message} (the viewer's 50 clips are used up: is .wrangler/bench fresh?)` : e.message);
  });
  const postMs = ms(performance.now() - t0);
  try {
    for (let polls = 1; ; polls++) {
      const sent = performance.now();
      const clip = await apiCall<Clip>(port, channel, "GET", `/api/clip/${queued.id}?${q}`, undefined, s.token);
      const at = performance.now();
      if (clip.status === "ready") {
        if (!clip.file) throw new Error(`clip ${clip.id} is ready without a file`);
        const serverMs = clip.ready_at ? Date.parse(clip.ready_at) - Date.parse(clip.created_at) : null;
        return { run: { clipId: clip.id, postMs, readyMs: ms(at - t0), serverMs, polls, fileBytes: clip.file.size }, clip };
      }
      if (clip.status === "failed") throw new Error(`clip ${clip.id} failed: ${clip.failure_reason ?? "no reason given"}`);
      if (at - t0 > READY_TIMEOUT_MS) {
        throw new Error(`clip ${clip.id} not ready within ${READY_TIMEOUT_MS / 1000} s (status ${clip.status}, progress ${clip.progress})`);
      }
      await sleep(Math.max(0, sent + POLL_MS - performance.now()));
    }
  } finally {
    await apiCall(port, channel, "DELETE", `/api/clip/${queued.id}?${q}`, undefined, s.token).catch((e: Error) => {
      console.warn(`\n  clip-ready: could not delete clip ${queued.id}: ${e.message}`);
    });
  }
}

async function measure(t: Target, ctx: BenchContext): Promise<{ clipReady: ClipReadyResult }> {
  if (!t.clip) throw new Error("not a clip target");
  const s = await session(ctx, t.channel);
  const runs: ClipReadyRun[] = [];
  let last: Clip | null = null;
  for (let i = 0; i < ctx.options.clipRuns; i++) {
    const { run, clip } = await cutOne(ctx.port, t.channel, s, t.clip, `bench ${t.clip.durationS} s clip, run ${i + 1}`);
    runs.push(run);
    last = clip;
  }
  const ready = runs.map((r) => r.readyMs);
  const server = runs.flatMap((r) => (r.serverMs === null ? [] : [r.serverMs]));
  return {
    clipReady: {
      eventId: s.eventId,
      requested: t.clip,
      cut: { startS: last!.start_time, durationS: last!.duration },
      medianMs: median(ready),
      minMs: Math.min(...ready),
      maxMs: Math.max(...ready),
      medianPostMs: median(runs.map((r) => r.postMs)),
      medianServerMs: server.length ? median(server) : null,
      fileBytes: median(runs.map((r) => r.fileBytes)),
      runs,
    },
  };
}

/** POST /api/clip → ready, for each clip in routes.ts CLIPS: median, min and max of `--clip-runs` clips. */
export const clipReadyMeasurement: Measurement = {
  name: "clip-ready",
  appliesTo: ["clip"],
  async stop() {
    sessions.clear();
  },
  run: measure,
};
