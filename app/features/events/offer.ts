// What an upcoming paid or ppv event's page offers next to its countdown (issue 12): the API's verdict from GET
// /simulate, reduced to what the page shows. Pure; no pricing or access rule here, only the API's answer.
import type { SimulateResultWire } from "@api/contract/commerce-types";

export type EventOffer =
  | { kind: "owned" }
  | { kind: "buy"; name: string; price: number; currency: SimulateResultWire["options"][number]["currency"]; trialDays: number; href: string };

/** The API's answer as the page's offer: owned when an option is owned, else its recommendation (the first option). */
export function offerFrom(result: SimulateResultWire): EventOffer | null {
  if (!result.needs_purchase) return null;
  if (result.options.some((o) => o.owned)) return { kind: "owned" };
  const best = result.options.find((o) => o.link);
  if (!best?.link) return null;
  return { kind: "buy", name: best.product.name, price: best.price, currency: best.currency, trialDays: best.trial_days, href: best.link };
}
