// `npm run setup`: applies the D1 migrations locally and loads every tenant folder into local D1/R2/KV and the demo
// media (media/**) into local R2, in the same state directory `wrangler dev` uses. Idempotent; safe to run before
// every start.
//
//   npm run setup -- [--persist-to <dir>] [--tenants <dir>]...
//
// --persist-to  state directory, as for `wrangler dev --persist-to` (default .wrangler/state)
// --tenants     another folder of tenant folders to load besides tenants/ (repeatable; e2e passes tests/fixtures/tenants)
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import { describeMediaLoad, loadMedia } from "./lib/media-loader";
import { TenantDefinitionError } from "../api/channels/definition";
import { loadTenant, type LoadResult } from "../api/channels/loader";
import { listTenantDirs, readTenant, type TenantSource } from "./lib/tenant-reader";

const ROOT = path.resolve(import.meta.dirname, "..");
const PORT = 8787;

const { values: args } = parseArgs({
  options: {
    "persist-to": { type: "string" },
    tenants: { type: "string", multiple: true, default: [] },
    help: { type: "boolean", short: "h" },
  },
});

async function main() {
  if (args.help) {
    console.log("Usage: npm run setup -- [--persist-to <dir>] [--tenants <dir>]...");
    return;
  }
  const started = performance.now();
  const persistTo = args["persist-to"] ? path.resolve(args["persist-to"]) : undefined;
  const roots = [path.join(ROOT, "tenants"), ...args.tenants.map((d) => path.resolve(d))];

  // Every definition is validated before anything touches the local state.
  const sources = await readAll(roots);
  checkUnique(sources);
  await migrate(persistTo);

  const proxy = await getPlatformProxy<Env>({
    configPath: path.join(ROOT, "wrangler.toml"),
    // wrangler keeps local data in <persist-to>/v3; getPlatformProxy takes that v3 folder itself.
    persist: persistTo ? { path: path.join(persistTo, "v3") } : true,
    remoteBindings: false,
  });
  try {
    for (const source of sources) {
      const t = performance.now();
      const result = await loadTenant(proxy.env.DB, proxy.env.MEDIA, source.definition, source.files, { cache: proxy.env.CACHE });
      console.log(describe(result, source, performance.now() - t));
    }
    const t = performance.now();
    console.log(describeMediaLoad(await loadMedia(proxy.env.MEDIA, path.join(ROOT, "media")), performance.now() - t));
  } finally {
    await proxy.dispose();
  }
  console.log(`setup: ${sources.length} channel(s) loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function readAll(roots: string[]): Promise<TenantSource[]> {
  const dirs = (await Promise.all(roots.map(listTenantDirs))).flat();
  return Promise.all(dirs.map(readTenant));
}

/** Two folders with one alias (e.g. tenants/ and a --tenants dir) would overwrite each other. */
function checkUnique(sources: TenantSource[]) {
  const seen = new Map<string, string>();
  for (const s of sources) {
    const other = seen.get(s.definition.alias);
    if (other) throw new TenantDefinitionError(`alias "${s.definition.alias}" is defined twice: ${other} and ${s.dir}`);
    seen.set(s.definition.alias, s.dir);
  }
}

/** `wrangler d1 migrations apply DB --local`, on this Node (22) rather than whatever `node` is on PATH. */
function migrate(persistTo: string | undefined): Promise<void> {
  const wrangler = path.join(path.dirname(createRequire(import.meta.url).resolve("wrangler/package.json")), "bin", "wrangler.js");
  const argv = [wrangler, "d1", "migrations", "apply", "DB", "--local", "--config", path.join(ROOT, "wrangler.toml")];
  if (persistTo) argv.push("--persist-to", persistTo);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, {
      cwd: ROOT,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) {
        const applied = [...output.matchAll(/│\s*(\S+\.sql)\s*│\s*✅/g)].map((m) => m[1]);
        console.log(applied.length ? `migrations: applied ${applied.join(", ")}` : "migrations: up to date");
        resolve();
      } else reject(new Error(`wrangler d1 migrations apply failed (exit ${code}):\n${output}`));
    });
  });
}

function describe(r: LoadResult, source: TenantSource, ms: number): string {
  const counts = Object.entries(r.counts)
    .map(([k, n]) => `${k} ${n}`)
    .join(", ");
  const status = source.definition.status === "active" ? "" : ` [${source.definition.status}]`;
  const images = `images ${r.images.total} (${r.images.uploaded} uploaded${r.images.removed ? `, ${r.images.removed} removed` : ""})`;
  return `${r.alias.padEnd(10)} id ${r.channelId}  http://${r.alias}.localhost:${PORT}${status}  ${counts}, ${images}  ${Math.round(ms)} ms`;
}

main().catch((error) => {
  console.error(error instanceof TenantDefinitionError ? `setup: invalid tenant definition\n${error.message}` : error);
  process.exit(1);
});
