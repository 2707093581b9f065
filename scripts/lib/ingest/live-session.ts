// One live input in the local ingest (issue 16): an ffmpeg RTMP listener on the input's own port, packaging what
// an encoder publishes (package.ts) into a work folder; each chunk is uploaded once ffmpeg has renamed it from .tmp
// (complete), then media.json and a "connected" report with the count that every stream has. When the encoder
// stops, ffmpeg writes the last chunks and exits: they are uploaded, media.json loses `live`, and "ended" is reported.
//
// An encoder that goes away may come back (issue 26): a drop and a stop look the same here, so the session reports
// "dropped" and listens again for the channel's grace period. An encoder back in time continues the broadcast: its
// segments are numbered on from the last one and their times moved on to match (fmp4-rebase), so the recording has no
// hole and players go on; the API moves the broadcast's start by the time it was away and keeps that as a gap. After
// the grace period (or at once with no grace) the stream is over: media.json loses `live`, and "ended" is reported.
//
// What the encoder sends (codec, size, frame rate, bitrate) is read from ffmpeg's log, and whether the packaging keeps
// up from its progress: both go with each report, for the console.
//
// ffmpeg's listen mode does not check the stream key (nor the app): a publish to any name only logs a warning
// ("Unexpected stream …, expecting …"). So the session reads ffmpeg's log, uploads nothing until the input has been
// probed without that warning, and on the warning kills ffmpeg, drops its output and listens again.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, open, readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { IngestApi } from "./api";
import type { EncoderInfo } from "../../../api/contract/video";
import { CMAF_CHUNK_S, chunkEnds, segmentPartFile } from "../../../api/services/cmaf-chunks";
import { initTimescales, rebaseHead } from "../../../api/services/fmp4-rebase";
import { chunkName, completeChunks, FRAME_EVERY_S, frameName, frameSize, initName, liveArgs, mediaJson, type PackagedStream, readStills, readStreams, SEGMENT_S, stillsArgs, stillsJson, thumbName, topVideo } from "./package";

export interface LiveInputWork {
  uid: string;
  port: number;
  stream_key: string;
  media_key: string;
  /** Segments already in R2 (an input still reconnecting when the ingest started), and the channel's grace period. */
  segment_count?: number;
  reconnect_grace_s?: number;
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
  /** Segments of earlier connections: this connection's segment n is the broadcast's base + n. */
  private base = 0;
  private timescales = new Map<number, Map<number, number>>();
  private uploaded = new Map<number, number>();
  /** Per stream, the segment being written: how many of its bytes, parts and chunks are uploaded. */
  private partial = new Map<number, { n: number; bytes: number; parts: number; chunks: number }>();
  private inits = new Set<number>();
  /** Whether this connection has cleared the numbers it goes on with (see clearStale). */
  private cleared = false;
  /**
   * The wall-clock time (ms) of the broadcast's time 0, as the chunks' arrival tells: each chunk of the first video
   * stream seen at `t` that ends at media time `m` says it began no later than t − m, and the earliest such reading is
   * the closest (ffmpeg works through what it buffered while probing faster than real time).
   */
  private zeroAt = Infinity;
  private reported = 0;
  /** Stills (a frame and its thumbnail) uploaded so far, numbered from 0 along the broadcast (package.ts stillsArgs). */
  private stills = 0;
  /** Stills the last media.json written told of. */
  private describedStills = 0;
  private encoder: EncoderInfo | null = null;
  private connectedAt = 0;
  private pumping: Promise<void> = Promise.resolve();
  readonly dir: string;

  constructor(
    readonly input: LiveInputWork,
    private readonly api: IngestApi,
    private readonly options: { workDir: string; listenHost: string; log: (line: string) => void },
  ) {
    this.dir = path.join(options.workDir, input.uid);
    // An input left reconnecting by an ingest that stopped goes on after its segments.
    this.base = input.segment_count ?? 0;
    this.reported = this.base;
    // One still per FRAME_EVERY_S of what is already in R2 (from 0 s).
    this.stills = Math.ceil((this.base * SEGMENT_S) / FRAME_EVERY_S);
  }

