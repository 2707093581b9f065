// Purchase rules (SPEC §4 "Purchased" and "Checkout preparation", §6 capabilities and trial eligibility): pure
// functions over product rows and the user's orders; the routes load them and answer with the result.
import { capabilityFlags } from "../../contract/auth";
import { COMMERCE_MESSAGES, type Capability } from "../../contract/commerce-types";
import type { ProductRow } from "../../db/commerce-schema";
import { type AccessOrder, orderIsActive, orderScope, passEntitlements } from "../access";

/** The product fields the rules read (a row satisfies it). */
export type RuleProduct = Pick<
  ProductRow,
  | "id"
  | "kind"
  | "packageType"
  | "passType"
  | "addonOf"
  | "isTeamPass"
  | "eventCategoryIds"
  | "participantIds"
  | "maxChoices"
  | "eventId"
  | "bundleItemIds"
  | "trialDays"
  | "simultaneousLogins"
  | "active"
>;

/** An order as the purchase rules see it: the access fields plus what the buyer picked. */
export interface CommerceOrder extends AccessOrder {
  selectedCategoryIds?: readonly number[];
  selectedParticipantIds?: readonly number[];
  /** Event orders bought through a single-event package. */
  singleEventPackageId?: number | null;
}

export interface PurchaseState {
  purchased: boolean;
  /** Categories and teams the buyer already holds through this package: shown disabled on /select-package. */
  disabled_event_category_ids: number[];
  disabled_participant_ids: number[];
}

/** The active orders bought as this product (an event order counts for its single-event package). */
export const ordersOf = (product: RuleProduct, orders: readonly CommerceOrder[], now: number) =>
  orders.filter(
    (o) =>
      orderIsActive(o, now) &&
      (o.type === "event" ? o.singleEventPackageId === product.id : o.productId === product.id && o.type === (product.kind === "subscription" ? "subscription" : "package")),
  );

/**
 * SPEC §4. A subscription, addon or single-event package is purchased when an order for it is paid and active. A
 * category or team pass is purchased when all its categories (team pass: all its teams) are used up by such orders;
 * a pass with nothing to choose is used up by any such order. Otherwise it lists the disabled ones. A bundle is
 * purchased when every product in it is.
 */
export function purchaseState(product: RuleProduct, orders: readonly CommerceOrder[], now: number, catalogue: readonly RuleProduct[] = []): PurchaseState {
  const none: PurchaseState = { purchased: false, disabled_event_category_ids: [], disabled_participant_ids: [] };
  if (product.kind === "bundle") {
    const items = product.bundleItemIds.map((id) => catalogue.find((p) => p.id === id));
    const purchased = items.length > 0 && items.every((item) => item !== undefined && item.kind !== "bundle" && purchaseState(item, orders, now).purchased);
    return { ...none, purchased };
  }
  const own = ordersOf(product, orders, now);
  const choosable = product.kind === "package" && product.eventId === null && product.passType === "regular";
  if (!choosable || product.maxChoices === null) return { ...none, purchased: own.length > 0 };
  const categories = new Set(own.flatMap((o) => orderScope(o).categories));
  const participants = new Set(own.flatMap((o) => orderScope(o).participants));
  const disabledCategories = product.eventCategoryIds.filter((id) => categories.has(id));
  const disabledParticipants = product.participantIds.filter((id) => participants.has(id));
  const purchased = product.isTeamPass
    ? product.participantIds.length > 0 && disabledParticipants.length === product.participantIds.length
    : product.eventCategoryIds.length > 0 && disabledCategories.length === product.eventCategoryIds.length;
  return { purchased, disabled_event_category_ids: disabledCategories, disabled_participant_ids: disabledParticipants };
}

// ---- Checkout preparation -------------------------------------------------------------------------------------

export type CheckoutTarget =
  | { kind: "event"; event: { id: number; type: "paid" | "free" }; singleEventPackageId?: number }
  | { kind: "package"; packageId?: number }
  | { kind: "subscription"; subscriptionId?: number };

export type CheckoutPreparation =
  | { ok: true; product: RuleProduct | null }
  | { ok: false; message: (typeof COMMERCE_MESSAGES)["idNotSelected" | "passNotFound"] };

