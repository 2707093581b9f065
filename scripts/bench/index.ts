/// <reference types="node" />
// `npm run bench`: build, prepare local state, start the built worker on Miniflare (scripts/lib/local-server.ts), measure, report.
// Flags: --no-build, --duration N (s per target), --only <route> (repeatable), --connections N, --samples N,
// --runs N (time to first frame), --clip-runs N (clip-ready latency), --no-first-frame, --no-clip-ready, --no-lighthouse.
import { formatTapToScreenTable, measureTapToScreen, type TapToScreenResult } from "./tap-to-screen";
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { MEASUREMENTS, OPTIONAL_MEASUREMENTS } from "./measurements";
import { describeTarget, formatClipReadyTable, formatFirstFrameTable, formatLighthouseTable, formatNotes, formatTable, playerCheck, writeJson } from "./report";
import { CLIPS, ROUTES, STATIC_CHANNEL, findStaticAsset, routeLabel, routeMatches } from "./routes";
import { formatOnboardingTable, measureOnboarding, type OnboardingResult } from "./onboarding";
import { formatLiveLatencyTable, type LiveLatencyResult, measureLiveLatency } from "./live-latency";
import { startServer, type RunningServer } from "./server";
import { checkSignedInPage, prepareSignedInTargets } from "./signed-in";
import type { BenchContext, BenchOptions, Measurement, Target, TargetResult } from "./types";
import { resolveWatchTargets } from "./watch-targets";

const ROOT = process.cwd(); // npm run always starts in the package root
const PERSIST_TO = ".wrangler/bench";
const OUT_FILE = join(ROOT, "bench", "last.json");
const BUILD_TIMEOUT_MS = 10 * 60_000;
const SETUP_TIMEOUT_MS = 5 * 60_000;

interface Cli {
  build: boolean;
  only: string[];
  /** Names of optional measurements turned off with --no-<name>. */
  skip: string[];
  options: BenchOptions;
}

function intFlag(name: string, value: string | undefined, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} expects an integer from ${min} to ${max}`);
  return n;
}

function parseArgs(argv: string[]): Cli {
  const cli: Cli = { build: true, only: [], skip: [], options: { durationSec: 10, connections: 10, timingSamples: 200, warmup: 20, firstFrameRuns: 5, clipRuns: 3, onboardingRuns: 3, liveRuns: 3, tapRuns: 10 } };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--no-build") cli.build = false;
    else if (a.startsWith("--no-") && [...OPTIONAL_MEASUREMENTS, "onboarding", "live-latency", "tap-to-screen"].includes(a.slice(5))) cli.skip.push(a.slice(5));
    else if (a === "--duration") cli.options.durationSec = intFlag(a, argv[++i], 1, 600);
    else if (a === "--connections") cli.options.connections = intFlag(a, argv[++i], 1, 100);
    else if (a === "--samples") cli.options.timingSamples = intFlag(a, argv[++i], 1, 10_000);
    else if (a === "--runs") cli.options.firstFrameRuns = intFlag(a, argv[++i], 1, 50);
    // At most 1 warm-up + 2 × 20 clips per channel: within the demo viewer's 50 (deleted clips count too).
    else if (a === "--clip-runs") cli.options.clipRuns = intFlag(a, argv[++i], 1, 20);
    else if (a === "--onboarding-runs") cli.options.onboardingRuns = intFlag(a, argv[++i], 1, 20);
    else if (a === "--live-runs") cli.options.liveRuns = intFlag(a, argv[++i], 1, 10);
    else if (a === "--tap-runs") cli.options.tapRuns = intFlag(a, argv[++i], 1, 100);
    else if (a === "--only") {
      const p = argv[++i];
      if (!p?.startsWith("/")) throw new Error("--only expects a route starting with / (its path, or e.g. '/ (signed in)')");
      cli.only.push(p);
    } else if (a === "--help" || a === "-h") {
      console.log(
        "npm run bench -- [--no-build] [--duration N] [--only <route>]... [--connections N] [--samples N] [--runs N] [--clip-runs N]\n" +
          "                 [--onboarding-runs N] [--live-runs N] [--no-first-frame] [--no-clip-ready] [--no-lighthouse]\n" +
          "                 [--no-onboarding] [--no-live-latency] [--no-tap-to-screen] [--tap-runs N]\n\n" +
          "--only picks pages (routes.ts ROUTES) by label: '/', '/watch/{live}', '/ (signed in, 10 favourites)' or its short form\n" +
          "'/ (signed in)'; '/' alone is the anonymous home. The static asset and the clips (routes.ts CLIPS) run regardless.\n" +
          "--runs N: measured time-to-first-frame runs per watch page (5); --clip-runs N: measured clips per clip (3, at most 20).",
      );
      process.exit(0);
    } else throw new Error(`unknown flag ${a} (try --help)`);
  }
  return cli;
}

function npmRun(args: string[], timeoutMs: number): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn("npm", ["run", ...args], { cwd: ROOT, stdio: "inherit" });
    const timer = setTimeout(() => child.kill("SIGTERM"), timeoutMs);
    child.on("error", (e) => (clearTimeout(timer), fail(e)));
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) done();
      else fail(new Error(`npm run ${args.join(" ")} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** `npm run setup -- --persist-to .wrangler/bench`, with a clear error while that script is missing. */
