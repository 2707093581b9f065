// Maps stored channel rows to the wire shapes, resolving translatable text to one language.
import type { BootstrapData, CustomForm, FaqItem, MenuItem, Page, PageSummary, Preroll, ResolvedSettings, Slide, StaticBlock } from "../contract/channel";
import { customFormFieldSchema } from "../contract/channel";
import type { Language } from "../contract/constants";
import { channelSettingsSchema } from "../contract/settings";
import type { Channel } from "../db/repos/channels";
import type { CustomFormRow, FaqRow, MenuRow, PageRow, PrerollRow, SlideRow, StaticBlockRow } from "../db/repos/content";
import { type LocalizedText, localize, localizeOptional } from "./localize";

export interface Lang {
  lang: Language;
  fallback: Language;
}

const t = (v: unknown, l: Lang) => localize(v as LocalizedText, l.lang, l.fallback);
const tOpt = (v: unknown, l: Lang) => localizeOptional(v as LocalizedText, l.lang, l.fallback);

export function toSettings(channel: Channel, rows: { key: string; value: unknown }[], prerolls: PrerollRow[]): ResolvedSettings {
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return { ...channelSettingsSchema.parse(stored), name: channel.name, alias: channel.alias, prerolls: prerolls.map(toPreroll) };
}

/** The channel's default language, read from its setting rows. */
export function defaultLanguage(rows: { key: string; value: unknown }[]): Language {
  return channelSettingsSchema.shape.language.parse(rows.find((r) => r.key === "language")?.value);
}

export function toPreroll(row: PrerollRow): Preroll {
  return {
    id: row.id,
    url: row.url,
    weight: row.weight,
    location_id: row.locationId,
    event_categories: row.eventCategories,
    for_vod: row.forVod,
    for_live: row.forLive,
  };
}

/** Builds the menu tree; children sit under their parent, in weight order. */
export function toMenu(rows: MenuRow[], l: Lang): MenuItem[] {
  const byId = new Map<number, MenuItem>();
  for (const r of rows) {
    byId.set(r.id, {
      id: r.id,
      name: t(r.name, l),
      kind: r.kind,
      placement: r.placement,
      url: r.url,
      alias: r.alias,
      image: r.image,
      children: [],
    });
  }
  const roots: MenuItem[] = [];
  for (const r of rows) {
    const item = byId.get(r.id)!;
    const parent = r.parentId != null ? byId.get(r.parentId) : undefined;
    (parent ? parent.children : roots).push(item);
  }
  return roots;
}

export function toSlide(r: SlideRow, l: Lang): Slide {
  return {
    id: r.id,
    slidable_type: r.slidableType,
    slidable_id: r.slidableId,
    slidable_alias: r.slidableAlias,
    title: t(r.title, l),
    subtitle: tOpt(r.subtitle, l),
    image: r.image,
    image_alt: tOpt(r.imageAlt, l) ?? t(r.title, l),
    link_url: r.linkUrl,
    cta: tOpt(r.cta, l),
  };
}

export function toPageSummary(r: Pick<PageRow, "id" | "url" | "name" | "altName">, l: Lang): PageSummary {
  return { id: r.id, url: r.url, name: t(r.name, l), alt_name: tOpt(r.altName, l) };
}

export function toPage(r: PageRow, l: Lang): Page {
  return { ...toPageSummary(r, l), description: tOpt(r.description, l), content: t(r.content, l) };
}

export function toFaq(r: FaqRow, l: Lang): FaqItem {
  return { id: r.id, question: t(r.question, l), answer: t(r.answer, l) };
}

export function toStaticBlock(r: StaticBlockRow, l: Lang): StaticBlock {
  return {
    id: r.id,
    placement: r.placement,
    type: r.type,
    title: tOpt(r.title, l),
    content: tOpt(r.content, l),
    image_url: r.imageUrl,
    image_alt: tOpt(r.imageAlt, l) ?? tOpt(r.title, l) ?? "",
    link_url: r.linkUrl,
  };
}

export function toCustomForm(r: CustomFormRow, l: Lang): CustomForm {
  const fields = customFormFieldSchema.array().parse(r.fields);
  return {
    id: r.id,
    alias: r.alias,
    title: t(r.title, l),
    success_message: tOpt(r.successMessage, l),
    fields: fields.map((f) => ({
      ...f,
      label: t(f.label, l),
      options: f.options?.map((o) => ({ value: o.value, label: t(o.label, l) })),
    })),
  };
}

export function toColors(rows: { key: string; value: string }[]): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** Bootstrap parts that later features fill (commerce); empty until their tables exist. */
export const EMPTY_COMMERCE: Pick<BootstrapData, "packages" | "subscriptions"> = { packages: [], subscriptions: [] };
