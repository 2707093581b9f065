// /buy (SPEC §2, §4): what is bought comes from event_id, single_event_package_id, package_id or subscription_id
// (plus the picks of /select-package); the buyer sees the invoice preview, can apply a promo code, pays with a saved
// or new card, passes the confirmation step if the bank asks, then the order is polled until it is paid.
import { CHECKOUT_MESSAGES } from "@api/contract/commerce";
import { COMMERCE_MESSAGES, type BuyResult, type SavedCardWire } from "@api/contract/commerce-types";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/cloudflare";
import { Link, type ShouldRevalidateFunction, useActionData, useFetcher, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormNotice } from "~/features/auth/AuthFields";
import { afterPurchase, resolveTarget } from "~/features/commerce/buy.server";
import { applyPromo, confirm, pay } from "~/features/commerce/checkout.server";
import { Dialog } from "~/features/commerce/Dialog";
import { emitCommerceEvent } from "~/features/commerce/events";
import { commerceMessage, declineMessage, money } from "~/features/commerce/format";
import { InvoiceSummary, PromoForm } from "~/features/commerce/InvoiceSummary";
import { commerceLinks } from "~/features/commerce/links";
import { loadPurchaseState } from "~/features/commerce/load.server";
import { PaymentForm } from "~/features/commerce/PaymentForm";
import { Includes } from "~/features/commerce/ProductCard";
import { Shop } from "~/features/commerce/Shop";
import { loadShop } from "~/features/commerce/shop.server";
import { confirmStep, type StripeHandle } from "~/features/commerce/StripeElements";
import { useOrderPoll } from "~/features/commerce/useOrderPoll";
import { metaFromLoader } from "~/lib/route-meta";
import { flashState } from "~/ui/FlashNotice";
import { isApiRequestError } from "~/server/api/errors";
import { requireUser } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { readForm } from "~/server/form.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, api, user } = requireUser(context, request);
  const url = new URL(request.url);
  const t = await getT(tenant.lang);
  const target = await resolveTarget(context, url.searchParams);
  const meta = { title: t("commerce:titles.buy"), description: t("commerce:descriptions.buy", { site: tenant.bootstrap.settings.title ?? tenant.channel.name }) };
  const base = { meta, publishableKey: context.config.STRIPE_PUBLISHABLE_KEY ?? null };
  // No product to sell (no id, or none by that id): the shop, with the reason as a notice above it.
  if (target.kind === "error") return json({ ...base, target, checkout: null, shop: await loadShop(context) }, { status: target.message === COMMERCE_MESSAGES.passNotFound ? 404 : 200 });
  if (target.kind !== "product") return json({ ...base, target, checkout: null, shop: null });

  const calls = api.commerce;
  const { product } = target;
  let promo = url.searchParams.get("promo");
  const preview = async () => {
    try {
      return await calls.invoicePreview(product.id, promo ?? undefined);
    } catch (error) {
      // A code in the URL that no longer applies is dropped, not an error page.
      if (!promo || !isApiRequestError(error, "validation", "not_found")) throw error;
      promo = null;
      return calls.invoicePreview(product.id);
    }
  };
  const [held, cards, invoice] = await Promise.all([loadPurchaseState(context, product.id), calls.listCards().catch((): SavedCardWire[] => []), preview()]);
  const picked = [...target.categoryIds, ...target.participantIds];
  const withoutPromo = new URL(url);
  withoutPromo.searchParams.delete("promo");
  return json({
    ...base,
    target,
    checkout: {
      invoice,
      cards,
      promo,
      removePromoHref: withoutPromo.pathname + withoutPromo.search,
      owned: held.purchased,
      selection: [...product.event_categories, ...product.participants].filter((r) => picked.includes(r.id)).map((r) => r.name),
      redirectTo: afterPurchase(url.searchParams, target.eventId),
      // The API's geo verdict for this visitor (SPEC §6): the API refuses the purchase, so the page says why up front.
      regionBlocked: user.is_geo_blocked,
    },
    shop: null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { tenant, api } = requireUser(context, request);
  const url = new URL(request.url);
  const t = await getT(tenant.lang);
  const calls = api.commerce;
  const intent = form.get("intent");
  if (intent === "confirm") return confirm(form, calls, t, tenant.lang);
  const target = await resolveTarget(context, url.searchParams);
  if (target.kind !== "product") return json({ intent: "pay" as const, result: null, buy: null, error: t(`commerce:messages.${target.kind === "error" ? "passNotFound" : "generic"}`) }, { status: 422 });
  if (intent === "coupon") return applyPromo(form, url, target, calls, t);
  return pay(form, url, target, calls, t, tenant.lang, new Date());
}

/**
 * A purchase under way keeps the page as it was priced: reloading its data after the pay (or confirm) press would
 * price it again with the trial already taken (the full price for a moment, and "Pay" on the button) while the order
 * is polled. A refused press reloads as usual.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) => {
  const intent = formData?.get("intent");
  const buy = (actionResult as { buy?: BuyResult | null } | undefined)?.buy;
  if ((intent === "pay" || intent === "confirm") && buy && buy.status !== "failed") return false;
  return defaultShouldRevalidate;
};

export const links = commerceLinks;
export const meta = metaFromLoader;

type Phase =
  | { kind: "idle" }
  | { kind: "confirm"; orderId: number; clientSecret: string }
  | { kind: "polling"; orderId: number }
  | { kind: "paid" }
  | { kind: "failed"; message: string };

export default function Buy() {
  const { target, checkout, publishableKey, shop } = useLoaderData<typeof loader>();
  const { t } = useTranslation("commerce");
  if (target.kind === "error") {
    return (
      <Shop
        {...(shop ?? { products: [], owned: [], trialEligible: false })}
        title={t("titles.packages")}
        notice={<FormNotice tone="error">{commerceMessage(t, target.message)}</FormNotice>}
      />
    );
  }
  if (target.kind === "free" || !checkout) {
    return (
      <BuyFrame>
        <p>{t("buy.free")}</p>
        {target.kind === "free" ? (
          <Link className="button button--primary" to={`/watch/${target.eventId}`}>
            {t("buy.watch")}
          </Link>
        ) : null}
      </BuyFrame>
    );
  }
  return <Checkout target={target} checkout={checkout} publishableKey={publishableKey} />;
}

function BuyFrame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation("commerce");
  return (
    <div className="page narrow buy">
      <h1>{t("titles.buy")}</h1>
      {children}
    </div>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Ready = { target: Extract<LoaderData["target"], { kind: "product" }>; checkout: NonNullable<LoaderData["checkout"]>; publishableKey: string | null };

function Checkout({ target, checkout, publishableKey }: Ready) {
  const { t, i18n } = useTranslation("commerce");
  const { product } = target;
  const { invoice } = checkout;
  const actionData = useActionData<typeof action>();
  const confirmer = useFetcher<typeof action>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const stripeRef = useRef<StripeHandle>(null);
  // Whether the press started a trial: the page's data reloads after the purchase (the trial is then used up).
  const startedTrial = useRef(false);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const item = { id: product.id, name: product.name, price: invoice.total };
  const trial = product.kind === "subscription" && invoice.trial_days > 0;

  useEffect(() => {
    emitCommerceEvent({ name: "begin_checkout", currency: invoice.currency, value: invoice.due_today, items: [item], coupon: checkout.promo ?? undefined });
    // Once per product shown, not on every re-render.
  }, [product.id]);

  const handle = useCallback((buy: BuyResult | null, error?: string | null) => {
    if (!buy) return error ? setPhase({ kind: "failed", message: error }) : undefined;
    if (buy.status === "failed") setPhase({ kind: "failed", message: buy.message ?? "" });
    else if (buy.status === "requires_action" && buy.client_secret) setPhase({ kind: "confirm", orderId: buy.order_id, clientSecret: buy.client_secret });
    else setPhase({ kind: "polling", orderId: buy.order_id });
  }, []);
  useEffect(() => {
    if (!actionData || !("buy" in actionData) || actionData.intent !== "pay") return;
    if ("trial" in actionData) startedTrial.current = actionData.trial;
    handle(actionData.buy, "error" in actionData ? actionData.error : null);
  }, [actionData, handle]);
  useEffect(() => {
    if (confirmer.data) handle(confirmer.data.buy, "error" in confirmer.data ? confirmer.data.error : null);
  }, [confirmer.data, handle]);

  const submitConfirm = useCallback(
    (orderId: number, authenticated = true) =>
      confirmer.submit({ intent: "confirm", order_id: String(orderId), authenticated: authenticated ? "1" : "0" }, { method: "post" }),
    [confirmer],
  );
  // With Stripe the confirmation step is Stripe's own (3-D Secure); the sandbox asks in our dialog.
  useEffect(() => {
    if (phase.kind !== "confirm" || !publishableKey) return;
    void confirmStep(publishableKey, phase.clientSecret, t("confirm.failed")).then((failed) =>
      failed ? setPhase({ kind: "failed", message: failed }) : submitConfirm(phase.orderId),
    );
  }, [phase, publishableKey, submitConfirm, t]);

  useOrderPoll(phase.kind === "polling" ? phase.orderId : null, (outcome) => {
    if (outcome.kind === "paid") {
      emitCommerceEvent({ name: "purchase", currency: invoice.currency, value: outcome.order.amount_paid, items: [item], orderId: outcome.order.id, coupon: checkout.promo ?? undefined });
      setPhase({ kind: "paid" });
      // Back to where the buyer came from at once; the confirmation goes along and shows there.
      navigate(checkout.redirectTo, { state: flashState(t(startedTrial.current ? "buy.trialStarted" : "buy.success")) });
    } else {
      setPhase({ kind: "failed", message: outcome.kind === "failed" ? declineMessage(t, outcome.order.failure_message, i18n.language) : commerceMessage(t, null) });
    }
  });

  const busy = navigation.state === "submitting" || confirmer.state !== "idle" || phase.kind === "polling" || phase.kind === "confirm" || phase.kind === "paid";
  const closeFailure = useCallback(() => setPhase((p) => (p.kind === "failed" ? { kind: "idle" } : p)), []);
  // Closing the step is failing it: the API fails the payment, so the order never waits for a confirmation.
  const cancelConfirm = useCallback(() => {
    if (phase.kind === "confirm") submitConfirm(phase.orderId, false);
  }, [phase, submitConfirm]);
  const payButton = useCallback(() => document.querySelector<HTMLElement>(".payment__submit"), []);
  const payResult = actionData?.intent === "pay" ? actionData.result : null;
  const promoResult = actionData?.intent === "coupon" ? actionData.result : null;

  return (
    <BuyFrame>
      <section className="buy__summary" aria-labelledby="buy-product">
        <h2 id="buy-product">{product.name}</h2>
        {product.description ? <p>{product.description}</p> : null}
        {checkout.selection.length ? <p>{t("buy.selection", { items: checkout.selection.join(", ") })}</p> : null}
        <Includes product={product} />
      </section>
      {checkout.owned ? (
        <>
          <FormNotice tone="success">{t("buy.owned")}</FormNotice>
          <Link className="button button--primary" to={checkout.redirectTo}>
            {t("buy.watch")}
          </Link>
        </>
      ) : checkout.regionBlocked ? (
        <>
          <InvoiceSummary preview={invoice} period={product.period} />
          <div data-testid="region-blocked">
            <FormNotice tone="error">{commerceMessage(t, CHECKOUT_MESSAGES.regionBlocked)}</FormNotice>
          </div>
        </>
      ) : (
        <>
          <InvoiceSummary preview={invoice} period={product.period} />
          <PromoForm applied={checkout.promo} removeHref={checkout.removePromoHref} lastResult={promoResult} busy={busy} />
          {trial ? <p className="buy__trial">{t("buy.trialNote")}</p> : null}
          <PaymentForm
            cards={checkout.cards}
            publishableKey={publishableKey}
            submitLabel={trial ? t("buy.startTrial", { days: invoice.trial_days }) : t("buy.pay", { amount: money(invoice.due_today, invoice.currency, i18n.language) })}
            amountCents={Math.round(invoice.due_today * 100)}
            currency={invoice.currency}
            busy={busy}
            lastResult={payResult}
            mode={trial ? "trial" : "pay"}
            stripeRef={stripeRef}
            onPay={() => {
              startedTrial.current = trial;
              emitCommerceEvent({ name: "add_payment_info", currency: invoice.currency, value: invoice.due_today, items: [item] });
            }}
          />
        </>
      )}
      {phase.kind === "polling" ? (
        <p className="buy__status" role="status">
          {t("buy.waiting")}
        </p>
      ) : null}
      {phase.kind === "paid" ? <FormNotice tone="success">{t(startedTrial.current ? "buy.trialStarted" : "buy.success")}</FormNotice> : null}
      <Dialog open={phase.kind === "confirm" && !publishableKey} title={t("confirm.title")} onClose={cancelConfirm} returnFocus={payButton}>
        <p>{t("confirm.text")}</p>
        <div className="commerce-dialog__actions">
          <button type="button" className="button button--primary" onClick={() => phase.kind === "confirm" && submitConfirm(phase.orderId)}>
            {t("confirm.complete")}
          </button>
          <button type="button" className="button" onClick={cancelConfirm}>
            {t("confirm.fail")}
          </button>
        </div>
      </Dialog>
      <Dialog open={phase.kind === "failed"} title={t("failure.title")} onClose={closeFailure} returnFocus={payButton} role="alertdialog">
        <p>{phase.kind === "failed" ? phase.message : null}</p>
        <form method="dialog" className="commerce-dialog__actions">
          <button type="submit" className="button button--primary">
            {t("failure.close")}
          </button>
        </form>
      </Dialog>
    </BuyFrame>
  );
}
