// Money and labels of the commerce pages, shared by the server and the browser.
import { COMMERCE_MESSAGES, type Product } from "@api/contract/commerce-types";
import { CHECKOUT_MESSAGES } from "@api/contract/commerce";
import type { TFunction } from "i18next";

/**
 * The card issuer's and the card form's words, as Stripe gives them for its card errors (the decline codes a buyer may
 * see: https://docs.stripe.com/declines/codes), translated like the SPEC's.
 */
const PROVIDER_MESSAGES: Record<string, string> = {
  "Your card was declined.": "declined",
  "Your card has insufficient funds.": "insufficientFunds",
  "Your card has expired.": "expiredCard",
  "Your card's security code is incorrect.": "cvcIncorrect",
  "Your card's security code is invalid.": "cvcIncorrect",
  "Your card number is incorrect.": "cardNumberIncorrect",
  "Your card number is invalid.": "cardNumberIncorrect",
  "Your card's expiration date is incomplete.": "expiryIncomplete",
  "Your card's expiration year is invalid.": "expiryInvalid",
  "Your card's expiration month is invalid.": "expiryInvalid",
  "Your card does not support this type of purchase.": "cardNotSupported",
  "Your card's security code is incomplete.": "cvcIncomplete",
  "An error occurred while processing your card. Try again in a little bit.": "processingError",
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.": "authenticationFailed",
};

export { money } from "~/lib/money";

/** The SPEC's purchase messages (and the issuer's decline) in the page's language; anything else as the API said it. */
export function commerceMessage(t: TFunction, message: string | null | undefined): string {
  if (!message) return t("commerce:messages.generic");
  const key = (Object.keys(COMMERCE_MESSAGES) as (keyof typeof COMMERCE_MESSAGES)[]).find((k) => COMMERCE_MESSAGES[k] === message);
  if (key && key !== "salesFinal") return t(`commerce:messages.${key}`);
  const checkout = (Object.keys(CHECKOUT_MESSAGES) as (keyof typeof CHECKOUT_MESSAGES)[]).find((k) => CHECKOUT_MESSAGES[k] === message);
  if (checkout) return t(`commerce:messages.${checkout}`);
  const provider = PROVIDER_MESSAGES[message];
  return provider ? t(`commerce:messages.${provider}`) : message;
}

/**
 * Why a payment failed, in the page's language. The issuer's words Stripe may send are many and change; one this
 * table does not know is shown as it came on an English page, and as the generic decline on any other, so a French
 * buyer never reads English.
 */
export function declineMessage(t: TFunction, message: string | null | undefined, lang: string): string {
  const known = message ? PROVIDER_MESSAGES[message] : undefined;
  if (known) return t(`commerce:messages.${known}`);
  if (message && lang === "en") return commerceMessage(t, message);
  return t("commerce:messages.declined");
}

/** Where "Buy" goes: /buy for one product, /select-package first for a pass with choices (SPEC §2). */
export function buyHref(product: Product): string {
  if (product.kind === "subscription") return `/buy?subscription_id=${product.id}`;
  if (product.kind === "package" && product.max_choices !== null && product.event_id === null && product.pass_type === "regular") return `/select-package/${product.id}`;
  return `/buy?package_id=${product.id}`;
}

export const needsChoice = (product: Product) => buyHref(product).startsWith("/select-package/");

/** A date for the invoice preview, in the page's language. */
export const chargeDate = (ms: number, lang: string) => new Intl.DateTimeFormat(lang === "fr" ? "fr-CA" : "en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(ms));
