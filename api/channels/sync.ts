// How a section writes its rows: upsert by key with stable ids (update changed rows, insert missing ones, delete
// the channel's rows that are no longer declared), all as statements for one D1 batch.
//
// Rows travel as one JSON parameter per statement (UPDATE … FROM json_each(?), INSERT … SELECT … FROM
// json_each(?)): a section is three or four statements per 100 rows, and D1's limit of 100 bound parameters per
// statement never applies.
// Table and column names come from the Drizzle schema; values go through each column's own driver mapping.
import { getTableColumns, getTableName } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { TenantDefinition } from "./definition";

export interface SectionContext {
  d1: D1Database;
  def: TenantDefinition;
  /** Epoch ms the catalogue's times are written for. */
  now: number;
  /** Epoch ms a rolling schedule's relative times count from (its load time; `now` when loading). */
  anchor: number;
  /** An image as stored: a local path becomes /api/assets/<path>?v=<hash>; URLs stay as they are. */
  image: (ref: string) => string;
}

export interface Section {
  name: string;
  count: (def: TenantDefinition) => number;
  statements: (ctx: SectionContext) => D1PreparedStatement[];
}

/** SQL for the channel's id, by alias (bound as ?1), so the channel row can be written in the same batch. */
export const CHANNEL_ID = "(SELECT c.id FROM channels AS c WHERE c.alias = ?1)";
const ROWS_PER_STATEMENT = 100;

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
type Row<T extends SQLiteTable> = Omit<T["$inferInsert"], "id" | "channelId">;

interface SyncSpec<T extends SQLiteTable> {
  table: T;
  /** Columns that identify a row within the channel (the unique index besides channel_id). */
  key: (keyof Row<T> & string)[];
  rows: Row<T>[];
  /** The unique index is the key alone, across channels (hostnames); the loader's pre-check refuses foreign ones. */
  global?: boolean;
  /**
   * Columns whose row value is a reference (an alias or key) resolved in SQL to an id, so rows written earlier in
   * the same batch are found: `v` is the SQL of the row's value, `value(column)` the SQL of another column's.
   */
  refs?: Partial<Record<keyof Row<T> & string, (v: string, value: (column: string) => string) => string>>;
}

/** A reference by alias (or another unique column) to a row of the channel in `table`: its id, or NULL. */
export const byAlias =
  (table: SQLiteTable, column = "alias") =>
  (v: string) =>
    `(SELECT r.id FROM ${q(getTableName(table))} AS r WHERE r.channel_id = ${CHANNEL_ID} AND r.${q(column)} = ${v})`;

/**
 * Writes rows of a channel-owned table by (channel_id, key): updates the rows that exist and changed, inserts the
 * missing ones, then deletes the channel's rows whose key is no longer declared. (Not INSERT … ON CONFLICT DO
 * UPDATE: with AUTOINCREMENT every conflicting insert still consumes an id, so new rows would get gaps.)
 */
export function sync<T extends SQLiteTable>(ctx: SectionContext, spec: SyncSpec<T>): D1PreparedStatement[] {
  const { writes, stale } = syncParts(ctx, spec);
  return [...writes, stale];
}

