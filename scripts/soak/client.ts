/// <reference types="node" />
// Sends one soak request on a keep-alive connection and keeps the figures: per category, per route and per oversized
// variant. Large bodies are streamed from one shared filler buffer, with backpressure.
import http from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CATEGORIES, MiB, OVERSIZED_VARIANTS, type BigBody, type Category, type SoakRequest } from "./requests";
import { HOST_IP } from "./server";

const FILLER = Buffer.alloc(MiB, "a");
const KEEP_BODY = 300;

export interface Outcome {
  /** HTTP status, 0 when no answer came. */
  status: number;
  ms: number;
  /** The connection error (ECONNRESET, EPIPE, timeout, …), if any; also set when it came after the answer. */
  error: string | null;
  /** The whole answer arrived. */
  answered: boolean;
  /** The request went on a connection a previous request had used. */
  reused: boolean;
  bodyStart: string;
}

function* chunks(big: BigBody): Generator<Buffer> {
  yield Buffer.from(big.prefix, "latin1");
  let left = big.size - Buffer.byteLength(big.prefix, "latin1") - Buffer.byteLength(big.suffix, "latin1");
  while (left > 0) {
    const n = Math.min(left, FILLER.length);
    yield FILLER.subarray(0, n);
    left -= n;
  }
  yield Buffer.from(big.suffix, "latin1");
}

const errorName = (e: unknown) => ((e as NodeJS.ErrnoException)?.code ?? (e as Error)?.message ?? String(e)).slice(0, 80);

/** One request to 127.0.0.1:port with its Host header; settles once the answer is read and the body sent, or on error. */
export function send(agent: http.Agent, port: number, r: SoakRequest, timeoutMs: number): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    let status = 0;
    let bodyStart = "";
    let answered = false;
    let written = !r.big;
    let error: string | null = null;
    let reused = false;
    let settled = false;
    const settle = () => {
      if (settled || !(error || (answered && written))) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, ms: performance.now() - started, error, answered, reused, bodyStart });
    };
    const fail = (e: unknown) => {
      error ??= errorName(e);
      settle();
    };
    const headers: Record<string, string> = { host: r.host, ...r.headers };
    if (r.big) {
      if (r.big.framing === "length") headers["content-length"] = String(r.big.size);
      else headers["transfer-encoding"] = "chunked";
    }
    let req: http.ClientRequest;
    try {
      req = http.request({ agent, host: HOST_IP, port, method: r.method, path: r.path, headers });
    } catch (e) {
      // Node refused to build the request (a header or path it will not send): not the server's doing.
      resolve({ status: 0, ms: 0, error: `client: ${errorName(e)}`, answered: false, reused: false, bodyStart: "" });
      return;
    }
    const timer = setTimeout(() => req.destroy(new Error("timeout")), timeoutMs);
    req.on("socket", () => (reused = req.reusedSocket));
    req.on("response", (res) => {
      status = res.statusCode ?? 0;
      const kept: Buffer[] = [];
      let keptBytes = 0;
      res.on("data", (d: Buffer) => {
        if (keptBytes < KEEP_BODY) {
          kept.push(d);
          keptBytes += d.length;
        }
      });
      res.on("end", () => {
        bodyStart = Buffer.concat(kept).subarray(0, KEEP_BODY).toString("utf8");
        answered = true;
        settle();
      });
      res.on("error", fail);
    });
    req.on("error", fail);
    if (r.big) {
      pipeline(Readable.from(chunks(r.big)), req).then(() => {
        written = true;
        settle();
      }, fail);
    } else {
      req.end(r.body);
    }
  });
}

// --- figures ----------------------------------------------------------------------------------------------------------

export interface Counts {
  requests: number;
  classes: Record<"2xx" | "3xx" | "4xx" | "5xx" | "other", number>;
  statuses: Record<string, number>;
  /** Requests that got no complete answer, or whose connection broke after it, by error. */
  connectionErrors: number;
  errors: Record<string, number>;
  latenciesMs: number[];
}

