// The invoice preview of /buy (subtotal, discount, service fee, total due today, then what recurs and when) and the
// promo code form ("Wrong promo code" / "Promo code is invalid" inline, SPEC §5).
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TextField } from "~/features/auth/AuthFields";
import type { InvoicePreviewWire } from "~/server/api/commerce.server";
import { chargeDate, money } from "./format";
import { promoSchema } from "./payment-schema";

export function InvoiceSummary({ preview, period }: { preview: InvoicePreviewWire; period: "month" | "annual" | null }) {
  const { t, i18n } = useTranslation("commerce");
  const lang = i18n.language;
  const m = (amount: number) => money(amount, preview.currency, lang);
  return (
    // The notes under the lines sit outside the <dl>: a <dl> holds only its term and value groups.
    <div className="invoice" role="group" aria-label={t("buy.summary")}>
      <dl className="invoice__lines">
        <div>
          <dt>{t("buy.subtotal")}</dt>
          <dd>{m(preview.subtotal)}</dd>
        </div>
        {preview.discount > 0 ? (
          <div className="invoice__discount">
            <dt>{t("buy.discount")}</dt>
            <dd>−{m(preview.discount)}</dd>
          </div>
        ) : null}
        {preview.service_fee > 0 ? (
          <div>
            <dt>{t("buy.serviceFee")}</dt>
            <dd>{m(preview.service_fee)}</dd>
          </div>
        ) : null}
        <div className="invoice__total">
          <dt>{t("buy.dueToday")}</dt>
          <dd data-testid="due-today">{m(preview.due_today)}</dd>
        </div>
      </dl>
      {preview.trial_days > 0 ? (
        <p className="invoice__later">
          {t("price.trial", { days: preview.trial_days })} — {t("buy.firstCharge", { amount: m(preview.total), date: chargeDate(preview.first_charge_at, lang) })}
        </p>
      ) : null}
      {preview.next_charge && period ? (
        <p className="invoice__later">
          {t("buy.thenEvery", {
            amount: m(preview.next_charge.amount),
            period: t(period === "month" ? "buy.periodMonth" : "buy.periodAnnual"),
            date: chargeDate(preview.next_charge.at, lang),
          })}
        </p>
      ) : null}
    </div>
  );
}

export function PromoForm({ applied, removeHref, lastResult, busy }: { applied: string | null; removeHref: string; lastResult?: SubmissionResult<string[]> | null; busy: boolean }) {
  const { t } = useTranslation("commerce");
  const [form, fields] = useForm({
    id: "promo",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: promoSchema(t) }),
  });
  if (applied) {
    return (
      <p className="promo promo--applied" role="status">
        {t("buy.applied", { code: applied })}{" "}
        <Link to={removeHref} replace>
          {t("buy.remove")}
        </Link>
      </p>
    );
  }
  return (
    <Form method="post" {...getFormProps(form)} className="promo">
      <input type="hidden" name="intent" value="coupon" />
      <TextField meta={fields.code} label={t("buy.promo")} autoComplete="off" />
      <button type="submit" className="button" disabled={busy}>
        {t("buy.apply")}
      </button>
    </Form>
  );
}
