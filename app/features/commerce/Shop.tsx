// The shop: everything on sale, grouped — passes (with their add-ons), subscriptions, bundles and pay-per-view — with
// the button that fits the buyer: Buy, Choose (a pass with choices) or Owned. /packages shows it, and so does /buy when
// it has no product to sell (with the reason above it).
import type { Product } from "@api/contract/commerce-types";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { emitCommerceEvent } from "./events";
import { ProductCard } from "./ProductCard";

export interface ShopData {
  products: Product[];
  owned: number[];
  trialEligible: boolean;
}

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

export function Shop({ products, owned, trialEligible, title, notice }: ShopData & { title: string; notice?: ReactNode }) {
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
      <h1>{title}</h1>
      {notice}
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
