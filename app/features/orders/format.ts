// Labels of the profile's orders and transactions, shared by the server and the browser.
import type { Order } from "@api/contract/commerce-types";
import type { LinksFunction } from "@remix-run/cloudflare";
import { formatDate } from "~/lib/format";
import ordersCss from "~/styles/orders.css?url";

/** The stylesheet of the profile's orders and /simulate, linked only by them. */
export const ordersLinks: LinksFunction = () => [{ rel: "stylesheet", href: ordersCss }];

/** A calendar date, or "" for none. */
export const day = (iso: string | null | undefined, lang: string): string => (iso ? formatDate(iso, lang) : "");

/** An order that gives access now: paid, active and not past its end (SPEC §4 order states). */
export const isCurrent = (o: Order, now: number): boolean =>
  o.status === "paid" && o.activity_status === "active" && (o.ends_at === null || Date.parse(o.ends_at) > now);

/** Auto-renewal can be turned off only while it is on, for a subscription that still runs. */
export const canCancelRenewal = (o: Order): boolean => o.type === "subscription" && o.renewal === "active" && o.subscription_status !== "expired";

/** When access ends for a subscription whose renewal is off (or the next charge when it is on). */
export const periodEnd = (o: Order): string | null => o.current_period_end ?? o.ends_at;
