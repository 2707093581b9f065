// Hands the API tests a few real files of the committed demo asset (workerd cannot read the host's disk): the
// media.json, the 720p video and audio inits and their first chunks, base64-encoded, through `inject("demoMedia")`.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    demoMedia: Record<string, string>;
  }
}

/** Chunks 1–6: a 10-s event needs 5 segments; one more shows the download reads no further than it needs. */
const CHUNKS = [1, 2, 3, 4, 5, 6].map((n) => String(n).padStart(5, "0"));
// Two thumbnails (0 s and 10 s of the asset): clip posters and the cutter's timeline.
const FILES = [
  "media.json",
  "init-stream1.m4s",
  "init-stream2.m4s",
  ...CHUNKS.flatMap((n) => [`chunk-stream1-${n}.m4s`, `chunk-stream2-${n}.m4s`]),
  "thumbs/thumb-000.jpg",
  "thumbs/thumb-001.jpg",
  // The same moments at full size (issue 28): clip posters.
  "frames/frame-00000.jpg",
  "frames/frame-00001.jpg",
];

export default async function setup(project: TestProject) {
  const dir = join(project.config.root, "media/demo");
  const entries = await Promise.all(FILES.map(async (f) => [f, (await readFile(join(dir, f))).toString("base64")] as const));
  project.provide("demoMedia", Object.fromEntries(entries));
}
