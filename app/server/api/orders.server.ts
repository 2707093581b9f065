// The profile's order calls and /simulate (issue 6): transactions, cancelling auto-renewal, the provider's customer
// portal, and "what is the cheapest way to watch this?". The order list itself is commerce.server.ts `orders()`,
// shared with the purchase pages. All are made as the signed-in user, except /simulate, which may be anonymous.
import type { Order, SimulateResultWire, Transaction } from "@api/contract/commerce-types";
import type { Language } from "@api/contract/constants";
import { asUser, createApiClient, type ApiClientOptions } from "./client.server";

type Data<T> = { data: T };
const data = <T>(p: Promise<Data<T>>) => p.then((r) => r.data);

/** What /simulate is asked about: exactly one of them. */
export type SimulateAsk = { event_id: number } | { participant_id: number } | { event_category_id: number };

export function ordersEndpoints(options: ApiClientOptions, lang: Language) {
  return {
    /** The calls made as the user holding `token` (/simulate also without one); a 401 runs `onUnauthenticated` (SPEC §8). */
    withUser(token: string | null, onUnauthenticated?: () => void) {
      const client = createApiClient(asUser(options, token, onUnauthenticated));
      return {
        /** GET /simulate as the user (owned passes and trial counted), or anonymously without a token. */
        simulate: (ask: SimulateAsk) => data(client.get<Data<SimulateResultWire>>("simulate", { query: { ...ask, lang } })),
        /** Every charge, renewal and refund, newest first. */
        transactions: () => data(client.get<Data<Transaction[]>>("transactions", { query: { lang } })),
        /** Turns auto-renewal off: the order stays active until its period ends (renewal "cancelled"). */
        unsubscribe: (orderId: number) => data(client.post<Data<Order>>("stripe/unsubscribe", { body: { order_id: orderId } })),
        /** The provider's customer portal (cards, invoices), which sends the user back to `returnUrl`. */
        customerPortal: (returnUrl: string) => data(client.get<Data<{ url: string }>>("stripe/customer-portal", { query: { return_url: returnUrl } })),
      };
    },
  };
}

export type OrdersEndpoints = ReturnType<typeof ordersEndpoints>;
