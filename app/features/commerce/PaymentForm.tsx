// The payment part of /buy: saved cards as radio options plus "New card" (the sandbox card form, or Stripe's
// Payment Element when a publishable key is configured), "Save this card", the notes, and the submit button.
import type { SavedCardWire } from "@api/contract/commerce-types";
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldError, TextField } from "~/features/auth/AuthFields";
import { NEW_CARD, paymentSchema } from "./payment-schema";
import { StripeCard, type StripeHandle } from "./StripeElements";

export interface PaymentFormProps {
  cards: SavedCardWire[];
  publishableKey: string | null;
  submitLabel: string;
  amountCents: number;
  currency: string;
  busy: boolean;
  lastResult?: SubmissionResult<string[]> | null;
  /** Called as a valid form is sent (the add_payment_info event). */
  onPay: () => void;
  stripeRef: React.RefObject<StripeHandle>;
  /** "trial": an eligible subscription starts its free trial (start_trial) instead of paying now. */
  mode: "pay" | "trial";
}

export function PaymentForm({ cards, publishableKey, submitLabel, amountCents, currency, busy, lastResult, onPay, stripeRef, mode }: PaymentFormProps) {
  const { t, i18n } = useTranslation("commerce");
  const submit = useSubmit();
  // With saved cards the buyer picks one on purpose; with none, the new card form is the only choice.
  const [method, setMethod] = useState<string>(cards.length ? "" : NEW_CARD);
  const [stripeError, setStripeError] = useState<string | null>(null);
  // One checkout attempt per press (the API replays a retried key instead of charging twice); made in the browser
  // only, so the server render and hydration agree, and renewed once an answer came back.
  const [attempt, setAttempt] = useState("");
  useEffect(() => setAttempt(typeof crypto.randomUUID === "function" ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`), [lastResult]);
  const [form, fields] = useForm({
    id: "payment",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: paymentSchema(t, new Date()) }),
    onSubmit(event, { formData }) {
      onPay();
      if (!publishableKey || formData.get("payment_method") !== NEW_CARD) return;
      // Stripe turns the card into a token first; the form is then sent with it.
      event.preventDefault();
      const formEl = event.currentTarget;
      void stripeRef.current?.tokenize().then((r) => {
        if ("error" in r) return setStripeError(r.error);
        setStripeError(null);
        formData.set("confirmation_token", r.token);
        submit(formData, { method: "post", action: formEl.getAttribute("action") ?? undefined });
      });
    },
  });
  const methodError = fields.payment_method.errors?.[0];
  const methodErrorId = `${fields.payment_method.id}-error`;
  const newCard = method === NEW_CARD;
  return (
    <Form method="post" {...getFormProps(form)} className="payment">
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="idempotency_key" value={attempt} />
      <fieldset className="payment__methods" aria-describedby={methodError ? methodErrorId : undefined}>
        <legend>{t("buy.payment")}</legend>
        {cards.map((card) => (
          <div className="field field--radio" key={card.id}>
            <input
              type="radio"
              id={`card-${card.id}`}
              name={fields.payment_method.name}
              value={card.id}
              checked={method === card.id}
              onChange={() => setMethod(card.id)}
            />
            <label htmlFor={`card-${card.id}`}>
              {t("buy.savedCard", { brand: card.brand, last4: card.last4, month: String(card.exp_month).padStart(2, "0"), year: card.exp_year })}
            </label>
          </div>
        ))}
        <div className="field field--radio">
          <input type="radio" id="card-new" name={fields.payment_method.name} value={NEW_CARD} checked={newCard} onChange={() => setMethod(NEW_CARD)} />
          <label htmlFor="card-new">{t("buy.newCard")}</label>
        </div>
        {methodError ? (
          <p id={methodErrorId} className="field__error" role="alert">
            {methodError}
          </p>
        ) : null}
      </fieldset>
      {newCard ? (
        <div className="payment__card">
          {publishableKey ? (
            <>
              <StripeCard ref={stripeRef} publishableKey={publishableKey} amountCents={amountCents} currency={currency} lang={i18n.language} />
              <FieldError id="stripe-error" errors={stripeError ? [stripeError] : undefined} />
            </>
          ) : (
            <>
              <TextField meta={fields.number} label={t("buy.cardNumber")} autoComplete="cc-number" />
              <div className="payment__row">
                <TextField meta={fields.expiry} label={t("buy.expiry")} autoComplete="cc-exp" />
                <TextField meta={fields.cvc} label={t("buy.cvc")} autoComplete="cc-csc" />
              </div>
              <TextField meta={fields.name} label={t("buy.cardName")} autoComplete="cc-name" />
            </>
          )}
          <div className="field field--checkbox">
            <input {...getInputProps(fields.save_card, { type: "checkbox" })} key={fields.save_card.key} />
            <label htmlFor={fields.save_card.id}>{t("buy.saveCard")}</label>
          </div>
        </div>
      ) : null}
      {form.errors?.length ? (
        <p className="notice notice--error" role="alert">
          {form.errors[0]}
        </p>
      ) : null}
      <button type="submit" className="button button--primary payment__submit" disabled={busy}>
        {busy ? t("buy.paying") : submitLabel}
      </button>
      <p className="payment__note">{t("buy.salesFinal")}</p>
      <p className="payment__note payment__note--secure">{t("buy.encryption")}</p>
    </Form>
  );
}
