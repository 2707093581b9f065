// One product of /packages: name, price (base price struck through when higher, service fee noted), period, trial,
// what it includes, and the button that fits the buyer (Buy, Choose or Owned).
import type { Product } from "@api/contract/commerce-types";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { buyHref, money, needsChoice } from "./format";

export function Price({ product }: { product: Product }) {
  const { t, i18n } = useTranslation("commerce");
  const lang = i18n.language;
  return (
    <div className="product__price">
      <span className="product__amount">{money(product.price, product.currency, lang)}</span>
      {product.period ? <span className="product__period"> {t(product.period === "month" ? "price.perMonth" : "price.perYear")}</span> : null}
      {product.base_price > product.price ? (
        <s className="product__base" aria-label={t("price.basePrice", { price: money(product.base_price, product.currency, lang) })}>
          {money(product.base_price, product.currency, lang)}
        </s>
      ) : null}
      {product.service_fee > 0 ? <p className="product__fee">{t("price.serviceFee", { fee: money(product.service_fee, product.currency, lang) })}</p> : null}
    </div>
  );
}

/** Capabilities as readable labels, the clip and download allowances, and the simultaneous-logins label (SPEC §6). */
export function Includes({ product }: { product: Product }) {
  const { t } = useTranslation("commerce");
  const items: string[] = product.capabilities.map((c) => t(`capabilities.${c}`));
  if (product.limits.clips > 0) items.push(t("limits.clips", { count: product.limits.clips }));
  if (product.limits.downloads > 0) items.push(t("limits.downloads", { count: product.limits.downloads }));
  if (product.simultaneous_logins !== null) items.push(t("logins", { count: product.simultaneous_logins }));
  if (!items.length) return null;
  return (
    <ul className="product__includes" aria-label={t("capabilities.label")}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export function ProductCard({ product, owned, trialEligible, children }: { product: Product; owned: boolean; trialEligible: boolean; children?: ReactNode }) {
  const { t } = useTranslation("commerce");
  const headingId = `product-${product.id}`;
  const choose = needsChoice(product);
  return (
    <article className="product" aria-labelledby={headingId} data-product-id={product.id}>
      <h3 id={headingId} className="product__name">
        {product.name}
      </h3>
      {product.description ? <p className="product__description">{product.description}</p> : null}
      <Price product={product} />
      {trialEligible && product.kind === "subscription" && product.trial_period > 0 ? (
        <p className="product__trial">{t("price.trial", { days: product.trial_period })}</p>
      ) : null}
      {product.items.length ? <p className="product__items">{t("bundleItems", { items: product.items.map((i) => i.name).join(", ") })}</p> : null}
      <Includes product={product} />
      <div className="product__action">
        {owned ? (
          <span className="product__owned">{t("actions.owned")}</span>
        ) : (
          <Link className="button button--primary" to={buyHref(product)} aria-label={t(choose ? "actions.chooseName" : "actions.buyName", { name: product.name })}>
            {t(choose ? "actions.choose" : "actions.buy")}
          </Link>
        )}
      </div>
      {children}
    </article>
  );
}
