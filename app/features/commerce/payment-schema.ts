// The payment form (SPEC §5 "Payment"): a saved card, or a new one typed into the sandbox form (or a token from
// Stripe Elements). Shared by the browser (inline validation) and the /buy action. Messages come from `t`.
import type { TFunction } from "i18next";
import { z } from "zod";

export const NEW_CARD = "new";

/** Luhn's check digit, so a typo is caught before the card is sent. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** "MM/YY" (or MM/YYYY) → month and four-digit year; null when malformed. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

const optionalText = z.string().trim().optional();

/**
 * `now` is the date the expiry is checked against (the form passes the page's clock; tests inject it). With Stripe
 * Elements the card fields are Stripe's: a confirmation token stands in for them.
 */
export function paymentSchema(t: TFunction, now: Date) {
  const selectCard = t("commerce:messages.selectCard");
  return z
    .object({
      payment_method: z.string({ error: selectCard }).trim().min(1, selectCard),
      number: optionalText,
      expiry: optionalText,
      cvc: optionalText,
      name: optionalText,
      confirmation_token: optionalText,
      save_card: z.boolean().optional(),
    })
    .superRefine((v, ctx) => {
      if (v.payment_method !== NEW_CARD || v.confirmation_token) return;
      const digits = (v.number ?? "").replace(/[\s-]/g, "");
      if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) ctx.addIssue({ code: "custom", path: ["number"], message: t("commerce:card.number") });
      const expiry = parseExpiry(v.expiry ?? "");
      if (!expiry) ctx.addIssue({ code: "custom", path: ["expiry"], message: t("commerce:card.expiry") });
      else if (expiry.year < now.getUTCFullYear() || (expiry.year === now.getUTCFullYear() && expiry.month < now.getUTCMonth() + 1))
        ctx.addIssue({ code: "custom", path: ["expiry"], message: t("commerce:card.expired") });
      if (!/^\d{3,4}$/.test(v.cvc ?? "")) ctx.addIssue({ code: "custom", path: ["cvc"], message: t("commerce:card.cvc") });
      if (!v.name) ctx.addIssue({ code: "custom", path: ["name"], message: t("commerce:card.name") });
    });
}

export type PaymentInput = z.infer<ReturnType<typeof paymentSchema>>;

/** The promo code form: required, like the API's `promoCodeSchema`. */
export function promoSchema(t: TFunction) {
  return z.object({ code: z.string({ error: t("commerce:messages.wrongPromoCode") }).trim().min(1, t("commerce:messages.wrongPromoCode")).max(64) });
}
