// Editing a channel's definition from the console (issue 16). A change is applied to the stored document, the whole
// document is validated by the same schema as a tenant folder (so a menu entry cannot point at a page that no
// longer exists), and the loader's own sections write it, with the version check and the audit entry in the same
// batch. Then the channel's caches are dropped.
import type { z } from "zod";
import { channelFileSchema } from "../../channels/definition";
import { EDITABLE_SECTIONS, itemKey, readSection, withSection, type EditableSection, type EditableSectionName } from "../../channels/editable";
import { itemTag, sameDefinitionValue } from "../../channels/item-tag";
import { ImageMissingError, writeSections } from "../../channels/loader";
import {
  freezeDefinition,
  isStaleVersionError,
  parseStored,
  presentSection,
  replaceDefinitionStatement,
  settleSection,
  storedJson,
  type ScheduleClock,
  type StoredDefinition,
} from "../../channels/stored";
import type { SectionState } from "../../contract/console";
import { CONSOLE_MESSAGES } from "../../contract/console-messages";
import { codeOfIssue, definitionMessage, type FieldCode, type FieldCodes } from "../../contract/definition-messages";
import { auditStatement } from "../../db/repos/audit";
import { findDefinition } from "../../db/repos/definitions";
import { ApiError } from "../../lib/errors";
import { TtlCache } from "../../lib/ttl-cache";
import { channelChanged, type ConsoleScope } from "./scope";

export type SectionChange =
  | { kind: "replace"; value: unknown }
  | { kind: "save"; id: string; value: Record<string, unknown> }
  | { kind: "remove"; id: string }
  /** The platform's own edits: the item computed from its current value (undefined when new). */
  | { kind: "update"; id: string; update: (item: Record<string, unknown> | undefined) => Record<string, unknown> };

interface Loaded {
  def: StoredDefinition;
  version: number;
  updatedAt: number;
  /** A rolling channel's anchor (null: fixed). */
  anchor: number | null;
}

/**
 * Parsed copies by channel and version: a console page reads several sections at once, and validating a large
 * channel's whole document (hundreds of events) each time would cost CPU for nothing. A version never changes content.
 */
const parsed = new TtlCache<StoredDefinition>(60_000, 50);

async function load(scope: ConsoleScope): Promise<Loaded> {
  const row = await findDefinition(scope.db, scope.channel.id);
  if (!row) throw new ApiError(404, CONSOLE_MESSAGES.notFound);
  const cacheKey = `${scope.channel.id}:${row.version}:${row.updatedAt}`;
  let def = parsed.get(cacheKey, scope.now);
  if (!def) parsed.set(cacheKey, (def = parseStored(row.definition, scope.channel.alias)), scope.now);
  return { def, version: row.version, updatedAt: row.updatedAt, anchor: row.scheduleAnchor };
}

/** The clock a rolling channel's relative times are read with (a fixed channel stores none). */
const clockOf = (scope: ConsoleScope, loaded: Loaded): ScheduleClock => ({ anchor: loaded.anchor ?? scope.now, now: scope.now });

/**
 * A section as the console edits it: its value (a rolling channel's times where they stand now), the version it was
 * read at and, for a list, each item's tag. Tags are of the items as stored, so they do not change as times roll.
 */
function sectionState(def: StoredDefinition, name: EditableSectionName, version: number, updatedAt: number, clock: ScheduleClock): SectionState {
  const section: EditableSection = EDITABLE_SECTIONS[name];
  const held = readSection(def, name);
  const tagged = (item: unknown): [string, string][] => {
    const key = itemKey(name, item);
    return key === undefined ? [] : [[key, itemTag(item)]];
  };
  const tags = section.key && Array.isArray(held) ? Object.fromEntries(held.flatMap(tagged)) : null;
  return { section: name, value: presentSection(def, name, held, clock), version, updated_at: updatedAt, tags };
}

export async function getSection(scope: ConsoleScope, name: EditableSectionName): Promise<SectionState> {
  const loaded = await load(scope);
  return sectionState(loaded.def, name, loaded.version, loaded.updatedAt, clockOf(scope, loaded));
}

