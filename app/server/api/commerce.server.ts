// The commerce calls (SPEC §7 "Payments"): the catalogue, the buyer's orders and cards, pricing, and the purchase
// POSTs. The catalogue is public; everything else is made as the signed-in user, whose token the request's viewer
// API binds (viewer-api.server.ts).
import type { BuyResult, InvoicePreviewWire, Order, Product, SavedCardWire, PurchaseStateWire, PurchasedWire } from "@api/contract/commerce-types";
import type { Language } from "@api/contract/constants";
import { asUser, createApiClient, type ApiClientOptions } from "./client.server";

export type { InvoicePreviewWire };

type Data<T> = { data: T };

/** What pays: a saved card, or a one-time token from the card form (sandbox) or Stripe.js. */
export type PaymentSourceBody = { payment_method_id: string } | { confirmation_token: string };

export interface BuyBody {
  event_id?: number;
  single_event_package_id?: number;
  package_id?: number;
  subscription_id?: number;
  category_ids?: number[];
  participant_ids?: number[];
  save_card?: boolean;
  code?: string;
  /** One checkout attempt: a retry with the same key gets the first answer, never a second charge. */
  idempotency_key?: string;
}

export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export function commerceEndpoints(options: ApiClientOptions, lang: Language) {
  const anonymous = createApiClient(options);
  const as = (token: string | null, onUnauthenticated?: () => void) => createApiClient(asUser(options, token, onUnauthenticated));
  const data = <T>(p: Promise<Data<T>>) => p.then((r) => r.data);

  return {
    /** Packages, bundles and addons (public). */
    packages: () => data(anonymous.get<Data<Product[]>>("packages", { public: true, query: { lang } })),
    /** Subscriptions (public). */
    subscriptions: () => data(anonymous.get<Data<Product[]>>("subscriptions", { public: true, query: { lang } })),
    /** One package or subscription by id; another channel's or another kind's id is a not_found error. */
    product: (kind: "packages" | "subscriptions", id: number) => data(anonymous.get<Data<Product>>(`${kind}/${id}`, { public: true, query: { lang } })),

    /** The calls made as the user holding `token`; a 401 runs `onUnauthenticated` (SPEC §8). */
    withUser(token: string | null, onUnauthenticated?: () => void) {
      const client = as(token, onUnauthenticated);
      return {
        /** Every order of the user, newest first (`no_limit=1`, SPEC §7). */
        orders: () => data(client.get<Data<Order[]>>("orders", { query: { no_limit: 1, lang } })),
        order: (id: number) => data(client.get<Data<Order>>(`orders/${id}`, { query: { lang } })),
        /** What the user already holds of a product, as checkout judges it (issue 28). */
        purchaseState: (productId: number) => data(client.get<Data<PurchaseStateWire>>("purchase-state", { query: { product_id: productId } })),
        /** The ids of every product the user has already purchased (the shop's "Owned"). */
        purchased: () => data(client.get<Data<PurchasedWire>>("purchase-state")).then((r) => r.purchased_ids),
        invoicePreview: (productId: number, code?: string) =>
          data(client.post<Data<InvoicePreviewWire>>("stripe/invoice-preview", { body: { product_id: productId, ...(code ? { code } : {}) } })),
        applyCoupon: (productId: number, code: string) => data(client.get<Data<InvoicePreviewWire>>("apply_coupon", { query: { product_id: productId, code, lang } })),
        listCards: () => data(client.get<Data<SavedCardWire[]>>("stripe/list-cards")),
        /** The sandbox card form's stand-in for Stripe.js: a typed card becomes a one-time `ctoken_…`. */
        sandboxToken: (card: CardInput) => data(client.post<Data<{ token: string }>>("stripe/sandbox/tokens", { body: { ...card } })),
        buy: (body: BuyBody, source: PaymentSourceBody) => data(client.post<Data<BuyResult>>("stripe/buy", { body: { ...body, ...source } })),
        buyBundle: (bundleId: number, source: PaymentSourceBody, extra: Pick<BuyBody, "code" | "save_card" | "idempotency_key">) =>
          data(client.post<Data<BuyResult>>("stripe/buy_bundle", { body: { bundle_id: bundleId, ...extra, ...source } })),
        startTrial: (subscriptionId: number, source: PaymentSourceBody, extra: Pick<BuyBody, "save_card" | "idempotency_key">) =>
          data(client.post<Data<BuyResult>>("stripe/subscription/start_trial", { body: { subscription_id: subscriptionId, ...extra, ...source } })),
        confirmPayment: (orderId: number, authenticated = true) =>
          data(client.post<Data<BuyResult>>("stripe/confirm-payment", { body: { order_id: orderId, authenticated } })),
      };
    },
  };
}

export type CommerceEndpoints = ReturnType<typeof commerceEndpoints>;
export type CommerceUserCalls = ReturnType<CommerceEndpoints["withUser"]>;
