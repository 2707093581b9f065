// Maps stored channel rows to the wire shapes, resolving translatable text to one language.
import type { BootstrapData, CustomForm, FaqItem, MenuItem, Page, PageSummary, Preroll, ResolvedSettings, Slide, StaticBlock } from "../contract/channel";
import { customFormFieldSchema } from "../contract/channel";
import { channelSettingsSchema } from "../contract/settings";
import { availableProviders } from "../providers/oauth/providers";
import type { Channel } from "../db/repos/channels";
import type { CustomFormRow, FaqRow, MenuRow, PageRow, PrerollRow, SlideRow, StaticBlockRow } from "../db/repos/content";
import { type Lang, tr, trOpt } from "./lang";

export type { Lang } from "./lang";

export function toSettings(channel: Channel, rows: { key: string; value: unknown }[], prerolls: PrerollRow[]): ResolvedSettings {
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return { ...channelSettingsSchema.parse(stored), name: channel.name, alias: channel.alias, prerolls: prerolls.map(toPreroll) };
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
      name: tr(r.name, l),
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
    title: tr(r.title, l),
    subtitle: trOpt(r.subtitle, l),
    image: r.image,
    image_alt: trOpt(r.imageAlt, l) ?? tr(r.title, l),
    link_url: r.linkUrl,
    cta: trOpt(r.cta, l),
  };
}

export function toPageSummary(r: Pick<PageRow, "id" | "url" | "name" | "altName">, l: Lang): PageSummary {
  return { id: r.id, url: r.url, name: tr(r.name, l), alt_name: trOpt(r.altName, l) };
}

export function toPage(r: PageRow, l: Lang): Page {
  return { ...toPageSummary(r, l), description: trOpt(r.description, l), content: tr(r.content, l) };
}

export function toFaq(r: FaqRow, l: Lang): FaqItem {
  return { id: r.id, question: tr(r.question, l), answer: tr(r.answer, l) };
}

export function toStaticBlock(r: StaticBlockRow, l: Lang): StaticBlock {
  return {
    id: r.id,
    placement: r.placement,
    type: r.type,
    title: trOpt(r.title, l),
    content: trOpt(r.content, l),
    image_url: r.imageUrl,
    image_alt: trOpt(r.imageAlt, l) ?? trOpt(r.title, l) ?? "",
    link_url: r.linkUrl,
  };
}

export function toCustomForm(r: CustomFormRow, l: Lang): CustomForm {
  const fields = customFormFieldSchema.array().parse(r.fields);
  return {
    id: r.id,
    alias: r.alias,
    title: tr(r.title, l),
    success_message: trOpt(r.successMessage, l),
    fields: fields.map((f) => ({
      ...f,
      label: tr(f.label, l),
      options: f.options?.map((o) => ({ value: o.value, label: tr(o.label, l) })),
    })),
  };
}

export function toColors(rows: { key: string; value: string }[]): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** The sign-in buttons the channel shows: providers with a client id and a secret (or the local issuer). */
export const toSocialProviders = (env: Env, settings: ResolvedSettings) => availableProviders(env, settings, settings.alias);

/** Bootstrap parts that later features fill (commerce); empty until their tables exist. */
export const EMPTY_COMMERCE: Pick<BootstrapData, "packages" | "subscriptions"> = { packages: [], subscriptions: [] };
