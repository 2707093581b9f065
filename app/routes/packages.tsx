// /packages (SPEC §2): everything on sale, grouped — passes (with their add-ons), subscriptions, bundles and
// pay-per-view — with the button that fits the buyer: Buy, Choose (a pass with choices) or Owned.
import type { Product } from "@api/contract/commerce-types";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { emitCommerceEvent } from "~/features/commerce/events";
import { commerceLinks } from "~/features/commerce/links";
import { loadCatalogue, loadOrders } from "~/features/commerce/load.server";
import { holding } from "~/features/commerce/ownership";
import { ProductCard } from "~/features/commerce/ProductCard";
import { metaFromLoader } from "~/lib/route-meta";
import { requireTenant } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const { bootstrap, channel, lang } = requireTenant(context);
  const [products, orders, t] = await Promise.all([loadCatalogue(context), loadOrders(context), getT(lang)]);
  const now = Date.now();
  const user = context.session.user;
  return {
    products,
    owned: products.filter((p) => holding(p, orders, now, products).owned).map((p) => p.id),
    // Signed-out visitors see the trial too: a new account is eligible.
    trialEligible: !user?.trial_period_used,
    meta: { title: t("commerce:titles.packages"), description: t("commerce:descriptions.packages", { site: bootstrap.settings.title ?? channel.name }) },
  };
}

export const links = commerceLinks;
export const meta = metaFromLoader;

function groups(products: Product[]) {
  const passes = products.filter((p) => p.kind === "package" && p.event_id === null && p.pass_type === "regular");
  const passIds = new Set(passes.map((p) => p.id));
  return {
    passes,
    // An add-on whose pass is not on sale is listed with the passes on its own.
    loneAddons: products.filter((p) => p.pass_type === "addition" && (p.addon_of === null || !passIds.has(p.addon_of))),
    addonsOf: (id: number) => products.filter((p) => p.pass_type === "addition" && p.addon_of === id),
    subscriptions: products.filter((p) => p.kind === "subscription"),
    bundles: products.filter((p) => p.kind === "bundle"),
    events: products.filter((p) => p.kind === "package" && p.event_id !== null),
  };
}

/** The products in the order the page shows them: each pass with its add-ons, then the other sections. */
function shown(g: ReturnType<typeof groups>): Product[] {
  return [...g.passes.flatMap((p) => [p, ...g.addonsOf(p.id)]), ...g.loneAddons, ...g.subscriptions, ...g.bundles, ...g.events];
}

export default function Packages() {
  const { products, owned, trialEligible } = useLoaderData<typeof loader>();
  const { t } = useTranslation("commerce");
  const g = groups(products);
  const listed = shown(g);
  const listedIds = listed.map((p) => p.id).join();
  useEffect(() => {
    if (!listed.length) return;
    // The list's name stays English whatever the page's language, so reports group it as one list.
    const items = listed.map((p) => ({ id: p.id, name: p.name, price: p.price }));
    const value = Math.round(items.reduce((sum, i) => sum + i.price, 0) * 100) / 100;
    emitCommerceEvent({ name: "view_item_list", currency: listed[0]!.currency, value, items, list: { id: "packages", name: "Packages" } });
    // Once per visit of the list, not again when the page's data reloads unchanged.
  }, [listedIds]);
  const card = (p: Product) => <ProductCard key={p.id} product={p} owned={owned.includes(p.id)} trialEligible={trialEligible} />;
  const section = (id: string, title: string, items: Product[], render = card) =>
    items.length ? (
      <section className="shop__section" aria-labelledby={id}>
        <h2 id={id}>{title}</h2>
        <div className="shop__grid">{items.map(render)}</div>
      </section>
    ) : null;
  return (
    <div className="page shop">
      <h1>{t("titles.packages")}</h1>
      {products.length === 0 ? <p>{t("empty")}</p> : null}
      {section("shop-passes", t("kinds.passes"), [...g.passes, ...g.loneAddons], (pass) => {
        const addons = g.addonsOf(pass.id);
        return (
          <ProductCard key={pass.id} product={pass} owned={owned.includes(pass.id)} trialEligible={trialEligible}>
            {addons.length ? (
              <section className="product__addons" aria-label={t("kinds.addons", { name: pass.name })}>
                {addons.map(card)}
              </section>
            ) : null}
          </ProductCard>
        );
      })}
      {section("shop-subscriptions", t("kinds.subscriptions"), g.subscriptions)}
      {section("shop-bundles", t("kinds.bundles"), g.bundles)}
      {section("shop-events", t("kinds.events"), g.events)}
    </div>
  );
}
