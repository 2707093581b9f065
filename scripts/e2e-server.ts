// The server the e2e tests run against (started by playwright.config.ts): a fresh state in .wrangler/e2e with the
// demo channels and the test fixtures loaded, and the built Worker served by Miniflare (scripts/lib/local-server.ts),
// with the local video ingest (scripts/ingest-local.ts) beside it, as `npm run ingest:local` runs beside `npm start`,
// and the local OAuth server standing in for Google and Facebook (scripts/lib/oauth-mock.ts) on port + 2: one for every
// test of the run, where each test puts the person who signs in on its own channel's host (tests/e2e/support/social.ts).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { readDevVars } from "./lib/dev-vars";
import { bundleWorker, startLocalServer } from "./lib/local-server";
import { setupLocalState } from "./lib/setup";
import { startOAuthMock } from "./lib/oauth-mock";

const ROOT = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.E2E_PORT ?? 8788);
// One state per port, so two e2e runs (on different E2E_PORTs) do not share data.
const STATE = path.join(ROOT, PORT === 8788 ? ".wrangler/e2e" : `.wrangler/e2e-${PORT}`);

// A server already on the port owns STATE: deleting it under that server's workerd would leave it answering from
// deleted files (SQLITE_CANTOPEN on the first new object). Stop before touching anything.
const portFree = await new Promise<boolean>((resolve) => {
  const probe = createServer()
    .once("error", () => resolve(false))
    .listen(PORT, "127.0.0.1", () => probe.close(() => resolve(true)));
});
if (!portFree) {
  console.error(`e2e server: port ${PORT} is in use (another e2e server?); its state in ${STATE} is left alone.`);
  process.exit(1);
}
rmSync(STATE, { recursive: true, force: true });
// The channels load (what `npm run setup` does, in this process) while wrangler bundles the Worker in its own: about
// 8 s and 5 s.
const OUT_DIR = `${STATE}-dist`;
const bundle = bundleWorker(OUT_DIR);
// Awaited below (by startLocalServer); a failure meanwhile is reported there, not as an unhandled rejection.
bundle.catch(() => undefined);
await setupLocalState({ persistTo: STATE, tenants: [path.join(ROOT, "tests/fixtures/tenants")] });

// RTMP ports of their own per e2e port, so two runs on one machine never listen on the same one.
const RTMP_PORT = PORT + 1100;
const oauth = await startOAuthMock(PORT + 2);
// By address: the browser resolves no host name but *.localhost (scripts/lib/chromium.ts), and the mock names itself
// "localhost".
// The test environment's own vars and secrets: a developer's .dev.vars (which wrangler reads too) is blanked, name by name.
const INGEST_SECRET = randomBytes(24).toString("base64url");
const server = await startLocalServer({
  port: PORT,
  persistTo: STATE,
  vars: {
    ...Object.fromEntries(Object.keys(readDevVars()).map((name) => [name, ""])),
    APP_ENV: "test",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    LOCAL_INGEST_SECRET: INGEST_SECRET,
    OAUTH_LOCAL_ISSUER: `http://127.0.0.1:${PORT + 2}`,
    LOCAL_INGEST_RTMP_PORT: String(RTMP_PORT),
  },
  outDir: OUT_DIR,
  snapshotAssets: true,
  bundle,
});
console.log(`e2e server: ${server.url}`);
const ingest = spawn(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/ingest-local.ts", "--api", `http://127.0.0.1:${PORT}`], {
  cwd: ROOT,
  env: { ...process.env, INGEST_PARENT_PID: String(process.pid), LOCAL_INGEST_SECRET: INGEST_SECRET },
  stdio: "inherit",
});
const stop = () => {
  ingest.kill("SIGTERM");
  void Promise.allSettled([server.dispose(), oauth.stop()]).finally(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
