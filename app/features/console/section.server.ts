// What the console's list and item pages load and how their forms save (issue 16). The API validates and writes;
// here the posted form becomes the item, uploads go first, and the API's answer comes back as field errors.
import type { EditableSectionName } from "@api/channels/editable";
import type { SectionState } from "@api/contract/console";
import type { FieldCodes } from "@api/contract/definition-messages";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asResult } from "~/server/api/errors";
import { dropChannelMemory } from "~/server/cache.server";
import { readForm } from "~/server/form.server";
import { type ChannelManager, notFound, requireChannelManager } from "~/server/guards.server";
import { applyRowIntent, readForm as readFields, type Field, type Json, type Option, type RowChange } from "./fields";
import { slugOf } from "./row-keys";
import { listSection, NEW_ITEM, type FieldContext, type ListSection } from "./sections";

/** A form with an image may carry one file of up to 2 MB (the API's limit), plus the fields. */
export const UPLOAD_FORM_MAX_BYTES = 2 * 1024 * 1024 + 64 * 1024;

export interface SectionPage {
  manager: ChannelManager;
  spec: ListSection;
  state: SectionState;
  items: Record<string, unknown>[];
  ctx: FieldContext;
}

export async function loadSectionPage(context: AppLoadContext, request: Request, slug: string | undefined): Promise<SectionPage> {
  const spec = listSection(slug);
  if (!spec) notFound();
  const manager = requireChannelManager(context, request);
  const [state, images, zone, ...refs] = await Promise.all([
    manager.api.console.section(spec.section),
    manager.api.console.images(),
    // The catalogue's time zone: where event times are read and shown.
    manager.api.console.section("time_zone"),
    ...spec.refs.map((name) => manager.api.console.section(name)),
  ]);
  const items = (state.value as Record<string, unknown>[]) ?? [];
  const ctx: FieldContext = {
    refs: Object.fromEntries(spec.refs.map((name, i) => [name, refs[i].value as Record<string, unknown>[]])),
    images: images.map((img): Option => ({ value: img.ref, label: img.ref })),
    timeZone: typeof zone.value === "string" ? zone.value : "UTC",
    lang: manager.tenant.lang,
  };
  return { manager, spec, state, items, ctx };
}

/** The image options plus any image the item already names (a tenant file), so a save never drops it. */
export function withCurrentImages(fields: Field[], item: Record<string, unknown> | undefined): Field[] {
  return fields.map((f) => {
    if (f.kind !== "image") return f;
    const current = f.name.split(".").reduce<unknown>((n, s) => (n && typeof n === "object" ? (n as Record<string, unknown>)[s] : undefined), item);
    return typeof current === "string" && !f.images.some((o) => o.value === current) ? { ...f, images: [{ value: current, label: current }, ...f.images] } : f;
  });
}

export type SaveOutcome =
  | { ok: true; id: string; removed: boolean }
  /** Refused: the item as posted (`draft`) comes back with the errors, so nothing typed is lost. */
  | { ok: false; status: number; message: string; errors: Record<string, string[]>; codes?: FieldCodes; draft?: Json }
  /** A row was added, removed or moved: nothing is saved, the form shows the draft again. */
  | { ok: "draft"; draft: Json; row: RowChange };

/** The posted form of a console page: read first, before anything else runs (ADR 021). */
export const readConsoleForm = (request: Request) => readForm(request, { fileMaxBytes: UPLOAD_FORM_MAX_BYTES });

/** Saves or removes one item from a posted form. */
export async function saveItemFromForm(page: SectionPage, form: FormData, id: string): Promise<SaveOutcome> {
  const { manager, spec } = page;
  const version = Number(form.get("version"));
  const base = typeof form.get("base") === "string" ? String(form.get("base")) : undefined;
  const done = (result: { ok: true } | { ok: false; status: number; message: string; errors: Record<string, string[]>; codes?: FieldCodes }, key: string, removed = false, draft?: Json): SaveOutcome => {
    if (!result.ok) return { ...result, draft };
    dropChannelMemory(manager.tenant.channel.alias);
    return { ok: true, id: key, removed };
  };
  if (form.get("intent") === "delete") return done(await asResult(manager.api.console.removeItem(spec.section, id, version, base)), id, true);
  const existing = page.items.find((i) => i[spec.key] === id);
  const fields = withCurrentImages(spec.fields(page.ctx), existing);
  // Files first: a chosen upload becomes the field's value.
  for (const field of fields.filter((f) => f.kind === "image")) {
    const file = form.get(`${field.name}.__upload`);
    if (!(file instanceof File) || file.size === 0) continue;
    const uploaded = await asResult(manager.api.console.uploadImage(file));
    if (!uploaded.ok) return { ok: false, status: uploaded.status, message: uploaded.message, errors: { [field.name]: [uploaded.message] } };
    form.set(field.name, uploaded.value.ref);
  }
  const read = readFields(fields, form, existing ?? spec.template ?? {});
  const { errors } = read;
  let { value } = read;
  const row = applyRowIntent(value, String(form.get("intent") ?? ""), fields);
  if (row) return { ok: "draft", draft: row.value, row };
  if (Object.keys(errors).length) return { ok: false, status: 422, message: "", errors, draft: value };
  // A refusal shows the item as typed: keys made for it below are made again from what is typed next.
  const posted = value;
  if (spec.complete) value = spec.complete(value, page.items);
  // A new item left without a key gets one from what names it, as the definition wants keys.
  if (id === NEW_ITEM && typeof value[spec.key] !== "string" && spec.key !== "url") value = { ...value, [spec.key]: suggestKey(spec.section, value, page.items.map((i) => String(i[spec.key]))) };
  const key = typeof value[spec.key] === "string" ? (value[spec.key] as string) : id;
  return done(await asResult(manager.api.console.saveItem(spec.section, id === NEW_ITEM ? key : id, version, value, base)), key, false, posted);
}

export type { EditableSectionName };

/** A key for a new item: an event's matchup and day, else its name; made unique among the section's keys. */
export function suggestKey(section: EditableSectionName, value: Record<string, unknown>, taken: string[]): string {
  const name = (v: unknown) => (typeof v === "string" ? v : v && typeof v === "object" ? String(Object.values(v as Record<string, string>)[0] ?? "") : "");
  const day = ((value.start as { utc?: string } | undefined)?.utc ?? "").slice(0, 10);
  const base =
    slugOf(section === "events" ? [value.away, "at", value.home, day].filter(Boolean).join(" ") : name(value.name ?? value.title ?? value.question ?? value.code), "-") ||
    section.replace(/_/g, "-");
  let key = base;
  for (let n = 2; taken.includes(key); n++) key = `${base}-${n}`;
  return key;
}