  /** Listens until the broadcast is over (resolves): the encoder stopped and did not come back in time, or stop(). */
  async run(): Promise<void> {
    const graceMs = (this.input.reconnect_grace_s ?? 0) * 1000;
    let deadline = this.base > 0 ? Date.now() + graceMs : null;
    while (!this.stopped) {
      const outcome = await this.listenOnce(deadline);
      if (this.stopped) return;
      if (outcome === "refused") continue;
      if (outcome === "wrong-key") {
        this.options.log(`${this.input.uid}: refused a publish with a wrong stream key; listening again`);
        // The owner is told (the console says when); a report that fails does not stop the listening.
        await this.api.reportRefused(this.input.uid).catch((error) => this.options.log(`${this.input.uid}: ${error instanceof Error ? error.message : error}`));
        continue;
      }
      // Connected but nothing whole was sent: nothing to continue or end, listen as before.
      if (outcome === "gone" && this.base === 0) {
        deadline = null;
        continue;
      }
      if (outcome === "gone" && graceMs > 0) {
        // Maybe a drop: the broadcast waits for the encoder, and viewers are told it is interrupted.
        await this.api.reportInput(this.input.uid, { segment_count: this.base, status: "dropped", ...this.encoderReport() });
        this.options.log(`${this.input.uid}: the encoder went away after ${this.base} segments; waiting ${graceMs / 1000} s for it`);
        deadline = Date.now() + graceMs;
        continue;
      }
      // Over: stopped with no grace, or the grace period passed without the encoder.
      await this.finish();
      return;
    }
  }

  stop(): void {
    this.stopped = true;
    this.ffmpeg?.kill("SIGKILL");
  }

  private async finish(): Promise<void> {
    if (this.streams && this.base > 0) await this.putJson(this.mediaJson(this.streams, this.base, false));
    await this.api.reportInput(this.input.uid, { segment_count: this.base, status: "ended" });
    this.options.log(`${this.input.uid}: stream ended after ${this.base} segments`);
  }

  /**
   * One connection: listens (until `deadline`, if any), packages what an encoder publishes, and uploads it all once
   * the encoder has gone. "gone" after a publish, "timeout" when none came in time, "wrong-key" for a publish with a
   * wrong key, "refused" when ffmpeg could not listen (or the session stopped).
   */
  private async listenOnce(deadline: number | null): Promise<"gone" | "timeout" | "refused" | "wrong-key"> {
    await rm(this.dir, { recursive: true, force: true });
    await mkdir(this.dir, { recursive: true });
    this.verified = false;
    this.uploaded = new Map();
    this.partial = new Map();
    this.inits = new Set();
    this.cleared = false;
    this.timescales = new Map();
    this.zeroAt = Infinity;
    this.encoder = null;
    const url = `rtmp://${this.options.listenHost}:${this.input.port}/live/${this.input.stream_key}`;
    const child = spawn("ffmpeg", ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "info", "-progress", "pipe:1", "-listen", "1", "-i", url, ...liveArgs(this.dir), ...stillsArgs(this.dir, this.stills)], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.ffmpeg = child;
    let refused = false;
    let timedOut = false;
    let log = "";
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (text: string) => {
      log = (log + text).slice(-20_000);
      if (!this.verified && WRONG_PUBLISH.test(log)) {
        refused = true;
        child.kill("SIGKILL");
      } else if (!this.verified && PROBED.test(log)) {
        this.verified = true;
        this.connectedAt = Date.now();
        this.options.log(`${this.input.uid}: an encoder is publishing${this.base ? ` again, going on after segment ${this.base}` : ""}`);
      }
      // The input's description follows the "Input #0" line, maybe in a later piece of the log.
      if (this.verified && !this.encoder?.video_codec) this.encoder = { ...readEncoder(log), behind_s: this.encoder?.behind_s ?? 0 };
    });
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (text: string) => {
      // -progress: how much of the encoder's time is packaged; behind when it trails the wall clock since the publish.
      const out = [...text.matchAll(/^out_time_us=(\d+)$/gm)].at(-1);
      if (out && this.encoder && this.connectedAt) {
        const behind = (Date.now() - this.connectedAt) / 1000 - Number(out[1]) / 1e6;
        this.encoder = { ...this.encoder, behind_s: Math.max(0, Math.round(behind * 10) / 10) };
      }
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    const timer = setInterval(() => {
      if (deadline !== null && !this.verified && Date.now() > deadline) {
        timedOut = true;
        child.kill("SIGKILL");
      }
      this.schedulePump();
    }, POLL_MS);
    const code = await exited;
    clearInterval(timer);
    this.ffmpeg = null;
    if (timedOut) return "timeout";
    if (this.stopped) return "refused";
    if (refused) return "wrong-key";
    if (!this.verified) {
      // ffmpeg gave up before any publish (port taken, bad options): say why, then try again.
      this.options.log(`${this.input.uid}: ffmpeg exited (${code}) before a stream: ${log.trim().split("\n").slice(-3).join(" | ")}`);
      await new Promise((r) => setTimeout(r, 1000));
      return deadline !== null && Date.now() > deadline ? "timeout" : "refused";
    }
    // The last segments, then the next connection goes on after them.
    this.schedulePump();
    await this.pumping;
    this.base = this.reported;
    return "gone";
  }

