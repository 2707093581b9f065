import type { AppLoadContext } from "@remix-run/cloudflare";
import { loadCatalogue, loadOrders } from "./load.server";
import { holding } from "./ownership";
import type { ShopData } from "./Shop";

/** What the shop shows this buyer: the products, which ones they own, and whether a trial is open to them. */
export async function loadShop(context: AppLoadContext): Promise<ShopData> {
  const [products, orders] = await Promise.all([loadCatalogue(context), loadOrders(context)]);
  const now = Date.now();
  return {
    products,
    owned: products.filter((p) => holding(p, orders, now, products).owned).map((p) => p.id),
    // Signed-out visitors see the trial too: a new account is eligible.
    trialEligible: !context.session.user?.trial_period_used,
  };
}