async function setup(): Promise<void> {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts?: Record<string, string> };
  const script = pkg.scripts?.setup;
  if (!script) throw new Error('package.json has no "setup" script; the bench needs `npm run setup -- --persist-to <dir>`');
  const file = /\b(scripts\/[\w./-]+\.[cm]?[jt]s)\b/.exec(script)?.[1];
  if (file && !existsSync(join(ROOT, file))) {
    throw new Error(`"setup" runs ${file}, which does not exist yet; the bench needs it to load migrations and demo channels`);
  }
  // A fresh state every run, as the e2e server has: nothing a previous run left (sessions, clips that used up the demo
  // viewer's clip allowance, which deleted clips keep counting against) changes what this one measures.
  rmSync(join(ROOT, PERSIST_TO), { recursive: true, force: true });
  await npmRun(["setup", "--", "--persist-to", PERSIST_TO], SETUP_TIMEOUT_MS).catch((e: Error) => {
    throw new Error(`${e.message}; the bench needs \`npm run setup -- --persist-to ${PERSIST_TO}\` to work`);
  });
}

/** The static asset, the routes `--only` leaves, and the clips unless clip-ready is skipped. */
function targets(only: string[], clips: boolean): Target[] {
  const asset = findStaticAsset(ROOT);
  if (!asset) throw new Error("no static asset in build/client (favicon.ico or assets/*.js); did the build run?");
  const routes = ROUTES.filter((r) => only.length === 0 || only.some((o) => routeMatches(r, o)));
  if (routes.length === 0) throw new Error(`--only ${only.join(", ")} matches no route in scripts/bench/routes.ts`);
  return [
    { kind: "static", channel: STATIC_CHANNEL, path: asset, label: asset },
    ...routes.map(
      (r): Target => ({ kind: "route", channel: r.channel, path: r.path, label: routeLabel(r), watch: r.watch, noPlayer: r.noPlayer, signedIn: r.signedIn }),
    ),
    ...(clips ? CLIPS : []).map((c): Target => ({
      kind: "clip",
      channel: c.channel,
      path: "/api/clip",
      label: `${c.durationS} s clip from ${c.startS} s`,
      clip: { startS: c.startS, durationS: c.durationS },
    })),
  ];
}

/** Signed-in targets the bench could not sign in (signed-in.ts): failed, and measured by nothing. */
const SIGN_IN = "signed-in";