  /** Pumps run one after another: uploads keep segment order, and the last pump comes last. */
  private schedulePump(): void {
    this.pumping = this.pumping.then(() => this.pump()).catch((error) => this.options.log(`${this.input.uid}: ${error instanceof Error ? error.message : error}`));
  }

  private async pump(): Promise<void> {
    if (!this.verified) return;
    this.streams ??= await readStreams(this.dir);
    const streams = this.streams;
    if (!streams) return;
    if (!this.cleared) await this.clearStale(streams);
    const complete = await completeChunks(this.dir, streams);
    for (const s of streams) {
      const done = this.uploaded.get(s.id) ?? 0;
      const ready = complete.get(s.id) ?? 0;
      if (!this.inits.has(s.id)) {
        const init = await readFile(path.join(this.dir, initName(s.id)));
        this.timescales.set(s.id, initTimescales(init));
        await this.api.putMedia(this.input.media_key, initName(s.id), init);
        this.inits.add(s.id);
      }
      for (let n = done + 1; n <= ready; n++) {
        // The rest of a segment whose first parts went out goes as its last part, then the whole segment.
        await this.putParts(s.id, n, true);
        await this.putSegment(s.id, n, await readFile(path.join(this.dir, chunkName(s.id, n))), chunkName(s.id, this.base + n));
      }
      this.uploaded.set(s.id, ready);
      await this.putParts(s.id, ready + 1, false);
    }
    await this.pumpStills();
    const count = this.base + Math.min(...streams.map((s) => this.uploaded.get(s.id) ?? 0));
    // A still that came after the last segment's media.json is told at once (the event's artwork is waiting for it).
    if (count === this.reported && count > 0 && this.stills > this.describedStills) await this.putJson(this.mediaJson(streams, count, true));
    if (count > this.reported) {
      await this.putJson(this.mediaJson(streams, count, true));
      const elapsed = Number.isFinite(this.zeroAt) ? { elapsed_ms: Math.round(Date.now() - this.zeroAt) } : {};
      await this.api.reportInput(this.input.uid, { segment_count: count, status: "connected", ...elapsed, ...this.encoderReport() });
      this.reported = count;
    }
  }

