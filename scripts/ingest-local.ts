// `npm run ingest:local`: the local stand-in's encoder ingest and upload packaging (issue 16, docs/decisions/022).
// It asks the API (dev-only, with the shared secret) for live inputs waiting for an encoder and uploads waiting to
// be packaged; listens for each input with ffmpeg on its own RTMP port (live-session.ts) and packages each upload
// (upload-job.ts), writing into R2 through the API. The Worker never runs ffmpeg; this process needs it (apt).
//
//   npm run ingest:local -- [--api http://127.0.0.1:8787] [--secret <LOCAL_INGEST_SECRET>] [--listen 127.0.0.1]
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEV_INGEST_SECRET } from "../api/env";
import { readDevVars } from "./lib/dev-vars";
import { ingestApi } from "./lib/ingest/api";
import { LiveSession } from "./lib/ingest/live-session";
import { packageUpload } from "./lib/ingest/upload-job";

const POLL_MS = 1000;

const { values: args } = parseArgs({
  options: {
    api: { type: "string", default: process.env.INGEST_API ?? "http://127.0.0.1:8787" },
    // The Worker's own: .dev.vars (written by `npm start`), else the development value the Worker falls back to.
    secret: { type: "string", default: process.env.LOCAL_INGEST_SECRET || readDevVars().LOCAL_INGEST_SECRET || DEV_INGEST_SECRET },
    listen: { type: "string", default: process.env.INGEST_LISTEN ?? "127.0.0.1" },
  },
});

const log = (line: string) => console.log(`ingest: ${line}`);
const api = ingestApi(args.api!, args.secret!);
const sessions = new Map<string, LiveSession>();
const packaging = new Set<string>();
let stopping = false;

async function tick(workDir: string, first: boolean): Promise<void> {
  const work = await api.work();
  const listed = new Set(work.inputs.map((i) => i.uid));
  // An input deleted in the console (or ended) is no longer listened for.
  for (const [uid, session] of sessions) if (!listed.has(uid)) session.stop();
  for (const input of work.inputs) {
    if (sessions.has(input.uid)) continue;
    if (input.status === "connected") {
      // Left connected by an ingest that stopped mid-stream: what reached R2 is the recording.
      if (first) await api.reportInput(input.uid, { segment_count: 0, status: "ended" }).catch((e) => log(String(e)));
      continue;
    }
    const session = new LiveSession(input, api, { workDir, listenHost: args.listen!, log });
    sessions.set(input.uid, session);
    log(`${input.channel}: listening for ${input.uid} on rtmp://${args.listen}:${input.port}/live`);
    void session
      .run()
      .catch((error) => log(`${input.uid}: ${error instanceof Error ? error.message : error}`))
      .finally(() => rm(session.dir, { recursive: true, force: true }).finally(() => sessions.delete(input.uid)));
  }
  for (const upload of work.uploads) {
    if (packaging.has(upload.uid)) continue;
    packaging.add(upload.uid);
    log(`${upload.channel}: packaging upload ${upload.uid}`);
    // One at a time is plenty on a small machine; the next tick picks the next upload.
    await packageUpload(upload, api, workDir)
      .then(() => log(`${upload.uid}: packaged`))
      .catch((error) => log(`${upload.uid}: ${error instanceof Error ? error.message : error}`))
      .finally(() => packaging.delete(upload.uid));
  }
}

async function main() {
  const workDir = await mkdtemp(path.join(os.tmpdir(), "ingest-local-"));
  const stop = () => {
    stopping = true;
    for (const s of sessions.values()) s.stop();
    void rm(workDir, { recursive: true, force: true }).finally(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  // Started by another process (the e2e server): it ends when that one does, even if that one could not say so.
  const parent = Number(process.env.INGEST_PARENT_PID);
  if (parent > 0) setInterval(() => isAlive(parent) || stop(), POLL_MS).unref();
  log(`asking ${args.api} for work every ${POLL_MS / 1000} s`);
  let first = true;
  while (!stopping) {
    try {
      await tick(workDir, first);
      first = false;
    } catch (error) {
      // The API may not be up yet (started together with it): keep asking.
      log(`waiting for the API: ${error instanceof Error ? error.message : error}`);
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

void main();
