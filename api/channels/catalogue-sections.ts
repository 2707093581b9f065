// The catalogue's sections (sports, schools, teams, locations, events, VOD), in dependency order: a row's references
// are written before it.
import {
  eventCategories,
  events,
  locations,
  participantGroupProperties,
  participantGroups,
  participants,
  vodMediaCategories,
  vodMediaItems,
  vodMediaRailItems,
  vodMediaRails,
} from "../db/catalogue-schema";
import { resolveEvents, resolveVodItems, type Catalogue } from "./catalogue";
import type { TenantDefinition } from "./definition";
import { dateRuleJson, ruleJson } from "./rolling";
import { orNull, parentStatement, sync, syncParts, byAlias, type Section, type SectionContext } from "./sync";
import { earliest, isRollingTime } from "./times";

const EMPTY_CATALOGUE: Catalogue = {
  time_zone: "UTC",
  sports: [],
  participant_group_properties: [],
  schools: [],
  teams: [],
  locations: [],
  events: [],
  vod_categories: [],
  vod_items: [],
  vod_rails: [],
};
/** A channel without a catalogue has an empty one: loading it removes catalogue rows an earlier load wrote. */
const catalogueOf = (def: TenantDefinition) => def.catalogue ?? EMPTY_CATALOGUE;
const images = (ctx: SectionContext, map: Record<string, string>) => Object.fromEntries(Object.entries(map).map(([k, ref]) => [k, ctx.image(ref)]));
const rolling = (ctx: SectionContext) => ctx.def.schedule === "rolling";

/**
 * On a rolling channel, the rows just written hold until the earliest `until`: the channel rolls no later than that,
 * and no roll computed before `now` may pass for a later one (services/schedule-roll.ts).
 */
function rollNoLaterThan(ctx: SectionContext, untils: (number | null)[]): D1PreparedStatement[] {
  const next = earliest(untils);
  if (!rolling(ctx) || next === null) return [];
  return [
    ctx.d1
      .prepare("UPDATE channels SET next_roll_at = min(coalesce(next_roll_at, ?2), ?2), rolled_at = min(coalesce(rolled_at, ?3), ?3) WHERE alias = ?1")
      .bind(ctx.def.alias, next, ctx.now),
  ];
}

/**
 * The catalogue, in dependency order (a row's references are written before it). They come before the slides,
 * whose slidable_id points at sports, schools and teams.
 */
