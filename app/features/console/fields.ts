// The console's forms (issue 16) are described, not hand-written: a section lists its fields, and the same list
// renders the form, reads the posted form back into the definition's shape, and places the API's errors beside the
// fields they are about. Pure, so the round trip is unit-tested.

import { DEFINITION_MESSAGES } from "@api/contract/definition-messages";

export interface Option {
  value: string;
  label: string;
}

interface Base {
  /** The value's path in the item, dot-separated ("images.logo", "limits.clips"). */
  name: string;
  /** A console locale key (console:fields.<label>) naming it. */
  label: string;
  required?: boolean;
  /** A console locale key with a hint shown under it. */
  hint?: string;
}

export type Field = Base &
  (
    | { kind: "text"; pattern?: string; inputMode?: "url" | "email" }
    | { kind: "localized"; multiline?: boolean; markdown?: boolean }
    | { kind: "number"; min?: number; max?: number; step?: number }
    | { kind: "checkbox"; default?: boolean }
    | { kind: "select"; options: Option[]; empty?: boolean }
    | { kind: "multiselect"; options: Option[] }
    | { kind: "datetime"; timeZone: string }
    | { kind: "color" }
    | { kind: "image"; images: Option[] }
    /** A list of short strings, one per line. */
    | { kind: "lines" }
    /** Structured values the simple kinds cannot hold: edited as JSON. */
    | { kind: "json" }
    /**
     * A list of small items (a form's fields, a menu entry's children), one row each, with its own fields. `row`
     * names the console:rows.<row> words; `when` shows the list only in rows where another field has a value (a
     * select's options); plain data, as the loader sends the fields to the browser. Rows are added, removed and moved by submit buttons (ROW_INTENT), so it works without JavaScript.
     */
    | { kind: "rows"; fields: Field[]; row: string; when?: { field: string; is: string } }
  );

export const LANGS = ["en", "fr"] as const;
export type Json = Record<string, unknown>;

/** The value at a dot path. */
export function getPath(value: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((node, step) => (node && typeof node === "object" ? (node as Json)[step] : undefined), value);
}

/** A copy of `target` with the value at a dot path set (undefined removes it; emptied parents go too). */
export function setPath(target: Json, path: string, value: unknown): Json {
  const [head, ...rest] = path.split(".");
  const copy: Json = { ...target };
  const next = rest.length ? setPath((copy[head] as Json | undefined) ?? {}, rest.join("."), value) : value;
  if (next === undefined || (rest.length && Object.keys(next as Json).length === 0)) delete copy[head];
  else copy[head] = next;
  return copy;
}

// ---- Wall-clock times in a zone ------------------------------------------------------------------------------

function zoneOffsetMs(ms: number, timeZone: string): number {
  const p = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" })
    .formatToParts(ms)
    .reduce<Record<string, number>>((acc, part) => (part.type === "literal" ? acc : { ...acc, [part.type]: Number(part.value) }), {});
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - ms;
}

/** "2026-11-28T19:00" in `timeZone` for an instant (what a datetime-local input shows). */
export function toLocalInput(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  return new Date(ms + zoneOffsetMs(ms, timeZone)).toISOString().slice(0, 16);
}

/** The instant of a datetime-local value read in `timeZone` (the earlier one across a DST change), or null. */
export function fromLocalInput(local: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)$/.exec(local);
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  let guess = wall;
  for (let i = 0; i < 3; i++) guess = wall - zoneOffsetMs(guess, timeZone);
  return new Date(guess).toISOString();
}

// ---- Form → value -----------------------------------------------------------------------------------------------

export interface ReadResult {
  value: Json;
  /** Problems found before the API is asked (a datetime or JSON that does not parse). */
  errors: Record<string, string[]>;
}

/** What a row keeps that its fields do not show (a menu child's own children), carried through re-renders. */
export const ROW_KEEP = "__keep";
/** How many rows a list posted. */
export const ROW_COUNT = "__count";

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
};

/**
 * The posted form as the item it edits: `base` (the item as stored) with every field of the form replaced, so what
 * the form does not show (a menu entry's children) is kept.
 */
