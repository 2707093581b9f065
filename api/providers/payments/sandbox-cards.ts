// Stripe test-mode cards, test payment methods and messages, as the sandbox reproduces them. Only these numbers are
// accepted (Stripe test mode refuses real cards too), so a demo can never look like it took a real card.
import type { CardBehaviour } from "../../db/payments-schema";

export interface TestCard {
  brand: string;
  behaviour: CardBehaviour;
  /** For declines: Stripe's decline code and message. */
  declineCode?: string;
  message?: string;
}

export const DECLINED = "Your card was declined.";

/** By card number (digits only). https://docs.stripe.com/testing */
export const TEST_CARDS: Record<string, TestCard> = {
  "4242424242424242": { brand: "visa", behaviour: "succeed" },
  "5555555555554444": { brand: "mastercard", behaviour: "succeed" },
  "378282246310005": { brand: "amex", behaviour: "succeed" },
  "4000000000000002": { brand: "visa", behaviour: "decline", declineCode: "generic_decline", message: DECLINED },
  "4000000000009995": { brand: "visa", behaviour: "decline", declineCode: "insufficient_funds", message: "Your card has insufficient funds." },
  "4000002500003155": { brand: "visa", behaviour: "authenticate" },
  // Attaches to a customer, then every charge is declined: a saved card that fails at renewal.
  "4000000000000341": { brand: "visa", behaviour: "decline_after_attach", declineCode: "generic_decline", message: DECLINED },
};

/** Stripe's ready-made test PaymentMethods (`pm_card_visa`, …), usable wherever a payment method id is. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: "4242424242424242",
  pm_card_mastercard: "5555555555554444",
  pm_card_amex: "378282246310005",
  pm_card_chargeDeclined: "4000000000000002",
  pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
  pm_card_authenticationRequired: "4000002500003155",
  pm_card_chargeCustomerFail: "4000000000000341",
};

/** The decline a card produces: its own code (insufficient funds, …), or the generic one for a card switched to decline. */
export function declineOf(last4: string, behaviour: CardBehaviour): { code: string; message: string } {
  const card = Object.entries(TEST_CARDS).find(([n, c]) => n.endsWith(last4) && c.behaviour === behaviour && c.declineCode)?.[1];
  return card?.declineCode ? { code: card.declineCode, message: card.message ?? DECLINED } : { code: "generic_decline", message: DECLINED };
}

export type CardCheck = { ok: true; number: string; card: TestCard } | { ok: false; code: string; message: string };

/** Stripe's checks on a typed card, in Stripe's words. `now` is epoch ms. */
export function checkCard(input: { number: string; expMonth: number; expYear: number }, now: number): CardCheck {
  const number = input.number.replace(/[\s-]/g, "");
  const card = TEST_CARDS[number];
  if (!card) return { ok: false, code: "incorrect_number", message: "Your card number is incorrect." };
  if (!Number.isInteger(input.expMonth) || input.expMonth < 1 || input.expMonth > 12) {
    return { ok: false, code: "invalid_expiry_month", message: "Your card's expiration month is invalid." };
  }
  const today = new Date(now);
  const year = today.getUTCFullYear();
  if (!Number.isInteger(input.expYear) || input.expYear < year || (input.expYear === year && input.expMonth < today.getUTCMonth() + 1)) {
    return { ok: false, code: "expired_card", message: "Your card has expired." };
  }
  return { ok: true, number, card };
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A Stripe-looking id: `<prefix>_` and 24 random alphanumerics. */
export function newId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `${prefix}_${[...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("")}`;
}

/** Calendar arithmetic for billing periods, in UTC (Jan 31 + 1 month = Feb 28/29, as Stripe bills). */
export function addPeriod(start: number, period: "month" | "annual"): number {
  const d = new Date(start);
  const months = period === "month" ? 1 : 12;
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d.getTime();
}

/** JSON with sorted keys, so equal parameters hash equally whatever their order. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}
