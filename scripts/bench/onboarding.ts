/// <reference types="node" />
// Onboarding (issue 16): how long from a platform admin's "create" to the new channel's themed home page, on its
// subdomain and then on a custom domain, through the same calls the console makes. Per run: create the channel,
// follow the owner's mailed link to choose a password, sign in, save colours, then poll the home page on the
// subdomain until it carries them; add a custom domain, create its two DNS records in the local stand-in, check it,
// and poll the home page on the domain. Each run makes a channel of its own (bench-<n>), in the bench's fresh state.
import http from "node:http";
import { performance } from "node:perf_hooks";
import type { BenchContext } from "./types";
import { apiCall, apiKeyFor } from "./watch-targets";

const HOST_IP = "127.0.0.1";
const POLL_MS = 100;
const PAGE_TIMEOUT_MS = 120_000;
/** The colours the owner saves: the home page is "themed" once it carries them. */
const PRIMARY = "#0b6e4f";
const PASSWORD = "Harbor-Lights-2031";

export const ONBOARDING_STEPS = ["create", "password", "sign in", "colours", "themed home", "domain", "home on domain"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export interface OnboardingRun {
  alias: string;
  /** Milliseconds per step, in order, and in all. */
  steps: Record<OnboardingStep, number>;
  totalMs: number;
}

export interface OnboardingResult {
  runs: OnboardingRun[];
  /** The median run's total, and the goal it is measured against. */
  medianTotalMs: number;
  goalMs: number;
}

/** A JSON call to any host name (a custom domain too); answers `data`, any status but 200 is an error. */
function call<T>(port: number, host: string, method: "GET" | "POST" | "PUT", path: string, body?: unknown, token?: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { host: `${host}:${port}`, accept: "application/json" };
    if (payload) headers["content-type"] = "application/json";
    if (token) headers.authorization = `Bearer ${token}`;
    const req = http.request({ host: HOST_IP, port, path, method, headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        if (res.statusCode !== 200) return reject(new Error(`${method} ${path.split("?")[0]} on ${host}: HTTP ${res.statusCode} ${text.slice(0, 200)}`));
        resolve((JSON.parse(text) as { data: T }).data);
      });
    });
    req.on("timeout", () => req.destroy(new Error(`${method} ${path} on ${host}: timeout`)));
    req.on("error", reject);
    req.end(payload);
  });
}

/** The HTML of a page, with its status. */
function page(port: number, host: string, path: string): Promise<{ status: number; html: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: HOST_IP, port, path, method: "GET", headers: { host: `${host}:${port}`, accept: "text/html" }, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, html: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end();
  });
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Polls the home page on `host` until it is the channel's, in its colours. */
async function themedHome(port: number, host: string): Promise<void> {
  const deadline = performance.now() + PAGE_TIMEOUT_MS;
  for (;;) {
    const { status, html } = await page(port, host, "/");
    if (status === 200 && html.includes(`--color-primary:${PRIMARY}`)) return;
    if (performance.now() > deadline) throw new Error(`home page on ${host} not themed after ${PAGE_TIMEOUT_MS / 1000} s (last status ${status})`);
    await sleep(POLL_MS);
  }
}

async function onboard(ctx: BenchContext, admin: { key: string; token: string }, run: number): Promise<OnboardingRun> {
  const { port } = ctx;
  const alias = `bench-${Date.now().toString(36)}-${run}`;
  const host = `${alias}.localhost`;
  const domain = `watch.${alias}.bench.test`;
  const steps = {} as Record<OnboardingStep, number>;
  let mark = performance.now();
  const t0 = mark;
  const step = (name: OnboardingStep) => {
    const now = performance.now();
    steps[name] = Math.round((now - mark) * 10) / 10;
    mark = now;
  };

  const created = await apiCall<{ channel_key: string }>(port, "alpha", "POST", "/api/platform/channels", {
    api_key: admin.key,
    alias,
    name: `Bench ${run}`,
    owner_email: `owner@${alias}.test`,
  }, admin.token);
  step("create");

  const { api_key: key } = await call<{ api_key: string }>(port, host, "POST", "/api/get_api_key", { channel_key: created.channel_key });
  const mails = await call<{ kind: string; links: string[] }[]>(port, host, "GET", `/api/dev/outbox?api_key=${encodeURIComponent(key)}`);
  const link = new URL(mails.find((m) => m.kind === "owner_invite")!.links[0]);
  const params = Object.fromEntries(link.searchParams);
  await call(port, host, "POST", "/api/auth/password-reset", { api_key: key, ...params, expires: Number(params.expires), password: PASSWORD, password_confirmation: PASSWORD });
  step("password");

  const { token } = await call<{ token: string }>(port, host, "POST", "/api/v2/auth/login", { api_key: key, email: `owner@${alias}.test`, password: PASSWORD });
  step("sign in");

  const colors = await call<{ version: number }>(port, host, "GET", `/api/console/sections/colors?api_key=${encodeURIComponent(key)}`, undefined, token);
  await call(port, host, "PUT", "/api/console/sections/colors", { api_key: key, version: colors.version, value: { web: { primary: PRIMARY, "primary-contrast": "#ffffff" } } }, token);
  step("colours");

  await themedHome(port, host);
  step("themed home");

  const added = await call<{ id: number; records: { type: string; name: string; value: string }[] }>(port, host, "POST", "/api/console/domains", { api_key: key, hostname: domain }, token);
  for (const record of added.records) await call(port, host, "PUT", "/api/dev/dns-records", record);
  const checked = await call<{ status: string }>(port, host, "POST", `/api/console/domains/${added.id}/verify`, { api_key: key }, token);
  if (checked.status !== "active") throw new Error(`${domain} is ${checked.status} after its records were created`);
  step("domain");

  await themedHome(port, domain);
  step("home on domain");
  return { alias, steps, totalMs: Math.round((performance.now() - t0) * 10) / 10 };
}

export async function measureOnboarding(ctx: BenchContext, runs: number): Promise<OnboardingResult> {
  const key = await apiKeyFor(ctx.root, ctx.port, "alpha");
  const { token } = await apiCall<{ token: string }>(ctx.port, "alpha", "POST", "/api/v2/auth/login", { api_key: key, email: "admin@alpha.test", password: "Password123!" });
  const results: OnboardingRun[] = [];
  for (let i = 1; i <= runs; i++) results.push(await onboard(ctx, { key, token }, i));
  const totals = results.map((r) => r.totalMs).sort((a, b) => a - b);
  return { runs: results, medianTotalMs: totals[Math.floor(totals.length / 2)], goalMs: 60_000 };
}

/** The table: one row per run, one column per step, and the total against the 60 s goal. */
export function formatOnboardingTable(result: OnboardingResult): string {
  const head = ["run", ...ONBOARDING_STEPS, "total"];
  const rows = result.runs.map((r) => [r.alias, ...ONBOARDING_STEPS.map((s) => `${(r.steps[s] / 1000).toFixed(2)} s`), `${(r.totalMs / 1000).toFixed(2)} s`]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
  const verdict = result.medianTotalMs <= result.goalMs ? "within" : "OVER";
  return [line(head), ...rows.map(line), `median ${(result.medianTotalMs / 1000).toFixed(2)} s: ${verdict} the ${result.goalMs / 1000} s goal`].join("\n");
}