/**
 * Whether an item change made on an older copy may still go through: the editor said which copy of the item it
 * changed (`base`, its tag as read; "absent" for a new one), and the item is still that. Another item of the channel
 * changed meanwhile, not this one.
 */
function rebases(current: Loaded, name: EditableSectionName, change: SectionChange, base: string | undefined): boolean {
  if (base === undefined || (change.kind !== "save" && change.kind !== "remove")) return false;
  const section: EditableSection = EDITABLE_SECTIONS[name];
  const list = readSection(current.def, name);
  if (!section.key || !Array.isArray(list)) return false;
  return itemTag(list.find((item) => itemKey(name, item) === change.id)) === base;
}

/**
 * Applies one change to a section and writes it; answers the section as it now is. A change made on an older copy
 * is refused (409), unless it changes one item that is still as the editor read it (`base`).
 */
export async function changeSection(scope: ConsoleScope, name: EditableSectionName, version: number, change: SectionChange, base?: string): Promise<SectionState> {
  const current = await load(scope);
  if (current.version !== version && !rebases(current, name, change, base)) throw new ApiError(409, CONSOLE_MESSAGES.conflict);
  // A section replaced by what it already holds is left alone: no write (a time zone's would write every event and
  // library video again), no new version, nothing in the audit log.
  const held = readSection(current.def, name);
  const clock = clockOf(scope, current);
  if (change.kind === "replace" && sameDefinitionValue(held, settleSection(current.def, name, held, change.value, clock)))
    return sectionState(current.def, name, current.version, current.updatedAt, clock);
  const stored = await write(scope, current, [{ name, change }]);
  return sectionState(stored, name, current.version + 1, scope.now, clock);
}

/**
 * Changes made by the platform itself (an upload became a library video): applied to the latest copy, and once
 * more on a fresh copy if an editor saved in between.
 */
export async function changeLatest(scope: ConsoleScope, changes: { name: EditableSectionName; change: SectionChange }[]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await write(scope, await load(scope), changes);
      return;
    } catch (error) {
      if (attempt > 0 || !(error instanceof ApiError && error.status === 409)) throw error;
    }
  }
}

/** Applies the changes in order to the copy, validates the result and writes it with its audit entries in one batch. */
async function write(scope: ConsoleScope, current: Loaded, changes: { name: EditableSectionName; change: SectionChange }[]): Promise<StoredDefinition> {
  let json = storedJson(current.def);
  const audits = [];
  for (const { name, change } of changes) {
    const held = readSection(json as unknown as StoredDefinition, name);
    const { value, audit } = apply(name, EDITABLE_SECTIONS[name], held, change);
    json = withSection(json, name, settleSection(current.def, name, held, value, clockOf(scope, current)));
    audits.push(audit);
  }
  const last = changes[changes.length - 1];
  const stored = freezeDefinition(validate(json, scope.channel.alias, last.name, last.change), scope.now);
  const writes = new Set(changes.flatMap(({ name }) => EDITABLE_SECTIONS[name].writes));
  try {
    await writeSections(scope.env.DB, scope.env.MEDIA, stored, [...writes], {
      now: scope.now,
      anchor: current.anchor,
      before: [replaceDefinitionStatement(scope.env.DB, scope.channel.id, stored, current.version, scope.now)],
      after: audits.map((audit) =>
        auditStatement(scope.env.DB, { ...audit, channelId: scope.channel.id, actorUserId: scope.actor.id, actorEmail: scope.actor.email, createdAt: scope.now }),
      ),
    });
  } catch (error) {
    throw writeError(error);
  }
  await channelChanged(scope.env, scope.channel.alias);
  return stored;
}

