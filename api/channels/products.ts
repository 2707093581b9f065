// The commerce part of a tenant (tenants/<alias>/products.json): packages, subscriptions, addons, bundles and
// coupons. Pure (no Node APIs), like catalogue.ts: the loader runs inside workerd too.
//
// Prices are written in major units (89.99) and stored in cents. What a product covers is named like the
// catalogue names things — sports and teams by alias, events by key, other products by key — and resolved to ids
// in SQL at load (sections.ts `productsSection`), so ids stay stable across loads.
import { z } from "zod";
import { BILLING_PERIODS, CAPABILITIES, COUPON_DURATIONS, CURRENCIES } from "../contract/commerce-types";
import { toMinor } from "../services/commerce/pricing";
import { localizedSchema } from "./fields";
import { DEFINITION_MESSAGES as DM, definitionMessage as say } from "../contract/definition-messages";

const keySchema = z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,79}$/, DM.keyFormat);
const refSchema = z.string().min(1);
/** Major units with at most two decimals (cents are exact). */
const moneySchema = z
  .number()
  .min(0)
  .max(100_000)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message: DM.twoDecimals });
const imagePath = z
  .string()
  .regex(/^[a-zA-Z0-9][a-zA-Z0-9._/-]{0,200}$/, DM.imagePathFormat)
  .refine((v) => !v.includes(".."), { message: DM.insideImages });
/** An absolute instant, for coupon validity ("2025-09-01T00:00:00Z"). */
const instantSchema = z.iso.datetime({ offset: true, message: DM.instantFormat });

const productSchema = z
  .strictObject({
    key: keySchema,
    kind: z.enum(["package", "subscription", "bundle"]),
    name: localizedSchema,
    description: localizedSchema.optional(),
    /** What the buyer pays per period, service fee included. */
    price: moneySchema,
    /** The list price (shown struck through when higher); default: price. */
    base_price: moneySchema.optional(),
    service_fee: moneySchema.default(0),
    /** Default: the file's currency. */
    currency: z.enum(CURRENCIES).optional(),
    image: imagePath.optional(),
    weight: z.number().int().optional(),
    /** Packages: "single" (one event) or "category" (sports or teams). */
    type: z.enum(["single", "category"]).optional(),
    /** Subscriptions: the billing period; packages: how long the pass lasts (none: open-ended). */
    period: z.enum(BILLING_PERIODS).optional(),
    trial_days: z.number().int().min(0).max(365).default(0),
    /** An addon: the key of the pass it sits on. */
    addon_of: keySchema.optional(),
    team_pass: z.boolean().default(false),
    sports: z.array(refSchema).default([]),
    teams: z.array(refSchema).default([]),
    /** How many sports or teams the buyer picks; omitted: the pass covers all of them. */
    max_choices: z.number().int().min(1).optional(),
    /** A single-event package: the event's key. */
    event: refSchema.optional(),
    capabilities: z.array(z.enum(CAPABILITIES)).default(["watch"]),
    limits: z.strictObject({ clips: z.number().int().min(0).default(0), downloads: z.number().int().min(0).default(0) }).default({ clips: 0, downloads: 0 }),
    simultaneous_logins: z.number().int().min(1).optional(),
    /** A bundle: the keys of the products it contains. */
    items: z.array(keySchema).default([]),
    stripe_price_id: z.string().regex(/^price_[A-Za-z0-9]+$/, DM.stripePriceFormat).optional(),
    active: z.boolean().default(true),
  })
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (p.kind === "package" && !p.type && !p.addon_of) issue("type", DM.packageType);
    if (p.kind !== "package" && p.type) issue("type", DM.onlyPackagesType);
    if (p.kind === "subscription" && !p.period) issue("period", DM.subscriptionPeriod);
    if (p.kind !== "subscription" && p.trial_days) issue("trial_days", DM.onlySubscriptionsTrial);
    if (p.type === "single" && !p.event) issue("event", DM.singleNamesEvent);
    if (p.event && p.type !== "single") issue("event", DM.onlySingleEvent);
    if (p.type === "category" && !p.addon_of && !(p.team_pass ? p.teams : p.sports).length)
      issue(p.team_pass ? "teams" : "sports", say({ code: "passCovers", params: { what: p.team_pass ? "team" : "category" } }));
    if (p.team_pass && p.type !== "category") issue("team_pass", DM.teamPassCategory);
    if (p.max_choices !== undefined && p.max_choices > (p.team_pass ? p.teams : p.sports).length) issue("max_choices", DM.tooManyChoices);
    if (p.kind === "bundle" && p.items.length < 2) issue("items", DM.bundleTwo);
    if (p.kind !== "bundle" && p.items.length) issue("items", DM.onlyBundlesItems);
    if (p.addon_of && p.kind !== "package") issue("addon_of", DM.onlyPackageAddon);
    if (p.base_price !== undefined && p.base_price < p.price) issue("base_price", DM.belowPrice);
    if (p.service_fee > p.price) issue("service_fee", DM.feeOverPrice);
  });

