// The console's forms (issue 16) are described, not hand-written: a section lists its fields, and the same list
// renders the form, reads the posted form back into the definition's shape, and places the API's errors beside the
// fields they are about. Pure, so the round trip is unit-tested.

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
    /** Structured values the simple kinds cannot hold (a form's fields): edited as JSON. */
    | { kind: "json" }
  );

export const LANGS = ["en", "fr"] as const;
type Json = Record<string, unknown>;

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

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
};

/**
 * The posted form as the item it edits: `base` (the item as stored) with every field of the form replaced, so what
 * the form does not show (a menu entry's children) is kept.
 */
export function readForm(fields: Field[], form: FormData, base: Json = {}): ReadResult {
  let value: Json = { ...base };
  const errors: Record<string, string[]> = {};
  for (const field of fields) {
    const { name } = field;
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
        if (typeof v === "number" && Number.isNaN(v)) (errors[name] ??= []).push("must be a number");
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
        if (raw !== undefined && !utc) (errors[name] ??= []).push("must be a date and time");
        v = utc ? { utc } : undefined;
        break;
      }
      case "json": {
        const raw = text(form, name);
        try {
          v = raw === undefined ? undefined : JSON.parse(raw);
        } catch {
          (errors[name] ??= []).push("must be valid JSON");
          v = getPath(base, name);
        }
        break;
      }
    }
    value = setPath(value, name, v);
  }
  return { value, errors };
}

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
