// The catalogue part of a tenant definition (tenants/<alias>/catalogue.json): sports, schools, teams, locations,
// events and the VOD library. Pure (no Node APIs), like definition.ts: the loader runs it inside workerd too.
//
// Cross references are by alias or key (a team names its school and sport, an event its teams…) and are checked
// here, so a typo is refused with its path before anything is written. Event and VOD times may be *relative*: to the
// moment of loading on a fixed schedule, to the clock on a rolling one (times.ts), so a demo channel has live,
// upcoming and finished events.
import { z } from "zod";
import { localizedSchema } from "./fields";
import { DEFINITION_MESSAGES as DM, definitionMessage as say } from "../contract/definition-messages";
import { rollingStart } from "./times";
import { defaultEventName } from "../contract/names";

const aliasSchema = z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/, DM.aliasFormat);
const keySchema = z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,79}$/, DM.keyFormat);
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, DM.colorFormat);
const weightSchema = z.number().int().optional();
/** An image under the tenant's images/ folder (the reader checks that the file exists). */
const imagePath = z
  .string()
  .regex(/^[a-zA-Z0-9][a-zA-Z0-9._/-]{0,200}$/, DM.imagePathFormat)
  .refine((v) => !v.includes(".."), { message: DM.insideImages });
const imagesSchema = z.record(z.string().regex(/^[a-z][a-z0-9_]*$/, DM.imageKindFormat), imagePath);
const propertiesSchema = z.record(z.string().regex(/^[a-z][a-z0-9_]*$/, DM.propertyKeyFormat), z.string().min(1));

export const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};
const timeZoneSchema = z.string().refine(isTimeZone, { message: DM.timeZoneFormat });

/**
 * A time relative to loading: `{ "minutes": -30 }` (an offset from now, in whole minutes), `{ "seconds": 8 }` (to the
 * second: a test's event that starts while it watches), or `{ "days": 3, "at": "19:00" }` (that many days from today,
 * at a wall-clock time in the event's time zone; `days` 0 is today). On a rolling schedule they keep rolling
 * (times.ts rollingStart).
 */
export const relativeTimeSchema = z.union([
  z.strictObject({ minutes: z.number().int() }),
  z.strictObject({ seconds: z.number().int() }),
  /** An absolute time: what the console writes, and what a stored definition holds (relative times resolved). */
  z.strictObject({ utc: z.iso.datetime({ offset: true }) }),
  z.strictObject({ days: z.number().int(), at: z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, DM.timeFormat) }),
]);
export type RelativeTime = z.output<typeof relativeTimeSchema>;

const sportSchema = z.strictObject({
  alias: aliasSchema,
  name: localizedSchema,
  /** Alias of another sport: nests this one under it. */
  parent: aliasSchema.optional(),
  image: imagePath.optional(),
  weight: weightSchema,
});

const schoolSchema = z.strictObject({
  alias: aliasSchema,
  name: localizedSchema,
  short_name: z.string().min(1).optional(),
  images: imagesSchema.default({}),
  color: hexColor.optional(),
  city: z.string().min(1).optional(),
  state: z.string().min(1).optional(),
  /** Values of the channel's participant_group_properties, by key. */
  properties: propertiesSchema.default({}),
  weight: weightSchema,
});

const groupPropertySchema = z.strictObject({
  key: z.string().regex(/^[a-z][a-z0-9_]*$/, DM.snakeFormat),
  name: localizedSchema,
  values: z.array(z.string().min(1)).min(1),
  weight: weightSchema,
});

const teamSchema = z.strictObject({
  alias: aliasSchema,
  name: localizedSchema,
  short_name: z.string().min(1).optional(),
  /** Default: the school's images. */
  images: imagesSchema.optional(),
  /** Default: the school's colour. */
  color: hexColor.optional(),
  school: aliasSchema,
  sport: aliasSchema,
  gender: z.enum(["men", "women", "not_identified"]),
  /** Alias of another team (e.g. JV under varsity). */
  parent: aliasSchema.optional(),
  properties: propertiesSchema.default({}),
  weight: weightSchema,
});

const locationSchema = z.strictObject({
  key: keySchema,
  name: localizedSchema,
  address: z.string().min(1).optional(),
  city: z.string().min(1),
  state: z.string().min(1),
  country: z.string().regex(/^[A-Z]{2}$/, DM.countryFormat).default("US"),
});

