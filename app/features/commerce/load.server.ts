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

/** The signed-in user's orders ([] when signed out). A 401 clears the session and counts as none. */
export async function loadOrders(context: AppLoadContext): Promise<Order[]> {
  const { user, api } = optionalUser(context);
  if (!user) return [];
  try {
    return await api.commerce.orders();
  } catch (error) {
    if (isApiRequestError(error, "unauthenticated")) return [];
    throw error;
  }
}

const NOTHING_HELD: PurchaseStateWire = { purchased: false, disabled_event_category_ids: [], disabled_participant_ids: [] };

/**
 * What the signed-in buyer already holds of a product: the API's verdict (GET /purchase-state), which the shop pages
 * render as "Owned" and as picks not offered again. Signed out, or a 401: nothing.
 */
export async function loadPurchaseState(context: AppLoadContext, productId: number): Promise<PurchaseStateWire> {
  const { user, api } = optionalUser(context);
  if (!user) return NOTHING_HELD;
  try {
    return await api.commerce.purchaseState(productId);
  } catch (error) {
    if (isApiRequestError(error, "unauthenticated")) return NOTHING_HELD;
    throw error;
  }
}

/** The ids of the products the signed-in buyer has already purchased, as the API judges it ([] signed out or on a 401). */
export async function loadPurchased(context: AppLoadContext): Promise<number[]> {
  const { user, api } = optionalUser(context);
  if (!user) return [];
  try {
    return await api.commerce.purchased();
  } catch (error) {
    if (isApiRequestError(error, "unauthenticated")) return [];
    throw error;
  }
}
