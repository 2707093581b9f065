// What an upcoming paid or ppv event's page offers next to its countdown (issue 12): the API's verdict from GET
// /simulate (the viewer's passes and trial counted), reduced to what the page shows. No pricing or access rule here.
import type { Event } from "@api/contract/catalogue";
import type { SimulateResultWire } from "@api/contract/commerce-types";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { orEmpty } from "~/server/events.server";
import { requireTenant } from "~/server/guards.server";
import { markExpired } from "~/server/session.server";

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

/** Only an upcoming event that is sold asks (the countdown is where nothing else is offered); a failure offers nothing. */
export async function loadEventOffer(context: AppLoadContext, event: Pick<Event, "id" | "type" | "stream_status">): Promise<EventOffer | null> {
  if (event.stream_status !== "upcoming" || event.type !== "paid") return null;
  const { session } = context;
  const result = await orEmpty(
    requireTenant(context).orders.simulate({ event_id: event.id }, session.token, () => markExpired(session)),
    null,
  );
  return result ? offerFrom(result) : null;
}
