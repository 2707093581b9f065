// One active order on /profile: what was bought, its state, dates, amount, renewal, allowances, and for an
// auto-renewing subscription the cancel flow (SPEC §4): a confirm step (the `?cancel={id}` URL, so it works without
// JavaScript), "processing" while the POST runs, then "finished" and the renewal shown as cancelled.
import type { Order } from "@api/contract/commerce-types";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { money } from "~/features/commerce/format";
import { formatEventTime } from "~/lib/format";
import { canCancelRenewal, day, periodEnd } from "./format";

export interface OrderCardProps {
  order: Order;
  /** This order's confirm step is open. */
  confirming: boolean;
  /** Auto-renewal of this order was just cancelled (the "finished" message). */
  cancelled: boolean;
  /** The cancel POST for this order failed. */
  failed: boolean;
}

export function OrderCard({ order, confirming, cancelled, failed }: OrderCardProps) {
  const { t, i18n } = useTranslation("orders");
  const lang = i18n.language;
  const navigation = useNavigation();
  const processing = navigation.state !== "idle" && navigation.formData?.get("order_id") === String(order.id);
  const headingId = `order-${order.id}`;

  return (
    <article className="order-card" aria-labelledby={headingId} data-testid="order" data-order-id={order.id} data-renewal={order.renewal ?? undefined}>
      <header className="order-card__header">
        <h3 id={headingId}>{order.product.name}</h3>
        <span className={order.status === "paid" ? "badge badge--ok" : "badge"} data-testid="order-status">
          {t(`status.${order.status}`)}
        </span>
      </header>
      <dl className="order-card__facts">
        <dt>{t("orders.amount")}</dt>
        <dd data-testid="order-amount">{order.amount_paid === 0 && !order.amount ? t("orders.notCharged") : money(order.amount_paid, order.currency, lang)}</dd>
        {order.trial_ends_at && order.amount_paid === 0 && order.amount ? (
          <>
            <dt>{t("orders.afterTrial")}</dt>
            <dd data-testid="order-after-trial">{money(order.amount, order.currency, lang)}</dd>
          </>
        ) : null}
        {order.discount > 0 ? (
          <>
            <dt>{t("orders.discount")}</dt>
            <dd>{money(order.discount, order.currency, lang)}</dd>
          </>
        ) : null}
        <dt>{t("orders.purchased")}</dt>
        <dd>{day(order.created_at, lang)}</dd>
        <dt>{t("orders.validFrom")}</dt>
        <dd>{day(order.starts_at, lang)}</dd>
        {order.trial_ends_at ? (
          <>
            <dt>{t("orders.trialUntil")}</dt>
            <dd>{day(order.trial_ends_at, lang)}</dd>
          </>
        ) : null}
        <Validity order={order} />
        {order.renewal ? (
          <>
            <dt>{t("orders.renewal")}</dt>
            <dd>
              <span className={order.renewal === "active" ? "badge badge--ok" : "badge"} data-testid="order-renewal">
                {t(`renewal.${order.renewal}`)}
              </span>
            </dd>
          </>
        ) : null}
        {order.capabilities.length ? (
          <>
            <dt>{t("orders.capabilities")}</dt>
            <dd>
              <ul className="order-card__capabilities">
                {order.capabilities.map((c) => (
                  <li key={c}>{t(`capability.${c}`)}</li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        {order.limits.clips || order.limits.downloads ? (
          <>
            <dt>{t("orders.limits")}</dt>
            <dd>{t("orders.limitsValue", { clips: order.limits.clips, downloads: order.limits.downloads })}</dd>
          </>
        ) : null}
      </dl>
      {order.simultaneous_logins !== null ? (
        <p className="order-card__logins">
          <span className="badge" data-testid="order-logins">
            {t("orders.simultaneousLogins", { count: order.simultaneous_logins })}
          </span>
        </p>
      ) : null}
      {/* One live region that stays in place, so "processing" and then "finished" are both announced. */}
      <div className="order-card__status" role="status">
        {processing ? (
          <p className="notice" data-testid="renewal-processing">
            {t("cancel.processing")}
          </p>
        ) : cancelled && order.renewal === "cancelled" ? (
          <p className="notice notice--success" data-testid="renewal-finished">
            {t("cancel.finished")} {t("cancel.cancelled")}.
          </p>
        ) : null}
      </div>
      {failed && !processing ? (
        <p className="notice notice--error" role="alert">
          {t("cancel.failed")}
        </p>
      ) : null}
      {canCancelRenewal(order) && !processing ? (
        confirming ? (
          <ConfirmCancel order={order} />
        ) : (
          <Link className="button" to={`?cancel=${order.id}`} preventScrollReset aria-label={t("cancel.buttonFor", { name: order.product.name })}>
            {t("cancel.button")}
          </Link>
        )
      ) : null}
    </article>
  );
}

/** What the order gives, as the API says it: the event, the date it is valid until, renews on or ends on, or no end. */
function Validity({ order }: { order: Order }) {
  const { t, i18n } = useTranslation("orders");
  const lang = i18n.language;
  const v = order.validity;
  if (v.kind === "event") {
    return (
      <>
        <dt>{t("orders.event")}</dt>
        <dd data-testid="order-validity" data-kind={v.kind}>
          <Link to={`/watch/${v.event_id}`}>{v.title || order.product.name}</Link>
          {v.starts_at ? `, ${formatEventTime(v.starts_at, lang, v.time_zone ?? undefined)}` : null}
        </dd>
        <dt>{t("orders.renewal")}</dt>
        <dd>{t("orders.oneOff")}</dd>
      </>
    );
  }
  const label = { until: "orders.validUntil", renews: "orders.renewsOn", ends: "orders.endsOn", open: "orders.validUntil" } as const;
  return (
    <>
      <dt>{t(label[v.kind])}</dt>
      <dd data-testid="order-validity" data-kind={v.kind}>
        {v.kind === "open" ? t("orders.noEnd") : day(v.at, lang)}
      </dd>
    </>
  );
}

/** The confirm step: focus moves to it, so keyboard and screen-reader users land on the question. */
function ConfirmCancel({ order }: { order: Order }) {
  const { t, i18n } = useTranslation("orders");
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const end = periodEnd(order);
  const name = order.product.name;
  return (
    <div className="order-card__confirm" role="group" aria-labelledby={`confirm-${order.id}`} data-testid="renewal-confirm">
      <h4 id={`confirm-${order.id}`} tabIndex={-1} ref={ref}>
        {t("cancel.confirmTitle")}
      </h4>
      <p>{end ? t("cancel.confirmText", { name, date: day(end, i18n.language) }) : t("cancel.confirmTextOpen", { name })}</p>
      <div className="order-card__actions">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="order_id" value={order.id} />
          <button type="submit" name="intent" value="unsubscribe" className="button button--danger">
            {t("cancel.confirm")}
          </button>
        </Form>
        <Link className="button" to="/profile" preventScrollReset>
          {t("cancel.keep")}
        </Link>
      </div>
    </div>
  );
}