/** A media asset name (media/<name>/ in R2); "event", "vod" and "download" are media URL paths, not assets. */
const mediaKeySchema = z
  .string()
  .regex(/^(?!(?:event|vod|download)$)[a-z0-9][a-z0-9_-]{0,63}$/, DM.mediaKeyFormat)
  .nullable();

const eventSchema = z.strictObject({
  key: keySchema,
  /** Default: "<away> @ <home>" by the teams' short names. */
  name: localizedSchema.optional(),
  description: localizedSchema.optional(),
  /** Default: "paid" for access_type paid or ppv, "free" otherwise. */
  type: z.enum(["paid", "free"]).optional(),
  access_type: z.enum(["free", "register", "paid", "ppv"]),
  start: relativeTimeSchema,
  /** Minutes; a recorded broadcast's length may be fractional, in whole seconds (20 s is 1/3). */
  duration: z
    .number()
    .positive()
    .max(24 * 60)
    .refine((m) => Math.abs(m * 60 - Math.round(m * 60)) < 1e-6 && Math.round(m * 60) >= 1, { message: DM.wholeSeconds }),
  /** Default: the catalogue's time_zone. */
  time_zone: timeZoneSchema.optional(),
  location: keySchema.optional(),
  sport: aliasSchema,
  home: aliasSchema,
  away: aliasSchema,
  poster: imagePath.optional(),
  /**
   * The media asset the event plays (media/<name>/ in R2: `npm run media` makes the demo programme, "demo"). Default:
   * none, until an encoder or an upload brings the event's own (issue 26: the looped demo match plays only where a
   * definition names it, never as a stand-in for a game that has not started).
   */
  media_key: mediaKeySchema.default(null),
  /** A draft (false) is seen only in the console, not on the site (issue 16). */
  published: z.boolean().default(true),
});

const vodCategorySchema = z.strictObject({ alias: aliasSchema, name: localizedSchema, parent: aliasSchema.optional(), weight: weightSchema });

const vodItemSchema = z
  .strictObject({
    key: keySchema,
    title: localizedSchema,
    description: localizedSchema.optional(),
    /** Relative to loading, in the catalogue's time zone. Default (with `event`): the event's end. */
    date: relativeTimeSchema.optional(),
    /** Seconds. */
    duration: z.number().int().min(1).optional(),
    category: aliasSchema.optional(),
    event: keySchema.optional(),
    assets: z.array(z.strictObject({ type: z.enum(["image", "preview"]), path: imagePath })).default([]),
    requires_vod_media: z.boolean().default(false),
    /** The media asset the item plays, from 0 to `duration` (default: the asset's own length); default "demo". */
    media_key: mediaKeySchema.default("demo"),
  })
  .superRefine((v, ctx) => {
    if (!v.date && !v.event) ctx.addIssue({ code: "custom", path: ["date"], message: DM.dateWithoutEvent });
  });

const vodRailSchema = z.strictObject({ key: keySchema, title: localizedSchema, weight: weightSchema, items: z.array(keySchema).min(1) });

