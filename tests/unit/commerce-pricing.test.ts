// Money and time rules of a purchase (SPEC §5 promo codes, §9 periods): cents, coupons, trials, renewals.
import { describe, expect, it } from "vitest";
import {
  addMonthsUtc,
  checkCoupon,
  couponCoversCharge,
  couponDiscount,
  invoicePreview,
  invoicePreviewWire,
  periodEnd,
  renewalDates,
  toMajor,
  toMinor,
  trialEnd,
  type CouponFields,
  type PricedProduct,
} from "../../api/services/commerce/pricing";

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const DAY = 86_400_000;

const coupon = (over: Partial<CouponFields> = {}): CouponFields => ({
  id: 1,
  code: "WELCOME10",
  percentOff: 10,
  amountOff: null,
  currency: null,
  duration: "once",
  durationMonths: null,
  validFrom: null,
  validUntil: null,
  maxRedemptions: null,
  timesRedeemed: 0,
  productIds: [],
  active: true,
  ...over,
});

const monthly: PricedProduct = { id: 7, kind: "subscription", price: 1499, basePrice: 1499, serviceFee: 100, currency: "USD", period: "month", trialDays: 30 };
const seasonPass: PricedProduct = { id: 3, kind: "package", price: 8999, basePrice: 11999, serviceFee: 250, currency: "CAD", period: "annual", trialDays: 0 };

describe("minor and major units", () => {
  it("converts cents to the wire's major units and back without float error", () => {
    expect(toMajor(1999)).toBe(19.99);
    expect(toMajor(0)).toBe(0);
    expect(toMinor(19.99)).toBe(1999);
    expect(toMinor(0.1 + 0.2)).toBe(30);
  });
});

describe("periods (SPEC §9)", () => {
  it("renews monthly plans every calendar month, as the provider charges them (not every 30 days: ADR 036)", () => {
    expect(periodEnd(NOW, "month")).toBe(Date.UTC(2026, 11, 21, 12, 0, 0));
    expect(renewalDates(NOW, "month", 3)).toEqual([Date.UTC(2026, 11, 21, 12), Date.UTC(2027, 0, 21, 12), Date.UTC(2027, 1, 21, 12)]);
    expect(periodEnd(Date.UTC(2027, 0, 31, 8), "month")).toBe(Date.UTC(2027, 1, 28, 8));
  });

  it("renews annual plans every 12 calendar months, clamping the day", () => {
    expect(periodEnd(NOW, "annual")).toBe(Date.UTC(2027, 10, 21, 12, 0, 0));
    expect(periodEnd(Date.UTC(2028, 1, 29), "annual")).toBe(Date.UTC(2029, 1, 28));
    expect(addMonthsUtc(Date.UTC(2026, 0, 31, 8), 1)).toBe(Date.UTC(2026, 1, 28, 8));
  });

  it("ends a trial after its days", () => {
    expect(trialEnd(NOW, 30)).toBe(NOW + 30 * DAY);
  });
});

describe("checkCoupon (SPEC §5)", () => {
  const product = { id: 7, currency: "USD" as const };

  it("accepts a known, current code case-insensitively", () => {
    const result = checkCoupon(" welcome10 ", [coupon()], product, NOW);
    expect(result).toEqual({ ok: true, coupon: coupon() });
  });

  it('answers "Wrong promo code" for an unknown code', () => {
    expect(checkCoupon("NOPE", [coupon()], product, NOW)).toEqual({ ok: false, message: "Wrong promo code" });
  });

  it.each([
    ["expired", coupon({ validUntil: NOW })],
    ["not yet valid", coupon({ validFrom: NOW + 1 })],
    ["used up", coupon({ maxRedemptions: 5, timesRedeemed: 5 })],
    ["switched off", coupon({ active: false })],
    ["for other products", coupon({ productIds: [99] })],
    ["an amount in another currency", coupon({ percentOff: null, amountOff: 500, currency: "CAD" })],
  ])('answers "Promo code is invalid" when %s', (_, c) => {
    expect(checkCoupon("WELCOME10", [c], product, NOW)).toEqual({ ok: false, message: "Promo code is invalid" });
  });

  it("accepts a code restricted to this product, valid up to its last millisecond", () => {
    expect(checkCoupon("WELCOME10", [coupon({ productIds: [7], validUntil: NOW + 1 })], product, NOW).ok).toBe(true);
  });
});

