// The tenant definition: what `tenants/<alias>/channel.json` may say, validated strictly. An unknown key or a
// bad value is refused with its path, so a typo never passes silently. Pure (no Node APIs): the loader imports
// it and must also run inside workerd. Reading a folder from disk is tenant-reader.ts.
import { z } from "zod";
import { customFormFieldSchema } from "../contract/channel";
import { COLOR_KEYS, contrastChecks, type ColorKey } from "../contract/colors";
import { channelSettingsSchema, SETTING_KEYS } from "../contract/settings";
import { PREROLL_MEDIA_URL } from "../services/prerolls";
import { catalogueAliases, catalogueImageRefs, catalogueSchema, type Catalogue } from "./catalogue";
import { localizedSchema, strictSettingValue } from "./fields";
import { seededUserSchema } from "./users";
import { productImageRefs, productRefIssues, productsFileSchema, type ProductsFile } from "./products";
import { DEFINITION_MESSAGES as DM, definitionMessage as say } from "../contract/definition-messages";

export { localizedSchema };

/** Channel alias: the subdomain, so lowercase letters, numbers and hyphens (SPEC §5). */
export const ALIAS_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const aliasSchema = z.string().regex(ALIAS_PATTERN, DM.aliasFormat);
/** Stable row keys (menu, slides, FAQ, blocks, prerolls). */
const keySchema = z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,79}$/, DM.keyFormat);
const pageUrlSchema = z.string().regex(/^\/[a-z0-9][a-z0-9/_-]{0,120}$/, DM.pageUrlFormat);
const hostnameSchema = z
  .string()
  .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, DM.hostnameFormat);
/** A link target: a path on the channel's site or an absolute http(s) URL. */
const linkSchema = z.string().regex(/^(?:\/(?!\/)\S*|https?:\/\/\S+)$/, DM.linkFormat);
const weightSchema = z.number().int().optional();

/** An image: a file under the tenant's images/ folder ("slides/hero.svg"), or an absolute http(s) URL. */
export const IMAGE_PATH_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._/-]{0,200}$/;
export const isLocalImage = (ref: string) => !/^https?:\/\//.test(ref);
const imageSchema = z
  .string()
  .refine((v) => (isLocalImage(v) ? IMAGE_PATH_PATTERN.test(v) && !v.includes("..") : linkSchema.safeParse(v).success), {
    message: DM.imageFormat,
  });

export { COLOR_KEYS, type ColorKey };
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, DM.colorFormat);
const colorMapSchema = z.partialRecord(z.enum(COLOR_KEYS), hexColor);

/** Settings: only SETTING_KEYS, each value checked by the API's own schema without its lenient fallbacks. */
const settingsSchema = z.strictObject(
  Object.fromEntries(SETTING_KEYS.map((key) => [key, strictSettingValue(channelSettingsSchema.shape[key]).optional()])) as {
    [K in (typeof SETTING_KEYS)[number]]: z.ZodOptional<z.ZodType<z.output<(typeof channelSettingsSchema.shape)[K]>>>;
  },
);

const MENU_KINDS = ["link", "page", "group", "participant", "category"] as const;
const PLACEMENTS = ["header", "footer", "both"] as const;
export interface MenuItemDef {
  key: string;
  /** Required at the top level; children default to their parent's. */
  placement?: (typeof PLACEMENTS)[number];
  kind: (typeof MENU_KINDS)[number];
  name: z.output<typeof localizedSchema>;
  url?: string;
  alias?: string;
  image?: string;
  weight?: number;
  children?: MenuItemDef[];
}
const menuItemSchema: z.ZodType<MenuItemDef> = z.lazy(() =>
  z
    .strictObject({
      key: keySchema,
      placement: z.enum(PLACEMENTS).optional(),
      kind: z.enum(MENU_KINDS),
      name: localizedSchema,
      url: linkSchema.optional(),
      alias: aliasSchema.optional(),
      image: imageSchema.optional(),
      weight: weightSchema,
      children: z.array(menuItemSchema).optional(),
    })
    .superRefine((item, ctx) => {
      const needsAlias = item.kind === "group" || item.kind === "participant" || item.kind === "category";
      if (needsAlias && !item.alias) ctx.addIssue({ code: "custom", path: ["alias"], message: say({ code: "requiredForKind", params: { kind: item.kind } }) });
      if (!needsAlias && item.alias) ctx.addIssue({ code: "custom", path: ["alias"], message: DM.aliasOnlyForKinds });
      // A link without url is a dropdown heading, so it needs children.
      if (item.kind === "page" && !item.url) ctx.addIssue({ code: "custom", path: ["url"], message: say({ code: "requiredForKind", params: { kind: "page" } }) });
      if (item.kind === "link" && !item.url && !item.children?.length)
        ctx.addIssue({ code: "custom", path: ["url"], message: DM.linkNeedsUrl });
    }),
);