export const catalogueSchema = z
  .strictObject({
    $schema: z.string().optional(),
    /** Default time zone of events and VOD dates. */
    time_zone: timeZoneSchema.default("UTC"),
    sports: z.array(sportSchema).default([]),
    participant_group_properties: z.array(groupPropertySchema).default([]),
    schools: z.array(schoolSchema).default([]),
    teams: z.array(teamSchema).default([]),
    locations: z.array(locationSchema).default([]),
    events: z.array(eventSchema).default([]),
    vod_categories: z.array(vodCategorySchema).default([]),
    vod_items: z.array(vodItemSchema).default([]),
    vod_rails: z.array(vodRailSchema).default([]),
  })
  .superRefine((c, ctx) => {
    const unique = <T>(list: T[], keyOf: (t: T) => string, section: string, what: string) => {
      const seen = new Set<string>();
      list.forEach((item, i) => {
        const k = keyOf(item);
        if (seen.has(k)) ctx.addIssue({ code: "custom", path: [section, i], message: say({ code: "duplicate", params: { what, value: k } }) });
        seen.add(k);
      });
      return seen;
    };
    const sports = unique(c.sports, (s) => s.alias, "sports", "alias");
    const props = new Map(c.participant_group_properties.map((p) => [p.key, new Set(p.values)]));
    unique(c.participant_group_properties, (p) => p.key, "participant_group_properties", "key");
    const schools = unique(c.schools, (s) => s.alias, "schools", "alias");
    const teams = unique(c.teams, (t) => t.alias, "teams", "alias");
    const locations = unique(c.locations, (l) => l.key, "locations", "key");
    const events = unique(c.events, (e) => e.key, "events", "key");
    const vodCategories = unique(c.vod_categories, (v) => v.alias, "vod_categories", "alias");
    const vodItems = unique(c.vod_items, (v) => v.key, "vod_items", "key");
    unique(c.vod_rails, (r) => r.key, "vod_rails", "key");

    const ref = (known: Set<string>, value: string | undefined, path: (string | number)[], what: string) => {
      if (value !== undefined && !known.has(value)) ctx.addIssue({ code: "custom", path, message: say({ code: "unknownRef", params: { what, value } }) });
    };
    c.sports.forEach((s, i) => {
      ref(sports, s.parent, ["sports", i, "parent"], "sport");
      if (s.parent === s.alias) ctx.addIssue({ code: "custom", path: ["sports", i, "parent"], message: say({ code: "ownParent", params: { what: "sport" } }) });
    });
    c.schools.forEach((s, i) => {
      for (const [key, value] of Object.entries(s.properties)) {
        const values = props.get(key);
        if (!values) ctx.addIssue({ code: "custom", path: ["schools", i, "properties", key], message: say({ code: "unknownProperty", params: { key } }) });
        else if (!values.has(value)) ctx.addIssue({ code: "custom", path: ["schools", i, "properties", key], message: say({ code: "notPropertyValue", params: { value, key } }) });
      }
    });
    const teamByAlias = new Map(c.teams.map((t) => [t.alias, t]));
    c.teams.forEach((t, i) => {
      ref(schools, t.school, ["teams", i, "school"], "school");
      ref(sports, t.sport, ["teams", i, "sport"], "sport");
      ref(teams, t.parent, ["teams", i, "parent"], "team");
      if (t.parent === t.alias) ctx.addIssue({ code: "custom", path: ["teams", i, "parent"], message: say({ code: "ownParent", params: { what: "team" } }) });
    });
    c.events.forEach((e, i) => {
      ref(sports, e.sport, ["events", i, "sport"], "sport");
      ref(locations, e.location, ["events", i, "location"], "location");
      ref(teams, e.home, ["events", i, "home"], "team");
      ref(teams, e.away, ["events", i, "away"], "team");
      if (e.home === e.away) ctx.addIssue({ code: "custom", path: ["events", i, "away"], message: DM.playsItself });
      const home = teamByAlias.get(e.home);
      const away = teamByAlias.get(e.away);
      for (const [side, team] of [["home", home], ["away", away]] as const) {
        if (team && team.sport !== e.sport)
          ctx.addIssue({ code: "custom", path: ["events", i, side], message: say({ code: "wrongSport", params: { team: team.alias, sport: team.sport, eventSport: e.sport } }) });
      }
      if (home && away && home.gender !== away.gender)
        ctx.addIssue({ code: "custom", path: ["events", i, "away"], message: say({ code: "genderMismatch", params: { away: away.alias, awayGender: away.gender, home: home.alias, homeGender: home.gender } }) });
    });
    c.vod_categories.forEach((v, i) => ref(vodCategories, v.parent, ["vod_categories", i, "parent"], "vod category"));
    // Parents must not loop (a → b → a).
    for (const [section, list] of [["sports", c.sports], ["teams", c.teams], ["vod_categories", c.vod_categories]] as const) {
      const parentOf = new Map<string, string | undefined>(list.map((x) => [x.alias, x.parent]));
      list.forEach((x, i) => {
        const seen = new Set([x.alias]);
        for (let p = x.parent; p && p !== x.alias; p = parentOf.get(p)) {
          if (seen.has(p)) break; // a loop further up: reported at its own members
          seen.add(p);
          if (parentOf.get(p) === x.alias) ctx.addIssue({ code: "custom", path: [section, i, "parent"], message: say({ code: "parentLoop", params: { value: x.alias } }) });
        }
      });
    }
    c.vod_items.forEach((v, i) => {
      ref(vodCategories, v.category, ["vod_items", i, "category"], "vod category");
      ref(events, v.event, ["vod_items", i, "event"], "event");
    });
    c.vod_rails.forEach((r, i) => {
      r.items.forEach((key, j) => ref(vodItems, key, ["vod_rails", i, "items", j], "vod item"));
      const seen = new Set<string>();
      r.items.forEach((key, j) => {
        if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["vod_rails", i, "items", j], message: say({ code: "alreadyInRail", params: { value: key } }) });
        seen.add(key);
      });
    });
  });

