// The console's list sections (issue 16): for each, the part of the definition it edits, what its list shows, which
// other parts its form chooses from, and its fields. The field rules are the definition's (api/channels), which the
// API applies on save; here is only how they are asked.
import type { EditableSectionName } from "@api/channels/editable";
import { CUSTOM_FORM_FIELD_TYPES } from "@api/contract/channel";
import { localized, type Field, type Option } from "./fields";
import { completeFormFields, completeMenuChildren } from "./row-keys";

type Item = Record<string, unknown>;

/** What a list's cells are shown with. */
export interface ListView {
  lang: string;
  timeZone: string;
  refs: Partial<Record<EditableSectionName, Item[]>>;
}

export interface FieldContext {
  refs: Partial<Record<EditableSectionName, Item[]>>;
  images: Option[];
  /** The catalogue's time zone (events' default). */
  timeZone: string;
  lang: string;
}

export interface ListSection {
  slug: string;
  section: EditableSectionName;
  /** Sections shown as tabs together (teams, schools, sports, venues). */
  group: string;
  /** The field that names an item (its key in the definition). */
  key: string;
  /** Other sections the form picks from. */
  refs: EditableSectionName[];
  /** The list's columns: a console:fields label and the cell. */
  columns: { label: string; cell: (item: Item, view: ListView) => string }[];
  /** The list's order (default: the definition's). */
  order?: (a: Item, b: Item) => number;
  /** Splits the list in two (events: upcoming first, then the past on their own page). */
  past?: (item: Item, now: number) => boolean;
  /** Its items are games: the upcoming and live ones link to their score page, and the list to the scorekeepers (issue 27). */
  scoring?: boolean;
  fields: (ctx: FieldContext) => Field[];
  /** A new item's starting values. */
  template?: Item;
  /** Fills what a saved item's rows left empty (their keys), from the section's other items. */
  complete?: (value: Item, items: Item[]) => Item;
}

const opts = (items: Item[] | undefined, key: string, lang: string, label = "name"): Option[] =>
  (items ?? []).map((i) => ({ value: String(i[key]), label: `${localized(i[label], lang) || String(i[key])} (${String(i[key])})` }));
const fixed = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));
const KEY_PATTERN = "[a-z0-9][a-z0-9_.\\-]{0,79}";
const ALIAS_PATTERN = "[a-z0-9](?:[a-z0-9\\-]{0,78}[a-z0-9])?";
/** An item's key: left empty on a new item, one is made from its name (section.server.ts suggestKey). */
const key = (name = "key"): Field => ({ name, label: name, kind: "text", pattern: name === "alias" ? ALIAS_PATTERN : KEY_PATTERN, hint: name });
const weight: Field = { name: "weight", label: "weight", kind: "number", hint: "weight" };
const link = (name = "link_url"): Field => ({ name, label: name, kind: "text", inputMode: "url", hint: "link" });
const MENU_KINDS = ["link", "page", "group", "participant", "category"] as const;

const col = (label: string, cell: ListSection["columns"][number]["cell"]) => ({ label, cell });
const textCell = (name: string) => (i: Item) => (i[name] === undefined || i[name] === null ? "" : String(i[name]));
const nameCell = (name: string) => (i: Item, v: ListView) => localized(i[name], v.lang);
const startOf = (i: Item) => Date.parse((i.start as { utc?: string } | undefined)?.utc ?? "") || 0;
/** A team by alias as the site shows it in a matchup: its short name. */
const teamName = (alias: unknown, v: ListView) => {
  const team = v.refs.teams?.find((t) => t.alias === alias);
  return team ? String(team.short_name ?? localized(team.name, v.lang)) : String(alias);
};