const slideSchema = z.strictObject({
  key: keySchema,
  client_interface: z.enum(["web", "tv", "mobile"]).default("web"),
  slidable_type: z.enum(["main", "category", "participant", "group"]).default("main"),
  /** Alias of the category, participant or group; resolved to slidable_id once the catalogue exists. */
  slidable_alias: aliasSchema.optional(),
  title: localizedSchema,
  subtitle: localizedSchema.optional(),
  cta: localizedSchema.optional(),
  image: imageSchema,
  image_alt: localizedSchema.optional(),
  link_url: linkSchema.optional(),
  weight: weightSchema,
});

const pageSchema = z.strictObject({
  url: pageUrlSchema,
  name: localizedSchema,
  alt_name: localizedSchema.optional(),
  description: localizedSchema.optional(),
  /** Markdown. The reader fills it from pages/<content_file or slug>.<lang>.md when absent. */
  content: localizedSchema,
  content_file: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/).optional(),
  weight: weightSchema,
});

const faqSchema = z.strictObject({ key: keySchema, question: localizedSchema, answer: localizedSchema, weight: weightSchema });

const customFormSchema = z
  .strictObject({
    alias: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, DM.formAliasFormat),
    title: localizedSchema,
    fields: z.array(customFormFieldSchema.strict()).min(1),
    success_message: localizedSchema.optional(),
  })
  .superRefine((form, ctx) => {
    form.fields.forEach((f, i) => {
      if (f.type === "select" && !f.options?.length) ctx.addIssue({ code: "custom", path: ["fields", i, "options"], message: DM.selectNeedsOptions });
    });
    uniqueBy(form.fields, (f) => f.name, ["fields"], "name", ctx);
  });

const STATIC_PLACEMENT = /^(?:home_top|home_bottom|footer|page:\/[a-z0-9][a-z0-9/_-]*)$/;
const staticBlockSchema = z
  .strictObject({
    key: keySchema,
    placement: z.string().regex(STATIC_PLACEMENT, DM.placementFormat),
    type: z.enum(["text", "image"]),
    title: localizedSchema.optional(),
    content: localizedSchema.optional(),
    image: imageSchema.optional(),
    image_alt: localizedSchema.optional(),
    link_url: linkSchema.optional(),
    weight: weightSchema,
  })
  .superRefine((b, ctx) => {
    if (b.type === "image" && !b.image) ctx.addIssue({ code: "custom", path: ["image"], message: DM.imageBlockNeedsImage });
    if (b.type === "text" && !b.content) ctx.addIssue({ code: "custom", path: ["content"], message: DM.textBlockNeedsContent });
  });

/** Locations and sports by key and alias (the loader resolves the ids); the video is a file of our media bucket. */
const prerollSchema = z.strictObject({
  key: keySchema,
  url: z.string().regex(PREROLL_MEDIA_URL, DM.prerollUrlFormat),
  weight: z.number().int().min(0).default(1),
  location: z.string().min(1).nullable().default(null),
  event_categories: z.array(z.string().min(1)).default([]),
  for_vod: z.boolean().default(true),
  for_live: z.boolean().default(true),
});

/**
 * channel.json. Sections are independent arrays keyed by a stable key, so a later section (the catalogue) is one
 * more property here, one more reader step and one more loader step.
 */