/**
 * SPEC §4: an unpaid event needs no package (product null: nothing to buy). A paid single event needs the id of a
 * single-event package for that event; a package or subscription checkout needs its id. No id: "id not selected";
 * an id that names no such active product of the channel: "Pass not found".
 */
export function prepareCheckout(target: CheckoutTarget, products: readonly RuleProduct[]): CheckoutPreparation {
  if (target.kind === "event" && target.event.type !== "paid") return { ok: true, product: null };
  const id = target.kind === "event" ? target.singleEventPackageId : target.kind === "package" ? target.packageId : target.subscriptionId;
  if (id === undefined) return { ok: false, message: COMMERCE_MESSAGES.idNotSelected };
  const product = products.find((p) => p.id === id && p.active);
  const fits =
    product !== undefined &&
    (target.kind === "event"
      ? product.kind === "package" && product.eventId === target.event.id
      : target.kind === "package"
        ? product.kind === "package" || product.kind === "bundle"
        : product.kind === "subscription");
  return fits ? { ok: true, product: product! } : { ok: false, message: COMMERCE_MESSAGES.passNotFound };
}

/**
 * Whether the buyer's picks fit a category or team pass: each one among the pass's, none already held, and at most
 * `max_choices` of them (none to pick when max_choices is null: the pass covers all).
 */
export function selectionFits(product: RuleProduct, picked: readonly number[], state: PurchaseState): boolean {
  if (product.maxChoices === null) return picked.length === 0;
  const allowed = product.isTeamPass ? product.participantIds : product.eventCategoryIds;
  const disabled = product.isTeamPass ? state.disabled_participant_ids : state.disabled_event_category_ids;
  return picked.length > 0 && picked.length <= product.maxChoices && new Set(picked).size === picked.length && picked.every((id) => allowed.includes(id) && !disabled.includes(id));
}

// ---- Trials and entitlements ----------------------------------------------------------------------------------

/** SPEC §6: a trial is offered when the user has not used one and the subscription has trial days. */
export const trialEligible = (user: { trial_period_used: boolean } | null, product: Pick<RuleProduct, "kind" | "trialDays">): boolean =>
  user !== null && !user.trial_period_used && product.kind === "subscription" && product.trialDays > 0;

export interface Entitlements {
  capabilities: Capability[];
  limits: { clips: number; downloads: number };
  /** The most simultaneous logins any active pass allows; null when no active pass sets one. */
  simultaneous_logins: number | null;
  /** SPEC §6: the limit as a label, e.g. "2 simultaneous logins". */
  simultaneous_logins_label: string | null;
}

export const simultaneousLoginsLabel = (n: number | null): string | null => (n === null ? null : `${n} simultaneous login${n === 1 ? "" : "s"}`);

/** The product an order holds (an event order bought through a single-event package holds that package). */
export const heldProductId = (o: CommerceOrder): number | null | undefined => (o.type === "event" ? o.singleEventPackageId : o.productId);

/**
 * The most simultaneous logins (streams at once) the active passes allow; null when none of them sets a limit.
 * The profile shows it and playback enforces it (api/services/streams.ts).
 */
export function simultaneousLogins(orders: readonly CommerceOrder[], products: readonly Pick<RuleProduct, "id" | "simultaneousLogins">[], now: number): number | null {
  const held = new Set(orders.filter((o) => orderIsActive(o, now)).map(heldProductId));
  const logins = products.filter((p) => held.has(p.id) && p.simultaneousLogins !== null).map((p) => p.simultaneousLogins!);
  return logins.length ? Math.max(...logins) : null;
}

/**
 * Capabilities and limits from the account and its active orders (access.ts passEntitlements: limits summed per
 * pass), as normalised capability names, with the simultaneous-logins limit of the passes' products.
 */
export function entitlements(
  user: { capabilities: readonly string[] },
  orders: readonly CommerceOrder[],
  products: readonly Pick<RuleProduct, "id" | "kind" | "simultaneousLogins">[],
  now: number,
): Entitlements {
  const pass = passEntitlements(orders, now);
  const flags = capabilityFlags([...user.capabilities, ...pass.capabilities]);
  const max = simultaneousLogins(orders, products, now);
  return {
    capabilities: (Object.keys(flags) as Capability[]).filter((c) => flags[c]),
    limits: pass.limits,
    simultaneous_logins: max,
    simultaneous_logins_label: simultaneousLoginsLabel(max),
  };
}