const couponSchema = z
  .strictObject({
    /** Matched case-insensitively; stored upper-case. */
    code: z.string().regex(/^[A-Za-z0-9_-]{3,32}$/, DM.couponCodeFormat),
    percent_off: z.number().int().min(1).max(100).optional(),
    amount_off: moneySchema.optional(),
    /** The amount's currency; default: the file's. */
    currency: z.enum(CURRENCIES).optional(),
    duration: z.enum(COUPON_DURATIONS).default("once"),
    duration_months: z.number().int().min(1).max(36).optional(),
    valid_from: instantSchema.optional(),
    valid_until: instantSchema.optional(),
    max_redemptions: z.number().int().min(1).optional(),
    /** Keys of the products it applies to; omitted: all. */
    products: z.array(keySchema).default([]),
    active: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    if ((c.percent_off === undefined) === (c.amount_off === undefined))
      ctx.addIssue({ code: "custom", path: ["percent_off"], message: DM.oneDiscount });
    if ((c.duration === "repeating") !== (c.duration_months !== undefined))
      ctx.addIssue({ code: "custom", path: ["duration_months"], message: DM.repeatingMonths });
    if (c.valid_from && c.valid_until && Date.parse(c.valid_until) <= Date.parse(c.valid_from))
      ctx.addIssue({ code: "custom", path: ["valid_until"], message: DM.afterValidFrom });
  });

export const productsFileSchema = z
  .strictObject({
    $schema: z.string().optional(),
    /** Default currency of the products and coupon amounts. */
    currency: z.enum(CURRENCIES).default("USD"),
    products: z.array(productSchema).default([]),
    coupons: z.array(couponSchema).default([]),
  })
  .superRefine((f, ctx) => {
    const byKey = new Map<string, (typeof f.products)[number]>();
    f.products.forEach((p, i) => {
      if (byKey.has(p.key)) ctx.addIssue({ code: "custom", path: ["products", i, "key"], message: say({ code: "duplicate", params: { what: "key", value: p.key } }) });
      byKey.set(p.key, p);
    });
    f.products.forEach((p, i) => {
      if (p.addon_of) {
        const pass = byKey.get(p.addon_of);
        if (!pass) ctx.addIssue({ code: "custom", path: ["products", i, "addon_of"], message: say({ code: "unknownRef", params: { what: "product", value: p.addon_of } }) });
        else if (pass.kind !== "package" || pass.addon_of) ctx.addIssue({ code: "custom", path: ["products", i, "addon_of"], message: say({ code: "notAPass", params: { value: p.addon_of } }) });
      }
      p.items.forEach((key, j) => {
        const item = byKey.get(key);
        if (!item) ctx.addIssue({ code: "custom", path: ["products", i, "items", j], message: say({ code: "unknownRef", params: { what: "product", value: key } }) });
        else if (item.kind === "bundle") ctx.addIssue({ code: "custom", path: ["products", i, "items", j], message: DM.bundleInBundle });
        else if ((item.currency ?? f.currency) !== (p.currency ?? f.currency))
          ctx.addIssue({ code: "custom", path: ["products", i, "items", j], message: say({ code: "otherCurrency", params: { value: key } }) });
      });
    });
    const codes = new Set<string>();
    f.coupons.forEach((c, i) => {
      const code = c.code.toUpperCase();
      if (codes.has(code)) ctx.addIssue({ code: "custom", path: ["coupons", i, "code"], message: say({ code: "duplicate", params: { what: "code", value: code } }) });
      codes.add(code);
      c.products.forEach((key, j) => byKey.has(key) || ctx.addIssue({ code: "custom", path: ["coupons", i, "products", j], message: say({ code: "unknownRef", params: { what: "product", value: key } }) }));
    });
  });

