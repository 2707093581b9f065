// The web checkout's pure parts: the card form's checks, money shown as "$", where "Buy" leads, and what the buyer
// already holds (the /packages "Owned" and /select-package's disabled choices).
import type { Order, Product } from "@api/contract/commerce-types";
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { buyHref, commerceMessage, declineMessage, money } from "~/features/commerce/format";
import { NEW_CARD, luhnValid, parseExpiry, paymentSchema } from "~/features/commerce/payment-schema";

const t = ((key: string) => key) as unknown as Parameters<typeof paymentSchema>[0];
const now = new Date("2026-11-21T12:00:00Z");
const NOW_MS = now.getTime();

const product = (over: Partial<Product>): Product => ({
  id: 1, kind: "package", name: "Pass", description: null, price: 10, base_price: 10, service_fee: 0, currency: "USD", image: null, type: "category",
  offer: null, period: null, trial_period: 0, pass_type: "regular", is_team_pass: false, event_categories: [], event_category_id: null, participants: [],
  max_choices: null, event_id: null, capabilities: ["watch"], limits: { clips: 0, downloads: 0 }, simultaneous_logins: null, addons: [], addon_of: null,
  items: [], weight: 0, ...over,
});

const order = (over: Partial<Order>): Order => ({
  id: 1, type: "package", status: "paid", activity_status: "active",
  product: { id: 1, name: "Pass", kind: "package", event_category_id: null, participant_id: null }, event_id: null, amount: 10, amount_paid: 10, discount: 0,
  currency: "USD", created_at: "2026-11-01T00:00:00Z", starts_at: "2026-11-01T00:00:00Z", ends_at: null, renewal: null, subscription_status: null,
  trial_ends_at: null, current_period_end: null, validity: { kind: "open" }, failure_message: null, selected_category_ids: [], selected_participant_ids: [], capabilities: ["watch"],
  limits: { clips: 0, downloads: 0 }, simultaneous_logins: null, ...over,
});

describe("card form", () => {
  it("checks the Luhn digit and the expiry", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(parseExpiry("12/34")).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry("13/34")).toBeNull();
  });

  it("asks for a card when none is chosen, and checks a new one field by field", () => {
    const none = paymentSchema(t, now).safeParse({ payment_method: "" });
    expect(none.success ? [] : none.error.issues.map((i) => i.message)).toEqual(["commerce:messages.selectCard"]);
    const bad = paymentSchema(t, now).safeParse({ payment_method: NEW_CARD, number: "4242", expiry: "10/26", cvc: "1", name: "" });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path[0])).toEqual(["number", "expiry", "cvc", "name"]);
    expect(paymentSchema(t, now).safeParse({ payment_method: NEW_CARD, number: "4242 4242 4242 4242", expiry: "11/26", cvc: "123", name: "J" }).success).toBe(true);
    expect(paymentSchema(t, now).safeParse({ payment_method: "pm_1" }).success).toBe(true);
  });
});

describe("labels and links", () => {
  it("shows USD and CAD as $", () => {
    expect(money(9.99, "USD", "en")).toBe("$9.99");
    expect(money(9.99, "CAD", "en")).toBe("$9.99");
    expect(money(9.99, "CAD", "fr")).toMatch(/^9,99\s\$$/);
  });

  it("sends passes with choices to /select-package, the rest to /buy", () => {
    expect(buyHref(product({ max_choices: 1 }))).toBe("/select-package/1");
    expect(buyHref(product({}))).toBe("/buy?package_id=1");
    expect(buyHref(product({ kind: "subscription", id: 5 }))).toBe("/buy?subscription_id=5");
  });

  it("translates the SPEC's messages and keeps unknown ones", () => {
    expect(commerceMessage(t, "Wrong promo code")).toBe("commerce:messages.wrongPromoCode");
    expect(commerceMessage(t, "Your card was declined.")).toBe("commerce:messages.declined");
    // The API's geo refusal at checkout (issue 28) in the page's language.
    expect(commerceMessage(t, "We're sorry, but this content is not available in your region.")).toBe("commerce:messages.regionBlocked");
    expect(commerceMessage(t, "Something else")).toBe("Something else");
  });

  it("says why a payment failed in the page's language, never in English on a French page", () => {
    const tt = t as unknown as Parameters<typeof declineMessage>[0];
    expect(declineMessage(tt, "Your card has insufficient funds.", "fr")).toBe("commerce:messages.insufficientFunds");
    expect(declineMessage(tt, "Your card has expired.", "en")).toBe("commerce:messages.expiredCard");
    // An issuer's words the table does not know: as they came in English, the generic decline otherwise.
    expect(declineMessage(tt, "Your card was declined for making repeated attempts too frequently.", "en")).toBe(
      "Your card was declined for making repeated attempts too frequently.",
    );
    expect(declineMessage(tt, "Your card was declined for making repeated attempts too frequently.", "fr")).toBe("commerce:messages.declined");
    expect(declineMessage(tt, null, "fr")).toBe("commerce:messages.declined");
  });

  it("has every decline it translates in both languages", () => {
    const source = readFileSync("app/features/commerce/format.ts", "utf8");
    const table = source.slice(source.indexOf("const PROVIDER_MESSAGES"), source.indexOf("};", source.indexOf("const PROVIDER_MESSAGES")));
    const keys = [...table.matchAll(/: "(\w+)",/g)].map((m) => m[1]);
    expect(keys.length).toBeGreaterThan(8);
    for (const lang of ["en", "fr"]) {
      const messages = (JSON.parse(readFileSync(`app/locales/${lang}/commerce.json`, "utf8")) as { messages: Record<string, string> }).messages;
      for (const key of keys) expect(messages[key], `${lang} ${key}`).toBeTruthy();
    }
  });
});

