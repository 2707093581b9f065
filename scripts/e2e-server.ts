// The server the e2e tests run against: the built worker under `wrangler dev`, on its own fresh state
// (.wrangler/e2e), with the demo channels and the test fixtures loaded. Started by playwright.config.ts.
// The worker is bundled once up front (`wrangler deploy --dry-run`, exactly what a deploy uploads) and served
// with --no-bundle: wrangler dev's esbuild watcher otherwise rebuilds, and has crashed, while tests write files.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, openSync, rmSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const STATE = path.join(ROOT, ".wrangler/e2e");
const PORT = process.env.E2E_PORT ?? "8788";
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1", NO_D1_WARNING: "true" };

rmSync(STATE, { recursive: true, force: true });
const setup = spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/setup.ts", "--persist-to", STATE, "--tenants", "tests/fixtures/tenants"], {
  cwd: ROOT,
  env,
  stdio: "inherit",
});
if (setup.status !== 0) process.exit(setup.status ?? 1);

const wrangler = path.join(ROOT, "node_modules/wrangler/bin/wrangler.js");
const DIST = path.join(ROOT, ".wrangler/e2e-dist");
const bundle = spawnSync(process.execPath, [wrangler, "deploy", "--dry-run", "--outdir", DIST], { cwd: ROOT, env, stdio: "inherit" });
if (bundle.status !== 0) process.exit(bundle.status ?? 1);

const LOG = path.join(ROOT, ".wrangler/e2e-server.log");
mkdirSync(path.dirname(LOG), { recursive: true });
const log = openSync(LOG, "w");
const server = spawn(process.execPath, [wrangler, "dev", path.join(DIST, "worker.js"), "--no-bundle", "--port", PORT, "--ip", "127.0.0.1", "--persist-to", STATE, "--var", "APP_ENV:test", "--log-level", "warn"], {
  cwd: ROOT,
  env,
  // No stdin, and output to a file: under the test runner's pipes wrangler dev has died mid-run.
  stdio: ["ignore", log, log],
});
console.log(`e2e server on :${PORT}, log in ${LOG}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