export const channelFileSchema = z
  .strictObject({
    $schema: z.string().optional(),
    /** Must equal the folder name when given. */
    alias: aliasSchema.optional(),
    name: z.string().min(1),
    /** Publishable: it only lets a client mint an api key. */
    channel_key: z.string().regex(/^ck_[A-Za-z0-9_]{8,120}$/, DM.channelKeyFormat),
    status: z.enum(["active", "suspended"]).default("active"),
    /**
     * "rolling": the catalogue's relative times are kept and read against the clock, so a demo channel stays live on
     * any day (docs/decisions/027); "fixed": they are resolved once, when the channel is loaded.
     */
    schedule: z.enum(["rolling", "fixed"]).default("fixed"),
    domains: z.array(hostnameSchema).default([]),
    settings: settingsSchema.default({}),
    colors: z.strictObject({ web: colorMapSchema.optional(), tv: colorMapSchema.optional(), mobile: colorMapSchema.optional() }).default({}),
    menu: z.array(menuItemSchema).default([]),
    slides: z.array(slideSchema).default([]),
    pages: z.array(pageSchema).default([]),
    faq: z.array(faqSchema).default([]),
    custom_forms: z.array(customFormSchema).default([]),
    static_blocks: z.array(staticBlockSchema).default([]),
    prerolls: z.array(prerollSchema).default([]),
    /** Sports, schools, teams, events, VOD (catalogue.ts); the reader fills it from catalogue.json. */
    catalogue: catalogueSchema.optional(),
    /** Demo accounts (users.ts); the reader fills it from users.json with the passwords hashed. */
    users: z.array(seededUserSchema).default([]),
    /** Packages, subscriptions, bundles, coupons (products.ts); the reader fills it from products.json. */
    products: productsFileSchema.optional(),
  })
  .superRefine((def, ctx) => {
    const menu = flattenMenu(def.menu);
    const menuKeys = new Set<string>();
    for (const { item, path } of menu) {
      if (menuKeys.has(item.key)) ctx.addIssue({ code: "custom", path: [...path, "key"], message: say({ code: "duplicate", params: { what: "key", value: item.key } }) });
      menuKeys.add(item.key);
    }
    def.menu.forEach((m, i) => {
      if (!m.placement) ctx.addIssue({ code: "custom", path: ["menu", i, "placement"], message: DM.placementRequired });
    });
    // Text must stay readable on every client interface's palette (WCAG AA); the console shows these ratios live.
    for (const [client, colors] of Object.entries(def.colors)) {
      for (const check of contrastChecks(colors ?? {}).filter((c) => !c.ok))
        ctx.addIssue({ code: "custom", path: ["colors", client, check.foreground], message: say({ code: "contrast", params: { ratio: check.ratio.toFixed(2), background: check.background } }), params: { contrast: true } });
    }
    uniqueBy(def.domains, (d) => d, ["domains"], "hostname", ctx);
    uniqueBy(def.slides, (s) => s.key, ["slides"], "key", ctx);
    uniqueBy(def.pages, (p) => p.url, ["pages"], "url", ctx);
    uniqueBy(def.faq, (f) => f.key, ["faq"], "key", ctx);
    uniqueBy(def.custom_forms, (f) => f.alias, ["custom_forms"], "alias", ctx);
    uniqueBy(def.static_blocks, (b) => b.key, ["static_blocks"], "key", ctx);
    uniqueBy(def.prerolls, (p) => p.key, ["prerolls"], "key", ctx);
    const pageUrls = new Set(def.pages.map((p) => p.url));
    for (const { item, path } of menu) {
      if (item.kind === "page" && item.url && !pageUrls.has(item.url))
        ctx.addIssue({ code: "custom", path: [...path, "url"], message: say({ code: "noPage", params: { url: item.url } }) });
    }
    def.static_blocks.forEach((b, i) => {
      const url = b.placement.startsWith("page:") ? b.placement.slice(5) : null;
      if (url && !pageUrls.has(url)) ctx.addIssue({ code: "custom", path: ["static_blocks", i, "placement"], message: say({ code: "noPage", params: { url } }) });
    });
    // With a catalogue, menu entries and slides must point at a school, team or sport it declares.
    if (def.catalogue) {
      const known = catalogueAliases(def.catalogue);
      const what = { group: "school", participant: "team", category: "sport" } as const;
      for (const { item, path } of menu) {
        if ((item.kind === "group" || item.kind === "participant" || item.kind === "category") && item.alias && !known[item.kind].has(item.alias))
          ctx.addIssue({ code: "custom", path: [...path, "alias"], message: say({ code: "notInCatalogue", params: { what: what[item.kind], value: item.alias } }) });
      }
      def.slides.forEach((s, i) => {
        if (s.slidable_type === "main") return;
        if (!s.slidable_alias) ctx.addIssue({ code: "custom", path: ["slides", i, "slidable_alias"], message: say({ code: "requiredForSlideType", params: { type: s.slidable_type } }) });
        else if (!known[s.slidable_type].has(s.slidable_alias))
          ctx.addIssue({ code: "custom", path: ["slides", i, "slidable_alias"], message: say({ code: "notInCatalogue", params: { what: what[s.slidable_type], value: s.slidable_alias } }) });
      });
    }
    // Demo passes name what they cover; an unknown name would silently cover nothing.
    const known = def.catalogue ? catalogueAliases(def.catalogue) : { category: new Set<string>(), participant: new Set<string>() };
    // A preroll's unknown location or sport would resolve to nothing and widen it to every event: refused.
    const locationKeys = new Set(def.catalogue?.locations.map((l) => l.key) ?? []);
    def.prerolls.forEach((p, i) => {
      if (p.location !== null && !locationKeys.has(p.location))
        ctx.addIssue({ code: "custom", path: ["prerolls", i, "location"], message: say({ code: "notInCatalogue", params: { what: "location", value: p.location } }) });
      p.event_categories.forEach((sport, j) => {
        if (!known.category.has(sport)) ctx.addIssue({ code: "custom", path: ["prerolls", i, "event_categories", j], message: say({ code: "notInCatalogue", params: { what: "sport", value: sport } }) });
      });
    });
    const eventKeys = new Set(def.catalogue?.events.map((e) => e.key) ?? []);
    // Products name sports, teams and events of the catalogue.
    if (def.products) {
      const names = { sports: known.category, teams: known.participant, events: eventKeys };
      for (const i of productRefIssues(def.products, names)) ctx.addIssue({ code: "custom", path: ["products", ...i.path], message: i.message });
    }
    // A demo purchase names a package or subscription of products.json and, when it states them, what it grants.
    const productByKey = new Map(def.products?.products.map((p) => [p.key, p]) ?? []);
    def.users.forEach((u, i) =>
      u.orders.forEach((o, j) => {
        const at = (field: string) => ["users", i, "orders", j, field];
        const product = productByKey.get(o.product);
        if (!product || product.kind === "bundle") {
          ctx.addIssue({ code: "custom", path: at("product"), message: say({ code: "unknownOrderProduct", params: { value: o.product } }) });
          return;
        }
        if (o.capabilities && [...o.capabilities].sort().join() !== [...product.capabilities].sort().join())
          ctx.addIssue({ code: "custom", path: at("capabilities"), message: say({ code: "differsFromProduct", params: { value: product.capabilities.join(", ") } }) });
        if (o.limits && Object.entries(product.limits).some(([k, v]) => (o.limits?.[k as keyof typeof o.limits] ?? 0) !== v))
          ctx.addIssue({ code: "custom", path: at("limits"), message: say({ code: "differsFromProduct", params: { value: JSON.stringify(product.limits) } }) });
      }),
    );
  });

