// The parts of a channel definition the console edits (issue 16): where each lives in the document, what names one
// of its items, and which loader sections write it. The console, setup and tests all write through the loader's
// sections, so a channel is written one way whoever edits it.
import type { TenantDefinition } from "./definition";

export interface EditableSection {
  /** Where the value lives in the definition. */
  path: readonly string[];
  /** A list: the field that names an item (unique in the list). An object section (settings, colours) has none. */
  key?: string;
  /** The loader sections that write it, in the loader's order (sections.ts). */
  writes: readonly string[];
  /** The value when the definition has none yet. */
  empty: unknown;
}

export const EDITABLE_SECTIONS = {
  settings: { path: ["settings"], writes: ["settings"], empty: {} },
  colors: { path: ["colors"], writes: ["colors"], empty: {} },
  menu: { path: ["menu"], key: "key", writes: ["menu"], empty: [] },
  slides: { path: ["slides"], key: "key", writes: ["slides"], empty: [] },
  pages: { path: ["pages"], key: "url", writes: ["pages"], empty: [] },
  faq: { path: ["faq"], key: "key", writes: ["faq"], empty: [] },
  custom_forms: { path: ["custom_forms"], key: "alias", writes: ["forms"], empty: [] },
  static_blocks: { path: ["static_blocks"], key: "key", writes: ["blocks"], empty: [] },
  prerolls: { path: ["prerolls"], key: "key", writes: ["prerolls"], empty: [] },
  sports: { path: ["catalogue", "sports"], key: "alias", writes: ["sports"], empty: [] },
  schools: { path: ["catalogue", "schools"], key: "alias", writes: ["schools"], empty: [] },
  // A team's short name and gender are copied onto its events (their default name, the gender filter).
  teams: { path: ["catalogue", "teams"], key: "alias", writes: ["teams", "events"], empty: [] },
  locations: { path: ["catalogue", "locations"], key: "key", writes: ["locations"], empty: [] },
  events: { path: ["catalogue", "events"], key: "key", writes: ["events"], empty: [] },
  vod_categories: { path: ["catalogue", "vod_categories"], key: "alias", writes: ["vod_categories"], empty: [] },
  vod_items: { path: ["catalogue", "vod_items"], key: "key", writes: ["vod_items"], empty: [] },
  vod_rails: { path: ["catalogue", "vod_rails"], key: "key", writes: ["vod_rails"], empty: [] },
  products: { path: ["products", "products"], key: "key", writes: ["products"], empty: [] },
  coupons: { path: ["products", "coupons"], key: "code", writes: ["coupons"], empty: [] },
} as const satisfies Record<string, EditableSection>;

export type EditableSectionName = keyof typeof EDITABLE_SECTIONS;
export const EDITABLE_SECTION_NAMES = Object.keys(EDITABLE_SECTIONS) as EditableSectionName[];
export const isEditableSection = (name: string): name is EditableSectionName => Object.hasOwn(EDITABLE_SECTIONS, name);

type Json = Record<string, unknown>;

/** The section's value in a definition (its empty value when absent). */
export function readSection(def: TenantDefinition, name: EditableSectionName): unknown {
  const section: EditableSection = EDITABLE_SECTIONS[name];
  let node: unknown = def;
  for (const step of section.path) {
    node = node && typeof node === "object" ? (node as Json)[step] : undefined;
  }
  return node ?? section.empty;
}

/** A copy of the definition's JSON with the section replaced (parents created when missing). */
export function withSection(def: Json, name: EditableSectionName, value: unknown): Json {
  const path = EDITABLE_SECTIONS[name].path;
  const set = (node: Json | undefined, i: number): Json => {
    const copy: Json = { ...(node ?? {}) };
    copy[path[i]] = i === path.length - 1 ? value : set(copy[path[i]] as Json | undefined, i + 1);
    return copy;
  };
  return set(def, 0);
}

/** The key of a list item, or undefined when it has none. */
export function itemKey(name: EditableSectionName, item: unknown): string | undefined {
  const field = (EDITABLE_SECTIONS[name] as EditableSection).key;
  const value = field && item && typeof item === "object" ? (item as Json)[field] : undefined;
  return typeof value === "string" ? value : undefined;
}