async function runMeasurement(m: Measurement, ctx: BenchContext, results: TargetResult[]): Promise<void> {
  const applicable = results.filter((r) => !r.errors[SIGN_IN] && m.appliesTo.includes(r.target.kind) && (m.accepts?.(r.target) ?? true));
  if (applicable.length === 0) return;
  try {
    await m.start?.(ctx);
  } catch (e) {
    for (const r of applicable) r.errors[m.name] = `start: ${(e as Error).message.split("\n")[0]}`;
    return;
  }
  try {
    for (const r of applicable) {
      process.stdout.write(`  ${m.name.padEnd(14)} ${describeTarget(r.target)} ... `);
      const t0 = Date.now();
      try {
        Object.assign(r, await m.run(r.target, ctx));
        console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
      } catch (e) {
        r.errors[m.name] = (e as Error).message.split("\n")[0];
        console.log(`failed: ${r.errors[m.name]}`);
      }
    }
  } finally {
    await m.stop?.();
  }
}

async function main(): Promise<void> {
  const cli = parseArgs(process.argv.slice(2));
  let server: RunningServer | null = null;
  const onSignal = (sig: NodeJS.Signals): void => {
    console.error(`\n${sig}: stopping the server`);
    void Promise.all([server?.stop(), ...MEASUREMENTS.map((m) => m.stop?.())]).finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  if (cli.build) await npmRun(["build"], BUILD_TIMEOUT_MS);
  else if (!existsSync(join(ROOT, "build", "server"))) throw new Error("--no-build, but build/server is missing");
  const list = targets(cli.only, !cli.skip.includes("clip-ready"));
  await setup();

  console.log(`\nstarting the built worker (persist-to ${PERSIST_TO}) ...`);
  server = await startServer(ROOT, PERSIST_TO, `${STATIC_CHANNEL}.localhost`);
  try {
    const ctx: BenchContext = { root: ROOT, port: server.port, options: cli.options };
    await resolveWatchTargets(ROOT, ctx.port, list);
    const notSignedIn = await prepareSignedInTargets(ROOT, ctx.port, list);
    const watch = list.filter((t) => t.watch).map((t) => `${t.channel}${t.label} = ${t.path}`);
    console.log(`worker on 127.0.0.1:${ctx.port}; ${list.length} targets${watch.length ? ` (${watch.join(", ")})` : ""}\n`);
    const results: TargetResult[] = list.map((target) => ({ target, errors: {} }));
    for (const r of results) {
      const e = notSignedIn.get(r.target);
      if (e) r.errors[SIGN_IN] = e;
    }
    const measurements = MEASUREMENTS.filter((m) => !cli.skip.includes(m.name));
    for (const m of measurements) await runMeasurement(m, ctx, results);
    // Game day: a scorekeeper's tap to a viewer's score bug (before live latency, which ends live games).
    let tapToScreen: TapToScreenResult | null = null;
    const tapFailures: string[] = [];
    if (!cli.skip.includes("tap-to-screen")) {
      process.stdout.write(`  tap to screen  ${cli.options.tapRuns} scorekeeper tap(s) on a viewer's score bug ... `);
      tapToScreen = await measureTapToScreen(ctx, cli.options.tapRuns).catch((e: Error) => {
        tapFailures.push(`tap to screen: ${e.message.split("\n")[0]}`);
        return null;
      });
      console.log(tapToScreen ? "done" : "failed");
    }
    // Live from an encoder: it turns upcoming games into finished ones, so after everything that reads the catalogue.
    let liveLatency: LiveLatencyResult | null = null;
    const liveFailures: string[] = [];
    if (!cli.skip.includes("live-latency")) {
      process.stdout.write(`  live latency   ${cli.options.liveRuns} encoder push(es), 720p30 ... `);
      liveLatency = await measureLiveLatency(ctx, cli.options.liveRuns).catch((e: Error) => {
        liveFailures.push(`live latency: ${e.message.split("\n")[0]}`);
        return null;
      });
      console.log(liveLatency ? "done" : "failed");
    }
    // Last: it creates channels, which nothing measured before should see.
    let onboarding: OnboardingResult | null = null;
    const onboardingFailures: string[] = [];
    if (!cli.skip.includes("onboarding")) {
      process.stdout.write(`  onboarding     ${cli.options.onboardingRuns} channel(s) created and themed ... `);
      onboarding = await measureOnboarding(ctx, cli.options.onboardingRuns).catch((e: Error) => {
        onboardingFailures.push(`onboarding: ${e.message.split("\n")[0]}`);
        return null;
      });
      console.log(onboarding ? "done" : "failed");
    }
    // Still signed in after everything (autocannon cannot look at bodies): the session held for the whole run.
    for (const r of results.filter((x) => x.target.signedIn && !x.errors[SIGN_IN])) {
      await checkSignedInPage(ctx.port, r.target).catch((e: Error) => (r.errors[SIGN_IN] = `after the run: ${e.message}`));
    }

    console.log("\n" + formatTable(results));
    if (measurements.some((m) => m.name === "first-frame") && results.some((r) => r.target.watch)) {
      console.log("\nTime to first frame\n" + formatFirstFrameTable(results, cli.options.firstFrameRuns));
    }
    if (measurements.some((m) => m.name === "clip-ready") && results.some((r) => r.target.clip)) {
      console.log("\nClip ready (POST /api/clip → GET answering ready)\n" + formatClipReadyTable(results, cli.options.clipRuns));
    }
    if (measurements.some((m) => m.name === "lighthouse")) console.log("\nLighthouse\n" + formatLighthouseTable(results));
    if (tapToScreen) console.log("\nGame day (a scorekeeper's tap → a viewer's score bug)\n" + formatTapToScreenTable(tapToScreen));
    if (liveLatency) console.log("\nLive from an encoder (glass to glass, push → first frame)\n" + formatLiveLatencyTable(liveLatency));
    if (onboarding) console.log("\nOnboarding (create → themed home on the subdomain → on a custom domain)\n" + formatOnboardingTable(onboarding));
    const notes = formatNotes(results);
    if (notes.length) console.log("\n" + notes.map((n) => `- ${n}`).join("\n"));
    writeJson(OUT_FILE, ROOT, cli.options, ctx.port, results, { onboarding, liveLatency, tapToScreen });
    console.log(`\nwrote ${resolve(OUT_FILE)}`);
    // Last, so it is what a reader sees: the pages that must stay player-free, and any that did not.
    const { lines, failures } = playerCheck(results);
    if (lines.length) console.log("\nPlayer JS on pages without a player\n" + lines.map((l) => `- ${l}`).join("\n"));
    for (const r of results.filter((x) => x.errors[SIGN_IN])) failures.push(`${describeTarget(r.target)}: ${r.errors[SIGN_IN]}`);
    failures.push(...onboardingFailures, ...liveFailures, ...tapFailures);
    if (tapToScreen && tapToScreen.medianMs > tapToScreen.goalMs) failures.push(`tap to screen ${tapToScreen.medianMs} ms (median), over the ${tapToScreen.goalMs} ms goal`);
    if (liveLatency && liveLatency.medianLatencyMs > liveLatency.goals.latencyMs) failures.push(`glass to glass ${liveLatency.medianLatencyMs} ms (median), over the ${liveLatency.goals.latencyMs} ms goal`);
    if (liveLatency && liveLatency.medianFirstFrameMs > liveLatency.goals.firstFrameMs) failures.push(`push to first frame ${liveLatency.medianFirstFrameMs} ms (median), over the ${liveLatency.goals.firstFrameMs} ms goal`);
    if (onboarding && onboarding.medianTotalMs > onboarding.goalMs) failures.push(`onboarding took ${onboarding.medianTotalMs} ms (median), over the ${onboarding.goalMs} ms goal`);
    for (const f of failures) console.error(`FAIL: ${f}`);
    if (failures.length) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((e: Error) => {
  console.error(`\nbench failed: ${e.message}`);
  process.exit(1);
});
