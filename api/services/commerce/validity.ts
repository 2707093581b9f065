// What an order gives and until when (issue 28): one rule for the profile's orders and the receipt mail. A single
// event is that event (a pay-per-view never "runs until cancelled"), a fixed-term pass is valid until its end, a
// subscription renews on its period end while auto-renewal is on and otherwise ends then. Pure.
import type { OrderValidity } from "../../contract/commerce-types";
import { participantLabel } from "../../contract/names";
import type { OrderRow } from "../../db/commerce-schema";
import { type Lang, tr } from "../lang";

/** An event order's event, as the orders repo reads it (names stored localized). */
export interface OrderEvent {
  id: number;
  name: unknown;
  eventUtcTs: number;
  timeZone: string;
  home: { name: unknown; shortName: string | null } | null;
  away: { name: unknown; shortName: string | null } | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** SPEC §3: "Away @ Home" by short name, or the event's own name when it is not a two-sided game. */
export function eventTitle(event: OrderEvent, l: Lang): string {
  const label = (team: { name: unknown; shortName: string | null }) => participantLabel({ name: tr(team.name, l), short_name: team.shortName });
  if (event.away && event.home) return `${label(event.away)} @ ${label(event.home)}`;
  return tr(event.name, l);
}

export type ValidityOrder = Pick<OrderRow, "type" | "productId" | "endsAt" | "currentPeriodEnd" | "renewalStatus" | "autoRenew" | "subscriptionStatus">;

export function orderValidity(order: ValidityOrder, event: OrderEvent | null | undefined, l: Lang): OrderValidity {
  if (order.type === "event") {
    return { kind: "event", event_id: order.productId ?? 0, title: event ? eventTitle(event, l) : "", starts_at: event ? iso(event.eventUtcTs) : null, time_zone: event?.timeZone ?? null };
  }
  if (order.type === "subscription") {
    const end = order.currentPeriodEnd ?? order.endsAt;
    if (end === null) return { kind: "open" };
    const renewing = (order.renewalStatus ?? (order.autoRenew ? "active" : "cancelled")) === "active" && order.subscriptionStatus !== "expired";
    return { kind: renewing ? "renews" : "ends", at: iso(end) };
  }
  return order.endsAt === null ? { kind: "open" } : { kind: "until", at: iso(order.endsAt) };
}
