/// <reference types="node" />
// `npm run soak`: the issue-25 soak. Builds, prepares a fresh local state (`npm run setup -- --persist-to .wrangler/soak`),
// starts `wrangler dev` on the built worker as `npm start` does, then for --minutes (10) drives --connections (50)
// keep-alive connections with a mix of page views on both demo channels, API reads with the channel's api key,
// malformed requests, oversized bodies (2, 8 and 64 MiB, declared and chunked), posts to routes without an action and
// cross-channel requests (scripts/soak/requests.ts), while it probes a page every few seconds and watches the
// wrangler process. Prints a table, writes bench/soak-last.json, and exits 1 when a requirement fails: any 5xx, any
// exit of wrangler dev, any oversized body not refused with a 4xx on an intact connection (a reset counts as not
// refused), any failed probe. Connection errors of the other requests are counted and shown, not required.
//
// `--server miniflare` runs the same load against the built worker on Miniflare instead (scripts/lib/local-server.ts, what
// the e2e tests and the bench use): a control that tells the worker's faults from wrangler dev's.
//
//   npm run soak -- [--minutes N] [--connections N] [--port N] [--inspector-port N] [--oversized-in-flight N] [--no-build]
//                   [--server wrangler|miniflare]
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { BODY_DRAIN_MAX_MS } from "../api/lib/request-body";
import { Figures, send } from "./soak/client";
import { formatReport, passed as allPassed, reportJson, requirements, type ProbeFigures, type RunInfo } from "./soak/report";
import { CATEGORIES, pick, type Category, type Channel, type World } from "./soak/requests";
import { freePort, HOST_IP, probe, sleep, startMiniflare, startWranglerDev, treeMemory, type SoakServer, type TreeMemory } from "./soak/server";

const ROOT = path.resolve(import.meta.dirname, "..");
const PERSIST_TO = ".wrangler/soak";
const LOG_FILE = path.join(ROOT, ".wrangler/soak-server.log");
const OUT_FILE = path.join(ROOT, "bench/soak-last.json");
const PROBE_EVERY_MS = 3_000;
const PROBE_TIMEOUT_MS = 30_000;
const REQUEST_TIMEOUT_MS = 60_000;
/**
 * An oversized body is answered once the server has read and dropped it, or at its drain ceiling (request-body.ts):
 * the client waits past that ceiling, so a late 4xx is counted as the 4xx it is, and a body cut off as a reset.
 */
const OVERSIZED_TIMEOUT_MS = BODY_DRAIN_MAX_MS + 60_000;

const { values: args } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    port: { type: "string" },
    "inspector-port": { type: "string" },
    "oversized-in-flight": { type: "string", default: "2" },
    "no-build": { type: "boolean", default: false },
    server: { type: "string", default: "wrangler" },
    only: { type: "string", multiple: true, default: [] },
    wrangler: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

if (args.help) {
  console.log(
    "npm run soak -- [--minutes N] [--connections N] [--port N] [--inspector-port N] [--oversized-in-flight N] [--no-build]\n" +
      "                [--server wrangler|miniflare] [--only <category>]... [--wrangler <path/to/wrangler.js>]\n\n" +
      "--minutes N            how long to drive the load (10; decimals allowed)\n" +
      "--connections N        concurrent keep-alive connections (50)\n" +
      "--port N               wrangler dev's port (a free one); --inspector-port N its devtools port (a free one)\n" +
      "--oversized-in-flight  at most this many oversized bodies on the way at once (2)\n" +
      "--no-build             serve the existing build/ instead of running `npm run build` first\n" +
      "--server miniflare     the built worker on Miniflare (as the e2e tests and the bench run it) instead of wrangler dev: a control\n" +
      `--only <category>      send only these categories (repeatable): ${CATEGORIES.join(", ")}\n` +
      "--wrangler <path>      another wrangler's bin/wrangler.js (default: the project's), to try an upgrade first",
  );
  process.exit(0);
}

function numberFlag(name: string, value: string | undefined, min: number, max: number, integer = true): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) throw new Error(`--${name} expects ${integer ? "an integer" : "a number"} from ${min} to ${max}`);
  return n;
}

function npmRun(script: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", ...script], { cwd: ROOT, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`npm run ${script.join(" ")} failed (${signal ?? `exit ${code}`})`))));
  });
}

