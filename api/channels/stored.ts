// The stored copy of a channel's definition (issue 16): what setup and the console last wrote, kept in D1 so the
// console edits the very document the tenant folder or an earlier edit gave. On a fixed schedule relative times are
// resolved before it is stored, so writing it again never moves an event; a rolling channel keeps them (they are
// read against the clock, docs/decisions/027). Demo users are not kept (accounts live in their own table).
import { relativeTimeSchema, resolveStart } from "./catalogue";
import { parseTenantDefinition, type TenantDefinition } from "./definition";
import type { EditableSectionName } from "./editable";
import { sameDefinitionValue } from "./item-tag";
import { CHANNEL_ID } from "./sync";
import { isRollingTime, rollingStart } from "./times";

/** A definition without demo users, its catalogue times absolute unless its schedule rolls. */
export type StoredDefinition = TenantDefinition;

const iso = (ms: number) => new Date(ms).toISOString();

/** The definition as it is stored: users left out, and on a fixed schedule its times resolved from `now`. */
export function freezeDefinition(def: TenantDefinition, now: number): StoredDefinition {
  const { users: _users, ...rest } = def;
  const c = def.catalogue;
  const catalogue = c && def.schedule !== "rolling" && {
    ...c,
    events: c.events.map((e) => ({ ...e, start: { utc: iso(resolveStart(e.start, now, e.time_zone ?? c.time_zone)) } })),
    vod_items: c.vod_items.map((v) => (v.date ? { ...v, date: { utc: iso(resolveStart(v.date, now, c.time_zone)) } } : v)),
  };
  return { ...rest, users: [], ...(catalogue ? { catalogue } : {}) };
}

// ---- A rolling channel's times in the console ----------------------------------------------------------------

/** The clock of a rolling schedule: its anchor (the load time) and now. */
export interface ScheduleClock {
  anchor: number;
  now: number;
}

type Item = Record<string, unknown>;
/** The list sections whose items carry a catalogue time, and the field that holds it. */
const TIMED: Partial<Record<EditableSectionName, "start" | "date">> = { events: "start", vod_items: "date" };
const isItem = (v: unknown): v is Item => !!v && typeof v === "object" && !Array.isArray(v);

/** An item's relative time made absolute: where it stands at now on the schedule (`rolled`), or from now (not). */
function absolute(def: StoredDefinition, name: EditableSectionName, item: Item, clock: ScheduleClock, rolled: boolean): Item {
  const field = TIMED[name]!;
  const time = relativeTimeSchema.safeParse(item[field]);
  if (!time.success || !isRollingTime(time.data)) return item;
  const zone = name === "events" && typeof item.time_zone === "string" ? item.time_zone : (def.catalogue?.time_zone ?? "UTC");
  const length = name === "events" && typeof item.duration === "number" ? Math.round(item.duration * 60) * 1000 : 0;
  const at = rolled ? rollingStart(time.data, clock.anchor, clock.now, zone, length).start : resolveStart(time.data, clock.now, zone);
  return { ...item, [field]: { utc: iso(at) } };
}

/** A section as the console shows it: each relative time of a rolling channel where it stands at now. */
export function presentSection(def: StoredDefinition, name: EditableSectionName, value: unknown, clock: ScheduleClock): unknown {
  if (!TIMED[name] || !Array.isArray(value)) return value;
  return value.map((item) => (isItem(item) ? absolute(def, name, item, clock, true) : item));
}

/**
 * A section's new value as it is stored. An item left as it is held, or put back as it was shown, keeps its rule: it
 * did not change. In any other item a relative time becomes absolute at now: the console adds no rules, and an event
 * it edits stops rolling while the others roll on.
 */
export function settleSection(def: StoredDefinition, name: EditableSectionName, held: unknown, value: unknown, clock: ScheduleClock): unknown {
  if (!TIMED[name] || !Array.isArray(value)) return value;
  // Events and library items are both named by their `key`.
  const heldByKey = new Map((Array.isArray(held) ? held : []).filter(isItem).map((item) => [item.key, item]));
  return value.map((item) => {
    if (!isItem(item)) return item;
    const before = heldByKey.get(item.key);
    if (before && (sameDefinitionValue(item, before) || sameDefinitionValue(item, absolute(def, name, before, clock, true)))) return before;
    return absolute(def, name, item, clock, false);
  });
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
