// The price and buy button beside an upcoming paid or ppv event's countdown (issue 12), or, when the viewer already
// holds what it takes, a line that says so.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { money } from "~/features/commerce/format";
import type { EventOffer as Offer } from "./offer";

export function EventOffer({ offer }: { offer: Offer }) {
  const { t, i18n } = useTranslation("calendar");
  if (offer.kind === "owned") {
    return (
      <p className="event-offer event-offer--owned" data-testid="event-offer" data-offer="owned">
        {t("offer.owned")}
      </p>
    );
  }
  const price = money(offer.price, offer.currency, i18n.language);
  return (
    <div className="event-offer" data-testid="event-offer" data-offer="buy">
      <p className="event-offer__what">
        <span className="event-offer__name">{offer.name}</span>
        <strong className="event-offer__price">{offer.trialDays ? t("offer.trial", { count: offer.trialDays, price }) : price}</strong>
      </p>
      {/* The button says what it does: a trial starts a free trial (its checkout charges nothing today). */}
      <Link className="button button--primary" to={offer.href} data-testid="event-offer-action">
        {offer.trialDays ? t("offer.startTrial", { count: offer.trialDays }) : t("offer.buy")}
      </Link>
    </div>
  );
}
