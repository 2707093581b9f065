// One live input in the local ingest (issue 16): an ffmpeg RTMP listener on the input's own port, packaging what
// an encoder publishes (package.ts) into a work folder; each chunk is uploaded once ffmpeg has renamed it from .tmp
// (complete), then media.json and a "connected" report with the count that every stream has. When the encoder
// stops, ffmpeg writes the last chunks and exits: they are uploaded, media.json loses `live`, and "ended" is reported.
//
// ffmpeg's listen mode does not check the stream key (nor the app): a publish to any name only logs a warning
// ("Unexpected stream …, expecting …"). So the session reads ffmpeg's log, uploads nothing until the input has been
// probed without that warning, and on the warning kills ffmpeg, drops its output and listens again.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { IngestApi } from "./api";
import { chunkName, completeChunks, initName, mediaJson, packagingArgs, type PackagedStream, readStreams, SEGMENT_S } from "./package";

export interface LiveInputWork {
  uid: string;
  port: number;
  stream_key: string;
  media_key: string;
}

const POLL_MS = 250;
const WRONG_PUBLISH = /Unexpected stream|App field don't match up/;
const PROBED = /^Input #0, flv, from/m;

export class LiveSession {
  private ffmpeg: ChildProcess | null = null;
  private stopped = false;
  private verified = false;
  private streams: PackagedStream[] | null = null;
  private uploaded = new Map<number, number>();
  private reported = 0;
  private pumping: Promise<void> = Promise.resolve();
  readonly dir: string;

  constructor(
    readonly input: LiveInputWork,
    private readonly api: IngestApi,
    private readonly options: { workDir: string; listenHost: string; log: (line: string) => void },
  ) {
    this.dir = path.join(options.workDir, input.uid);
  }

  /** Listens until an encoder has published and stopped (resolves), or until stop(). */
  async run(): Promise<void> {
    while (!this.stopped) {
      const outcome = await this.listenOnce();
      if (outcome === "ended" || this.stopped) return;
      this.options.log(`${this.input.uid}: refused a publish with a wrong stream key; listening again`);
    }
  }

  stop(): void {
    this.stopped = true;
    this.ffmpeg?.kill("SIGKILL");
  }

  private async listenOnce(): Promise<"ended" | "refused"> {
    await rm(this.dir, { recursive: true, force: true });
    await mkdir(this.dir, { recursive: true });
    this.verified = false;
    this.streams = null;
    this.uploaded = new Map();
    const url = `rtmp://${this.options.listenHost}:${this.input.port}/live/${this.input.stream_key}`;
    const child = spawn("ffmpeg", ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "info", "-listen", "1", "-i", url, ...packagingArgs(this.dir)], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    this.ffmpeg = child;
    let refused = false;
    let log = "";
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (text: string) => {
      log = (log + text).slice(-20_000);
      if (!this.verified && WRONG_PUBLISH.test(log)) {
        refused = true;
        child.kill("SIGKILL");
      } else if (!this.verified && PROBED.test(log)) {
        this.verified = true;
        this.options.log(`${this.input.uid}: an encoder is publishing`);
      }
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    const timer = setInterval(() => this.schedulePump(false), POLL_MS);
    const code = await exited;
    clearInterval(timer);
    this.ffmpeg = null;
    if (refused || this.stopped) return "refused";
    if (!this.verified) {
      // ffmpeg gave up before any publish (port taken, bad options): say why, then try again.
      this.options.log(`${this.input.uid}: ffmpeg exited (${code}) before a stream: ${log.trim().split("\n").slice(-3).join(" | ")}`);
      await new Promise((r) => setTimeout(r, 1000));
      return "refused";
    }
    this.schedulePump(true);
    await this.pumping;
    return "ended";
  }

  /** Pumps run one after another: uploads keep segment order, and the final pump comes last. */
  private schedulePump(final: boolean): void {
    this.pumping = this.pumping.then(() => this.pump(final)).catch((error) => this.options.log(`${this.input.uid}: ${error instanceof Error ? error.message : error}`));
  }

  private async pump(final: boolean): Promise<void> {
    if (!this.verified) return;
    this.streams ??= await readStreams(this.dir);
    const streams = this.streams;
    if (!streams) return;
    const complete = await completeChunks(this.dir, streams);
    for (const s of streams) {
      const done = this.uploaded.get(s.id) ?? 0;
      const ready = complete.get(s.id) ?? 0;
      if (ready > 0 && done === 0) await this.put(initName(s.id));
      for (let n = done + 1; n <= ready; n++) await this.put(chunkName(s.id, n));
      this.uploaded.set(s.id, ready);
    }
    const count = Math.min(...streams.map((s) => this.uploaded.get(s.id) ?? 0));
    if (final) {
      await this.putJson(mediaJson(streams, Math.max(count, 1), Math.max(count, 1) * SEGMENT_S, false));
      await this.api.reportInput(this.input.uid, { segment_count: count, status: "ended" });
      this.options.log(`${this.input.uid}: stream ended after ${count} segments`);
    } else if (count > this.reported) {
      await this.putJson(mediaJson(streams, count, count * SEGMENT_S, true));
      await this.api.reportInput(this.input.uid, { segment_count: count, status: "connected" });
      this.reported = count;
    }
  }

  private async put(file: string): Promise<void> {
    await this.api.putMedia(this.input.media_key, file, await readFile(path.join(this.dir, file)));
  }

  private putJson(value: unknown): Promise<void> {
    return this.api.putMedia(this.input.media_key, "media.json", new TextEncoder().encode(JSON.stringify(value, null, 2)));
  }
}
