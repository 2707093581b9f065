import { spawn } from "node:child_process";

/** Runs ffmpeg in `cwd`, its messages on our console; rejects on a non-zero exit. */
export function ffmpeg(argv: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("ffmpeg", argv, { cwd, stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", (e) => reject(new Error(`ffmpeg not found (apt-get install ffmpeg): ${e.message}`)));
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg failed (exit ${code})`))));
  });
}
