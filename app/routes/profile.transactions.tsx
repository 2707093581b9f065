import { type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { declineMessage, money } from "~/features/commerce/format";
import { day } from "~/features/orders/format";
import { metaFromLoader } from "~/lib/route-meta";
import { requireUser } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";

// The profile's transactions (SPEC §2): every charge, renewal and refund of the user, newest first (SPEC §3
// transaction status: created, failed, paid, refunded). A table on a wide screen; on a phone each row stacks as a
// card (orders.css), every cell naming its column, so Status and Amount stay in view (issue 28).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, api } = requireUser(context, request);
  const [t, transactions] = await Promise.all([getT(tenant.lang), api.orders.transactions()]);
  return { transactions, meta: { title: t("orders:titles.transactions") } };
}

export const meta = metaFromLoader;

export default function Transactions() {
  const { transactions } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("orders");
  const lang = i18n.language;
  return (
    <section className="profile__section" aria-labelledby="transactions">
      <h2 id="transactions">{t("titles.transactions")}</h2>
      {transactions.length ? (
        <div className="transactions" role="region" aria-labelledby="transactions-caption" tabIndex={0}>
          <table className="transactions__table" data-testid="transactions">
            <caption id="transactions-caption">{t("transactions.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("transactions.date")}</th>
                <th scope="col">{t("transactions.product")}</th>
                <th scope="col">{t("transactions.kind")}</th>
                <th scope="col">{t("transactions.status")}</th>
                <th scope="col" className="transactions__amount">
                  {t("transactions.amount")}
                </th>
              </tr>
            </thead>
            <tbody>
              {transactions.map((tx) => (
                <tr key={tx.id} data-testid="transaction" data-order-id={tx.order_id} data-status={tx.status}>
                  <td className="transactions__date" data-label={t("transactions.date")}>
                    {day(tx.created_at, lang)}
                  </td>
                  <th scope="row" className="transactions__product">
                    {tx.product_name}
                    <span className="transactions__order">{t("transactions.order", { id: tx.order_id })}</span>
                  </th>
                  <td className="transactions__kind" data-label={t("transactions.kind")}>
                    {t(`kind.${tx.kind}`)}
                  </td>
                  <td className="transactions__status" data-label={t("transactions.status")}>
                    <span className={tx.status === "paid" ? "badge badge--ok" : "badge"}>{t(`transactionStatus.${tx.status}`)}</span>
                    {tx.status === "failed" ? <span className="transactions__failure">{declineMessage(t, tx.failure_message, lang)}</span> : null}
                  </td>
                  <td className="transactions__amount" data-label={t("transactions.amount")}>
                    {tx.kind === "refund" ? "−" : ""}
                    {money(Math.abs(tx.amount), tx.currency, lang)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="empty-state">
          <p>{t("transactions.empty")}</p>
          <Link to="/packages" className="button button--primary">
            {t("orders.packages")}
          </Link>
        </div>
      )}
    </section>
  );
}