export const catalogueSections: Section[] = [
  {
    name: "sports",
    count: (def) => catalogueOf(def).sports.length,
    statements: (ctx) => {
      const list = catalogueOf(ctx.def).sports;
      const rows = list.map((s, i) => ({ alias: s.alias, name: s.name, image: s.image ? ctx.image(s.image) : null, weight: s.weight ?? i }));
      const { writes, stale } = syncParts(ctx, { table: eventCategories, key: ["alias"], rows });
      return [...writes, parentStatement(ctx, eventCategories, "alias", list.map((s) => [s.alias, s.parent ?? null])), stale];
    },
  },
  {
    name: "school_properties",
    count: (def) => catalogueOf(def).participant_group_properties.length,
    statements: (ctx) => {
      const rows = catalogueOf(ctx.def).participant_group_properties.map((p, i) => ({ key: p.key, name: p.name, values: p.values, weight: p.weight ?? i }));
      return sync(ctx, { table: participantGroupProperties, key: ["key"], rows });
    },
  },
  {
    name: "schools",
    count: (def) => catalogueOf(def).schools.length,
    statements: (ctx) => {
      const rows = catalogueOf(ctx.def).schools.map((s, i) => ({
        alias: s.alias,
        name: s.name,
        shortName: orNull(s.short_name),
        images: images(ctx, s.images),
        color: s.color?.toLowerCase() ?? null,
        city: orNull(s.city),
        state: orNull(s.state),
        properties: s.properties,
        weight: s.weight ?? i,
      }));
      return sync(ctx, { table: participantGroups, key: ["alias"], rows });
    },
  },
  {
    name: "teams",
    count: (def) => catalogueOf(def).teams.length,
    statements: (ctx) => {
      const c = catalogueOf(ctx.def);
      const schools = new Map(c.schools.map((s) => [s.alias, s]));
      const rows = c.teams.map((t, i) => {
        const school = schools.get(t.school)!;
        return {
          alias: t.alias,
          name: t.name,
          shortName: orNull(t.short_name),
          images: images(ctx, t.images ?? school.images),
          color: (t.color ?? school.color)?.toLowerCase() ?? null,
          groupId: t.school as unknown as number,
          eventCategoryId: t.sport as unknown as number,
          gender: t.gender,
          properties: t.properties,
          weight: t.weight ?? i,
        };
      });
      const { writes, stale } = syncParts(ctx, {
        table: participants,
        key: ["alias"],
        rows,
        refs: { groupId: byAlias(participantGroups), eventCategoryId: byAlias(eventCategories) },
      });
      return [...writes, parentStatement(ctx, participants, "alias", c.teams.map((t) => [t.alias, t.parent ?? null])), stale];
    },
  },
  {
    name: "locations",
    count: (def) => catalogueOf(def).locations.length,
    statements: (ctx) => {
      const rows = catalogueOf(ctx.def).locations.map((l) => ({ key: l.key, name: l.name, address: orNull(l.address), city: l.city, state: l.state, country: l.country }));
      return sync(ctx, { table: locations, key: ["key"], rows });
    },
  },
  {
    name: "events",
    count: (def) => catalogueOf(def).events.length,
    statements: (ctx) => {
      const resolved = resolveEvents(catalogueOf(ctx.def), ctx.now, ctx.anchor);
      const rows = resolved.map((e) => ({
        key: e.key,
        name: e.name,
        description: orNull(e.description),
        type: e.type,
        accessType: e.access_type,
        eventUtcTs: e.eventUtcTs,
        endUtcTs: e.endUtcTs,
        timeZone: e.timeZone,
        locationId: orNull(e.location) as unknown as number,
        eventCategoryId: e.sport as unknown as number,
        homeTeamId: e.home as unknown as number,
        awayTeamId: e.away as unknown as number,
        gender: e.gender,
        poster: e.poster ? ctx.image(e.poster) : null,
        mediaKey: e.media_key,
        published: e.published,
        startRule: rolling(ctx) && isRollingTime(e.start) ? ruleJson(e.start) : null,
      }));
      return [
        ...sync(ctx, {
          table: events,
          key: ["key"],
          rows,
          refs: {
            locationId: byAlias(locations, "key"),
            eventCategoryId: byAlias(eventCategories),
            homeTeamId: byAlias(participants),
            awayTeamId: byAlias(participants),
          },
        }),
        ...rollNoLaterThan(ctx, resolved.map((e) => e.until)),
      ];
    },
  },
  {
    name: "vod_categories",
    count: (def) => catalogueOf(def).vod_categories.length,
    statements: (ctx) => {
      const list = catalogueOf(ctx.def).vod_categories;
      const rows = list.map((v, i) => ({ alias: v.alias, name: v.name, weight: v.weight ?? i }));
      const { writes, stale } = syncParts(ctx, { table: vodMediaCategories, key: ["alias"], rows });
      return [...writes, parentStatement(ctx, vodMediaCategories, "alias", list.map((v) => [v.alias, v.parent ?? null])), stale];
    },
  },
  {
    name: "vod_items",
    count: (def) => catalogueOf(def).vod_items.length,
    statements: (ctx) => {
      const c = catalogueOf(ctx.def);
      const resolved = resolveVodItems(c, ctx.now, ctx.anchor);
      const rollingEvents = new Set(c.events.filter((e) => isRollingTime(e.start)).map((e) => e.key));
      const dateRule = ({ date, event }: Catalogue["vod_items"][number]) => {
        if (!rolling(ctx)) return null;
        if (date) return isRollingTime(date) ? dateRuleJson({ date, time_zone: c.time_zone }) : null;
        return rollingEvents.has(event!) ? dateRuleJson("event_end") : null;
      };
      const rows = resolved.map((v, i) => ({
        key: v.key,
        title: v.title,
        description: orNull(v.description),
        searchText: v.searchText,
        date: v.date,
        durationS: orNull(v.duration),
        categoryId: orNull(v.category) as unknown as number,
        eventId: orNull(v.event) as unknown as number,
        assets: v.assets.map((a) => ({ type: a.type, path: ctx.image(a.path) })),
        requiresVodMedia: v.requires_vod_media,
        mediaKey: v.media_key,
        dateRule: dateRule(c.vod_items[i]),
      }));
      return [
        ...sync(ctx, {
          table: vodMediaItems,
          key: ["key"],
          rows,
          refs: { categoryId: byAlias(vodMediaCategories), eventId: byAlias(events, "key") },
        }),
        ...rollNoLaterThan(ctx, resolved.map((v) => v.until)),
      ];
    },
  },
  {
    name: "vod_rails",
    count: (def) => catalogueOf(def).vod_rails.length,
    statements: (ctx) => {
      const rails = catalogueOf(ctx.def).vod_rails;
      const railRows = rails.map((r, i) => ({ key: r.key, title: r.title, weight: r.weight ?? i }));
      const itemRows = rails.flatMap((r) => r.items.map((item, i) => ({ railId: r.key as unknown as number, itemId: item as unknown as number, weight: i })));
      const railSync = syncParts(ctx, { table: vodMediaRails, key: ["key"], rows: railRows });
      const itemSync = syncParts(ctx, {
        table: vodMediaRailItems,
        key: ["railId", "itemId"],
        rows: itemRows,
        refs: { railId: byAlias(vodMediaRails, "key"), itemId: byAlias(vodMediaItems, "key") },
      });
      // Rail items of removed rails go with them (ON DELETE CASCADE needs foreign keys on; delete them explicitly).
      return [...railSync.writes, itemSync.stale, railSync.stale, ...itemSync.writes];
    },
  },
];
