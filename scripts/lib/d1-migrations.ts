// The D1 migrations applied through a D1 binding (the local platform proxy's), the way `wrangler d1 migrations apply`
// does: the same `d1_migrations` table, the files in their numeric order, split into statements by wrangler's own
// splitter, each file with its row in one batch (one transaction). Spawning wrangler for it took 12 of the 21 s
// `npm run setup` took (a Miniflare of its own); on the proxy setup already starts it is well under a second. A state
// migrated here is one wrangler sees as migrated, and the other way round.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { unstable_splitSqlQuery } from "wrangler";

/** wrangler's default `migrations_table`; wrangler.toml sets none. */
export const MIGRATIONS_TABLE = "d1_migrations";

/** The same table wrangler creates, so either can apply the next migration. */
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE}(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

export interface Migration {
  name: string;
  statements: string[];
}

/** The `.sql` files of `dir`, ordered by their number as wrangler orders them. */
export async function readMigrations(dir: string): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith(".sql"));
  names.sort((a, b) => parseInt(a.split("_")[0]!, 10) - parseInt(b.split("_")[0]!, 10) || a.localeCompare(b));
  return Promise.all(names.map(async (name) => ({ name, statements: unstable_splitSqlQuery(await readFile(path.join(dir, name), "utf8")) })));
}

/** Applies the migrations `db` has not recorded yet, in order; answers their names. */
export async function applyMigrations(db: D1Database, migrations: Migration[]): Promise<string[]> {
  await db.prepare(CREATE_TABLE).run();
  const { results } = await db.prepare(`SELECT name FROM ${MIGRATIONS_TABLE}`).all<{ name: string }>();
  const done = new Set(results.map((r) => r.name));
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.name)) continue;
    await db.batch([...m.statements.map((s) => db.prepare(s)), db.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (name) VALUES (?)`).bind(m.name)]);
    applied.push(m.name);
  }
  return applied;
}
