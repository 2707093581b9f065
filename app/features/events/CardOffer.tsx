// The paywall line of an event card (issue 28, "honest paywalls"): a lock and what opens the event — its own ticket's
// price, or the pass and its price — as the API decided for this viewer (Event.offer); "Free with an account" for a
// "register" event when signed out; a discreet "Included" on a paid event the viewer holds. No rule here: the card
// renders the API's verdict (offer, has_access). zod-free (money from ~/lib/money) for the browse pages' budget.
import type { Event } from "@api/contract/catalogue";
import { useTranslation } from "react-i18next";
import { money } from "~/lib/money";

const LOCK = (
  <>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </>
);
const UNLOCKED = (
  <>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 7.5-2" />
  </>
);
const PERSON = (
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>
);

function Icon({ children, label }: { children: JSX.Element; label?: string }) {
  // A labelled icon is an image with its name (the lock says "Locked"); an unlabelled one is decoration.
  return label ? (
    <svg className="card-offer__icon" viewBox="0 0 24 24" width="14" height="14" role="img" aria-label={label} focusable="false">
      {children}
    </svg>
  ) : (
    <svg className="card-offer__icon" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export function CardOffer({ event }: { event: Pick<Event, "offer" | "has_access" | "access_type"> }) {
  const { t, i18n } = useTranslation();
  const { offer } = event;
  if (!offer) {
    if (!event.has_access || (event.access_type !== "paid" && event.access_type !== "ppv")) return null;
    return (
      <p className="card-offer card-offer--included" data-testid="card-offer" data-offer="included">
        <Icon>{UNLOCKED}</Icon>
        {t("events.offer.included")}
      </p>
    );
  }
  if (offer.kind === "account") {
    return (
      <p className="card-offer card-offer--account" data-testid="card-offer" data-offer="account">
        <Icon>{PERSON}</Icon>
        {t("events.offer.account")}
      </p>
    );
  }
  const amount = money(offer.price, offer.currency, i18n.language);
  const price = offer.period === "month" ? t("events.offer.perMonth", { price: amount }) : offer.period === "annual" ? t("events.offer.perYear", { price: amount }) : amount;
  return (
    <p className={`card-offer card-offer--${offer.kind}`} data-testid="card-offer" data-offer={offer.kind}>
      <Icon label={t("events.offer.locked")}>{LOCK}</Icon>
      {offer.kind === "event" ? (
        <span className="card-offer__what">{t("events.offer.event")}</span>
      ) : (
        <span className="card-offer__what">{offer.trial_days ? t("events.offer.trial", { count: offer.trial_days, name: offer.name }) : offer.name}</span>
      )}
      <strong className="card-offer__price">{price}</strong>
    </p>
  );
}