export type ChannelFile = z.output<typeof channelFileSchema>;
export type { Catalogue };
/** A validated definition; alias is the folder name. */
export type TenantDefinition = Omit<ChannelFile, "alias"> & { alias: string };

/** An image file of a tenant: path relative to its images/ folder. */
export interface TenantFile {
  path: string;
  bytes: Uint8Array;
  contentType: string;
}

export class TenantDefinitionError extends Error {
  override name = "TenantDefinitionError";
}

/**
 * Validates a parsed channel.json. `source` names the file in error messages; `catalogueSource`, when the
 * catalogue came from its own file, names that file for problems under `catalogue`.
 */
export function parseTenantDefinition(raw: unknown, alias: string, source = `tenants/${alias}/channel.json`, catalogueSource?: string): TenantDefinition {
  if (!ALIAS_PATTERN.test(alias)) throw new TenantDefinitionError(`${source}: folder name "${alias}" is not a valid alias (lowercase letters, numbers, hyphens)`);
  const result = channelFileSchema.safeParse(raw);
  if (!result.success) {
    if (!catalogueSource) throw new TenantDefinitionError(formatIssues(source, result.error.issues));
    const inCatalogue = (i: z.core.$ZodIssue) => i.path[0] === "catalogue";
    const catalogueIssues = result.error.issues.filter(inCatalogue).map((i) => ({ ...i, path: i.path.slice(1) }));
    const others = result.error.issues.filter((i) => !inCatalogue(i));
    throw new TenantDefinitionError(
      [others.length ? formatIssues(source, others) : "", catalogueIssues.length ? formatIssues(catalogueSource, catalogueIssues) : ""].filter(Boolean).join("\n"),
    );
  }
  const { alias: declared, ...def } = result.data;
  if (declared && declared !== alias) throw new TenantDefinitionError(`${source}: alias "${declared}" does not match its folder name "${alias}"`);
  return { ...def, alias };
}

