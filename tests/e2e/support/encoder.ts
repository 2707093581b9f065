// An encoder for the e2e tests: ffmpeg publishing its test pattern to the local ingest (scripts/ingest-local.ts).
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
export function startEncoder(target: string) {
  const args = [
    ...["-hide_banner", "-loglevel", "error", "-re"],
    ...["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "50", "-c:a", "aac", "-progress", "pipe:1", "-f", "flv", target],
  ];
  let publishedUs = 0;
  let stopping = false;
  let ffmpeg: ChildProcessByStdio<Writable, Readable, null>;
  let attempts = 0;
  let done: (code: number | null) => void = () => undefined;
  const exited = new Promise<number | null>((resolve) => (done = resolve));
  const launch = () => {
    // Stopped between a refusal and its retry: nothing more to start.
    if (stopping) return done(null);
    attempts += 1;
    ffmpeg = spawn("ffmpeg", args, { stdio: ["pipe", "pipe", "ignore"] });
    ffmpeg.stdout.on("data", (chunk: Buffer) => {
      for (const m of chunk.toString().matchAll(/^out_time_us=(\d+)$/gm)) publishedUs = Number(m[1]);
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
    /** Ends it at once, when the test failed before stopping it. */
    kill: () => {
      stopping = true;
      if (ffmpeg.exitCode === null) ffmpeg.kill("SIGKILL");
    },
  };
}
