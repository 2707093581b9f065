// The passes that would give what a prompt asks for (access to watch, or clipping), each linking to its purchase, with
// its price: under a heading that labels the list.
import type { BillingPeriod, Currency } from "@api/contract/commerce-types";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { money } from "~/features/commerce/format";

/** A pass (or plan, or ticket) that gives what a prompt asks for, linking to its purchase. */
export interface CoveringPass {
  id: number;
  name: string;
  price: number;
  currency: Currency;
  /** Its purchase: /buy?… or /select-package/{id}. */
  href: string;
  /** Days of free trial this viewer would get (0 or absent: none). */
  trialDays?: number;
  /** The event's own ticket (pay-per-view), rather than a pass or plan that also covers it. */
  own?: boolean;
  /** A plan's billing period: the price is per month or per year. */
  period?: BillingPeriod | null;
}

export function PassList({ id, heading, passes, testId, newTab = false }: { id: string; heading: string; passes: readonly CoveringPass[]; testId: string; newTab?: boolean }) {
  const { t, i18n } = useTranslation();
  if (!passes.length) return null;
  const linkProps = newTab ? { target: "_blank", rel: "noopener" } : {};
  return (
    <>
      <p id={id}>{heading}</p>
      <ul className="watch__passes" aria-labelledby={id} data-testid={testId}>
        {passes.map((p) => (
          <li key={p.id}>
            <Link to={p.href} data-product-id={p.id} {...linkProps}>
              {p.name}
            </Link>{" "}
            <span>
              {money(p.price, p.currency, i18n.language)}
              {p.period ? ` ${t(p.period === "month" ? "player:purchase.perMonth" : "player:purchase.perYear")}` : null}
            </span>
            {p.trialDays ? <span className="watch__pass-trial"> · {t("player:purchase.trial", { count: p.trialDays })}</span> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
