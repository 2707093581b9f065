// What an upcoming paid or ppv event's page offers next to its countdown (issue 12): the API's verdict from GET
// /simulate, reduced to what the page shows. Pure; no pricing or access rule here, only the API's answer.
import type { SimulateResultWire } from "@api/contract/commerce-types";
import type { CoveringPass } from "~/features/orders/PassList";

export type EventOffer =
  | { kind: "owned" }
  | { kind: "buy"; name: string; price: number; currency: SimulateResultWire["options"][number]["currency"]; trialDays: number; href: string };

/** A way to watch as a page lists it: a link to its purchase, with the price, any free trial, and whether it is the event's own ticket. */
export type WatchOption = CoveringPass & Required<Pick<CoveringPass, "trialDays" | "own" | "period">>;

/**
 * The ways to buy access the API offers for an event (GET /simulate: cheapest first), the event's own ticket first:
 * a pay-per-view page sells the game before a plan. Owned ones and those with nothing to buy are left out.
 */
export function watchOptions(result: SimulateResultWire, eventId: number): WatchOption[] {
  if (!result.needs_purchase || result.options.some((o) => o.owned)) return [];
  const options = result.options
    .filter((o): o is typeof o & { link: string } => o.link !== null)
    .map((o) => ({ id: o.product.id, name: o.product.name, price: o.price, currency: o.currency, href: o.link, trialDays: o.trial_days, own: o.product.event_id === eventId, period: o.product.period }));
  return [...options.filter((o) => o.own), ...options.filter((o) => !o.own)];
}

/** The API's answer as the page's offer: owned when an option is owned, else the event's own ticket or the cheapest way. */
export function offerFrom(result: SimulateResultWire, eventId: number): EventOffer | null {
  if (!result.needs_purchase) return null;
  if (result.options.some((o) => o.owned)) return { kind: "owned" };
  const best = watchOptions(result, eventId)[0];
  if (!best) return null;
  return { kind: "buy", name: best.name, price: best.price, currency: best.currency, trialDays: best.trialDays, href: best.href };
}
