// The catalogue and the buyer's orders, as the commerce pages load them.
import type { Order, Product, PurchaseStateWire } from "@api/contract/commerce-types";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { isApiRequestError } from "~/server/api/errors";
import { optionalUser, requireTenant } from "~/server/guards.server";

/** Packages, bundles, addons and subscriptions of the channel, in the API's order (weight). */
export async function loadCatalogue(context: AppLoadContext): Promise<Product[]> {
  const { commerce } = requireTenant(context);
  const [packages, subscriptions] = await Promise.all([commerce.packages(), commerce.subscriptions()]);
  return [...packages, ...subscriptions].sort((a, b) => a.weight - b.weight || a.id - b.id);
}

type BuyerCalls = ReturnType<typeof optionalUser>["api"]["commerce"];

/** A call made as the signed-in buyer; signed out, or on a 401 (which clears the session), `none`. */
async function asBuyer<T>(context: AppLoadContext, call: (commerce: BuyerCalls) => Promise<T>, none: T): Promise<T> {
  const { user, api } = optionalUser(context);
  if (!user) return none;
  try {
    return await call(api.commerce);
  } catch (error) {
    if (isApiRequestError(error, "unauthenticated")) return none;
    throw error;
  }
}

/** The signed-in user's orders ([] when signed out). */
export const loadOrders = (context: AppLoadContext): Promise<Order[]> => asBuyer(context, (c) => c.orders(), []);

const NOTHING_HELD: PurchaseStateWire = { purchased: false, disabled_event_category_ids: [], disabled_participant_ids: [] };

/**
 * What the signed-in buyer already holds of a product: the API's verdict (GET /purchase-state), which the shop pages
 * render as "Owned" and as picks not offered again. Signed out: nothing.
 */
export const loadPurchaseState = (context: AppLoadContext, productId: number): Promise<PurchaseStateWire> =>
  asBuyer(context, (c) => c.purchaseState(productId), NOTHING_HELD);

/** The ids of the products the signed-in buyer has already purchased, as the API judges it ([] signed out). */
export const loadPurchased = (context: AppLoadContext): Promise<number[]> => asBuyer(context, (c) => c.purchased(), []);
