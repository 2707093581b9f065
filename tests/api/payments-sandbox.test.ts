// The offline payment sandbox on real local D1, with an injected clock: Stripe's three test cards, saved cards,
// trials, promotion codes, renewals and failed renewals driven by the clock, refunds, idempotency keys, channel
// scoping, and the signed events it hands to delivery (verified with the same code as Stripe's).
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@api/db/client";
import { sandboxPaymentIntents } from "@api/db/schema";
import { orderKey, userKey } from "@api/providers/payments/idempotency";
import { SandboxPaymentProvider } from "@api/providers/payments/sandbox";
import { PaymentProviderError, type SignedEvent } from "@api/providers/payments/types";
import { verifyWebhook } from "@api/providers/payments/webhook";
import { seedChannels } from "./fixtures";

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 15, 12);
const db = getDb(env.DB);
const secret = (channelId: number) => `whsec_sandbox_${channelId}`;
let clock = START;
let delivered: SignedEvent[] = [];
const sandbox = new SandboxPaymentProvider({ db, now: () => clock, webhookSecret: secret, deliver: async (e) => void delivered.push(e) });

let alpha: number;
let beta: number;
let nextUser = 1;

beforeAll(async () => {
  const fx = await seedChannels();
  alpha = fx.alpha.id;
  beta = fx.beta.id;
});
beforeEach(() => {
  clock = START;
  delivered = [];
});

/** Every delivered event must verify with the channel's secret when it arrives (at its own `t`); returns them parsed. */
async function events() {
  const out = [];
  for (const e of delivered) {
    const sentAt = Number(/t=(\d+)/.exec(e.signature)?.[1]);
    const check = await verifyWebhook(e.payload, e.signature, secret(e.channelId), sentAt + 1);
    if (!check.ok) throw new Error(`event ${e.type} does not verify: ${check.reason}`);
    out.push({ type: e.type, object: check.event.data.object as unknown as Record<string, unknown> & { metadata: Record<string, string> } });
  }
  return out;
}

async function customer(channelId = alpha) {
  const userId = nextUser++;
  const { customerId } = await sandbox.ensureCustomer({ channelId, userId, email: `u${userId}@example.com` }, userKey(channelId, userId, "customer"));
  return customerId;
}

const token = async (number: string, channelId = alpha) => (await sandbox.tokenizeCard({ channelId, number, expMonth: 12, expYear: 2030 })).token;
const pay = async (customerId: string, number: string, orderId: number, extra: { saveCard?: boolean } = {}) =>
  sandbox.pay({ channelId: alpha, customerId, amount: 1500, currency: "usd", source: { confirmationToken: await token(number) }, metadata: { order_id: String(orderId) }, ...extra }, orderKey(alpha, orderId, "pay"));
const plan = { amount: 999, currency: "usd", period: "month" as const, productKey: "ch-product-1", productName: "Monthly" };

