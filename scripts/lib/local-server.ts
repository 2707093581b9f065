// The built Worker on Miniflare, straight from Node: what the e2e tests and the bench run against.
// It is the same runtime (workerd), bindings (from wrangler.toml) and local state layout as `wrangler dev`, but
// without wrangler's dev proxy, which has died mid-run under test load (docs/decisions/007).
import { spawn } from "node:child_process";
import { cpSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

const ROOT = path.resolve(import.meta.dirname, "../..");
const WRANGLER = path.join(ROOT, "node_modules/wrangler/bin/wrangler.js");

export interface LocalServerOptions {
  port: number;
  /** State directory, as for `wrangler dev --persist-to`. */
  persistTo: string;
  /** Vars that override wrangler.toml's (e.g. APP_ENV). */
  vars?: Record<string, string>;
  /** Where the bundled worker is written. */
  outDir?: string;
  /** Serve a copy of build/client taken at start, so a rebuild meanwhile cannot change the assets under a run. */
  snapshotAssets?: boolean;
  /** The bundle, when the caller started `bundleWorker(outDir)` itself (beside other work); else bundled here. */
  bundle?: Promise<string>;
}

/**
 * Bundles worker.ts exactly as `wrangler deploy` would upload it (about 5 s, its own process, so it can run beside
 * other work such as `npm run setup`); answers the script's path. Needs `npm run build` first.
 */
export function bundleWorker(outDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRANGLER, "deploy", "--dry-run", "--outdir", outDir], {
      cwd: ROOT,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(path.join(outDir, "worker.js")) : reject(new Error(`wrangler deploy --dry-run failed:\n${output}`))));
  });
}

export async function startLocalServer(options: LocalServerOptions): Promise<{ url: string; dispose: () => Promise<void> }> {
  const outDir = options.outDir ?? path.join(ROOT, ".wrangler/local-dist");
  const scriptPath = await (options.bundle ?? bundleWorker(outDir));
  const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(ROOT, "wrangler.toml"));
  // The bindings this project declares in wrangler.toml (wrangler fills in every plugin; Miniflare refuses some empties).
  const { compatibilityDate, compatibilityFlags, kvNamespaces, r2Buckets, d1Databases, queueProducers, queueConsumers, durableObjects, assets } =
    workerOptions;
  const state = path.join(path.resolve(options.persistTo), "v3");
  let servedAssets = assets;
  if (options.snapshotAssets && assets) {
    const copy = path.join(outDir, "assets");
    rmSync(copy, { recursive: true, force: true });
    cpSync(path.join(ROOT, "build/client"), copy, { recursive: true });
    servedAssets = { ...assets, directory: copy };
  }
  // wrangler hands out Miniflare 4-style options; Miniflare 5 converts them itself.
  const converted = convertV4MiniflareOptions({
    workers: [
      {
        name: "streamhub",
        compatibilityDate,
        compatibilityFlags,
        kvNamespaces,
        r2Buckets,
        d1Databases,
        queueProducers,
        queueConsumers,
        durableObjects,
        assets: servedAssets,
        // The worker and what wrangler wrote beside it: resvg's WebAssembly (ADR 037), imported as a compiled module.
        modules: [
          { type: "ESModule", path: scriptPath },
          ...readdirSync(path.dirname(scriptPath))
            .filter((f) => f.endsWith(".wasm"))
            .map((f) => ({ type: "CompiledWasm", path: path.join(path.dirname(scriptPath), f) })),
        ],
        bindings: { ...(workerOptions.bindings as Record<string, unknown>), ...options.vars },
      },
    ],
    host: "127.0.0.1",
    port: options.port,
    // A fixed request.cf instead of fetching one from the network.
    cf: { country: "US", colo: "LOCAL", timezone: "UTC" },
  } as Parameters<typeof convertV4MiniflareOptions>[0]);
  // wrangler keeps local data in <persist-to>/v3/<plugin>; sharing it means `npm run setup` data is what is served.
  const mf = new Miniflare({ ...(converted as object), logRequests: false, resourcePersistencePath: state } as ConstructorParameters<typeof Miniflare>[0]);
  const url = await mf.ready;
  return { url: url.toString(), dispose: () => mf.dispose() };
}
