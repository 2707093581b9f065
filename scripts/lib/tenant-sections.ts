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
import {
  eventCategories,
  events,
  locations,
  participantGroupProperties,
  participantGroups,
  participants,
  vodMediaCategories,
  vodMediaItems,
  vodMediaRailItems,
  vodMediaRails,
} from "../../api/db/catalogue-schema";
import { resolveEvents, resolveVodItems, type Catalogue } from "./tenant-catalogue";
import { flattenMenu, type TenantDefinition } from "./tenant-definition";

export interface SectionContext {
  d1: D1Database;
  def: TenantDefinition;
  /** Epoch ms that the catalogue's relative times count from. */
  now: number;
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

const orNull = <T>(v: T | undefined) => v ?? null;

/**
 * Sets parent_id by alias/key once every row of the channel exists (new parents included): `pairs` are
 * [key, parent key or null].
 */
function parentStatement(ctx: SectionContext, table: SQLiteTable, keyColumn: string, pairs: [string, string | null][]): D1PreparedStatement {
  const t = q(getTableName(table));
  const k = q(keyColumn);
  const parentId =
    `(SELECT p.id FROM ${t} AS p WHERE p.channel_id = ${t}.channel_id AND p.${k} = ` +
    `(SELECT json_extract(j.value, '$[1]') FROM json_each(?2) AS j WHERE json_extract(j.value, '$[0]') = ${t}.${k}))`;
  return ctx.d1.prepare(`UPDATE ${t} SET parent_id = ${parentId} WHERE channel_id = ${CHANNEL_ID} AND parent_id IS NOT ${parentId}`).bind(ctx.def.alias, JSON.stringify(pairs));
}

const EMPTY_CATALOGUE: Catalogue = {
  time_zone: "UTC",
  sports: [],
  participant_group_properties: [],
  schools: [],
  teams: [],
  locations: [],
  events: [],
  vod_categories: [],
  vod_items: [],
  vod_rails: [],
};
/** A channel without a catalogue has an empty one: loading it removes catalogue rows an earlier load wrote. */
const catalogueOf = (def: TenantDefinition) => def.catalogue ?? EMPTY_CATALOGUE;
const images = (ctx: SectionContext, map: Record<string, string>) => Object.fromEntries(Object.entries(map).map(([k, ref]) => [k, ctx.image(ref)]));

/**
 * The catalogue, in dependency order (a row's references are written before it). They come before the slides,
 * whose slidable_id points at sports, schools and teams.
 */
const catalogueSections: Section[] = [
  {
    name: "sports",
    count: (def) => catalogueOf(def).sports.length,
    statements: (ctx) => {
      const list = catalogueOf(ctx.def).sports;
      const rows = list.map((s, i) => ({ alias: s.alias, name: s.name, image: s.image ? ctx.image(s.image) : null, weight: s.weight ?? i }));
      const { writes, stale } = syncParts(ctx, { table: eventCategories, key: ["alias"], rows });
      return [...writes, parentStatement(ctx, eventCategories, "alias", list.map((s) => [s.alias, s.parent ?? null])), stale];
    },
  },
  {
    name: "school_properties",
    count: (def) => catalogueOf(def).participant_group_properties.length,
    statements: (ctx) => {
      const rows = catalogueOf(ctx.def).participant_group_properties.map((p, i) => ({ key: p.key, name: p.name, values: p.values, weight: p.weight ?? i }));
      return sync(ctx, { table: participantGroupProperties, key: ["key"], rows });
    },
  },
  {
    name: "schools",
    count: (def) => catalogueOf(def).schools.length,
    statements: (ctx) => {
      const rows = catalogueOf(ctx.def).schools.map((s, i) => ({
        alias: s.alias,
        name: s.name,
        shortName: orNull(s.short_name),
        images: images(ctx, s.images),
        color: s.color?.toLowerCase() ?? null,
        city: orNull(s.city),
        state: orNull(s.state),
        properties: s.properties,
        weight: s.weight ?? i,
      }));
      return sync(ctx, { table: participantGroups, key: ["alias"], rows });
    },
  },
  {
    name: "teams",
    count: (def) => catalogueOf(def).teams.length,
    statements: (ctx) => {
      const c = catalogueOf(ctx.def);
      const schools = new Map(c.schools.map((s) => [s.alias, s]));
      const rows = c.teams.map((t, i) => {
        const school = schools.get(t.school)!;
        return {
          alias: t.alias,
          name: t.name,
          shortName: orNull(t.short_name),
          images: images(ctx, t.images ?? school.images),
          color: (t.color ?? school.color)?.toLowerCase() ?? null,
          groupId: t.school as unknown as number,
          eventCategoryId: t.sport as unknown as number,
          gender: t.gender,
          properties: t.properties,
          weight: t.weight ?? i,
        };
      });
      const { writes, stale } = syncParts(ctx, {
        table: participants,
        key: ["alias"],
        rows,
        refs: { groupId: byAlias(participantGroups), eventCategoryId: byAlias(eventCategories) },
      });
      return [...writes, parentStatement(ctx, participants, "alias", c.teams.map((t) => [t.alias, t.parent ?? null])), stale];
    },
  },
  {
    name: "locations",
    count: (def) => catalogueOf(def).locations.length,
    statements: (ctx) => {
      const rows = catalogueOf(ctx.def).locations.map((l) => ({ key: l.key, name: l.name, address: orNull(l.address), city: l.city, state: l.state, country: l.country }));
      return sync(ctx, { table: locations, key: ["key"], rows });
    },
  },
  {
    name: "events",
    count: (def) => catalogueOf(def).events.length,
    statements: (ctx) => {
      const rows = resolveEvents(catalogueOf(ctx.def), ctx.now).map((e) => ({
        key: e.key,
        name: e.name,
        description: orNull(e.description),
        type: e.type,
        accessType: e.access_type,
        eventUtcTs: e.eventUtcTs,
        endUtcTs: e.endUtcTs,
        timeZone: e.timeZone,
        locationId: orNull(e.location) as unknown as number,
        eventCategoryId: e.sport as unknown as number,
        homeTeamId: e.home as unknown as number,
        awayTeamId: e.away as unknown as number,
        gender: e.gender,
        poster: e.poster ? ctx.image(e.poster) : null,
      }));
      return sync(ctx, {
        table: events,
        key: ["key"],
        rows,
        refs: {
          locationId: byAlias(locations, "key"),
          eventCategoryId: byAlias(eventCategories),
          homeTeamId: byAlias(participants),
          awayTeamId: byAlias(participants),
        },
      });
    },
  },
  {
    name: "vod_categories",
    count: (def) => catalogueOf(def).vod_categories.length,
    statements: (ctx) => {
      const list = catalogueOf(ctx.def).vod_categories;
      const rows = list.map((v, i) => ({ alias: v.alias, name: v.name, weight: v.weight ?? i }));
      const { writes, stale } = syncParts(ctx, { table: vodMediaCategories, key: ["alias"], rows });
      return [...writes, parentStatement(ctx, vodMediaCategories, "alias", list.map((v) => [v.alias, v.parent ?? null])), stale];
    },
  },
  {
    name: "vod_items",
    count: (def) => catalogueOf(def).vod_items.length,
    statements: (ctx) => {
      const rows = resolveVodItems(catalogueOf(ctx.def), ctx.now).map((v) => ({
        key: v.key,
        title: v.title,
        description: orNull(v.description),
        searchText: v.searchText,
        date: v.date,
        durationS: orNull(v.duration),
        categoryId: orNull(v.category) as unknown as number,
        eventId: orNull(v.event) as unknown as number,
        assets: v.assets.map((a) => ({ type: a.type, path: ctx.image(a.path) })),
        requiresVodMedia: v.requires_vod_media,
      }));
      return sync(ctx, {
        table: vodMediaItems,
        key: ["key"],
        rows,
        refs: { categoryId: byAlias(vodMediaCategories), eventId: byAlias(events, "key") },
      });
    },
  },
  {
    name: "vod_rails",
    count: (def) => catalogueOf(def).vod_rails.length,
    statements: (ctx) => {
      const rails = catalogueOf(ctx.def).vod_rails;
      const railRows = rails.map((r, i) => ({ key: r.key, title: r.title, weight: r.weight ?? i }));
      const itemRows = rails.flatMap((r) => r.items.map((item, i) => ({ railId: r.key as unknown as number, itemId: item as unknown as number, weight: i })));
      const railSync = syncParts(ctx, { table: vodMediaRails, key: ["key"], rows: railRows });
      const itemSync = syncParts(ctx, {
        table: vodMediaRailItems,
        key: ["railId", "itemId"],
        rows: itemRows,
        refs: { railId: byAlias(vodMediaRails, "key"), itemId: byAlias(vodMediaItems, "key") },
      });
      // Rail items of removed rails go with them (ON DELETE CASCADE needs foreign keys on; delete them explicitly).
      return [...railSync.writes, itemSync.stale, railSync.stale, ...itemSync.writes];
    },
  },
];

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
  ...catalogueSections,
  {
    name: "slides",
    count: (def) => def.slides.length,
    statements: (ctx) => {
      const rows = ctx.def.slides.map((s, i) => ({
        key: s.key,
        clientInterface: s.client_interface,
        slidableType: s.slidable_type,
        slidableAlias: orNull(s.slidable_alias),
        slidableId: orNull(s.slidable_alias) as unknown as number,
        title: s.title,
        subtitle: orNull(s.subtitle),
        image: ctx.image(s.image),
        imageAlt: orNull(s.image_alt),
        linkUrl: orNull(s.link_url),
        cta: orNull(s.cta),
        weight: s.weight ?? i,
      }));
      // slidable_id: the sport, school or team the alias names (NULL for main slides or without a catalogue).
      const slidableId = (v: string, value: (column: string) => string) =>
        `CASE ${value("slidable_type")} WHEN 'category' THEN ${byAlias(eventCategories)(v)} WHEN 'group' THEN ${byAlias(participantGroups)(v)} ` +
        `WHEN 'participant' THEN ${byAlias(participants)(v)} END`;
      return sync(ctx, { table: slides, key: ["key"], rows, refs: { slidableId } });
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
