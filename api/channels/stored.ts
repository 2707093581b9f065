// The stored copy of a channel's definition (issue 16): what setup and the console last wrote, kept in D1 so the
// console edits the very document the tenant folder or an earlier edit gave. Relative times are resolved before it
// is stored, so writing it again never moves an event; demo users are not kept (accounts live in their own table).
import { resolveStart } from "./catalogue";
import { parseTenantDefinition, type TenantDefinition } from "./definition";
import { CHANNEL_ID } from "./sync";

/** A definition with every catalogue time absolute and no demo users. */
export type StoredDefinition = TenantDefinition;

const iso = (ms: number) => new Date(ms).toISOString();

/** The definition as it is stored: times resolved from `now`, users left out. */
export function freezeDefinition(def: TenantDefinition, now: number): StoredDefinition {
  const { users: _users, ...rest } = def;
  const c = def.catalogue;
  const catalogue = c && {
    ...c,
    events: c.events.map((e) => ({ ...e, start: { utc: iso(resolveStart(e.start, now, e.time_zone ?? c.time_zone)) } })),
    vod_items: c.vod_items.map((v) => (v.date ? { ...v, date: { utc: iso(resolveStart(v.date, now, c.time_zone)) } } : v)),
  };
  return { ...rest, users: [], ...(catalogue ? { catalogue } : {}) };
}

/** The document as JSON, without the alias (the channel row holds it). */
export function storedJson(def: StoredDefinition): Record<string, unknown> {
  const { alias: _alias, ...rest } = def;
  return rest as Record<string, unknown>;
}

/** A stored document read back, validated as any definition is (a stored one was valid when written). */
export function parseStored(json: unknown, alias: string): StoredDefinition {
  return parseTenantDefinition(json, alias, `stored definition of ${alias}`);
}

/** Stores (or replaces) the channel's document and bumps its version, by alias, inside the loader's batch. */
export function storeDefinitionStatement(d1: D1Database, def: StoredDefinition, now: number): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO channel_definitions (channel_id, definition, version, updated_at) VALUES (${CHANNEL_ID}, ?2, 1, ?3) ` +
        "ON CONFLICT (channel_id) DO UPDATE SET definition = excluded.definition, version = channel_definitions.version + 1, updated_at = excluded.updated_at",
    )
    .bind(def.alias, JSON.stringify(storedJson(def)), now);
}

/**
 * Replaces the document only if it is still at `version`, as the first statement of a console write's batch. A
 * mismatch writes NULL into the NOT NULL version column, which fails the statement and so rolls the whole batch
 * back: an edit made on a stale copy changes nothing (the caller answers 409).
 */
export function replaceDefinitionStatement(d1: D1Database, channelId: number, def: StoredDefinition, version: number, now: number): D1PreparedStatement {
  return d1
    .prepare(
      "UPDATE channel_definitions SET definition = ?2, version = CASE WHEN version = ?3 THEN version + 1 ELSE NULL END, updated_at = ?4 " +
        "WHERE channel_id = ?1",
    )
    .bind(channelId, JSON.stringify(storedJson(def)), version, now);
}

/** The error D1 reports when replaceDefinitionStatement found another version. */
export const isStaleVersionError = (error: unknown) => /NOT NULL constraint failed: channel_definitions\.version/.test(String(error));
