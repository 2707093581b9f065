// Money as the pages show it, zod-free so browse pages (event cards, issue 28) format prices without the commerce bundle.
import { CURRENCY_SYMBOLS, type Currency } from "@api/contract/commerce-types";

/** SPEC §3: USD and CAD are both shown as "$"; amounts in major units with two decimals. */
export function money(amount: number, currency: Currency | null | undefined, lang: string): string {
  const symbol = CURRENCY_SYMBOLS[currency ?? "USD"] ?? "$";
  const digits = new Intl.NumberFormat(lang === "fr" ? "fr-CA" : "en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  // French Canadian puts the symbol after the amount.
  return lang === "fr" ? `${digits} ${symbol}` : `${symbol}${digits}`;
}
