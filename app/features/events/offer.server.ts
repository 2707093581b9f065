// Loads what an upcoming paid or ppv event's page offers next to its countdown (issue 12): GET /simulate as the
// viewer (their passes and trial counted), reduced by offer.ts.
import type { Event } from "@api/contract/catalogue";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { orEmpty } from "~/server/events.server";
import { optionalUser } from "~/server/guards.server";
import { offerFrom, watchOptions, type EventOffer, type WatchOption } from "./offer";

export type { EventOffer };

/** Only an upcoming event that is sold asks (the countdown is where nothing else is offered); a failure offers nothing. */
export async function loadEventOffer(context: AppLoadContext, event: Pick<Event, "id" | "type" | "stream_status">): Promise<EventOffer | null> {
  if (event.stream_status !== "upcoming" || event.type !== "paid") return null;
  const result = await orEmpty(optionalUser(context).api.orders.simulate({ event_id: event.id }), null);
  return result ? offerFrom(result, event.id) : null;
}

/**
 * What a paywall lists (issue 28): the ways to watch the event and their prices, as the API offers them to this
 * viewer (signed out too, so the price shows before the sign-in). A failure lists nothing; the page keeps its links.
 */
export async function loadWatchOptions(context: AppLoadContext, event: Pick<Event, "id">): Promise<WatchOption[]> {
  const result = await orEmpty(optionalUser(context).api.orders.simulate({ event_id: event.id }), null);
  return result ? watchOptions(result, event.id) : [];
}
