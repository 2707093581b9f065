// What `npm run setup` does (scripts/setup.ts), as a function the e2e server runs in its own process: applies the D1
// migrations and loads every tenant folder into local D1/R2/KV and the demo media (media/**) into local R2, in a state
// directory laid out as `wrangler dev` keeps it. Idempotent.
import path from "node:path";
import { getPlatformProxy } from "wrangler";
import { applyMigrations, readMigrations } from "./d1-migrations";
import { describeMediaLoad, loadMedia } from "./media-loader";
import { TenantDefinitionError } from "../../api/channels/definition";
import { loadTenant, type LoadResult } from "../../api/channels/loader";
import { listTenantDirs, readTenant, type TenantSource } from "./tenant-reader";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PORT = 8787;

export interface SetupOptions {
  /** State directory, as for `wrangler dev --persist-to`; wrangler's default (.wrangler/state) without it. */
  persistTo?: string;
  /** Folders of tenant folders to load besides tenants/. */
  tenants?: string[];
}

export async function setupLocalState({ persistTo, tenants = [] }: SetupOptions): Promise<void> {
  const started = performance.now();
  const roots = [path.join(ROOT, "tenants"), ...tenants.map((d) => path.resolve(d))];

  // Every definition is validated before anything touches the local state.
  const sources = await readAll(roots);
  checkUnique(sources);
  const migrations = await readMigrations(path.join(ROOT, "migrations"));

  const proxy = await getPlatformProxy<Env>({
    configPath: path.join(ROOT, "wrangler.toml"),
    // wrangler keeps local data in <persist-to>/v3; getPlatformProxy takes that v3 folder itself.
    persist: persistTo ? { path: path.join(path.resolve(persistTo), "v3") } : true,
    remoteBindings: false,
  });
  try {
    const applied = await applyMigrations(proxy.env.DB, migrations);
    console.log(applied.length ? `migrations: applied ${applied.join(", ")}` : "migrations: up to date");
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

function describe(r: LoadResult, source: TenantSource, ms: number): string {
  const counts = Object.entries(r.counts)
    .map(([k, n]) => `${k} ${n}`)
    .join(", ");
  const status = source.definition.status === "active" ? "" : ` [${source.definition.status}]`;
  const images = `images ${r.images.total} (${r.images.uploaded} uploaded${r.images.removed ? `, ${r.images.removed} removed` : ""})`;
  return `${r.alias.padEnd(10)} id ${r.channelId}  http://${r.alias}.localhost:${PORT}${status}  ${counts}, ${images}  ${Math.round(ms)} ms`;
}
