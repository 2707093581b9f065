// One entry per part of a tenant definition: how many rows it declares, and the statements that write them
// and delete the channel's rows that are no longer declared. A later part (the catalogue) is one more entry.
//
// Rows travel as one JSON parameter per statement (UPDATE … FROM json_each(?), INSERT … SELECT … FROM
// json_each(?)): a section is three or four statements per 100 rows, and D1's limit of 100 bound parameters per
// statement never applies.
// Table and column names come from the Drizzle schema; values go through each column's own driver mapping.
import { getTableColumns, getTableName } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  channelDomains,
  channelSettings,
  colorSettings,
  customForms,
  faqs,
  menuItems,
  pages,
  prerolls,
  slides,
  staticBlocks,
} from "../../api/db/schema";
import { flattenMenu, type TenantDefinition } from "./tenant-definition";

export interface SectionContext {
  d1: D1Database;
  def: TenantDefinition;
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
}

/**
 * Writes rows of a channel-owned table by (channel_id, key): updates the rows that exist and changed, inserts the
 * missing ones, then deletes the channel's rows whose key is no longer declared. (Not INSERT … ON CONFLICT DO
 * UPDATE: with AUTOINCREMENT every conflicting insert still consumes an id, so new rows would get gaps.)
 */
function sync<T extends SQLiteTable>(ctx: SectionContext, spec: SyncSpec<T>): D1PreparedStatement[] {
  const { writes, stale } = syncParts(ctx, spec);
  return [...writes, stale];
}

function syncParts<T extends SQLiteTable>(ctx: SectionContext, spec: SyncSpec<T>) {
  const table = q(getTableName(spec.table));
  const columns = getTableColumns(spec.table) as Record<string, SQLiteColumn>;
  const props = [...new Set(spec.rows.flatMap((r) => Object.keys(r)))];
  const names = props.map((p) => columns[p].name);
  const keyNames = spec.key.map((p) => columns[p].name);
  const value = (name: string) => `json_extract(j.value, '$[${names.indexOf(name)}]')`;
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
    const json = JSON.stringify(chunk.map((row) => props.map((p) => (row[p] == null ? null : columns[p].mapToDriverValue(row[p])))));
    if (update) writes.push(ctx.d1.prepare(update).bind(ctx.def.alias, json));
    writes.push(ctx.d1.prepare(insert).bind(ctx.def.alias, json));
  }

  const keyOf = (row: Record<string, unknown>) => spec.key.map((k) => String(row[k])).join("\u001f");
  const keys = JSON.stringify(spec.rows.map((r) => keyOf(r as Record<string, unknown>)));
  const keyExpr = keyNames.map(q).join(" || char(31) || ");
  const stale = `DELETE FROM ${table} WHERE channel_id = ${CHANNEL_ID} AND ${keyExpr} NOT IN (SELECT value FROM json_each(?2))`;
  return { writes, stale: ctx.d1.prepare(stale).bind(ctx.def.alias, keys) };
}

const orNull = <T>(v: T | undefined) => v ?? null;