export interface VariantCounts {
  sent: number;
  /** Answered 4xx, with the connection intact. */
  refused4xx: number;
  statuses: Record<string, number>;
  /** Reset, broken pipe, timeout, … (counted as failures even when a 4xx came first). */
  connectionErrors: number;
  errors: Record<string, number>;
  latenciesMs: number[];
  /** Which routes answered which statuses, e.g. "POST /api/get_api_key (api) 422". */
  byRoute: Record<string, number>;
}

export interface Sample {
  at: string;
  category: Category;
  label: string;
  method: string;
  host: string;
  path: string;
  status: number;
  error: string | null;
  ms: number;
  bodyStart: string;
}

const newCounts = (): Counts => ({ requests: 0, classes: { "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0, other: 0 }, statuses: {}, connectionErrors: 0, errors: {}, latenciesMs: [] });
const bump = (o: Record<string, number>, k: string) => (o[k] = (o[k] ?? 0) + 1);
const statusClass = (s: number): keyof Counts["classes"] => (s >= 200 && s < 600 ? (`${Math.floor(s / 100)}xx` as "2xx") : "other");
const MAX_SAMPLES = 40;

export class Figures {
  readonly categories = Object.fromEntries(CATEGORIES.map((c) => [c, newCounts()])) as Record<Category, Counts>;
  readonly routes: Record<string, { requests: number; statuses: Record<string, number>; errors: Record<string, number> }> = {};
  readonly oversized: Record<string, VariantCounts> = Object.fromEntries(
    OVERSIZED_VARIANTS.map((v) => [v, { sent: 0, refused4xx: 0, statuses: {}, connectionErrors: 0, errors: {}, latenciesMs: [], byRoute: {} }]),
  );
  /** Requests answered 5xx (the first ones, with the start of the answer). */
  readonly serverErrors: Sample[] = [];
  /** Requests that got no complete answer or a broken connection (the first ones). */
  readonly connectionFailures: Sample[] = [];
  /** Oversized requests answered with something other than a 4xx (the first ones). */
  readonly oversizedFailures: Sample[] = [];
  newConnections = 0;
  reusedConnections = 0;
  /** When the run's clock started (Date.now()); set by the caller. */
  startedAt = Date.now();
  /** Connection errors and 5xx per second of the run: second → count. */
  readonly failuresBySecond: Record<string, number> = {};

  record(r: SoakRequest, o: Outcome): void {
    const c = this.categories[r.category];
    c.requests++;
    c.latenciesMs.push(o.ms);
    if (o.reused) this.reusedConnections++;
    else this.newConnections++;
    const route = (this.routes[`${r.category} | ${r.label}`] ??= { requests: 0, statuses: {}, errors: {} });
    route.requests++;
    if (o.status) {
      c.classes[statusClass(o.status)]++;
      bump(c.statuses, String(o.status));
      bump(route.statuses, String(o.status));
    }
    if (o.error) {
      c.connectionErrors++;
      bump(c.errors, o.error);
      bump(route.errors, o.error);
    }
    if (o.error || o.status >= 500) bump(this.failuresBySecond, String(Math.floor((Date.now() - this.startedAt) / 1000)));
    const sample = (): Sample => ({
      at: new Date().toISOString(),
      category: r.category,
      label: r.label,
      method: r.method,
      host: r.host,
      path: r.path.length > 200 ? `${r.path.slice(0, 200)}… (${r.path.length} chars)` : r.path,
      status: o.status,
      error: o.error,
      ms: Math.round(o.ms),
      bodyStart: o.bodyStart,
    });
    if (o.status >= 500 && this.serverErrors.length < MAX_SAMPLES) this.serverErrors.push(sample());
    if (o.error && this.connectionFailures.length < MAX_SAMPLES) this.connectionFailures.push(sample());
    if (r.variant) {
      const v = this.oversized[r.variant];
      v.sent++;
      v.latenciesMs.push(o.ms);
      bump(v.byRoute, `${r.label} ${o.status || o.error}`);
      if (o.status) bump(v.statuses, String(o.status));
      if (o.error) {
        v.connectionErrors++;
        bump(v.errors, o.error);
      }
      const ok = !o.error && o.answered && o.status >= 400 && o.status < 500;
      if (ok) v.refused4xx++;
      else if (this.oversizedFailures.length < MAX_SAMPLES) this.oversizedFailures.push(sample());
    }
  }
}

export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