  /** Uploads the stills ffmpeg has finished (it writes each atomically), in order, each frame with its thumbnail. */
  private async pumpStills(): Promise<void> {
    const { frames, thumbs } = await readStills(this.dir);
    const ready = (n: number) => frames.includes(n) && thumbs.includes(n);
    while (ready(this.stills)) {
      await this.api.putMedia(this.input.media_key, frameName(this.stills), await readFile(path.join(this.dir, frameName(this.stills))));
      await this.api.putMedia(this.input.media_key, thumbName(this.stills), await readFile(path.join(this.dir, thumbName(this.stills))));
      this.stills++;
    }
  }

  /** media.json for `count` segments, with the stills uploaded so far. */
  private mediaJson(streams: PackagedStream[], count: number, live: boolean) {
    this.describedStills = this.stills;
    return { ...mediaJson(streams, count, count * SEGMENT_S, live), ...stillsJson(this.stills, frameSize(topVideo(streams))) };
  }

  /**
   * An encoder that went away left its streams at different counts (audio and video segments do not end together) and
   * maybe parts of a segment it was writing, past the count every stream has (`base`). This connection writes those
   * numbers afresh, so what is left of them goes first: the media route would serve a stale whole segment, or stitch a
   * stale part to the new ones.
   */
  private async clearStale(streams: PackagedStream[]): Promise<void> {
    if (this.base > 0) {
      for (const s of streams) for (const n of [1, 2]) await this.api.deleteMedia(this.input.media_key, chunkName(s.id, this.base + n));
    }
    this.cleared = true;
  }

  private encoderReport(): { encoder?: EncoderInfo } {
    return this.encoder ? { encoder: this.encoder } : {};
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
        const mediaEndS = (this.base + n - 1) * SEGMENT_S + Math.min(SEGMENT_S, at.chunks * CMAF_CHUNK_S);
        this.zeroAt = Math.min(this.zeroAt, Date.now() - mediaEndS * 1000);
      }
      at.parts += 1;
      await this.putSegment(stream, n, fresh.subarray(0, end), segmentPartFile(chunkName(stream, this.base + n), at.parts));
      at.bytes += end;
      this.partial.set(stream, at);
    } finally {
      await handle.close();
    }
  }

  /** A segment or part of this connection under its name in the broadcast, its times moved on past the earlier ones. */
  private async putSegment(stream: number, n: number, bytes: Uint8Array, name: string): Promise<void> {
    if (this.base > 0) rebaseHead(bytes, this.timescales.get(stream) ?? new Map(), this.base * SEGMENT_S);
    await this.api.putMedia(this.input.media_key, name, bytes);
  }

  private putJson(value: unknown): Promise<void> {
    return this.api.putMedia(this.input.media_key, "media.json", new TextEncoder().encode(JSON.stringify(value, null, 2)));
  }
}

/**
 * What the encoder sends, from ffmpeg's description of its input ("Stream #0:0: Video: h264 (High), yuv420p(…),
 * 1280x720 [SAR 1:1 DAR 16:9], 3000 kb/s, 30 fps, …" and the audio line).
 */
export function readEncoder(log: string): EncoderInfo {
  const video = /Stream #0:\d+[^:]*: Video: (\w+)[^\n]*?, (\d{2,5})x(\d{2,5})[^\n]*/.exec(log);
  const audio = /Stream #0:\d+[^:]*: Audio: (\w+)[^,\n]*, (\d+) Hz, ([^,\n]+)/.exec(log);
  const fps = video ? /, ([\d.]+) fps/.exec(video[0]) : null;
  const kbps = video ? /, (\d+) kb\/s/.exec(video[0]) : null;
  return {
    video_codec: video?.[1] ?? null,
    width: video ? Number(video[2]) : null,
    height: video ? Number(video[3]) : null,
    fps: fps ? Number(fps[1]) : null,
    video_kbps: kbps ? Number(kbps[1]) : null,
    audio_codec: audio?.[1] ?? null,
    audio_hz: audio ? Number(audio[2]) : null,
    behind_s: 0,
  };
}
