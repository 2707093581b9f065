// `npm run deploy:check` (issue 25): builds the production bundle exactly as `wrangler deploy` would upload it
// (`wrangler deploy --dry-run`, no account needed) and prints its size against the Workers limits; fails when it is
// over the paid plan's. `npm test` runs it after the build, so CI proves the committed repo deploys.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { bundleWorker } from "./lib/local-server";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.join(ROOT, ".wrangler/deploy-check");
/** Cloudflare's limits on a Worker's compressed size (developers.cloudflare.com/workers/platform/limits/#worker-size). */
const LIMITS = { free: 3 * 1024 * 1024, paid: 10 * 1024 * 1024 };

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? files(file) : [file];
  });
}

const started = performance.now();
await bundleWorker(OUT);
// The upload: the worker module and what wrangler put beside it (source maps are not uploaded by default).
const uploaded = files(OUT).filter((f) => !f.endsWith(".map") && !f.endsWith("README.md"));
const raw = uploaded.reduce((sum, f) => sum + statSync(f).size, 0);
const gzip = uploaded.reduce((sum, f) => sum + gzipSync(readFileSync(f), { level: 9 }).length, 0);
const share = (limit: number) => `${((gzip / limit) * 100).toFixed(0)}%`;
console.log(`deploy check: production bundle ${kib(raw)}, ${kib(gzip)} gzipped (${uploaded.length} file(s), ${((performance.now() - started) / 1000).toFixed(1)} s)`);
console.log(`  Workers limit: paid ${kib(LIMITS.paid)} (${share(LIMITS.paid)} used), free ${kib(LIMITS.free)} (${share(LIMITS.free)} used)`);
if (gzip > LIMITS.paid) {
  console.error("deploy check: the bundle is over the Workers paid plan's limit");
  process.exit(1);
}
