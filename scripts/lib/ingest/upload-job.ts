// One uploaded video in the local ingest (issue 16): its file is fetched from the API, packaged by ffmpeg into the
// demo media's layout (package.ts), uploaded under media/<media_key>/ with its media.json, and reported ready (with
// its duration) or failed (with ffmpeg's last words).
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { IngestApi } from "./api";
import { pickedFrame } from "../../../api/services/frames";
import { chunkName, completeChunks, frameName, frameSize, initName, mediaJson, packagingArgs, readStills, readStreams, SEGMENT_S, stillsArgs, stillsJson, thumbName, topVideo } from "./package";

export interface UploadWork {
  uid: string;
  media_key: string;
}

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output = (output + d).slice(-8000)));
    child.stderr.on("data", (d) => (output = (output + d).slice(-8000)));
    child.on("close", (code) => resolve({ code, output }));
  });
}

export async function packageUpload(upload: UploadWork, api: IngestApi, workDir: string): Promise<void> {
  const dir = path.join(workDir, upload.uid);
  const out = path.join(dir, "out");
  await rm(dir, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  try {
    await api.reportUpload(upload.uid, { status: "processing" });
    const source = path.join(dir, "source");
    const res = await api.uploadSource(upload.uid);
    await pipeline(Readable.fromWeb(res.body as import("node:stream/web").ReadableStream), createWriteStream(source));

    const probe = await run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", source]);
    const duration = Number(probe.output.trim());
    if (probe.code !== 0 || !(duration > 0)) return fail(api, upload, "This file has no video ffmpeg can read.");
    const encode = await run("ffmpeg", ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-i", source, ...packagingArgs(out), ...stillsArgs(out)]);
    if (encode.code !== 0) return fail(api, upload, encode.output.trim().split("\n").slice(-1)[0] || `ffmpeg exited with ${encode.code}`);

    const streams = await readStreams(out);
    if (!streams) return fail(api, upload, "ffmpeg wrote no manifest.");
    const counts = await completeChunks(out, streams);
    const count = Math.min(...streams.map((s) => counts.get(s.id) ?? 0));
    if (count === 0) return fail(api, upload, "The video is too short.");
    for (const s of streams) {
      await api.putMedia(upload.media_key, initName(s.id), await readFile(path.join(out, initName(s.id))));
      for (let n = 1; n <= count; n++) await api.putMedia(upload.media_key, chunkName(s.id, n), await readFile(path.join(out, chunkName(s.id, n))));
    }
    // The stills, numbered from 0 without a gap (ffmpeg writes them so): the library's artwork and its clips' posters.
    const stills = await readStills(out);
    let frames = 0;
    while (stills.frames[frames] === frames && stills.thumbs[frames] === frames) frames++;
    for (let n = 0; n < frames; n++) {
      await api.putMedia(upload.media_key, frameName(n), await readFile(path.join(out, frameName(n))));
      await api.putMedia(upload.media_key, thumbName(n), await readFile(path.join(out, thumbName(n))));
    }
    const durationS = Math.min(duration, count * SEGMENT_S);
    const info = { ...mediaJson(streams, count, durationS, false), ...stillsJson(frames, frameSize(topVideo(streams))), ...(frames ? { poster: frameName(pickedFrame(frames)) } : {}) };
    await api.putMedia(upload.media_key, "media.json", new TextEncoder().encode(JSON.stringify(info, null, 2)));
    await api.reportUpload(upload.uid, { status: "ready", duration_s: Number(durationS.toFixed(3)) });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function fail(api: IngestApi, upload: UploadWork, error: string): Promise<void> {
  await api.reportUpload(upload.uid, { status: "failed", error: error.slice(0, 500) });
}