describe("payment sandbox: one-off payments", () => {
  it("4242 pays, with a signed payment_intent.succeeded carrying channel and order", async () => {
    const result = await pay(await customer(), "4242 4242 4242 4242", 1);
    expect(result).toMatchObject({ status: "succeeded", intentId: expect.stringMatching(/^pi_/) });
    const [event] = await events();
    expect(event.type).toBe("payment_intent.succeeded");
    expect(event.object).toMatchObject({ id: result.intentId, amount: 1500, currency: "usd", status: "succeeded", metadata: { channel_id: String(alpha), order_id: "1" } });
  });

  it("4000 0000 0000 0002 declines with Stripe's message and payment_intent.payment_failed", async () => {
    const result = await pay(await customer(), "4000000000000002", 2);
    expect(result).toMatchObject({ status: "failed", message: "Your card was declined.", code: "generic_decline" });
    expect((await events()).map((e) => e.type)).toEqual(["payment_intent.payment_failed"]);
  });

  it("4000 0025 0000 3155 needs a confirmation step, then succeeds", async () => {
    const first = await pay(await customer(), "4000002500003155", 3);
    expect(first).toMatchObject({ status: "requires_action", clientSecret: expect.stringMatching(/^pi_\w+_secret_/) });
    expect(delivered).toHaveLength(0);
    const done = await sandbox.confirmPayment({ channelId: alpha, intentId: first.intentId! }, orderKey(alpha, 3, "confirm"));
    expect(done).toMatchObject({ status: "succeeded", intentId: first.intentId });
    expect((await events()).map((e) => e.type)).toEqual(["payment_intent.succeeded"]);
  });

  it("refuses unknown and expired cards in Stripe's words; accepts Stripe's pm_card_* test methods", async () => {
    await expect(sandbox.tokenizeCard({ channelId: alpha, number: "4111111111111112", expMonth: 1, expYear: 2030 })).rejects.toThrow("Your card number is incorrect.");
    await expect(sandbox.tokenizeCard({ channelId: alpha, number: "4242424242424242", expMonth: 12, expYear: 2025 })).rejects.toThrow("Your card has expired.");
    const cus = await customer();
    const r = await sandbox.pay({ channelId: alpha, customerId: cus, amount: 100, currency: "usd", source: { paymentMethodId: "pm_card_chargeDeclined" }, metadata: {} }, orderKey(alpha, 4, "pay"));
    expect(r).toMatchObject({ status: "failed", message: "Your card was declined." });
  });

  it("saves a card and reuses it by its pm_ id (listCards shows brand, last4, expiry)", async () => {
    const cus = await customer();
    expect(await pay(cus, "4242424242424242", 5, { saveCard: true })).toMatchObject({ status: "succeeded" });
    const cards = await sandbox.listCards({ channelId: alpha, customerId: cus });
    expect(cards).toEqual([{ id: expect.stringMatching(/^pm_/), brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 }]);
    const again = await sandbox.pay({ channelId: alpha, customerId: cus, amount: 700, currency: "usd", source: { paymentMethodId: cards[0].id }, metadata: { order_id: "6" } }, orderKey(alpha, 6, "pay"));
    expect(again).toMatchObject({ status: "succeeded", paymentMethodId: cards[0].id });
    expect(await sandbox.listCards({ channelId: alpha, customerId: cus })).toHaveLength(1);
    const other = await customer();
    await expect(
      sandbox.pay({ channelId: alpha, customerId: other, amount: 700, currency: "usd", source: { paymentMethodId: cards[0].id }, metadata: {} }, orderKey(alpha, 60, "pay")),
    ).rejects.toMatchObject({ code: "payment_method_unexpected_state" });
  });

  it("saves a card through a SetupIntent; a declining card is refused", async () => {
    const cus = await customer();
    const si = await sandbox.createSetupIntent({ channelId: alpha, customerId: cus }, userKey(alpha, 99, "setup", 1));
    expect(si.clientSecret).toMatch(/^seti_\w+_secret_/);
    await expect(sandbox.confirmSetupIntent({ channelId: alpha, setupIntentId: si.id, confirmationToken: await token("4000000000000002") })).rejects.toThrow("Your card was declined.");
    const card = await sandbox.confirmSetupIntent({ channelId: alpha, setupIntentId: si.id, confirmationToken: await token("5555555555554444") });
    expect(card).toMatchObject({ brand: "mastercard", last4: "4444" });
    expect(await sandbox.listCards({ channelId: alpha, customerId: cus })).toEqual([card]);
  });

  it("same idempotency key twice → one intent and one event; other parameters under it are refused", async () => {
    const cus = await customer();
    const input = { channelId: alpha, customerId: cus, amount: 1200, currency: "usd", source: { paymentMethodId: "pm_card_visa" }, metadata: { order_id: "7" } };
    const a = await sandbox.pay(input, orderKey(alpha, 7, "pay"));
    const b = await sandbox.pay(input, orderKey(alpha, 7, "pay"));
    expect(b).toEqual(a);
    const rows = await db.select().from(sandboxPaymentIntents).where(and(eq(sandboxPaymentIntents.channelId, alpha), eq(sandboxPaymentIntents.customerId, cus)));
    expect(rows).toHaveLength(1);
    expect(delivered).toHaveLength(1);
    await expect(sandbox.pay({ ...input, amount: 1 }, orderKey(alpha, 7, "pay"))).rejects.toMatchObject({ code: "idempotency_error" });
    expect(await sandbox.pay(input, orderKey(alpha, 7, "pay", 2))).not.toEqual(a);
  });

  it("refunds in part and in full (charge.refunded), never more than was paid", async () => {
    const paid = await pay(await customer(), "4242424242424242", 8);
    delivered = [];
    const part = await sandbox.refund({ channelId: alpha, intentId: paid.intentId!, amount: 400, metadata: { order_id: "8" } }, orderKey(alpha, 8, "refund", 1));
    expect(part).toMatchObject({ id: expect.stringMatching(/^re_/), amount: 400, status: "succeeded" });
    await expect(sandbox.refund({ channelId: alpha, intentId: paid.intentId!, amount: 2000, metadata: {} }, orderKey(alpha, 8, "refund", 2))).rejects.toMatchObject({ code: "amount_too_large" });
    const rest = await sandbox.refund({ channelId: alpha, intentId: paid.intentId!, metadata: { order_id: "8" } }, orderKey(alpha, 8, "refund", 3));
    expect(rest.amount).toBe(1100);
    const evs = await events();
    expect(evs.map((e) => [e.type, e.object.amount_refunded, e.object.refunded])).toEqual([
      ["charge.refunded", 400, false],
      ["charge.refunded", 1500, true],
    ]);
    expect(evs[1].object.metadata).toMatchObject({ channel_id: String(alpha), order_id: "8" });
  });

  it("keeps channels apart: another channel's customer or intent is 'No such …'", async () => {
    const cus = await customer(alpha);
    const paid = await pay(cus, "4242424242424242", 9);
    await expect(sandbox.listCards({ channelId: beta, customerId: cus })).resolves.toEqual([]);
    await expect(sandbox.pay({ channelId: beta, customerId: cus, amount: 1, currency: "usd", source: { paymentMethodId: "pm_card_visa" }, metadata: {} }, orderKey(beta, 9, "pay"))).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(sandbox.refund({ channelId: beta, intentId: paid.intentId!, metadata: {} }, orderKey(beta, 9, "refund"))).rejects.toMatchObject({ code: "resource_missing" });
    const again = await sandbox.ensureCustomer({ channelId: beta, userId: nextUser - 1, email: "x@example.com" }, userKey(beta, nextUser - 1, "customer"));
    expect(again.customerId).not.toBe(cus);
  });
});