/** The section's next value and what the audit log says of the change. */
function apply(name: EditableSectionName, section: EditableSection, before: unknown, change: SectionChange) {
  if (change.kind === "replace") {
    return { value: change.value, audit: { action: "section.replace", target: name, before, after: change.value } };
  }
  if (!section.key || !Array.isArray(before)) throw new ApiError(422, CONSOLE_MESSAGES.invalid, { section: [CONSOLE_MESSAGES.unknownSection] });
  const list = before as unknown[];
  const index = list.findIndex((item) => itemKey(name, item) === change.id);
  const target = `${name}/${change.id}`;
  if (change.kind === "remove") {
    if (index === -1) throw new ApiError(404, CONSOLE_MESSAGES.notFound);
    return { value: list.filter((_, i) => i !== index), audit: { action: "item.remove", target, before: list[index], after: null } };
  }
  const saved = change.kind === "update" ? change.update(index === -1 ? undefined : (list[index] as Record<string, unknown>)) : change.value;
  // A saved item may rename itself (its key changes): it keeps its place.
  const newKey = itemKey(name, saved);
  if (newKey !== undefined && newKey !== change.id && list.some((item) => itemKey(name, item) === newKey))
    throw fieldError(section.key, { code: "alreadyUsed", params: { value: newKey } });
  const value = index === -1 ? [...list, saved] : list.map((item, i) => (i === index ? saved : item));
  return { value, audit: { action: index === -1 ? "item.create" : "item.update", target, before: index === -1 ? null : list[index], after: saved } };
}

/**
 * The whole document, validated as a tenant folder is. Problems inside the edited section (or item) are named by
 * their path within it; problems it causes elsewhere (a menu entry left pointing at a removed page) by their path
 * in the document.
 */
function validate(json: Record<string, unknown>, alias: string, name: EditableSectionName, change: SectionChange): StoredDefinition {
  const result = channelFileSchema.safeParse(json);
  if (result.success) {
    const { alias: _declared, ...def } = result.data;
    return { ...def, alias };
  }
  const path = EDITABLE_SECTIONS[name].path;
  const list = readSection(json as unknown as StoredDefinition, name);
  const itemIndex = change.kind === "save" && Array.isArray(list) ? list.findIndex((item) => itemKey(name, item) === itemKey(name, change.value)) : -1;
  const errors: Record<string, string[]> = {};
  const codes: FieldCodes = {};
  for (const issue of result.error.issues) {
    const field = relativePath(issue, path, itemIndex);
    (errors[field] ??= []).push(issueMessage(issue));
    (codes[field] ??= []).push(codeOfIssue(issue));
  }
  const unreadable = result.error.issues.some((i) => i.code === "custom" && (i.params as { contrast?: boolean } | undefined)?.contrast);
  throw new ApiError(422, unreadable ? CONSOLE_MESSAGES.unreadableColors : CONSOLE_MESSAGES.invalid, errors, codes);
}

function relativePath(issue: z.core.$ZodIssue, path: readonly string[], itemIndex: number): string {
  const at = issue.path.map(String);
  const inSection = path.every((step, i) => at[i] === step);
  if (!inSection) return at.join(".") || "value";
  let rest = at.slice(path.length);
  if (itemIndex !== -1 && rest[0] === String(itemIndex)) rest = rest.slice(1);
  const keys = issue.code === "unrecognized_keys" ? issue.keys : [];
  return [...rest, ...keys.slice(0, 1)].join(".") || "value";
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys") return "unknown key";
  return issue.message;
}

/** D1's refusals in the spec's kind of words: a stale copy, a row still in use, a missing image. */
function writeError(error: unknown): unknown {
  if (isStaleVersionError(error)) return new ApiError(409, CONSOLE_MESSAGES.conflict);
  if (/FOREIGN KEY constraint failed/.test(String(error))) return new ApiError(409, CONSOLE_MESSAGES.inUse);
  if (error instanceof ImageMissingError) {
    const codes: FieldCodes = Object.fromEntries(error.missing.map((m) => [m.at, [{ code: "imageNotFound", params: { value: m.ref } }]]));
    return new ApiError(422, CONSOLE_MESSAGES.invalid, wordsOf(codes), codes);
  }
  return error;
}

/** A refusal of one field, in the English words and as its code. */
function fieldError(field: string, code: FieldCode): ApiError {
  const codes: FieldCodes = { [field]: [code] };
  return new ApiError(422, CONSOLE_MESSAGES.invalid, wordsOf(codes), codes);
}

const wordsOf = (codes: FieldCodes) => Object.fromEntries(Object.entries(codes).map(([field, list]) => [field, list.map(definitionMessage)]));
