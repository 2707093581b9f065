// Stripe's Payment Element for a new card, when the channel has a publishable key. Stripe.js is loaded only here
// (from the `pure` entry, so nothing loads until /buy asks for it). On submit the card becomes a confirmation token
// that the /buy action passes to the API; the card itself never reaches our servers.
import type { Stripe, StripeElements as Elements } from "@stripe/stripe-js";
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export interface StripeHandle {
  /** The confirmation token of the typed card, or Stripe's message when the card is incomplete. */
  tokenize(): Promise<{ token: string } | { error: string }>;
}

let stripePromise: Promise<Stripe | null> | null = null;
function stripe(publishableKey: string): Promise<Stripe | null> {
  stripePromise ??= import("@stripe/stripe-js/pure").then(({ loadStripe }) => loadStripe(publishableKey));
  return stripePromise;
}

/** The confirmation step (3-D Secure) of a `requires_action` payment, whichever card paid; null when it passed. */
export async function confirmStep(publishableKey: string, clientSecret: string, failed: string): Promise<string | null> {
  const s = await stripe(publishableKey);
  if (!s) return failed;
  const result = await s.handleNextAction({ clientSecret });
  return result.error ? (result.error.message ?? failed) : null;
}

export const StripeCard = forwardRef<StripeHandle, { publishableKey: string; amountCents: number; currency: string; lang: string }>(function StripeCard(
  { publishableKey, amountCents, currency, lang },
  ref,
) {
  const { t } = useTranslation("commerce");
  const host = useRef<HTMLDivElement>(null);
  const elements = useRef<Elements | null>(null);
  const instance = useRef<Stripe | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void stripe(publishableKey).then((s) => {
      if (cancelled || !s || !host.current) return;
      instance.current = s;
      // Stripe needs an amount above zero to show the element; a free trial still collects the card.
      const group = s.elements({ mode: "payment", amount: Math.max(amountCents, 50), currency: currency.toLowerCase(), paymentMethodCreation: "manual", locale: lang === "fr" ? "fr-CA" : "en" });
      group.create("payment").mount(host.current);
      elements.current = group;
      setReady(true);
    });
    return () => {
      cancelled = true;
      elements.current?.getElement("payment")?.destroy();
      elements.current = null;
    };
  }, [publishableKey, amountCents, currency, lang]);

  useImperativeHandle(ref, () => ({
    async tokenize() {
      const s = instance.current;
      const group = elements.current;
      if (!s || !group) return { error: t("buy.loadingElements") };
      const submitted = await group.submit();
      if (submitted.error) return { error: submitted.error.message ?? t("messages.generic") };
      const result = await s.createConfirmationToken({ elements: group });
      return result.error ? { error: result.error.message ?? t("messages.generic") } : { token: result.confirmationToken.id };
    },
  }));

  return (
    <div className="stripe-card">
      {ready ? null : <p role="status">{t("buy.loadingElements")}</p>}
      <div ref={host} />
    </div>
  );
});