export const LIST_SECTIONS: ListSection[] = [
  {
    slug: "menu",
    section: "menu",
    group: "menu",
    key: "key",
    refs: ["pages"],
    columns: [col("name", nameCell("name")), col("placement", textCell("placement")), col("kind", textCell("kind")), col("url", textCell("url"))],
    fields: () => [
      key(),
      { name: "name", label: "name", kind: "localized", required: true },
      { name: "placement", label: "placement", kind: "select", required: true, options: fixed(["header", "footer", "both"]) },
      { name: "kind", label: "kind", kind: "select", required: true, options: fixed(MENU_KINDS), hint: "menuKind" },
      { name: "url", label: "url", kind: "text", hint: "link" },
      { name: "alias", label: "alias", kind: "text", hint: "menuAlias" },
      weight,
      {
        name: "children",
        label: "children",
        kind: "rows",
        row: "children",
        hint: "menuChildren",
        // The site shows one level under an entry; deeper entries are kept as they are.
        fields: [
          { name: "name", label: "name", kind: "localized", required: true },
          { name: "kind", label: "kind", kind: "select", required: true, options: fixed(MENU_KINDS) },
          { name: "url", label: "url", kind: "text", hint: "link" },
          { name: "alias", label: "alias", kind: "text", hint: "menuAlias" },
          { name: "key", label: "key", kind: "text", pattern: KEY_PATTERN, hint: "key" },
        ],
      },
    ],
    template: { placement: "header", kind: "link" },
    complete: (value, items) => completeMenuChildren(value, items),
  },
  {
    slug: "slides",
    section: "slides",
    group: "slides",
    key: "key",
    refs: [],
    columns: [col("title", nameCell("title")), col("image", textCell("image")), col("link_url", textCell("link_url"))],
    fields: ({ images }) => [
      key(),
      { name: "title", label: "title", kind: "localized", required: true },
      { name: "subtitle", label: "subtitle", kind: "localized" },
      { name: "cta", label: "cta", kind: "localized" },
      { name: "image", label: "image", kind: "image", required: true, images },
      { name: "image_alt", label: "image_alt", kind: "localized", hint: "alt" },
      link(),
      weight,
    ],
  },
  {
    slug: "pages",
    section: "pages",
    group: "pages",
    key: "url",
    refs: [],
    columns: [col("name", nameCell("name")), col("url", textCell("url"))],
    fields: () => [
      { name: "url", label: "url", kind: "text", required: true, pattern: "/[a-z0-9][a-z0-9/_\\-]{0,120}", hint: "pageUrl" },
      { name: "name", label: "name", kind: "localized", required: true },
      { name: "alt_name", label: "alt_name", kind: "localized" },
      { name: "description", label: "description", kind: "localized" },
      { name: "content", label: "content", kind: "localized", markdown: true, required: true, hint: "markdown" },
      weight,
    ],
  },
  {
    slug: "faq",
    section: "faq",
    group: "faq",
    key: "key",
    refs: [],
    columns: [col("question", nameCell("question"))],
    fields: () => [
      key(),
      { name: "question", label: "question", kind: "localized", required: true },
      { name: "answer", label: "answer", kind: "localized", markdown: true, required: true, hint: "markdown" },
      weight,
    ],
  },
  {
    slug: "blocks",
    section: "static_blocks",
    group: "blocks",
    key: "key",
    refs: [],
    columns: [col("title", nameCell("title")), col("placement", textCell("placement")), col("type", textCell("type"))],
    fields: ({ images }) => [
      key(),
      { name: "placement", label: "placement", kind: "text", required: true, hint: "blockPlacement" },
      { name: "type", label: "type", kind: "select", required: true, options: fixed(["text", "image"]) },
      { name: "title", label: "title", kind: "localized" },
      { name: "content", label: "content", kind: "localized", markdown: true, hint: "markdown" },
      { name: "image", label: "image", kind: "image", images },
      { name: "image_alt", label: "image_alt", kind: "localized", hint: "alt" },
      link(),
      weight,
    ],
    template: { type: "text", placement: "home_top" },
  },
  {
    slug: "forms",
    section: "custom_forms",
    group: "forms",
    key: "alias",
    refs: [],
    columns: [col("title", nameCell("title")), col("alias", textCell("alias"))],
    fields: () => [
      { name: "alias", label: "alias", kind: "text", required: true, pattern: "[a-z0-9][a-z0-9_\\-]{0,63}", hint: "alias" },
      { name: "title", label: "title", kind: "localized", required: true },
      { name: "success_message", label: "success_message", kind: "localized" },
      {
        name: "fields",
        label: "form_fields",
        kind: "rows",
        row: "formFields",
        required: true,
        hint: "formFields",
        fields: [
          { name: "label", label: "field_label", kind: "localized", required: true },
          { name: "type", label: "field_type", kind: "select", required: true, options: fixed(CUSTOM_FORM_FIELD_TYPES) },
          { name: "required", label: "field_required", kind: "checkbox" },
          { name: "name", label: "field_name", kind: "text", pattern: "[a-z][a-z0-9_]*", hint: "fieldName" },
          {
            name: "options",
            label: "options",
            kind: "rows",
            row: "options",
            when: { field: "type", is: "select" },
            fields: [
              { name: "label", label: "option_label", kind: "localized", required: true },
              { name: "value", label: "option_value", kind: "text", required: true },
            ],
          },
        ],
      },
    ],
    template: { fields: [{ name: "email", type: "email", label: { en: "Email", fr: "Courriel" }, required: true }] },
    complete: (value) => completeFormFields(value),
  },
  {
    slug: "events",
    section: "events",
    group: "events",
    key: "key",
    refs: ["teams", "sports", "locations"],
    columns: [
      col("name", (i, v) => localized(i.name, v.lang) || `${teamName(i.away, v)} @ ${teamName(i.home, v)}`),
      col("start", (i, v) => (startOf(i) ? new Intl.DateTimeFormat(v.lang, { dateStyle: "medium", timeStyle: "short", timeZone: String(i.time_zone ?? v.timeZone) }).format(startOf(i)) : "")),
      col("access_type", textCell("access_type")),
      col("published", (i) => (i.published === false ? "draft" : "published")),
    ],
    fields: ({ refs, lang, images, timeZone }) => [
      key(),
      { name: "published", label: "published", kind: "checkbox", default: true, hint: "published" },
      { name: "sport", label: "sport", kind: "select", required: true, options: opts(refs.sports, "alias", lang) },
      { name: "home", label: "home", kind: "select", required: true, options: opts(refs.teams, "alias", lang) },
      { name: "away", label: "away", kind: "select", required: true, options: opts(refs.teams, "alias", lang) },
      { name: "start", label: "start", kind: "datetime", required: true, timeZone },
      { name: "duration", label: "duration", kind: "number", required: true, min: 1, max: 1440, hint: "minutes" },
      { name: "access_type", label: "access_type", kind: "select", required: true, options: fixed(["free", "register", "paid", "ppv"]) },
      { name: "name", label: "name", kind: "localized", hint: "eventName" },
      { name: "description", label: "description", kind: "localized", multiline: true },
      { name: "location", label: "location", kind: "select", options: opts(refs.locations, "key", lang) },
      { name: "poster", label: "poster", kind: "image", images },
      { name: "media_key", label: "media_key", kind: "text", hint: "mediaKey" },
    ],
    template: { access_type: "free", duration: 120, published: false },
    order: (a, b) => startOf(a) - startOf(b),
    past: (i, now) => startOf(i) + Number(i.duration ?? 0) * 60_000 < now,
    scoring: true,
  },
  {
    slug: "teams",
    section: "teams",
    group: "teams",
    key: "alias",
    refs: ["schools", "sports"],
    columns: [col("name", nameCell("name")), col("school", textCell("school")), col("sport", textCell("sport")), col("gender", textCell("gender"))],
    fields: ({ refs, lang, images }) => [
      key("alias"),
      { name: "name", label: "name", kind: "localized", required: true },
      { name: "short_name", label: "short_name", kind: "text" },
      { name: "school", label: "school", kind: "select", required: true, options: opts(refs.schools, "alias", lang) },
      { name: "sport", label: "sport", kind: "select", required: true, options: opts(refs.sports, "alias", lang) },
      { name: "gender", label: "gender", kind: "select", required: true, options: fixed(["men", "women", "not_identified"]) },
      { name: "color", label: "color", kind: "color", hint: "color" },
      { name: "images.logo", label: "logo", kind: "image", images },
      weight,
    ],
  },
  {
    slug: "schools",
    section: "schools",
    group: "teams",
    key: "alias",
    refs: [],
    columns: [col("name", nameCell("name")), col("city", textCell("city")), col("state", textCell("state"))],
    fields: ({ images }) => [
      key("alias"),
      { name: "name", label: "name", kind: "localized", required: true },
      { name: "short_name", label: "short_name", kind: "text" },
      { name: "color", label: "color", kind: "color", hint: "color" },
      { name: "images.logo", label: "logo", kind: "image", images },
      { name: "city", label: "city", kind: "text" },
      { name: "state", label: "state", kind: "text" },
      weight,
    ],
  },
  {
    slug: "sports",
    section: "sports",
    group: "teams",
    key: "alias",
    refs: ["sports"],
    columns: [col("name", nameCell("name")), col("parent", textCell("parent"))],
    fields: ({ refs, lang, images }) => [
      key("alias"),
      { name: "name", label: "name", kind: "localized", required: true },
      { name: "parent", label: "parent", kind: "select", options: opts(refs.sports, "alias", lang) },
      { name: "image", label: "image", kind: "image", images },
      weight,
    ],
  },
  {
    slug: "locations",
    section: "locations",
    group: "teams",
    key: "key",
    refs: [],
    columns: [col("name", nameCell("name")), col("city", textCell("city")), col("state", textCell("state"))],
    fields: () => [
      key(),
      { name: "name", label: "name", kind: "localized", required: true },
      { name: "address", label: "address", kind: "text" },
      { name: "city", label: "city", kind: "text", required: true },
      { name: "state", label: "state", kind: "text", required: true },
      { name: "country", label: "country", kind: "text", pattern: "[A-Z]{2}", hint: "country" },
    ],
  },
  {
    slug: "products",
    section: "products",
    group: "products",
    key: "key",
    refs: ["sports", "teams", "events", "products"],
    columns: [col("name", nameCell("name")), col("kind", textCell("kind")), col("price", textCell("price")), col("active", (i) => (i.active === false ? "off" : "on"))],
    fields: ({ refs, lang, images }) => [
      key(),
      { name: "active", label: "active", kind: "checkbox", default: true },
      { name: "kind", label: "kind", kind: "select", required: true, options: fixed(["package", "subscription", "bundle"]) },
      { name: "name", label: "name", kind: "localized", required: true },
      { name: "description", label: "description", kind: "localized", multiline: true },
      { name: "price", label: "price", kind: "number", required: true, min: 0, step: 0.01, hint: "price" },
      { name: "base_price", label: "base_price", kind: "number", min: 0, step: 0.01 },
      { name: "service_fee", label: "service_fee", kind: "number", min: 0, step: 0.01 },
      { name: "type", label: "package_type", kind: "select", options: fixed(["single", "category"]), hint: "packageType" },
      { name: "period", label: "period", kind: "select", options: fixed(["month", "annual"]) },
      { name: "trial_days", label: "trial_days", kind: "number", min: 0, max: 365 },
      { name: "team_pass", label: "team_pass", kind: "checkbox" },
      { name: "sports", label: "sports", kind: "multiselect", options: opts(refs.sports, "alias", lang) },
      { name: "teams", label: "teams", kind: "multiselect", options: opts(refs.teams, "alias", lang) },
      { name: "max_choices", label: "max_choices", kind: "number", min: 1 },
      { name: "event", label: "event", kind: "select", options: opts(refs.events, "key", lang) },
      { name: "items", label: "bundle_items", kind: "multiselect", options: opts(refs.products, "key", lang) },
      { name: "capabilities", label: "capabilities", kind: "multiselect", options: fixed(["watch", "download", "clipping", "download_clip", "no_ads", "vod_media"]) },
      { name: "limits.clips", label: "limit_clips", kind: "number", min: 0 },
      { name: "limits.downloads", label: "limit_downloads", kind: "number", min: 0 },
      { name: "simultaneous_logins", label: "simultaneous_logins", kind: "number", min: 1 },
      { name: "image", label: "image", kind: "image", images },
      weight,
    ],
    template: { kind: "package", type: "category", capabilities: ["watch"], active: true },
  },
  {
    slug: "coupons",
    section: "coupons",
    group: "products",
    key: "code",
    refs: ["products"],
    columns: [col("code", textCell("code")), col("percent_off", textCell("percent_off")), col("amount_off", textCell("amount_off")), col("active", (i) => (i.active === false ? "off" : "on"))],
    fields: ({ refs, lang }) => [
      { name: "code", label: "code", kind: "text", required: true, pattern: "[A-Za-z0-9_\\-]{3,32}", hint: "couponCode" },
      { name: "active", label: "active", kind: "checkbox", default: true },
      { name: "percent_off", label: "percent_off", kind: "number", min: 1, max: 100, hint: "couponAmount" },
      { name: "amount_off", label: "amount_off", kind: "number", min: 0, step: 0.01 },
      { name: "duration", label: "coupon_duration", kind: "select", options: fixed(["once", "repeating", "forever"]) },
      { name: "duration_months", label: "duration_months", kind: "number", min: 1, max: 36 },
      { name: "valid_from", label: "valid_from", kind: "text", hint: "instant" },
      { name: "valid_until", label: "valid_until", kind: "text", hint: "instant" },
      { name: "max_redemptions", label: "max_redemptions", kind: "number", min: 1 },
      { name: "products", label: "coupon_products", kind: "multiselect", options: opts(refs.products, "key", lang) },
    ],
    template: { duration: "once", active: true },
  },
  {
    slug: "prerolls",
    section: "prerolls",
    group: "prerolls",
    key: "key",
    refs: ["locations", "sports"],
    columns: [col("url", textCell("url")), col("weight", textCell("weight")), col("location", textCell("location"))],
    fields: ({ refs, lang }) => [
      key(),
      { name: "url", label: "preroll_url", kind: "text", required: true, pattern: "media:[a-z0-9][a-z0-9_\\-]*/[A-Za-z0-9._\\-/]+", hint: "prerollUrl" },
      { name: "weight", label: "weight", kind: "number", min: 0, hint: "prerollWeight" },
      { name: "location", label: "location", kind: "select", options: opts(refs.locations, "key", lang) },
      { name: "event_categories", label: "sports", kind: "multiselect", options: opts(refs.sports, "alias", lang) },
      { name: "for_vod", label: "for_vod", kind: "checkbox", default: true },
      { name: "for_live", label: "for_live", kind: "checkbox", default: true },
    ],
    template: { url: "media:promo/preroll.mp4", weight: 1, for_vod: true, for_live: true },
  },
];

export const listSection = (slug: string | undefined) => LIST_SECTIONS.find((s) => s.slug === slug);
export const groupOf = (group: string) => LIST_SECTIONS.filter((s) => s.group === group);

/** The id of the item page that creates one. */
export const NEW_ITEM = "new";
