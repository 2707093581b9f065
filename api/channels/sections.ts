// One entry per part of a tenant definition: how many rows it declares, and the statements that write them and
// delete the channel's rows that are no longer declared (the writing itself is in sync.ts).
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
} from "../db/schema";
import { catalogueSections } from "./catalogue-sections";
import { productSections } from "./products-section";
import { flattenMenu } from "./definition";
import { CHANNEL_ID, byAlias, orNull, sync, syncParts, type Section } from "./sync";
import { ordersSection, usersSection } from "./users";
import { eventCategories, locations, participantGroups, participants } from "../db/catalogue-schema";

export { CHANNEL_ID, type Section, type SectionContext } from "./sync";

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
  ...productSections,
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
        locationId: p.location as unknown as number,
        eventCategories: p.event_categories as unknown as number[],
        forVod: p.for_vod,
        forLive: p.for_live,
      }));
      // event_categories: the sports' ids, in the order the file names them.
      const sportIds = (v: string) =>
        `(SELECT json_group_array(id) FROM (SELECT r.id FROM json_each(${v}) AS s ` +
        `JOIN event_categories AS r ON r.channel_id = ${CHANNEL_ID} AND r.alias = s.value ORDER BY s.key))`;
      return sync(ctx, { table: prerolls, key: ["key"], rows, refs: { locationId: byAlias(locations, "key"), eventCategories: sportIds } });
    },
  },
  usersSection,
  ordersSection,
];