/** One JSON call to the server with a channel's Host header; answers `data`. */
function apiCall<T>(port: number, host: string, method: string, pathname: string, body?: unknown): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: HOST_IP, port, method, path: pathname, agent: false, headers: { host, accept: "application/json", ...(payload ? { "content-type": "application/json" } : {}) } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (text += d));
        res.on("end", () => {
          if (res.statusCode !== 200) return reject(new Error(`${method} ${pathname.split("?")[0]} on ${host}: HTTP ${res.statusCode} ${text.slice(0, 200)}`));
          try {
            resolve((JSON.parse(text) as { data: T }).data);
          } catch {
            reject(new Error(`${method} ${pathname.split("?")[0]} on ${host}: not JSON`));
          }
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(payload);
  });
}

/** A demo channel as the soak uses it: its api key from the handshake (channel key → api key) and its event ids. */
async function loadChannel(port: number, alias: string): Promise<Channel> {
  const { channel_key: channelKey } = JSON.parse(readFileSync(path.join(ROOT, "tenants", alias, "channel.json"), "utf8")) as { channel_key: string };
  const host = `${alias}.localhost:${port}`;
  const { api_key: apiKey } = await apiCall<{ api_key: string }>(port, host, "POST", "/api/get_api_key", { channel_key: channelKey });
  const events = await apiCall<{ id: number }[]>(port, host, "GET", `/api/events?api_key=${apiKey}&limit=100`);
  if (events.length === 0) throw new Error(`${alias} has no events; did setup run?`);
  return { alias, host, origin: `http://${host}`, channelKey, apiKey, eventIds: events.map((e) => e.id) };
}