export function readForm(fields: Field[], form: FormData, base: Json = {}, prefix = ""): ReadResult {
  let value: Json = { ...base };
  const errors: Record<string, string[]> = {};
  for (const field of fields) {
    const name = prefix + field.name;
    let v: unknown;
    switch (field.kind) {
      case "text":
      case "color":
      case "image":
      case "select":
        v = text(form, name);
        break;
      case "localized": {
        const parts = Object.fromEntries(LANGS.map((l) => [l, text(form, `${name}.${l}`)]).filter(([, t]) => t !== undefined));
        v = Object.keys(parts).length ? parts : undefined;
        break;
      }
      case "number": {
        const raw = text(form, name);
        v = raw === undefined ? undefined : Number(raw);
        if (typeof v === "number" && Number.isNaN(v)) (errors[name] ??= []).push(DEFINITION_MESSAGES.notNumber);
        break;
      }
      case "checkbox":
        v = form.get(name) === "on";
        break;
      case "multiselect":
        v = form.getAll(name).filter((x): x is string => typeof x === "string" && x !== "");
        break;
      case "lines": {
        const raw = form.get(name);
        v = typeof raw === "string" ? raw.split(/\r?\n/).map((l) => l.trim()).filter(Boolean) : [];
        break;
      }
      case "datetime": {
        const raw = text(form, name);
        const utc = raw === undefined ? null : fromLocalInput(raw, field.timeZone);
        if (raw !== undefined && !utc) (errors[name] ??= []).push(DEFINITION_MESSAGES.notDateTime);
        v = utc ? { utc } : undefined;
        break;
      }
      case "json": {
        const raw = text(form, name);
        try {
          v = raw === undefined ? undefined : JSON.parse(raw);
        } catch {
          (errors[name] ??= []).push(DEFINITION_MESSAGES.notJson);
            v = getPath(base, field.name);
        }
        break;
      }
      case "rows": {
        const rows = readRows(field, form, name);
        Object.assign(errors, rows.errors);
        v = rows.value;
        break;
      }
    }
    value = setPath(value, field.name, v);
  }
  return { value, errors };
}

/** The rows of a list as posted: each row's fields over what it keeps; a list of none is left out. */
function readRows(field: Extract<Field, { kind: "rows" }>, form: FormData, name: string): { value: Json[] | undefined; errors: Record<string, string[]> } {
  const count = Math.min(Number(form.get(`${name}.${ROW_COUNT}`)) || 0, 200);
  const errors: Record<string, string[]> = {};
  const value: Json[] = [];
  for (let i = 0; i < count; i++) {
    const row = readForm(field.fields, form, keptOf(form.get(`${name}.${i}.${ROW_KEEP}`)), `${name}.${i}.`);
    Object.assign(errors, row.errors);
    value.push(row.value);
  }
  return { value: value.length ? value : undefined, errors };
}

function keptOf(raw: FormDataEntryValue | null): Json {
  if (typeof raw !== "string" || raw === "") return {};
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {};
  } catch {
    return {};
  }
}

/** What a row keeps that its fields do not show, as its hidden input carries it ("" when nothing). */
export function rowKeep(field: Extract<Field, { kind: "rows" }>, row: unknown): string {
  if (!row || typeof row !== "object") return "";
  const shown = new Set(field.fields.map((f) => f.name.split(".")[0]));
  const rest = Object.fromEntries(Object.entries(row as Json).filter(([k]) => !shown.has(k)));
  return Object.keys(rest).length ? JSON.stringify(rest) : "";
}

// ---- Rows: add, remove, move ------------------------------------------------------------------------------------

/** A row button's intent: `row:add:<list>`, `row:remove|up|down:<list>.<index>`. */
export const ROW_INTENT = /^row:(add|remove|up|down):([a-z_][a-z0-9_.]*)$/;

export interface RowChange {
  value: Json;
  /** The id of what should have focus next (the moved row's button, a new row's first input, the list's add button). */
  focus: string;
  /** What happened, in console:rows.done.<what> words. */
  done: "added" | "removed" | "movedUp" | "movedDown";
  /** The row (1-based) it happened to. */
  position: number;
}

/** Applies a row button's intent to the item read from the form; null when the intent is not one. */
export function applyRowIntent(value: Json, intent: string, fields: Field[]): RowChange | null {
  const m = ROW_INTENT.exec(intent);
  if (!m) return null;
  const [, op, target] = m;
  const steps = target.split(".");
  const listPath = op === "add" ? target : steps.slice(0, -1).join(".");
  const index = op === "add" ? -1 : Number(steps[steps.length - 1]);
  const field = rowsField(fields, listPath);
  if (!field || (op !== "add" && !Number.isInteger(index))) return null;
  const list = [...((getPath(value, listPath) as Json[] | undefined) ?? [])];
  if (op !== "add" && (index < 0 || index >= list.length)) return null;
  const id = (path: string) => idOf(path);
  let focus: string;
  let position: number;
  if (op === "add") {
    list.push({});
    position = list.length;
    const first = field.fields[0];
    focus = id(`${listPath}.${list.length - 1}.${first.name}${first.kind === "localized" ? `.${LANGS[0]}` : ""}`);
  } else if (op === "remove") {
    list.splice(index, 1);
    position = index + 1;
    focus = list.length ? id(`${listPath}.${Math.min(index, list.length - 1)}.__remove`) : id(`${listPath}.__add`);
  } else {
    const to = op === "up" ? index - 1 : index + 1;
    if (to < 0 || to >= list.length) return null;
    [list[index], list[to]] = [list[to], list[index]];
    position = to + 1;
    // The same button, unless the row reached the end where that button is disabled.
    const edge = op === "up" ? to === 0 : to === list.length - 1;
    focus = id(`${listPath}.${to}.${edge ? (op === "up" ? "__down" : "__up") : `__${op}`}`);
  }
  const done = op === "add" ? "added" : op === "remove" ? "removed" : op === "up" ? "movedUp" : "movedDown";
  return { value: setIn(value, listPath.split("."), list), focus, done, position };
}

