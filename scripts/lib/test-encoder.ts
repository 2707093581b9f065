// An encoder for the e2e tests and the bench: ffmpeg publishing its test pattern to the local ingest (scripts/ingest-local.ts).
import { type ChildProcessByStdio, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";

/**
 * ffmpeg's test pattern (small and cheaply encoded, so a busy machine still publishes in real time: the live edge
 * viewers ask for follows the clock) and a tone, published in real time as an encoder does, until `stop()`: ffmpeg's "q", which
 * ends the stream cleanly, as an encoder's Stop button does. It reports how much it published (`-progress`).
 *
 * Like an encoder's auto-reconnect, a connection refused before anything went out is tried again: the local ingest
 * starts listening for a new input at its next poll (every second), and an encoder started in that second was refused
 * and never published (a CI run lost that race once).
 */
export function startEncoder(target: string, options: { hd?: boolean } = {}) {
  // `hd`: 1280×720 at 30 fps with the burned-in clock (clockFilter), as a phone or OBS sends a game; a keyframe every
  // 2 s, as the README's encoder settings ask.
  const picture = options.hd ? `testsrc2=size=1280x720:rate=30,${clockFilter()}` : "testsrc2=size=320x180:rate=25";
  const args = [
    ...["-hide_banner", "-loglevel", "error", "-re"],
    ...["-f", "lavfi", "-i", picture, "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-pix_fmt", "yuv420p", "-g", options.hd ? "60" : "50"],
    ...(options.hd ? ["-b:v", "3000k", "-maxrate", "3000k", "-bufsize", "3000k"] : []),
    ...["-c:a", "aac", "-progress", "pipe:1", "-f", "flv", target],
  ];
  let clockStart = 0;
  let publishedUs = 0;
  /** When (wall ms) the encoder had sent how much of its picture (µs): -progress every half second. */
  let sent: { at: number; us: number }[] = [];
  let stopping = false;
  let ffmpeg: ChildProcessByStdio<Writable, Readable, null>;
  let attempts = 0;
  let done: (code: number | null) => void = () => undefined;
  const exited = new Promise<number | null>((resolve) => (done = resolve));
  const launch = () => {
    // Stopped between a refusal and its retry: nothing more to start.
    if (stopping) return done(null);
    attempts += 1;
    // The picture's time 0 is now: -re sends frame t at this moment plus t.
    clockStart = Date.now();
    sent = [];
    ffmpeg = spawn("ffmpeg", args, { stdio: ["pipe", "pipe", "ignore"] });
    ffmpeg.stdout.on("data", (chunk: Buffer) => {
      for (const m of chunk.toString().matchAll(/^out_time_us=(\d+)$/gm)) {
        publishedUs = Number(m[1]);
        sent.push({ at: Date.now(), us: publishedUs });
      }
    });
    ffmpeg.on("close", (code) => {
      // Refused before publishing anything: the reconnect an encoder makes, a quarter second later.
      if (!stopping && publishedUs === 0 && code !== 0 && attempts < 120) setTimeout(launch, 250);
      else done(code);
    });
  };
  launch();
  return {
    /** Stops publishing: ffmpeg's exit code and the seconds it published. */
    async stop(): Promise<{ code: number | null; seconds: number }> {
      stopping = true;
      ffmpeg.stdin.end("q");
      const code = await exited;
      return { code, seconds: publishedUs / 1e6 };
    },
    /** The wall-clock time (ms) of the picture's time 0, for reading latency from the burned-in clock. */
    clockStart: () => clockStart,
    /**
     * When (wall ms) the encoder sent the picture's second `pictureS`: from its progress reports, so an encoder that
     * fell behind real time on a busy machine is not counted as the pipeline's latency; before any report, time 0
     * plus the picture's time.
     */
    sentAt(pictureS: number): number {
      const us = pictureS * 1e6;
      const after = sent.findIndex((p) => p.us >= us);
      if (after < 0) return clockStart + pictureS * 1000;
      const b = sent[after]!;
      const a = after > 0 ? sent[after - 1]! : { at: clockStart, us: 0 };
      return b.us === a.us ? b.at : a.at + ((us - a.us) / (b.us - a.us)) * (b.at - a.at);
    },
    /** Ends it at once, when the test failed before stopping it. */
    kill: () => {
      stopping = true;
      if (ffmpeg.exitCode === null) ffmpeg.kill("SIGKILL");
    },
  };
}

/** Bits of the burned-in clock: the picture's time in hundredths of a second, up to 2^20 (about 2 h 54 min). */
export const CLOCK_BITS = 20;
/** Where the clock's boxes sit on a 1280×720 picture: a black strip at the bottom, box k white when bit k is set. */
export const CLOCK_BOX = { x: 16, step: 60, y: 648, size: 48 } as const;

/**
 * ffmpeg filters that burn the picture's time into it as a row of boxes (a binary code a page can read from a video
 * frame drawn on a canvas, whatever the rendition's size).
 */
function clockFilter(): string {
  const { x, step, y, size } = CLOCK_BOX;
  const boxes = Array.from({ length: CLOCK_BITS }, (_, k) => `drawbox=x=${x + k * step}:y=${y}:w=${size}:h=${size}:color=white:t=fill:enable='eq(mod(floor(t*100/${2 ** k}),2),1)'`);
  return [`drawbox=x=0:y=${y - 16}:w=iw:h=${size + 32}:color=black:t=fill`, ...boxes].join(",");
}

/**
 * In the page: reads the burned-in clock from the video element's current frame (seconds of the encoder's picture),
 * or null when no frame is shown yet. Passed to page.evaluate, so it is self-contained.
 */
export function readClockInPage([bits, box]: [number, typeof CLOCK_BOX]): { pictureS: number; at: number } | null {
  const video = document.querySelector("video");
  if (!video || video.readyState < 2 || !video.videoWidth) return null;
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext("2d", { willReadFrequently: true })!;
  const at = Date.now();
  context.drawImage(video, 0, 0);
  const sx = video.videoWidth / 1280;
  const sy = video.videoHeight / 720;
  let value = 0;
  for (let k = 0; k < bits; k++) {
    const [r, g, b] = context.getImageData(Math.round((box.x + k * box.step + box.size / 2) * sx), Math.round((box.y + box.size / 2) * sy), 1, 1).data;
    if ((r! + g! + b!) / 3 > 128) value += 2 ** k;
  }
  return { pictureS: value / 100, at };
}