async function main(): Promise<number> {
  const minutes = numberFlag("minutes", args.minutes, 0.1, 600, false);
  const connections = numberFlag("connections", args.connections, 1, 1000);
  const oversizedInFlight = numberFlag("oversized-in-flight", args["oversized-in-flight"], 0, 100);
  const port = args.port ? numberFlag("port", args.port, 1, 65535) : await freePort();
  const inspectorPort = args["inspector-port"] ? numberFlag("inspector-port", args["inspector-port"], 1, 65535) : await freePort();
  if (args.server !== "wrangler" && args.server !== "miniflare") throw new Error("--server expects wrangler or miniflare");
  const unknown = args.only.filter((c) => !(CATEGORIES as readonly string[]).includes(c));
  if (unknown.length) throw new Error(`--only: no category ${unknown.join(", ")} (there are ${CATEGORIES.join(", ")})`);
  const categories = (args.only.length ? args.only : CATEGORIES) as readonly Category[];
  const withoutOversized = categories.filter((c) => c !== "oversized");

  if (!args["no-build"]) await npmRun(["build"]);
  // A fresh state, as the bench and the e2e server have: rate-limit counters, sessions and minted keys of an earlier
  // run do not change this one.
  rmSync(path.join(ROOT, PERSIST_TO), { recursive: true, force: true });
  await npmRun(["setup", "--", "--persist-to", PERSIST_TO]);
  mkdirSync(path.dirname(LOG_FILE), { recursive: true });

  let server: SoakServer;
  if (args.server === "wrangler") {
    console.log(`\nstarting wrangler dev on 127.0.0.1:${port} (log: ${path.relative(ROOT, LOG_FILE)}) ...`);
    server = await startWranglerDev({ root: ROOT, wranglerJs: args.wrangler, port, inspectorPort, persistTo: PERSIST_TO, logFile: LOG_FILE });
  } else {
    console.log(`\nstarting the built worker on Miniflare on 127.0.0.1:${port} (the control; not wrangler dev) ...`);
    server = await startMiniflare({ root: ROOT, port, persistTo: PERSIST_TO });
  }
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    console.error("\ninterrupted: stopping the load, then the server");
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  const figures = new Figures();
  const probes: ProbeFigures = { count: 0, failures: 0, latenciesMs: [], failed: [] };
  const workerdPids = new Set<number>();
  const memory: { start: TreeMemory | null; max: TreeMemory | null; end: TreeMemory | null } = { start: null, max: null, end: null };
  const sampleMemory = () => {
    const m = treeMemory(server.pid);
    if (!m) return null;
    m.workerdPids.forEach((p) => workerdPids.add(p));
    if (!memory.max || m.totalMiB > memory.max.totalMiB) memory.max = m;
    return m;
  };
  const startedAt = new Date();
  let world: World;
  try {
    // The first page can take seconds (workerd compiles the worker): answered before the clock starts.
    const first = await probe(port, `alpha.localhost:${port}`, "/", 120_000);
    if (first.status !== 200) throw new Error(`GET / on alpha answered ${first.status} before the run`);
    world = { channels: [await loadChannel(port, "alpha"), await loadChannel(port, "beta")] };
  } catch (e) {
    await server.stop();
    throw new Error(`the server did not serve the demo channels: ${(e as Error).message}\n${server.tail(20).join("\n")}`);
  }
  memory.start = sampleMemory();
  let runStart = Date.now();
  let passed = false;
  try {
    console.log(
      `server ready; alpha ${world.channels[0].eventIds.length} events, beta ${world.channels[1].eventIds.length} events. ` +
        `Soaking for ${minutes} min with ${connections} connections ...`,
    );

    runStart = Date.now();
    figures.startedAt = runStart;
    const deadline = runStart + minutes * 60_000;
    const stopped = () => interrupted || Date.now() >= deadline || server.exit() !== null;
    let oversizedNow = 0;

    const connection = async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        while (!stopped()) {
          const r = pick(world, oversizedNow < oversizedInFlight ? categories : withoutOversized);
          if (!r) {
            // Only oversized bodies, and as many on the way as allowed: wait for one to finish.
            await sleep(50);
            continue;
          }
          if (r.big) oversizedNow++;
          const outcome = await send(agent, port, r, r.big ? OVERSIZED_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
          if (r.big) oversizedNow--;
          figures.record(r, outcome);
        }
      } finally {
        agent.destroy();
      }
    };

    const prober = async () => {
      let n = 0;
      while (!stopped()) {
        const host = `${n++ % 2 ? "beta" : "alpha"}.localhost:${port}`;
        probes.count++;
        try {
          const { status, ms } = await probe(port, host, "/", PROBE_TIMEOUT_MS);
          probes.latenciesMs.push(ms);
          if (status !== 200) {
            probes.failures++;
            probes.failed.push({ at: new Date().toISOString(), host, what: `HTTP ${status} after ${Math.round(ms)} ms` });
          }
        } catch (e) {
          probes.failures++;
          probes.failed.push({ at: new Date().toISOString(), host, what: (e as Error).message });
        }
        sampleMemory();
        const elapsed = (Date.now() - runStart) / 60_000;
        if (n % 10 === 0) {
          const done = Object.values(figures.categories).reduce((s, c) => s + c.requests, 0);
          const errors = Object.values(figures.categories).reduce((s, c) => s + c.classes["5xx"] + c.connectionErrors, 0);
          console.log(`  ${elapsed.toFixed(1)} min: ${done} requests, ${errors} 5xx/connection errors, last probe ${Math.round(probes.latenciesMs.at(-1) ?? 0)} ms, memory ${Math.round(memory.max?.totalMiB ?? 0)} MiB max`);
        }
        await Promise.race([sleep(PROBE_EVERY_MS), server.exited]);
      }
    };

    await Promise.all([prober(), ...Array.from({ length: connections }, connection)]);
  } finally {
    const ranMinutes = (Date.now() - runStart) / 60_000;
    memory.end = sampleMemory();
    const exit = server.exit();
    await server.stop();
    const run: RunInfo = {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      plannedMinutes: minutes,
      ranMinutes,
      connections,
      oversizedInFlight,
      categories: [...categories],
      port,
      server: args.server,
      command: server.command,
      logFile: server.logFile ? path.relative(ROOT, server.logFile) : "(this process's output)",
      interrupted,
      exits: exit ? [exit] : [],
      workerdPids: [...workerdPids],
      memory,
      errorLines: server.errorLines(),
    };
    const reqs = requirements(figures, probes, run);
    console.log("\n" + formatReport(figures, probes, run, reqs));
    if (exit) console.log(`\nwrangler dev exited; its last lines:\n${server.tail(40).join("\n")}`);
    mkdirSync(path.dirname(OUT_FILE), { recursive: true });
    writeFileSync(OUT_FILE, JSON.stringify(reportJson(figures, probes, run, reqs), null, 2) + "\n");
    console.log(`\nwrote ${path.relative(ROOT, OUT_FILE)}`);
    passed = allPassed(reqs);
  }
  return interrupted ? 130 : passed ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`soak: ${(e as Error).stack ?? e}`);
    process.exit(1);
  },
);