export type ProductsFile = z.output<typeof productsFileSchema>;

/** The names a products file may refer to in the catalogue. */
export interface CatalogueNames {
  sports: ReadonlySet<string>;
  teams: ReadonlySet<string>;
  events: ReadonlySet<string>;
}

/** Sports, teams and events a products file names that the catalogue does not declare (path relative to the file). */
export function productRefIssues(f: ProductsFile, names: CatalogueNames): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  f.products.forEach((p, i) => {
    p.sports.forEach((s, j) => names.sports.has(s) || issues.push({ path: ["products", i, "sports", j], message: say({ code: "notInCatalogue", params: { what: "sport", value: s } }) }));
    p.teams.forEach((t, j) => names.teams.has(t) || issues.push({ path: ["products", i, "teams", j], message: say({ code: "notInCatalogue", params: { what: "team", value: t } }) }));
    if (p.event && !names.events.has(p.event)) issues.push({ path: ["products", i, "event"], message: say({ code: "notInCatalogue", params: { what: "event", value: p.event } }) });
  });
  return issues;
}

/** Every image the products refer to, with where it is (for errors). */
export const productImageRefs = (f: ProductsFile): { at: string; ref: string }[] =>
  f.products.flatMap((p, i) => (p.image ? [{ at: `products.products.${i}.image`, ref: p.image }] : []));

/** The product rows as stored (cents), references still as keys and aliases for the loader to resolve. */
export function productRows(f: ProductsFile) {
  return f.products.map((p, i) => ({
    key: p.key,
    kind: p.kind,
    name: p.name,
    description: p.description ?? null,
    price: toMinor(p.price),
    basePrice: toMinor(p.base_price ?? p.price),
    serviceFee: toMinor(p.service_fee),
    currency: p.currency ?? f.currency,
    image: p.image ?? null,
    weight: p.weight ?? i,
    packageType: p.kind === "package" ? (p.type ?? null) : null,
    period: p.period ?? null,
    trialDays: p.trial_days,
    passType: p.addon_of ? ("addition" as const) : ("regular" as const),
    isTeamPass: p.team_pass,
    maxChoices: p.max_choices ?? null,
    capabilities: p.capabilities,
    limits: p.limits,
    simultaneousLogins: p.simultaneous_logins ?? null,
    stripePriceId: p.stripe_price_id ?? null,
    active: p.active,
  }));
}

/** Coupon rows as stored (codes upper-case, amounts in cents, instants in epoch ms). */
export function couponRows(f: ProductsFile) {
  const at = (iso: string | undefined) => (iso ? Date.parse(iso) : null);
  return f.coupons.map((c) => ({
    code: c.code.toUpperCase(),
    percentOff: c.percent_off ?? null,
    amountOff: c.amount_off === undefined ? null : toMinor(c.amount_off),
    currency: c.amount_off === undefined ? null : (c.currency ?? f.currency),
    duration: c.duration,
    durationMonths: c.duration_months ?? null,
    validFrom: at(c.valid_from),
    validUntil: at(c.valid_until),
    maxRedemptions: c.max_redemptions ?? null,
    active: c.active,
  }));
}
