/// <reference types="node" />
// The server `npm start` runs: `wrangler dev --port … --ip 127.0.0.1` on the built worker, as its own process group,
// with its output in a log file (each line stamped with the time, to find the lines of a failed request), watched for
// an exit, and its memory (the wrangler processes and their workerd children) sampled from /proc.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

export { freePort, HOST_IP } from "../lib/ports";
import { freePort, HOST_IP } from "../lib/ports";
const READY_TIMEOUT_MS = 180_000;

export interface ServerExit {
  at: string;
  /** Seconds after the server was ready. */
  afterReadyS: number;
  code: number | null;
  signal: string | null;
}

/** The server under the soak: `wrangler dev` (a child process) or, as a control, Miniflare in this process. */
export interface SoakServer {
  /** The process to watch and measure: wrangler dev's, or this one for Miniflare. */
  pid: number;
  port: number;
  /** What runs, as a command line. */
  command: string;
  /** Where its output goes (null: this process's own output). */
  logFile: string | null;
  /** Set once the process has exited. */
  exit(): ServerExit | null;
  /** Resolves when the process exits (never, while it runs). */
  exited: Promise<ServerExit>;
  /** The last lines of its output. */
  tail(lines: number): string[];
  /** Lines of its output that report an error (wrangler's ✘ [ERROR], uncaught exceptions, the API's "api error"). */
  errorLines(): string[];
  stop(): Promise<void>;
}

const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;
const ERROR_LINE = /\[ERROR\]|✘|Uncaught|api error|Network connection lost|exceeded|out of memory|segmentation|workerd.*(crash|exit)/i;

export interface WranglerDevOptions {
  root: string;
  /** wrangler's bin/wrangler.js; the project's own by default. */
  wranglerJs?: string;
  port: number;
  inspectorPort: number;
  persistTo: string;
  logFile: string;
}

/**
 * Starts `wrangler dev` as `npm start` does (same entry, wrangler.toml and flags), on `port`, with `--persist-to` the
 * state `npm run setup` prepared. `--var APP_ENV:development` wins over wrangler.toml's [vars] and over .dev.vars
 * (wrangler merges CLI vars last), so the dev-only routes exist whichever of them sets APP_ENV; AUTH_SECRET comes from
 * .dev.vars when it is there and falls back to the development secret otherwise (api/lib/secrets.ts).
 */
export async function startWranglerDev(o: WranglerDevOptions): Promise<SoakServer> {
  const bin = o.wranglerJs ? path.resolve(o.wranglerJs) : path.join(o.root, "node_modules/wrangler/bin/wrangler.js");
  const version = JSON.parse(readFileSync(path.join(path.dirname(bin), "../package.json"), "utf8")) as { version: string };
  const args = [
    bin,
    "dev",
    "--port",
    String(o.port),
    "--ip",
    HOST_IP,
    "--persist-to",
    o.persistTo,
    "--inspector-port",
    String(o.inspectorPort),
    "--var",
    "APP_ENV:development",
    "--show-interactive-dev-session=false",
  ];
  const log = createWriteStream(o.logFile);
  log.write(`# ${new Date().toISOString()} node ${args.map((a) => path.relative(o.root, a) || a).join(" ")}\n`);
  // Its own process group (detached), so stopping it stops wrangler's children (workerd) too, and nothing else.
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: o.root,
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", WRANGLER_SEND_METRICS: "false", CI: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const recent: string[] = [];
  const errors: string[] = [];
  let readyAt = 0;
  let exit: ServerExit | null = null;
  let onReady: (() => void) | null = null;
  const onLine = (raw: string) => {
    const line = raw.replace(ANSI, "");
    if (!line.trim()) return;
    const stamped = `${new Date().toISOString()} ${line}`;
    log.write(stamped + "\n");
    recent.push(stamped);
    if (recent.length > 400) recent.splice(0, recent.length - 400);
    if (readyAt && ERROR_LINE.test(line)) errors.push(stamped);
    if (!readyAt && new RegExp(`Ready on http://${HOST_IP.replace(/\./g, "\\.")}:${o.port}\\b`).test(line)) onReady?.();
  };
  for (const stream of [child.stdout!, child.stderr!]) {
    let buf = "";
    stream.setEncoding("utf8");
    stream.on("data", (d: string) => {
      buf += d;
      const lines = buf.split(/\r?\n/);
      buf = lines.pop() ?? "";
      lines.forEach(onLine);
    });
    stream.on("end", () => buf && onLine(buf));
  }
  const exited = new Promise<ServerExit>((resolve) => {
    child.on("exit", (code, signal) => {
      exit = { at: new Date().toISOString(), afterReadyS: readyAt ? (Date.now() - readyAt) / 1000 : 0, code, signal };
      log.write(`# ${exit.at} wrangler dev exited (${signal ?? `code ${code}`})\n`);
      resolve(exit);
    });
  });
  const ready = new Promise<void>((resolve) => (onReady = resolve));

  const stop = async () => {
    if (!exit && child.pid) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      const killed = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!killed) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // already gone
        }
        await Promise.race([exited, sleep(5_000)]);
      }
    }
    await new Promise<void>((r) => log.end(r));
  };

  const outcome = await Promise.race([
    ready.then(() => "ready" as const),
    exited.then(() => "exited" as const),
    sleep(READY_TIMEOUT_MS).then(() => "timeout" as const),
  ]);
  if (outcome !== "ready") {
    await stop();
    throw new Error(`wrangler dev ${outcome === "exited" ? "exited" : `was not ready within ${READY_TIMEOUT_MS / 1000} s`} before serving:\n${recent.slice(-30).join("\n")}`);
  }
  readyAt = Date.now();
  return {
    pid: child.pid!,
    port: o.port,
    command: `wrangler ${version.version} dev --port ${o.port} --ip ${HOST_IP} --persist-to ${o.persistTo} --inspector-port ${o.inspectorPort} --var APP_ENV:development`,
    logFile: o.logFile,
    exit: () => exit,
    exited,
    tail: (n) => recent.slice(-n),
    errorLines: () => errors.slice(),
    stop,
  };
}