export const sections: Section[] = [
  {
    name: "domains",
    count: (def) => def.domains.length,
    statements: (ctx) => sync(ctx, { table: channelDomains, key: ["hostname"], global: true, rows: ctx.def.domains.map((hostname) => ({ hostname })) }),
  },
  {
    name: "settings",
    count: (def) => Object.keys(def.settings).length,
    statements: (ctx) => {
      const settings: Record<string, unknown> = { ...ctx.def.settings };
      for (const key of ["logo", "favicon"] as const) if (typeof settings[key] === "string") settings[key] = ctx.image(settings[key]);
      // A null setting is its default: no row (and a row from an earlier load is deleted).
      const rows = Object.entries(settings)
        .filter(([, value]) => value !== null)
        .map(([key, value]) => ({ key, value }));
      return sync(ctx, { table: channelSettings, key: ["key"], rows });
    },
  },
  {
    name: "colors",
    count: (def) => Object.values(def.colors).reduce((n, map) => n + Object.keys(map ?? {}).length, 0),
    statements: (ctx) => {
      const rows = Object.entries(ctx.def.colors).flatMap(([clientInterface, map]) =>
        Object.entries(map ?? {}).map(([key, value]) => ({ clientInterface, key, value: value.toLowerCase() })),
      );
      return sync(ctx, { table: colorSettings, key: ["clientInterface", "key"], rows });
    },
  },
  {
    name: "menu",
    count: (def) => flattenMenu(def.menu).length,
    statements: (ctx) => {
      const items = flattenMenu(ctx.def.menu);
      const rows = items.map(({ item, placement, index }) => ({
        key: item.key,
        placement: placement!,
        kind: item.kind,
        name: item.name,
        url: orNull(item.url),
        alias: orNull(item.alias),
        image: item.image ? ctx.image(item.image) : null,
        weight: item.weight ?? index,
      }));
      // parent_id by key, once every item of the channel exists (new parents included).
      const parentId =
        `(SELECT p.id FROM menu_items AS p WHERE p.channel_id = menu_items.channel_id AND p.key = ` +
        `(SELECT json_extract(j.value, '$[1]') FROM json_each(?2) AS j WHERE json_extract(j.value, '$[0]') = menu_items.key))`;
      const parents = ctx.d1
        .prepare(`UPDATE menu_items SET parent_id = ${parentId} WHERE channel_id = ${CHANNEL_ID} AND parent_id IS NOT ${parentId}`)
        .bind(ctx.def.alias, JSON.stringify(items.map(({ item, parent }) => [item.key, parent?.key ?? null])));
      const { writes, stale } = syncParts(ctx, { table: menuItems, key: ["key"], rows });
      return [...writes, parents, stale];
    },
  },
  {
    name: "slides",
    count: (def) => def.slides.length,
    statements: (ctx) => {
      const rows = ctx.def.slides.map((s, i) => ({
        key: s.key,
        clientInterface: s.client_interface,
        slidableType: s.slidable_type,
        slidableAlias: orNull(s.slidable_alias),
        title: s.title,
        subtitle: orNull(s.subtitle),
        image: ctx.image(s.image),
        imageAlt: orNull(s.image_alt),
        linkUrl: orNull(s.link_url),
        cta: orNull(s.cta),
        weight: s.weight ?? i,
      }));
      return sync(ctx, { table: slides, key: ["key"], rows });
    },
  },
  {
    name: "pages",
    count: (def) => def.pages.length,
    statements: (ctx) => {
      const rows = ctx.def.pages.map((p, i) => ({
        url: p.url,
        name: p.name,
        altName: orNull(p.alt_name),
        description: orNull(p.description),
        content: p.content,
        weight: p.weight ?? i,
      }));
      return sync(ctx, { table: pages, key: ["url"], rows });
    },
  },
  {
    name: "faq",
    count: (def) => def.faq.length,
    statements: (ctx) => {
      const rows = ctx.def.faq.map((f, i) => ({ key: f.key, question: f.question, answer: f.answer, weight: f.weight ?? i }));
      return sync(ctx, { table: faqs, key: ["key"], rows });
    },
  },
  {
    name: "forms",
    count: (def) => def.custom_forms.length,
    statements: (ctx) => {
      const rows = ctx.def.custom_forms.map((f) => ({ alias: f.alias, title: f.title, fields: f.fields, successMessage: orNull(f.success_message) }));
      return sync(ctx, { table: customForms, key: ["alias"], rows });
    },
  },
  {
    name: "blocks",
    count: (def) => def.static_blocks.length,
    statements: (ctx) => {
      const rows = ctx.def.static_blocks.map((b, i) => ({
        key: b.key,
        placement: b.placement,
        type: b.type,
        title: orNull(b.title),
        content: orNull(b.content),
        imageUrl: b.image ? ctx.image(b.image) : null,
        imageAlt: orNull(b.image_alt),
        linkUrl: orNull(b.link_url),
        weight: b.weight ?? i,
      }));
      return sync(ctx, { table: staticBlocks, key: ["key"], rows });
    },
  },
  {
    name: "prerolls",
    count: (def) => def.prerolls.length,
    statements: (ctx) => {
      const rows = ctx.def.prerolls.map((p) => ({
        key: p.key,
        url: p.url,
        weight: p.weight,
        locationId: p.location_id,
        eventCategories: p.event_categories,
        forVod: p.for_vod,
        forLive: p.for_live,
      }));
      return sync(ctx, { table: prerolls, key: ["key"], rows });
    },
  },
];
