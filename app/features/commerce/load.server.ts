// The catalogue and the buyer's orders, as the commerce pages load them.
import type { Order, Product } from "@api/contract/commerce-types";
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
