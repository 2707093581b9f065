// What an order gives (issue 28): the pure rule behind the profile's orders and the receipt mail.
import { describe, expect, it } from "vitest";
import { eventTitle, orderValidity, type ValidityOrder } from "@api/services/commerce/validity";

const l = { lang: "en" as const, fallback: "en" as const };
const AT = Date.UTC(2027, 0, 21, 12);
const order = (over: Partial<ValidityOrder>): ValidityOrder => ({
  type: "package", productId: 1, endsAt: null, currentPeriodEnd: null, renewalStatus: null, autoRenew: false, subscriptionStatus: null, ...over,
});
const game = { id: 9, name: { en: "Final" }, eventUtcTs: AT, timeZone: "America/Chicago", home: { name: { en: "University of North" }, shortName: null }, away: { name: { en: "South" }, shortName: "STH" } };

describe("orderValidity", () => {
  it("a single event gives that event, never 'until cancelled'", () => {
    expect(orderValidity(order({ type: "event", productId: 9 }), game, l)).toEqual({ kind: "event", event_id: 9, title: "STH @ North", starts_at: new Date(AT).toISOString(), time_zone: "America/Chicago" });
    expect(eventTitle({ ...game, home: null }, l)).toBe("Final");
  });

  it("a fixed-term pass is valid until its end; one without an end has none", () => {
    expect(orderValidity(order({ endsAt: AT }), null, l)).toEqual({ kind: "until", at: new Date(AT).toISOString() });
    expect(orderValidity(order({}), null, l)).toEqual({ kind: "open" });
  });

  it("a subscription renews on its period end while auto-renewal is on, else ends then", () => {
    const sub = order({ type: "subscription", currentPeriodEnd: AT, renewalStatus: "active", autoRenew: true, subscriptionStatus: "active" });
    expect(orderValidity(sub, null, l)).toEqual({ kind: "renews", at: new Date(AT).toISOString() });
    expect(orderValidity({ ...sub, renewalStatus: "cancelled" }, null, l)).toEqual({ kind: "ends", at: new Date(AT).toISOString() });
    expect(orderValidity({ ...sub, subscriptionStatus: "expired" }, null, l)).toEqual({ kind: "ends", at: new Date(AT).toISOString() });
  });
});
