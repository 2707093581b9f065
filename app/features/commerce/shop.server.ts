import type { AppLoadContext } from "@remix-run/cloudflare";
import { loadCatalogue, loadPurchased } from "./load.server";
import type { ShopData } from "./Shop";

/** What the shop shows this buyer: the products, which ones they own (the API's verdict), and whether a trial is open to them. */
export async function loadShop(context: AppLoadContext): Promise<ShopData> {
  const [products, owned] = await Promise.all([loadCatalogue(context), loadPurchased(context)]);
  return {
    products,
    owned,
    // Signed-out visitors see the trial too: a new account is eligible.
    trialEligible: !context.session.user?.trial_period_used,
  };
}
