// The offer on event cards (issue 28, "honest paywalls"): for a whole list, what it takes this viewer to watch each
// event they cannot watch yet. No rule of its own: access is access.ts's decision and the price is GET /simulate's
// ranking (simulate.ts): the event's own ticket when it is sold, else the cheapest way to watch today. Pure; event-access.ts loads the
// channel's products and sport tree once per request (one batch), whatever the length of the list.
import type { EventOffer } from "../../contract/catalogue-types";
import type { Currency } from "../../contract/commerce-types";
import type { ProductRow } from "../../db/commerce-schema";
import type { EventRow } from "../../db/repos/catalogue-events";
import type { AccessDecision } from "../access";
import { categoryAncestry } from "../access";
import { type Lang, tr } from "../lang";
import { toMajor } from "./pricing";
import type { CommerceOrder } from "./rules";
import { simulate } from "./simulate";

/** What the offers read, once per request: the channel's products on sale and every sport's parent. */
export interface OfferCatalogue {
  products: readonly ProductRow[];
  categoryParents: ReadonlyMap<number, number | null>;
}

/** Who asks: their active orders and whether their free trial is used (null: signed out). */
export interface OfferBuyer {
  orders: readonly CommerceOrder[];
  user: { trial_period_used: boolean } | null;
  now: number;
}

/**
 * The offer for one event, given the viewer's access decision on it. Allowed, geo-blocked (nothing may be bought
 * there), or sold by nothing: null. A "register" event refused for want of a login: an account is all it takes.
 */
export function eventOffer(row: Pick<EventRow, "id" | "type" | "accessType" | "homeTeamId" | "awayTeamId" | "eventCategoryId">, decision: AccessDecision, catalogue: OfferCatalogue, buyer: OfferBuyer, l: Lang): EventOffer | null {
  if (decision.allowed || decision.reason === "geo") return null;
  if (row.accessType === "register") return { kind: "account" };
  if (row.accessType === "free") return null;
  const result = simulate({
    target: {
      kind: "event",
      event: { id: row.id, type: row.type, homeTeamId: row.homeTeamId, awayTeamId: row.awayTeamId },
      categoryPath: categoryAncestry(row.eventCategoryId, catalogue.categoryParents),
    },
    products: catalogue.products,
    orders: buyer.orders,
    user: buyer.user,
    now: buyer.now,
  });
  // Owned yet refused (a pass without the watch capability): nothing to sell on a card. The event's own ticket leads
  // when it is sold, as on the event's page (a pay-per-view card shows its price, not a plan's trial); else the cheapest.
  if (!result.needs_purchase || result.options.some((o) => o.owned)) return null;
  const best = result.options.find((o) => catalogue.products.find((p) => p.id === o.product_id)?.eventId === row.id) ?? result.options[0];
  if (!best) return null;
  const product = catalogue.products.find((p) => p.id === best.product_id)!;
  return {
    kind: product.eventId === row.id ? "event" : "pass",
    product_id: product.id,
    name: tr(product.name, l),
    price: toMajor(best.price),
    currency: product.currency as Currency,
    period: product.kind === "subscription" ? product.period : null,
    trial_days: best.trial_days,
  };
}
