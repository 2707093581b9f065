/// <reference types="node" />
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { join } from "node:path";

export const HOST_IP = "127.0.0.1";
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
const LOG_LINES = 60;
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

export interface RunningServer {
  port: number;
  /** Last lines of wrangler's output, for error messages. */
  log(): string;
  stop(): Promise<void>;
}

/** Ask the OS for a free port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, HOST_IP, () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
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

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // the whole group: wrangler and its workerd
  } catch {
    /* already gone */
  }
}

/** `wrangler dev` on the built worker, in its own process group, waiting until it answers HTTP. */
export async function startServer(root: string, persistTo: string, readyHost: string): Promise<RunningServer> {
  const wrangler = join(root, "node_modules", "wrangler", "bin", "wrangler.js");
  if (!existsSync(wrangler)) throw new Error(`wrangler not found at ${wrangler}; run npm install`);
  const port = await freePort();
  const args = [wrangler, "dev", "--port", String(port), "--ip", HOST_IP, "--persist-to", persistTo];
  const child = spawn(process.execPath, args, {
    cwd: root,
    detached: true, // new process group, so stop() can kill workerd too
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1", NO_D1_WARNING: "true" },
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer): void => {
    for (const line of chunk.toString("utf8").replace(ANSI, "").split("\n")) {
      if (line.trim()) lines.push(line);
    }
    if (lines.length > LOG_LINES) lines.splice(0, lines.length - LOG_LINES);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const onExit = (): void => killGroup(child, "SIGKILL"); // last resort if we exit without stop()
  process.once("exit", onExit);

  const server: RunningServer = {
    port,
    log: () => lines.join("\n"),
    async stop() {
      process.removeListener("exit", onExit);
      killGroup(child, "SIGTERM");
      const timer = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), STOP_GRACE_MS).unref());
      if ((await Promise.race([exited, timer])) === "timeout") {
        killGroup(child, "SIGKILL");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 2_000).unref())]);
      }
    },
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`wrangler dev exited (${child.exitCode ?? child.signalCode}) before answering:\n${server.log()}`);
    }
    try {
      await probe(port, `${readyHost}:${port}`, "/", 5_000);
      return server;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  await server.stop();
  throw new Error(`wrangler dev did not answer on ${HOST_IP}:${port} within ${READY_TIMEOUT_MS / 1000} s:\n${server.log()}`);
}
