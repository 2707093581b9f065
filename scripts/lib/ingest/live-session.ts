// One live input in the local ingest (issue 16): an ffmpeg RTMP listener on the input's own port, packaging what
// an encoder publishes (package.ts) into a work folder; each chunk is uploaded once ffmpeg has renamed it from .tmp
// (complete), then media.json and a "connected" report with the count that every stream has. When the encoder
// stops, ffmpeg writes the last chunks and exits: they are uploaded, media.json loses `live`, and "ended" is reported.
//
// ffmpeg's listen mode does not check the stream key (nor the app): a publish to any name only logs a warning
// ("Unexpected stream …, expecting …"). So the session reads ffmpeg's log, uploads nothing until the input has been
// probed without that warning, and on the warning kills ffmpeg, drops its output and listens again.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, open, readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { IngestApi } from "./api";
import { CMAF_CHUNK_S, chunkEnds, segmentPartFile } from "../../../api/services/cmaf-chunks";
import { chunkName, completeChunks, initName, liveArgs, mediaJson, type PackagedStream, readStreams, SEGMENT_S } from "./package";

export interface LiveInputWork {
  uid: string;
  port: number;
  stream_key: string;
  media_key: string;
}

/** How often the work folder is read: a CMAF chunk (half a second) reaches R2 within this of being written. */
const POLL_MS = 100;
const WRONG_PUBLISH = /Unexpected stream|App field don't match up/;
const PROBED = /^Input #0, flv, from/m;

export class LiveSession {
  private ffmpeg: ChildProcess | null = null;
  private stopped = false;
  private verified = false;
  private streams: PackagedStream[] | null = null;
  private uploaded = new Map<number, number>();
  /** Per stream, the segment being written: how many of its bytes and parts are uploaded. */
  private partial = new Map<number, { n: number; bytes: number; parts: number; chunks: number }>();
  /**
   * The wall-clock time (ms) of the picture's time 0, as the chunks' arrival tells: each chunk of the first video
   * stream seen at `t` that ends at media time `m` says it began no later than t − m, and the earliest such reading is
   * the closest (ffmpeg works through what it buffered while probing faster than real time).
   */
  private zeroAt = Infinity;
  private inits = new Set<number>();
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
    this.partial = new Map();
    this.inits = new Set();
    this.zeroAt = Infinity;
    const url = `rtmp://${this.options.listenHost}:${this.input.port}/live/${this.input.stream_key}`;
    const child = spawn("ffmpeg", ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "info", "-listen", "1", "-i", url, ...liveArgs(this.dir)], {
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
      if (!this.inits.has(s.id)) {
        await this.put(initName(s.id));
        this.inits.add(s.id);
      }
      for (let n = done + 1; n <= ready; n++) {
        // The rest of a segment whose first parts went out goes as its last part, then the whole segment.
        await this.putParts(s.id, n, true);
        await this.put(chunkName(s.id, n));
      }
      this.uploaded.set(s.id, ready);
      if (!final) await this.putParts(s.id, ready + 1, false);
    }
    const count = Math.min(...streams.map((s) => this.uploaded.get(s.id) ?? 0));
    if (final) {
      await this.putJson(mediaJson(streams, Math.max(count, 1), Math.max(count, 1) * SEGMENT_S, false));
      await this.api.reportInput(this.input.uid, { segment_count: count, status: "ended" });
      this.options.log(`${this.input.uid}: stream ended after ${count} segments`);
    } else if (count > this.reported) {
      await this.putJson(mediaJson(streams, count, count * SEGMENT_S, true));
      const elapsed = Number.isFinite(this.zeroAt) ? { elapsed_ms: Math.round(Date.now() - this.zeroAt) } : {};
      await this.api.reportInput(this.input.uid, { segment_count: count, status: "connected", ...elapsed });
      this.reported = count;
    }
  }

  /**
   * Uploads the complete CMAF chunks of segment n that are not up yet as its next part: from the file still being
   * written (`.tmp`), or, `whole`, the rest of the renamed complete file.
   */
  private async putParts(stream: number, n: number, whole: boolean): Promise<void> {
    const state = this.partial.get(stream);
    const at = state?.n === n ? state : { n, bytes: 0, parts: 0, chunks: 0 };
    if (whole && at.parts === 0) return;
    const file = chunkName(stream, n);
    let handle;
    try {
      handle = await open(path.join(this.dir, whole ? file : `${file}.tmp`), "r");
    } catch {
      return; // Not started yet, or renamed since the last look: the next pump sees it.
    }
    try {
      const size = (await handle.stat()).size;
      if (size <= at.bytes) return;
      const fresh = new Uint8Array(size - at.bytes);
      await handle.read(fresh, 0, fresh.length, at.bytes);
      const ends = chunkEnds(fresh);
      const end = whole ? fresh.length : (ends.at(-1) ?? 0);
      if (end === 0) return;
      at.chunks += ends.length;
      if (stream === this.streams?.[0]?.id) {
        const mediaEndS = Math.min(n * SEGMENT_S, (n - 1) * SEGMENT_S + at.chunks * CMAF_CHUNK_S);
        this.zeroAt = Math.min(this.zeroAt, Date.now() - mediaEndS * 1000);
      }
      at.parts += 1;
      await this.api.putMedia(this.input.media_key, segmentPartFile(file, at.parts), fresh.subarray(0, end));
      at.bytes += end;
      this.partial.set(stream, at);
    } finally {
      await handle.close();
    }
  }

  private async put(file: string): Promise<void> {
    await this.api.putMedia(this.input.media_key, file, await readFile(path.join(this.dir, file)));
  }

  private putJson(value: unknown): Promise<void> {
    return this.api.putMedia(this.input.media_key, "media.json", new TextEncoder().encode(JSON.stringify(value, null, 2)));
  }
}
