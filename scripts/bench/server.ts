/// <reference types="node" />
import { randomBytes } from "node:crypto";
import http from "node:http";
import { join } from "node:path";
import { startLocalServer } from "../lib/local-server";

export { freePort, HOST_IP } from "../lib/ports";
import { freePort, HOST_IP } from "../lib/ports";

/** The secret between the bench's worker and its local ingest (live-latency.ts), new for each bench. */
export const BENCH_INGEST_SECRET = randomBytes(24).toString("base64url");

export interface RunningServer {
  port: number;
  /** Server output for error messages (Miniflare prints straight to the console). */
  log(): string;
  stop(): Promise<void>;
}

/** One GET to 127.0.0.1 with an explicit Host header (Node's fetch would drop it). */
export function probe(port: number, host: string, path: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: HOST_IP, port, path, headers: { host }, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
  });
}

/** The built worker on Miniflare (scripts/lib/local-server.ts, the same server as the e2e tests). */
export async function startServer(root: string, persistTo: string, readyHost: string): Promise<RunningServer> {
  const port = await freePort();
  // A copy of build/client taken now: a rebuild during the run (the bench takes minutes) must not swap the hashed
  // chunks the measured pages ask for.
  // Development's configuration, as `npm start` runs (wrangler.toml is production, which needs the real providers).
  // The local ingest the live-latency measurement starts is given the same secret.
  const vars = { APP_ENV: "development", LOCAL_INGEST_SECRET: BENCH_INGEST_SECRET };
  const server = await startLocalServer({ port, persistTo, vars, outDir: join(root, ".wrangler/bench-dist"), snapshotAssets: true });
  // One answer from the app proves the worker, its bindings and the state are in place.
  const status = await probe(port, `${readyHost}:${port}`, "/", 30_000);
  if (status >= 500) {
    await server.dispose();
    throw new Error(`the bench server answered ${status} for ${readyHost}/`);
  }
  return { port, log: () => "", stop: () => server.dispose() };
}