export type Catalogue = z.output<typeof catalogueSchema>;
export type CatalogueEvent = Catalogue["events"][number];

/** The aliases a menu item or slide may point at, by kind. */
export function catalogueAliases(c: Catalogue): Record<"group" | "participant" | "category", Set<string>> {
  return {
    group: new Set(c.schools.map((s) => s.alias)),
    participant: new Set(c.teams.map((t) => t.alias)),
    category: new Set(c.sports.map((s) => s.alias)),
  };
}

/** Every image the catalogue refers to, with where it is (for errors). */
export function catalogueImageRefs(c: Catalogue): { at: string; ref: string }[] {
  const refs: { at: string; ref: string }[] = [];
  c.sports.forEach((s, i) => s.image && refs.push({ at: `catalogue.sports.${i}.image`, ref: s.image }));
  c.schools.forEach((s, i) => Object.entries(s.images).forEach(([k, ref]) => refs.push({ at: `catalogue.schools.${i}.images.${k}`, ref })));
  c.teams.forEach((t, i) => Object.entries(t.images ?? {}).forEach(([k, ref]) => refs.push({ at: `catalogue.teams.${i}.images.${k}`, ref })));
  c.events.forEach((e, i) => e.poster && refs.push({ at: `catalogue.events.${i}.poster`, ref: e.poster }));
  c.vod_items.forEach((v, i) => v.assets.forEach((a, j) => refs.push({ at: `catalogue.vod_items.${i}.assets.${j}.path`, ref: a.path })));
  return refs;
}

// ---- Times ---------------------------------------------------------------------------------------------------

export { resolveStart, zonedTimeToUtc } from "./times";

export interface ResolvedEvent {
  key: string;
  name: z.output<typeof localizedSchema>;
  type: "paid" | "free";
  gender: "men" | "women" | "not_identified";
  timeZone: string;
  eventUtcTs: number;
  endUtcTs: number;
  /** When the times next change on a rolling schedule (null: never). */
  until: number | null;
}

/**
 * Events with their times at `now` (relative ones counted from `anchor`, the load time, as rollingStart reads them:
 * at now = anchor that is the fixed schedule), their default name, type and gender.
 */
export function resolveEvents(c: Catalogue, now: number, anchor = now): (CatalogueEvent & ResolvedEvent)[] {
  const teams = new Map(c.teams.map((t) => [t.alias, t]));
  return c.events.map((e) => {
    const timeZone = e.time_zone ?? c.time_zone;
    const length = Math.round(e.duration * 60) * 1000;
    const { start, until } = rollingStart(e.start, anchor, now, timeZone, length);
    return {
      ...e,
      name: e.name ?? defaultEventName(teams.get(e.away), teams.get(e.home), { away: e.away, home: e.home }),
      type: e.type ?? (e.access_type === "paid" || e.access_type === "ppv" ? "paid" : "free"),
      gender: teams.get(e.home)?.gender ?? "not_identified",
      timeZone,
      eventUtcTs: start,
      endUtcTs: start + length,
      until,
    };
  });
}

/** VOD items with their date (epoch ms) at `now` (as resolveEvents), until when it holds, and their search text. */
export function resolveVodItems(c: Catalogue, now: number, anchor = now) {
  const events = new Map(resolveEvents(c, now, anchor).map((e) => [e.key, e]));
  return c.vod_items.map((v) => {
    const { start: date, until } = v.date ? rollingStart(v.date, anchor, now, c.time_zone, 0) : { start: events.get(v.event!)!.endUtcTs, until: events.get(v.event!)!.until };
    return { ...v, date, until, searchText: searchText(v.title) };
  });
}

/** Lowercased titles in every language, joined by a space (duplicates once). */
export function searchText(title: z.output<typeof localizedSchema>): string {
  const texts = typeof title === "string" ? [title] : Object.values(title).filter((t): t is string => !!t);
  return [...new Set(texts.map((t) => t.toLowerCase()))].join(" ");
}