describe("payment sandbox: subscriptions and the clock", () => {
  const subscribe = async (cus: string, extra: { trialDays?: number; promotionCode?: string; orderId: number; pm?: string }) =>
    sandbox.createSubscription(
      { channelId: alpha, customerId: cus, plan, paymentMethodId: extra.pm ?? "pm_card_visa", trialDays: extra.trialDays, promotionCode: extra.promotionCode, metadata: { order_id: String(extra.orderId) } },
      orderKey(alpha, extra.orderId, "subscribe"),
    );

  it("a trial charges nothing until it ends, then the card is charged", async () => {
    const sub = await subscribe(await customer(), { trialDays: 7, orderId: 20 });
    expect(sub).toMatchObject({ status: "trialing", trialEnd: START + 7 * DAY, currentPeriodEnd: START + 7 * DAY });
    expect(sub.payment).toBeUndefined();
    expect((await events()).map((e) => [e.type, e.object.amount_paid])).toEqual([
      ["customer.subscription.created", undefined],
      ["invoice.paid", 0],
    ]);
    delivered = [];
    clock = START + 7 * DAY;
    expect(await sandbox.runDue(clock)).toMatchObject({ renewed: [sub.id] });
    const evs = await events();
    expect(evs.map((e) => e.type)).toEqual(["invoice.paid", "customer.subscription.updated"]);
    expect(evs[0].object).toMatchObject({ amount_paid: 999, billing_reason: "subscription_cycle", parent: { subscription_details: { subscription: sub.id, metadata: { order_id: "20" } } } });
  });

  it("renews by the clock: nothing before the period ends, a charge and a new period after", async () => {
    const sub = await subscribe(await customer(), { orderId: 21 });
    expect(sub).toMatchObject({ status: "active", currentPeriodEnd: Date.UTC(2026, 1, 15, 12), payment: { status: "succeeded" } });
    delivered = [];
    expect(await sandbox.runDue(sub.currentPeriodEnd - 1)).toEqual({ renewed: [], failed: [], ended: [] });
    clock = sub.currentPeriodEnd;
    expect((await sandbox.runDue(clock)).renewed).toContain(sub.id);
    const updated = (await events()).find((e) => e.type === "customer.subscription.updated" && e.object.id === sub.id)!;
    expect((updated.object.items as { data: { current_period_end: number }[] }).data[0].current_period_end).toBe(Date.UTC(2026, 2, 15, 12) / 1000);
  });

  it("a card set to decline fails the renewal: invoice.payment_failed and past_due", async () => {
    const cus = await customer();
    const sub = await subscribe(cus, { orderId: 22 });
    const [card] = await sandbox.listCards({ channelId: alpha, customerId: cus });
    await sandbox.setCardBehaviour({ channelId: alpha, paymentMethodId: card.id, behaviour: "decline" });
    delivered = [];
    clock = sub.currentPeriodEnd + DAY;
    expect((await sandbox.runDue(clock)).failed).toContain(sub.id);
    const evs = (await events()).filter((e) => JSON.stringify(e.object).includes(sub.id));
    expect(evs.map((e) => [e.type, e.object.status])).toEqual([
      ["invoice.payment_failed", "open"],
      ["customer.subscription.updated", "past_due"],
    ]);
    expect(evs[0].object.metadata).toMatchObject({ channel_id: String(alpha), order_id: "22" });
    // A failed subscription is not charged again by the next run.
    expect((await sandbox.runDue(clock + 40 * DAY)).failed).not.toContain(sub.id);
  });

  it("cancel at period end keeps the period, then ends it (customer.subscription.deleted)", async () => {
    const sub = await subscribe(await customer(), { orderId: 23 });
    const off = await sandbox.cancelAtPeriodEnd({ channelId: alpha, subscriptionId: sub.id }, orderKey(alpha, 23, "cancel"));
    expect(off).toMatchObject({ status: "active", cancelAtPeriodEnd: true, currentPeriodEnd: sub.currentPeriodEnd });
    delivered = [];
    clock = sub.currentPeriodEnd;
    expect((await sandbox.runDue(clock)).ended).toContain(sub.id);
    expect((await events()).filter((e) => e.object.id === sub.id).map((e) => [e.type, e.object.status])).toEqual([["customer.subscription.deleted", "canceled"]]);
  });

  it("a first invoice needing confirmation leaves the subscription incomplete until confirmed", async () => {
    const sub = await subscribe(await customer(), { orderId: 24, pm: "pm_card_authenticationRequired" });
    expect(sub).toMatchObject({ status: "incomplete", payment: { status: "requires_action" } });
    const intentId = (sub.payment as { intentId: string }).intentId;
    delivered = [];
    expect(await sandbox.confirmPayment({ channelId: alpha, intentId }, orderKey(alpha, 24, "confirm"))).toMatchObject({ status: "succeeded" });
    expect((await events()).map((e) => [e.type, e.object.status])).toEqual([
      ["invoice.paid", "paid"],
      ["customer.subscription.updated", "active"],
    ]);
  });

  it("promotion codes: validate, preview the discount, discount the first invoice only (duration once)", async () => {
    await sandbox.createCoupon({ channelId: alpha, code: "save25", percentOff: 25, duration: "once" });
    await sandbox.createCoupon({ channelId: alpha, code: "OLD", amountOff: 500, currency: "usd", duration: "forever", expiresAt: START - 1 });
    expect(await sandbox.validateCoupon({ channelId: alpha, code: "Save25" })).toMatchObject({ code: "SAVE25", percentOff: 25, duration: "once" });
    expect(await sandbox.validateCoupon({ channelId: alpha, code: "OLD" })).toBeNull();
    expect(await sandbox.validateCoupon({ channelId: alpha, code: "NOPE" })).toBeNull();
    expect(await sandbox.validateCoupon({ channelId: beta, code: "SAVE25" })).toBeNull();
    const cus = await customer();
    expect(await sandbox.previewInvoice({ channelId: alpha, customerId: cus, amount: 999, currency: "usd", promotionCode: "save25" })).toMatchObject({ subtotal: 999, discount: 250, total: 749, coupon: { code: "SAVE25" } });
    await expect(sandbox.previewInvoice({ channelId: alpha, customerId: cus, amount: 999, currency: "usd", promotionCode: "OLD" })).rejects.toMatchObject({ code: "resource_missing" });
    const sub = await subscribe(cus, { orderId: 25, promotionCode: "SAVE25" });
    clock = sub.currentPeriodEnd;
    await sandbox.runDue(clock);
    const paid = (await events()).filter((e) => e.type === "invoice.paid" && (e.object.parent as { subscription_details: { subscription: string } }).subscription_details.subscription === sub.id);
    expect(paid.map((e) => e.object.amount_paid)).toEqual([749, 999]);
  });

  it("customer portal: the sandbox sends the viewer back to the return URL", async () => {
    const cus = await customer();
    expect(await sandbox.customerPortalUrl({ channelId: alpha, customerId: cus, returnUrl: "https://alpha.example.com/profile" })).toEqual({ url: "https://alpha.example.com/profile" });
  });
});
