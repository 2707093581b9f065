// Money and time rules of a purchase (SPEC §5 promo codes, §9 trial and renewal periods): pure functions on minor
// units (integer cents), so sums are exact; the wire's major units come from toMajor at the edge.
import { COMMERCE_MESSAGES, type BillingPeriod, type Currency, type InvoicePreviewWire } from "../../contract/commerce-types";
import type { CouponRow, ProductRow } from "../../db/commerce-schema";

const DAY_MS = 86_400_000;
/**
 * Monthly plans renew every calendar month, as the payment provider charges them (Stripe's interval "month", the
 * sandbox's addPeriod), not every 30 days as SPEC §9 words it: docs/decisions/036-monthly-means-calendar-months.md.
 */
export const MONTHLY_PERIOD_MONTHS = 1;
/** SPEC §9: annual plans renew every 12 months. */
export const ANNUAL_PERIOD_MONTHS = 12;

/** Cents → major units for the wire (9.99). */
export const toMajor = (minor: number): number => Math.round(minor) / 100;
/** Major units → cents, rounding the float error away (19.99 * 100 is 1998.9999…). */
export const toMinor = (major: number): number => Math.round(major * 100);

/** The same wall-clock instant `months` later in UTC, the day clamped to the month's end (Jan 31 → Feb 28). */
export function addMonthsUtc(ms: number, months: number): number {
  const d = new Date(ms);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.getTime();
}

/** The end of a period that starts at `start`: one calendar month for month, 12 for annual. */
export function periodEnd(start: number, period: BillingPeriod): number {
  return addMonthsUtc(start, period === "month" ? MONTHLY_PERIOD_MONTHS : ANNUAL_PERIOD_MONTHS);
}

/** When a trial of `days` started at `start` ends (and the first charge falls). */
export const trialEnd = (start: number, days: number): number => start + days * DAY_MS;

/** The renewal dates after `start`, `count` of them (for the invoice preview and the renewal job's tests). */
export function renewalDates(start: number, period: BillingPeriod, count: number): number[] {
  const out: number[] = [];
  for (let at = start, i = 0; i < count; i++) out.push((at = periodEnd(at, period)));
  return out;
}

// ---- Coupons --------------------------------------------------------------------------------------------------

export type CouponFields = Pick<
  CouponRow,
  "id" | "code" | "percentOff" | "amountOff" | "currency" | "duration" | "durationMonths" | "validFrom" | "validUntil" | "maxRedemptions" | "timesRedeemed" | "productIds" | "active"
>;

export type CouponCheck = { ok: true; coupon: CouponFields } | { ok: false; message: (typeof COMMERCE_MESSAGES)["wrongPromoCode" | "invalidPromoCode"] };

/**
 * SPEC §5: an unknown code is "Wrong promo code"; a known one that cannot be used now on this product (switched
 * off, not yet or no longer valid, used up, for other products, or an amount in another currency) is "Promo code
 * is invalid". Codes match case-insensitively.
 */
export function checkCoupon(code: string, coupons: readonly CouponFields[], product: { id: number; currency: Currency }, now: number): CouponCheck {
  const wanted = code.trim().toUpperCase();
  const coupon = coupons.find((c) => c.code.toUpperCase() === wanted);
  if (!coupon) return { ok: false, message: COMMERCE_MESSAGES.wrongPromoCode };
  const usable =
    coupon.active &&
    (coupon.validFrom === null || coupon.validFrom <= now) &&
    (coupon.validUntil === null || now < coupon.validUntil) &&
    (coupon.maxRedemptions === null || coupon.timesRedeemed < coupon.maxRedemptions) &&
    (coupon.productIds.length === 0 || coupon.productIds.includes(product.id)) &&
    (coupon.amountOff === null || coupon.currency === null || coupon.currency === product.currency);
  return usable ? { ok: true, coupon } : { ok: false, message: COMMERCE_MESSAGES.invalidPromoCode };
}

/** The reduction on `amount` cents: a percentage rounded half-up to the cent, or a fixed amount, never above it. */
export function couponDiscount(coupon: Pick<CouponFields, "percentOff" | "amountOff">, amount: number): number {
  if (amount <= 0) return 0;
  if (coupon.percentOff !== null) return Math.min(amount, Math.round((amount * Math.min(100, Math.max(0, coupon.percentOff))) / 100));
  return Math.min(amount, Math.max(0, coupon.amountOff ?? 0));
}

/** How many charges a coupon reduces: once the first, forever all, repeating those within its months. */
export function couponCoversCharge(coupon: Pick<CouponFields, "duration" | "durationMonths">, chargeIndex: number, period: BillingPeriod | null): boolean {
  if (coupon.duration === "forever") return true;
  if (coupon.duration === "once" || period === null) return chargeIndex === 0;
  const monthsPerCharge = period === "annual" ? 12 : 1;
  return chargeIndex * monthsPerCharge < (coupon.durationMonths ?? 0);
}

// ---- Invoice preview ------------------------------------------------------------------------------------------

export type PricedProduct = Pick<ProductRow, "id" | "kind" | "price" | "basePrice" | "serviceFee" | "currency" | "period" | "trialDays">;

/** The wire's shape (api/contract/commerce-types.ts), with every amount in cents; `invoicePreviewWire` converts. */
export type InvoicePreview = InvoicePreviewWire;

/**
 * What the buyer pays. The coupon reduces the whole price, service fee included, as the payment provider applies a
 * promotion code to the whole invoice (so the preview, a one-off charge and a subscription's charges agree); a trial
 * (for an eligible buyer of a subscription with trial days) makes today's charge 0 and moves the first charge to the
 * trial's end.
 */
export function invoicePreview(input: { product: PricedProduct; coupon?: CouponFields | null; trialEligible: boolean; now: number }): InvoicePreview {
  const { product, coupon, now } = input;
  const fee = Math.min(product.serviceFee, product.price);
  const subtotal = product.price - fee;
  const chargeFor = (index: number) => product.price - (coupon && couponCoversCharge(coupon, index, product.period) ? couponDiscount(coupon, product.price) : 0);
  const trialDays = input.trialEligible && product.kind === "subscription" && product.trialDays > 0 ? product.trialDays : 0;
  const firstChargeAt = trialDays ? trialEnd(now, trialDays) : now;
  const total = chargeFor(0);
  const recurring = product.kind === "subscription" && product.period !== null;
  return {
    currency: product.currency as Currency,
    subtotal,
    service_fee: fee,
    discount: subtotal + fee - total,
    total,
    due_today: trialDays ? 0 : total,
    trial_days: trialDays,
    first_charge_at: firstChargeAt,
    next_charge: recurring ? { amount: chargeFor(1), at: periodEnd(firstChargeAt, product.period!) } : null,
  };
}

/** The preview in the wire's major units. */
export function invoicePreviewWire(p: InvoicePreview): InvoicePreviewWire {
  return {
    ...p,
    subtotal: toMajor(p.subtotal),
    service_fee: toMajor(p.service_fee),
    discount: toMajor(p.discount),
    total: toMajor(p.total),
    due_today: toMajor(p.due_today),
    next_charge: p.next_charge ? { amount: toMajor(p.next_charge.amount), at: p.next_charge.at } : null,
  };
}