/**
 * The control: the built worker bundled as a deploy would be and served by Miniflare from this process
 * (scripts/lib/local-server.ts, the e2e and bench server), on the same state. Nothing to exit; the worker's own output
 * goes to this process's console.
 */
export async function startMiniflare(o: { root: string; port: number; persistTo: string }): Promise<SoakServer> {
  const { startLocalServer } = await import("../lib/local-server");
  const server = await startLocalServer({
    port: o.port,
    persistTo: o.persistTo,
    vars: { APP_ENV: "development" },
    outDir: path.join(o.root, ".wrangler/soak-dist"),
    snapshotAssets: true,
  });
  return {
    pid: process.pid,
    port: o.port,
    command: `Miniflare (scripts/lib/local-server.ts) on ${HOST_IP}:${o.port}, persist-to ${o.persistTo}, APP_ENV=development`,
    logFile: null,
    exit: () => null,
    exited: new Promise<ServerExit>(() => {}),
    tail: () => [],
    errorLines: () => [],
    stop: () => server.dispose(),
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref());
}

/** One GET to 127.0.0.1 with the given Host header, on a fresh connection: its status and time. */
export function probe(port: number, host: string, pathname: string, timeoutMs: number): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get({ host: HOST_IP, port, path: pathname, headers: { host, accept: "text/html" }, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      res.on("error", reject);
    });
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    req.on("close", () => clearTimeout(timer));
    req.on("error", reject);
  });
}

export interface TreeMemory {
  /** Resident memory of the process and all its descendants, MiB. */
  totalMiB: number;
  /** Resident memory of the largest workerd, MiB. */
  workerdMiB: number;
  /** Pids of the workerd processes in the tree (a new pid means workerd was restarted). */
  workerdPids: number[];
}

/** Memory of a process tree from /proc (Linux); null elsewhere. */
export function treeMemory(rootPid: number): TreeMemory | null {
  if (!existsSync("/proc/self/stat")) return null;
  const procs = new Map<number, { ppid: number; rss: number; comm: string }>();
  const pageKiB = 4;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const fields = stat.slice(close + 2).split(" ");
      // After "pid (comm) ": state ppid … rss is the 24th field of the line, the 22nd after comm.
      procs.set(Number(name), { ppid: Number(fields[1]), rss: Number(fields[21]) * pageKiB, comm });
    } catch {
      // gone meanwhile
    }
  }
  if (!procs.has(rootPid)) return null;
  const inTree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, p] of procs) {
      if (!inTree.has(pid) && inTree.has(p.ppid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  let total = 0;
  let workerd = 0;
  const workerdPids: number[] = [];
  for (const pid of inTree) {
    const p = procs.get(pid)!;
    total += p.rss;
    if (p.comm.startsWith("workerd")) {
      workerdPids.push(pid);
      workerd = Math.max(workerd, p.rss);
    }
  }
  return { totalMiB: total / 1024, workerdMiB: workerd / 1024, workerdPids };
}
