// Maps product rows to the wire `Product` (SPEC §3 "Package, subscription or addon"): names resolved to the call's
// language, money from minor to major units, ids resolved to {id, name} refs. Pure: the routes load the rows.
import { CAPABILITIES, type Capability, type Currency, type Product, type ProductRef } from "../../contract/commerce-types";
import type { ProductRow } from "../../db/commerce-schema";
import type { NameRow, ProductRefRow } from "../../db/repos/products";
import { type Lang, tr, trOpt } from "../lang";
import { toMajor } from "./pricing";

export interface ProductNames {
  products: ProductRefRow[];
  categories: NameRow[];
  participants: NameRow[];
}

const refsOf = (ids: readonly number[], names: ReadonlyMap<number, unknown>, l: Lang): ProductRef[] =>
  ids.filter((id) => names.has(id)).map((id) => ({ id, name: tr(names.get(id), l) }));

const knownCapabilities = (list: readonly string[]): Capability[] =>
  CAPABILITIES.filter((c) => list.some((raw) => raw.trim().toLowerCase() === c || (c === "vod_media" && raw.trim().toLowerCase() === "vod_media_access")));

export function toProduct(row: ProductRow, names: ProductNames, l: Lang): Product {
  const productNames = new Map(names.products.map((p) => [p.id, p.name]));
  const categories = refsOf(row.eventCategoryIds, new Map(names.categories.map((c) => [c.id, c.name])), l);
  const isSubscription = row.kind === "subscription";
  return {
    id: row.id,
    kind: row.kind,
    name: tr(row.name, l),
    description: trOpt(row.description, l),
    price: toMajor(row.price),
    base_price: toMajor(row.basePrice),
    service_fee: toMajor(row.serviceFee),
    currency: row.currency as Currency,
    image: row.image,
    type: row.kind === "package" ? row.packageType : null,
    offer: isSubscription && row.period ? (row.period === "annual" ? "annual" : "monthly") : null,
    period: row.period,
    trial_period: isSubscription ? row.trialDays : 0,
    pass_type: row.passType,
    is_team_pass: row.isTeamPass,
    event_categories: categories,
    event_category_id: row.eventCategoryIds.length === 1 ? row.eventCategoryIds[0] : null,
    participants: refsOf(row.participantIds, new Map(names.participants.map((p) => [p.id, p.name])), l),
    max_choices: row.maxChoices,
    event_id: row.eventId,
    capabilities: knownCapabilities(row.capabilities),
    limits: { clips: row.limits.clips ?? 0, downloads: row.limits.downloads ?? 0 },
    simultaneous_logins: row.simultaneousLogins,
    addons: names.products.filter((p) => p.addonOf === row.id).map((p) => ({ id: p.id, name: tr(p.name, l) })),
    addon_of: row.addonOf,
    items: refsOf(row.bundleItemIds, productNames, l),
    weight: row.weight,
  };
}

/**
 * A list in weight order with every addon right after the pass it sits on ("addons listed with their pass"). An
 * addon whose pass is not in the list (inactive, or another kind) is left out: it cannot be bought alone.
 */
export function toProductList(rows: readonly ProductRow[], names: ProductNames, l: Lang): Product[] {
  const byWeight = [...rows].sort((a, b) => a.weight - b.weight || a.id - b.id);
  const listed = new Set(byWeight.map((r) => r.id));
  const out: Product[] = [];
  for (const row of byWeight) {
    if (row.addonOf !== null) continue;
    out.push(toProduct(row, names, l));
    for (const addon of byWeight) if (addon.addonOf === row.id && listed.has(addon.id)) out.push(toProduct(addon, names, l));
  }
  return out;
}

/** SPEC §7: packages lists packages, addons and bundles; subscriptions lists the subscriptions. */
export const PACKAGE_LIST_KINDS = ["package", "bundle"] as const;
export const SUBSCRIPTION_LIST_KINDS = ["subscription"] as const;

/** The bootstrap's `packages` and `subscriptions`, from one query of every active product. */
export function toCommerceBootstrap(rows: readonly ProductRow[], names: ProductNames, l: Lang): { packages: Product[]; subscriptions: Product[] } {
  return {
    packages: toProductList(rows.filter((r) => r.kind !== "subscription"), names, l),
    subscriptions: toProductList(rows.filter((r) => r.kind === "subscription"), names, l),
  };
}