export function syncParts<T extends SQLiteTable>(ctx: SectionContext, spec: SyncSpec<T>) {
  const table = q(getTableName(spec.table));
  const columns = getTableColumns(spec.table) as Record<string, SQLiteColumn>;
  const props = [...new Set(spec.rows.flatMap((r) => Object.keys(r)))];
  const names = props.map((p) => columns[p].name);
  const keyNames = spec.key.map((p) => columns[p].name);
  const raw = (name: string) => `json_extract(j.value, '$[${names.indexOf(name)}]')`;
  const refByName = new Map(Object.entries(spec.refs ?? {}).map(([p, fn]) => [columns[p].name, fn!]));
  const value = (name: string) => (refByName.has(name) ? refByName.get(name)!(raw(name), raw) : raw(name));
  const matches = (alias: string) => keyNames.map((n) => `${alias}.${q(n)} = ${value(n)}`).join(" AND ");
  const ownRow = (alias: string) => (spec.global ? matches(alias) : `${alias}.channel_id = ${CHANNEL_ID} AND ${matches(alias)}`);
  const changing = names.filter((n) => !keyNames.includes(n));

  const update = changing.length
    ? `UPDATE ${table} AS t SET ${changing.map((n) => `${q(n)} = ${value(n)}`).join(", ")} FROM json_each(?2) AS j ` +
      `WHERE t.channel_id = ${CHANNEL_ID} AND ${matches("t")} AND (${changing.map((n) => `t.${q(n)} IS NOT ${value(n)}`).join(" OR ")})`
    : null;
  const insert =
    `INSERT INTO ${table} (channel_id, ${names.map(q).join(", ")}) ` +
    `SELECT ${CHANNEL_ID}, ${names.map(value).join(", ")} FROM json_each(?2) AS j ` +
    `WHERE NOT EXISTS (SELECT 1 FROM ${table} AS t WHERE ${ownRow("t")})`;

  const writes: D1PreparedStatement[] = [];
  for (let i = 0; i < spec.rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = spec.rows.slice(i, i + ROWS_PER_STATEMENT) as Record<string, unknown>[];
    const json = JSON.stringify(
      chunk.map((row) => props.map((p) => (row[p] == null ? null : refByName.has(columns[p].name) ? row[p] : columns[p].mapToDriverValue(row[p])))),
    );
    if (update) writes.push(ctx.d1.prepare(update).bind(ctx.def.alias, json));
    writes.push(ctx.d1.prepare(insert).bind(ctx.def.alias, json));
  }

  if (keyNames.some((n) => refByName.has(n))) {
    // Keys that are references: a row stays if a declared row resolves to it.
    const all = JSON.stringify((spec.rows as Record<string, unknown>[]).map((row) => props.map((p) => row[p] ?? null)));
    const stale = `DELETE FROM ${table} AS t WHERE t.channel_id = ${CHANNEL_ID} AND NOT EXISTS (SELECT 1 FROM json_each(?2) AS j WHERE ${matches("t")})`;
    return { writes, stale: ctx.d1.prepare(stale).bind(ctx.def.alias, all) };
  }
  const keyOf = (row: Record<string, unknown>) => spec.key.map((k) => String(row[k])).join("\u001f");
  const keys = JSON.stringify(spec.rows.map((r) => keyOf(r as Record<string, unknown>)));
  const keyExpr = keyNames.map(q).join(" || char(31) || ");
  const stale = `DELETE FROM ${table} WHERE channel_id = ${CHANNEL_ID} AND ${keyExpr} NOT IN (SELECT value FROM json_each(?2))`;
  return { writes, stale: ctx.d1.prepare(stale).bind(ctx.def.alias, keys) };
}

export const orNull = <T>(v: T | undefined) => v ?? null;

/**
 * Sets parent_id by alias/key once every row of the channel exists (new parents included): `pairs` are
 * [key, parent key or null].
 */
export function parentStatement(ctx: SectionContext, table: SQLiteTable, keyColumn: string, pairs: [string, string | null][]): D1PreparedStatement {
  const t = q(getTableName(table));
  const k = q(keyColumn);
  const parentId =
    `(SELECT p.id FROM ${t} AS p WHERE p.channel_id = ${t}.channel_id AND p.${k} = ` +
    `(SELECT json_extract(j.value, '$[1]') FROM json_each(?2) AS j WHERE json_extract(j.value, '$[0]') = ${t}.${k}))`;
  return ctx.d1.prepare(`UPDATE ${t} SET parent_id = ${parentId} WHERE channel_id = ${CHANNEL_ID} AND parent_id IS NOT ${parentId}`).bind(ctx.def.alias, JSON.stringify(pairs));
}
