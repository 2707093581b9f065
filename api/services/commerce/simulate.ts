// "What is the cheapest way to watch this?" (/simulate): for an event, a team or a sport, every product that would
// give access — the single-event package, the passes covering it, subscriptions, bundles containing one of those —
// ranked by what this user would pay today. Owned products count as 0, and so does a trial the user may start.
import type { ProductRow } from "../../db/commerce-schema";
import { orderScope } from "../access";
import { type CommerceOrder, ordersOf, purchaseState, type RuleProduct, trialEligible } from "./rules";

export type SimulateProduct = RuleProduct & Pick<ProductRow, "price" | "weight">;

export type SimulateTarget =
  | {
      kind: "event";
      event: { id: number; type: "paid" | "free"; homeTeamId: number | null; awayTeamId: number | null };
      /** The event's sport and its ancestors. */
      categoryPath: readonly number[];
    }
  | { kind: "team"; participantId: number; /** The team's sport and its ancestors. */ categoryPath: readonly number[] }
  | { kind: "sport"; /** The sport and its ancestors. */ categoryPath: readonly number[] };

export interface SimulateOption {
  product_id: number;
  kind: ProductRow["kind"];
  /** The first charge, cents (service fee included, before any coupon). */
  price: number;
  /** What this user pays today, cents: 0 when owned or during a free trial. */
  effective_price: number;
  owned: boolean;
  trial_days: number;
}

export interface SimulateResult {
  /** False for an unpaid event: nothing to buy. */
  needs_purchase: boolean;
  /** Cheapest first. */
  options: SimulateOption[];
}

const teamsOf = (target: SimulateTarget): number[] =>
  target.kind === "team" ? [target.participantId] : target.kind === "event" ? [target.event.homeTeamId, target.event.awayTeamId].filter((t): t is number => t !== null) : [];

/** Whether a (non-bundle) product gives access to the target. Addons never do: they sit on a pass. */
export function productCovers(p: Pick<SimulateProduct, "passType" | "kind" | "eventId" | "isTeamPass" | "participantIds" | "eventCategoryIds">, target: SimulateTarget): boolean {
  if (p.passType === "addition" || p.kind === "bundle") return false;
  if (p.kind === "subscription") return true;
  if (p.eventId !== null) return target.kind === "event" && target.event.id === p.eventId;
  if (p.isTeamPass) return teamsOf(target).some((t) => p.participantIds.includes(t));
  return p.eventCategoryIds.some((id) => target.categoryPath.includes(id));
}

/** Whether the user already holds this product for the target (a pick-your-sports pass: a pick that covers it). */
function owned(p: SimulateProduct, target: SimulateTarget, orders: readonly CommerceOrder[], now: number): boolean {
  const own = ordersOf(p, orders, now);
  if (!own.length) return false;
  if (p.kind !== "package" || p.eventId !== null || p.maxChoices === null) return true;
  return own.some((o) => {
    const { categories, participants } = orderScope(o);
    return p.isTeamPass ? teamsOf(target).some((t) => participants.includes(t)) : categories.some((id) => target.categoryPath.includes(id));
  });
}

export function simulate(input: {
  target: SimulateTarget;
  products: readonly SimulateProduct[];
  orders: readonly CommerceOrder[];
  user: { trial_period_used: boolean } | null;
  now: number;
}): SimulateResult {
  const { target, products, orders, user, now } = input;
  if (target.kind === "event" && target.event.type !== "paid") return { needs_purchase: false, options: [] };
  const active = products.filter((p) => p.active);
  const direct = active.filter((p) => productCovers(p, target));
  const directIds = new Set(direct.map((p) => p.id));
  const bundles = active.filter((p) => p.kind === "bundle" && p.bundleItemIds.some((id) => directIds.has(id)));

  const option = (p: SimulateProduct): SimulateOption => {
    const isOwned = p.kind === "bundle" ? purchaseState(p, orders, now, active).purchased : owned(p, target, orders, now);
    const trial = !isOwned && trialEligible(user, p) ? p.trialDays : 0;
    return { product_id: p.id, kind: p.kind, price: p.price, effective_price: isOwned || trial ? 0 : p.price, owned: isOwned, trial_days: trial };
  };
  const weight = new Map(active.map((p) => [p.id, p.weight]));
  // Owned beats a trial at the same 0 (nothing to start), then the lower full price, then the channel's order.
  const options = [...direct, ...bundles]
    .map(option)
    .sort(
      (a, b) =>
        a.effective_price - b.effective_price ||
        Number(b.owned) - Number(a.owned) ||
        a.price - b.price ||
        (weight.get(a.product_id) ?? 0) - (weight.get(b.product_id) ?? 0) ||
        a.product_id - b.product_id,
    );
  return { needs_purchase: true, options };
}