/** The rows field a list path names ("fields", "fields.2.options"), or undefined. */
function rowsField(fields: Field[], path: string): Extract<Field, { kind: "rows" }> | undefined {
  const steps = path.split(".");
  let current: Field[] = fields;
  let found: Extract<Field, { kind: "rows" }> | undefined;
  for (let i = 0; i < steps.length; i++) {
    const f = current.find((x) => x.name === steps[i]);
    if (!f || f.kind !== "rows") return undefined;
    found = f;
    if (i === steps.length - 1) break;
    if (!/^\d+$/.test(steps[++i] ?? "")) return undefined;
    current = f.fields;
  }
  return found;
}

/** A copy of `target` with the value at a path set, array-aware (numeric steps index lists). */
function setIn(target: unknown, steps: string[], value: unknown): Json {
  const [head, ...rest] = steps;
  const node = Array.isArray(target) ? [...target] : { ...((target as Json | undefined) ?? {}) };
  const current = (node as Record<string, unknown>)[head];
  (node as Record<string, unknown>)[head] = rest.length ? setIn(current, rest, value) : value;
  return node as Json;
}

/** A translatable value in one language (the default, else any), or "". */
/** A translatable value in one language (English, then French, or the plain string, when missing): what a list shows. */
export function localized(v: unknown, lang: string): string {
  if (typeof v === "string") return v;
  if (v && typeof v === "object") {
    const o = v as Record<string, string>;
    return o[lang] ?? o.en ?? o.fr ?? "";
  }
  return "";
}

export function localizedText(v: unknown, lang: string): string {
  if (typeof v === "string") return v;
  if (v && typeof v === "object") return String((v as Record<string, unknown>)[lang] ?? Object.values(v as Record<string, unknown>).find((x) => typeof x === "string") ?? "");
  return "";
}

/** A form control's id from its name ("fields.0.label.en" → "f-fields-0-label-en"). */
export const idOf = (name: string) => `f-${name.replaceAll(".", "-")}`;

// ---- Value → form -----------------------------------------------------------------------------------------------

/** What a field's input shows for a stored item: a string, a localized pair, or a list of chosen values. */
export function fieldDefault(field: Field, item: unknown, defaultLang: string): string | boolean | string[] | Record<string, string> {
  const v = getPath(item, field.name);
  switch (field.kind) {
    case "localized": {
      if (typeof v === "string") return { [defaultLang]: v };
      return Object.fromEntries(Object.entries((v as Record<string, string> | undefined) ?? {}).filter(([, s]) => typeof s === "string"));
    }
    case "checkbox":
      return typeof v === "boolean" ? v : (field.default ?? false);
    case "multiselect":
      return Array.isArray(v) ? v.map(String) : [];
    case "datetime": {
      const utc = (v as { utc?: string } | undefined)?.utc;
      return utc ? toLocalInput(utc, field.timeZone) : "";
    }
    case "lines":
      return Array.isArray(v) ? v.join("\n") : "";
    case "json":
      return v === undefined ? "" : JSON.stringify(v, null, 2);
    case "rows":
      return "";
    default:
      return v === undefined || v === null ? "" : String(v);
  }
}

/** The API's errors of one field (its own path, or a path inside it). */
export function errorsFor(errors: Record<string, string[]> | undefined, name: string): string[] {
  if (!errors) return [];
  return Object.entries(errors)
    .filter(([path]) => path === name || path.startsWith(`${name}.`))
    .flatMap(([path, messages]) => (path === name ? messages : messages.map((m) => `${path.slice(name.length + 1)}: ${m}`)));
}

/** Errors no field of the form shows: said above the form, with their path. */
export function otherErrors(errors: Record<string, string[]> | undefined, fields: Field[]): string[] {
  if (!errors) return [];
  return Object.entries(errors)
    .filter(([path]) => !fields.some((f) => path === f.name || path.startsWith(`${f.name}.`)))
    .flatMap(([path, messages]) => messages.map((m) => (path === "value" ? m : `${path}: ${m}`)));
}