/** One line per problem: `<file>: <path>: <message>`; unknown keys are named with their full path. */
export function formatIssues(source: string, issues: z.core.$ZodIssue[]): string {
  const lines = issues.flatMap((issue) => {
    const at = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      const allowed = at === "settings" ? ` (allowed: ${SETTING_KEYS.join(", ")})` : at.startsWith("colors.") ? ` (allowed: ${COLOR_KEYS.join(", ")})` : "";
      return issue.keys.map((k) => `${source}: ${at ? `${at}.` : ""}${k}: unknown key${allowed}`);
    }
    return [`${source}: ${at || "(root)"}: ${issue.message}`];
  });
  return lines.join("\n");
}

/** Menu items depth-first (parents before children), with their parent's key and their path in the file. */
export function flattenMenu(items: MenuItemDef[], parent?: MenuItemDef, path: (string | number)[] = ["menu"]) {
  const out: { item: MenuItemDef; parent?: MenuItemDef; placement: MenuItemDef["placement"]; path: (string | number)[]; index: number }[] = [];
  items.forEach((item, index) => {
    const itemPath = [...path, index];
    const placement = item.placement ?? parent?.placement;
    out.push({ item, parent, placement, path: itemPath, index });
    out.push(...flattenMenu(item.children ?? [], { ...item, placement }, [...itemPath, "children"]));
  });
  return out;
}

/** Every image a definition refers to, with where it is (for errors) — the loader rewrites exactly these. */
export function imageRefs(
  def: Pick<TenantDefinition, "settings" | "slides" | "menu" | "static_blocks"> & { catalogue?: Catalogue; products?: ProductsFile },
): { at: string; ref: string }[] {
  const refs: { at: string; ref: string }[] = [];
  if (def.settings.logo) refs.push({ at: "settings.logo", ref: def.settings.logo });
  if (def.settings.favicon) refs.push({ at: "settings.favicon", ref: def.settings.favicon });
  def.slides.forEach((s, i) => refs.push({ at: `slides.${i}.image`, ref: s.image }));
  for (const { item, path } of flattenMenu(def.menu)) if (item.image) refs.push({ at: `${path.join(".")}.image`, ref: item.image });
  def.static_blocks.forEach((b, i) => b.image && refs.push({ at: `static_blocks.${i}.image`, ref: b.image }));
  if (def.catalogue) refs.push(...catalogueImageRefs(def.catalogue));
  if (def.products) refs.push(...productImageRefs(def.products));
  return refs;
}

function uniqueBy<T>(items: T[], keyOf: (item: T) => string, path: (string | number)[], what: string, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const key = keyOf(item);
    if (seen.has(key)) ctx.addIssue({ code: "custom", path: [...path, i], message: say({ code: "duplicate", params: { what, value: key } }) });
    seen.add(key);
  });
}