describe("couponDiscount", () => {
  it("rounds a percentage half-up to the cent", () => {
    expect(couponDiscount(coupon({ percentOff: 10 }), 1399)).toBe(140); // 139.9
    expect(couponDiscount(coupon({ percentOff: 15 }), 1001)).toBe(150); // 150.15
    expect(couponDiscount(coupon({ percentOff: 50 }), 1)).toBe(1); // 0.5 rounds up
  });

  it("never takes more than the amount", () => {
    expect(couponDiscount(coupon({ percentOff: null, amountOff: 2000 }), 1399)).toBe(1399);
    expect(couponDiscount(coupon({ percentOff: 100 }), 1399)).toBe(1399);
    expect(couponDiscount(coupon({ percentOff: null, amountOff: 500 }), 1399)).toBe(500);
  });

  it("applies once, forever, or for its months", () => {
    expect(couponCoversCharge(coupon({ duration: "once" }), 0, "month")).toBe(true);
    expect(couponCoversCharge(coupon({ duration: "once" }), 1, "month")).toBe(false);
    expect(couponCoversCharge(coupon({ duration: "forever" }), 9, "month")).toBe(true);
    const threeMonths = coupon({ duration: "repeating", durationMonths: 3 });
    expect([0, 1, 2, 3].map((i) => couponCoversCharge(threeMonths, i, "month"))).toEqual([true, true, true, false]);
    expect([0, 1].map((i) => couponCoversCharge(threeMonths, i, "annual"))).toEqual([true, false]);
  });
});

describe("invoicePreview", () => {
  it("charges the price today, with the service fee shown apart", () => {
    const p = invoicePreview({ product: seasonPass, trialEligible: false, now: NOW });
    expect(p).toMatchObject({ currency: "CAD", subtotal: 8749, service_fee: 250, discount: 0, total: 8999, due_today: 8999, trial_days: 0, first_charge_at: NOW });
    expect(p.next_charge).toBeNull(); // a package does not renew
  });

  it("takes the coupon off the whole price, fee included, as the provider does on an invoice", () => {
    const p = invoicePreview({ product: seasonPass, coupon: coupon({ percentOff: 10 }), trialEligible: false, now: NOW });
    expect(p.discount).toBe(900); // 10 % of 89.99, rounded
    expect(p.total).toBe(8999 - 900);
    expect(p.subtotal + p.service_fee - p.discount).toBe(p.total);
    expect(p.due_today).toBe(p.total);
  });

  it("makes today's charge 0 during a trial and charges when it ends", () => {
    const p = invoicePreview({ product: monthly, coupon: coupon({ percentOff: 10 }), trialEligible: true, now: NOW });
    expect(p.due_today).toBe(0);
    expect(p.trial_days).toBe(30);
    expect(p.first_charge_at).toBe(NOW + 30 * DAY);
    expect(p.total).toBe(1499 - 150); // the once coupon reduces the first real charge
    // The trial's end plus one calendar month (December 21 → January 21).
    expect(p.next_charge).toEqual({ amount: 1499, at: Date.UTC(2027, 0, 21, 12) });
  });

  it("gives no trial to a buyer who is not eligible", () => {
    const p = invoicePreview({ product: monthly, trialEligible: false, now: NOW });
    expect(p).toMatchObject({ due_today: 1499, trial_days: 0, first_charge_at: NOW, next_charge: { amount: 1499, at: NOW + 30 * DAY } });
  });

  it("keeps a forever coupon on the renewals", () => {
    const p = invoicePreview({ product: monthly, coupon: coupon({ duration: "forever", percentOff: null, amountOff: 300, currency: "USD" }), trialEligible: false, now: NOW });
    expect(p.next_charge?.amount).toBe(1499 - 300);
  });

  it("answers in major units on the wire", () => {
    const wire = invoicePreviewWire(invoicePreview({ product: seasonPass, trialEligible: false, now: NOW }));
    expect(wire).toMatchObject({ subtotal: 87.49, service_fee: 2.5, total: 89.99, due_today: 89.99 });
  });
});
