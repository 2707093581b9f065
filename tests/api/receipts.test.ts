// Receipts (issue 28) on real local D1: a mail after a purchase (the sandbox's events through the queue, as checkout
// runs them) and after each renewal, in the buyer's language (French on the French channel, or for a French buyer
// anywhere), with the order's number, date, product, amount and currency and what it gives; and one receipt per
// payment however often, in whatever order and however concurrently its events are delivered to POST /stripe/webhook.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { BuyResult } from "@api/contract/commerce-types";
import { getDb } from "@api/db/client";
import { mailOutbox, orders, transactions } from "@api/db/schema";
import { orderKey, userKey } from "@api/providers/payments/idempotency";
import { SandboxPaymentProvider } from "@api/providers/payments/sandbox";
import type { SignedEvent } from "@api/providers/payments/types";
import { RECEIPT_MAIL_KIND, receiptDue, receiptIntent } from "@api/services/commerce/receipts";
import { sandboxWebhookSecret } from "@api/services/commerce/webhook-apply";
import { eventually, mailsTo, registerUser } from "./auth-helpers";
import { FIXED } from "./catalogue-fixtures";
import { seedShop, type Shop, shopper } from "./checkout-fixtures";
import { call, HOSTS } from "./fixtures";

let shop: Shop;
const db = getDb(env.DB);

beforeAll(async () => {
  shop = await seedShop();
});

type Shopper = Awaited<ReturnType<typeof shopper>>;
const receiptsOf = (s: Shopper) => mailsTo(s.c, s.session.user.email, RECEIPT_MAIL_KIND);
/** Read from the outbox table itself where the test has moved its clock past its api key's life. */
const storedReceipts = (s: Shopper) =>
  db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, RECEIPT_MAIL_KIND), eq(mailOutbox.userId, s.session.user.id))).orderBy(mailOutbox.id);
const receiptRowsOf = (orderId: number) =>
  db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, RECEIPT_MAIL_KIND), eq(mailOutbox.dedupeKey, `receipt:purchase:${orderId}`)));

async function bought(res: Response): Promise<number> {
  const body = (await res.json()) as { data: BuyResult };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data.order_id;
}

/** A sandbox on the shopper's clock whose signed events the test holds and delivers itself. */
function heldSandbox(s: Shopper) {
  const held: SignedEvent[] = [];
  const sandbox = new SandboxPaymentProvider({ db, now: () => s.clock.now, webhookSecret: (id) => sandboxWebhookSecret(env, id), deliver: async (e) => void held.push(e) });
  const deliver = (e: SignedEvent) => call(s.c.host, "/api/stripe/webhook", { method: "POST", headers: { "stripe-signature": e.signature }, body: e.payload }, s.app);
  return { sandbox, take: () => held.splice(0), deliver };
}

/** A pending order of a shop product, as checkout writes it, for a test that pays it through its own sandbox. */
async function pendingOrder(s: Shopper, over: Partial<typeof orders.$inferInsert>) {
  const [order] = await db
    .insert(orders)
    .values({ channelId: shop.fx.alpha.id, userId: s.session.user.id, type: "package", status: "pending", activityStatus: "inactive", startsAt: s.clock.now, currency: "USD", provider: "sandbox", createdAt: s.clock.now, updatedAt: s.clock.now, ...over })
    .returning();
  await db.insert(transactions).values({ channelId: order.channelId, orderId: order.id, userId: order.userId, status: "created", kind: "charge", amount: order.amount ?? 0, currency: "USD", createdAt: s.clock.now });
  return order;
}

describe("a receipt after a purchase", () => {
  it("mails the buyer once the payment event is applied: number, date, product, amount and currency, the event it gives", async () => {
    const s = await shopper();
    const orderId = await bought(await s.post("/api/stripe/buy", { event_id: shop.cat.alpha.events.upcomingSoon, single_event_package_id: shop.ppv, payment_method_id: "pm_card_visa" }));
    await eventually(async () => (await receiptsOf(s)).length > 0, "the receipt");
    const [mail] = await receiptsOf(s);
    expect(mail.subject).toBe("Your receipt from Alpha Sports: Women's hockey PPV");
    expect(mail.text).toContain("Hello Ada,");
    expect(mail.text).toContain(`Order number: #${orderId}`);
    expect(mail.text).toContain("Date: November 21, 2026");
    expect(mail.text).toContain("Product: Women's hockey PPV");
    expect(mail.text).toContain("Amount paid: $9.99 USD");
    // A single event: the event itself (its matchup, its start in its own time zone), never a renewal.
    expect(mail.text).toMatch(/Event: South @ North, Saturday, November 21, 2026 at 8:00\sAM \(America\/Chicago\)/);
    expect(mail.text).not.toMatch(/Renews|until cancelled/i);
    expect(mail.text).toContain("All sales are final. There are no refunds");
    expect(mail.links).toEqual(["https://alpha.example.com/profile"]);
  });

  it("a fixed-term pass says until when it is valid; a trial says it charges nothing until it ends, then renews", async () => {
    const s = await shopper();
    await bought(await s.post("/api/stripe/buy", { package_id: shop.season, payment_method_id: "pm_card_visa" }));
    await bought(await s.post("/api/stripe/subscription/start_trial", { subscription_id: shop.monthly, payment_method_id: "pm_card_visa" }));
    await eventually(async () => (await receiptsOf(s)).length === 2, "two receipts");
    const mails = await receiptsOf(s);
    const season = mails.find((m) => m.subject.endsWith("Season Pass"))!;
    expect(season.text).toContain("Amount paid: $89.99 USD");
    expect(season.text).toContain("Valid until November 21, 2027");
    const trial = mails.find((m) => m.subject.endsWith("Monthly"))!;
    expect(trial.text).toContain("Amount paid: $0.00 USD");
    expect(trial.text).toContain("Free trial until December 21, 2026");
    expect(trial.text).toContain("Renews on December 21, 2026");
  });

  it("is written in French on the French channel, with CAD in its format", async () => {
    const s = await shopper("beta");
    const orderId = await bought(await s.post("/api/stripe/buy", { package_id: shop.betaPass, payment_method_id: "pm_card_visa" }));
    await eventually(async () => (await receiptsOf(s)).length > 0, "the receipt");
    const [mail] = await receiptsOf(s);
    expect(mail.subject).toBe("Votre reçu de Beta TV : Passe saison");
    expect(mail.text).toContain("Bonjour Ada,");
    expect(mail.text).toContain(`Numéro de commande: #${orderId}`);
    expect(mail.text).toContain("Date: 21 novembre 2026");
    expect(mail.text).toMatch(/Montant payé: 109,99\s\$ CAD/);
    expect(mail.text).toContain("Sans date de fin");
    expect(mail.text).toContain("Toutes les ventes sont finales. Aucun remboursement");
  });

  it("follows the buyer's language where the account has one (a French account on the English channel)", async () => {
    const s = await shopper();
    const french = await registerUser(s.c, undefined, { language: "fr" });
    await bought(await s.c.post("/api/stripe/buy", { package_id: shop.season, payment_method_id: "pm_card_visa" }, french.token));
    await eventually(async () => (await mailsTo(s.c, french.user.email, RECEIPT_MAIL_KIND)).length > 0, "the receipt");
    const [mail] = await mailsTo(s.c, french.user.email, RECEIPT_MAIL_KIND);
    expect(mail.subject).toBe("Votre reçu de Alpha Sports : Season Pass");
    expect(mail.text).toMatch(/Montant payé: 89,99\s\$ USD/);
  });
});

describe("one receipt per payment", () => {
  it("a payment event delivered 5 times at once, then again, mails once", async () => {
    const s = await shopper();
    const { sandbox, take, deliver } = heldSandbox(s);
    const order = await pendingOrder(s, { productId: shop.season, amount: 8999, endsAt: FIXED + 365 * 86_400_000 });
    const { customerId } = await sandbox.ensureCustomer({ channelId: order.channelId, userId: order.userId, email: s.session.user.email }, userKey(order.channelId, order.userId, "customer"));
    await sandbox.pay({ channelId: order.channelId, customerId, amount: 8999, currency: "usd", source: { paymentMethodId: "pm_card_visa" }, metadata: { order_id: String(order.id) } }, orderKey(order.channelId, order.id, "pay"));
    const [event] = take();
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await deliver(event)).status).toBe(200);
    expect(await receiptRowsOf(order.id)).toHaveLength(1);
    expect(await receiptsOf(s)).toHaveLength(1);
  });

  it("a subscription's first payment (two events that both pay it) mails one receipt; each renewal mails its own, once", async () => {
    const s = await shopper();
    const { sandbox, take, deliver } = heldSandbox(s);
    const order = await pendingOrder(s, { type: "subscription", productId: shop.annual, amount: 14999, autoRenew: true, renewalStatus: "active", subscriptionStatus: "inactive" });
    const { customerId } = await sandbox.ensureCustomer({ channelId: order.channelId, userId: order.userId, email: s.session.user.email }, userKey(order.channelId, order.userId, "customer"));
    const plan = { amount: 14999, currency: "usd", period: "annual" as const, productKey: "receipts-annual", productName: "Annual" };
    const sub = await sandbox.createSubscription({ channelId: order.channelId, customerId, plan, paymentMethodId: "pm_card_visa", metadata: { order_id: String(order.id) } }, orderKey(order.channelId, order.id, "subscribe"));
    const first = take();
    expect(first.map((e) => e.type)).toEqual(expect.arrayContaining(["customer.subscription.created", "invoice.paid"]));
    // Delivered backwards, then each again.
    for (const e of [...first].reverse()) expect((await deliver(e)).status).toBe(200);
    for (const e of first) expect((await deliver(e)).status).toBe(200);
    const purchase = await storedReceipts(s);
    expect(purchase).toHaveLength(1);
    expect(purchase[0].subject).toBe("Your receipt from Alpha Sports: Annual");
    expect(purchase[0].text).toContain("Amount paid: $149.99 USD");
    expect(purchase[0].text).toContain("Renews on November 21, 2027");

    // A year on, the renewal: its own receipt, whatever order its events come in and however often.
    s.clock.now = sub.currentPeriodEnd;
    await sandbox.runDue(s.clock.now);
    const renewal = take().filter((e) => e.payload.includes(sub.id));
    expect(renewal.map((e) => e.type)).toEqual(["invoice.paid", "customer.subscription.updated"]);
    await Promise.all([...renewal, ...renewal].map((e) => deliver(e)));
    for (const e of [...renewal].reverse()) expect((await deliver(e)).status).toBe(200);
    const mails = await storedReceipts(s);
    expect(mails).toHaveLength(2);
    const renewed = mails.find((m) => m.subject.includes("renewed"))!;
    expect(renewed.subject).toBe("Your Annual subscription has renewed: receipt from Alpha Sports");
    expect(renewed.text).toContain("Your subscription has renewed.");
    expect(renewed.text).toContain(`Order number: #${order.id}`);
    expect(renewed.text).toContain("Date: November 21, 2027");
    expect(renewed.text).toContain("Amount paid: $149.99 USD");
    expect(renewed.text).toContain("Renews on November 21, 2028");
  });
});

describe("which events call for a receipt (pure)", () => {
  it("a payment, a subscription that starts, the first invoice: the purchase; a later invoice: its renewal", () => {
    expect(receiptIntent("payment_intent.succeeded", {})).toEqual({ kind: "purchase" });
    expect(receiptIntent("customer.subscription.created", { status: "trialing" })).toEqual({ kind: "purchase" });
    expect(receiptIntent("customer.subscription.updated", { status: "past_due" })).toBeNull();
    expect(receiptIntent("invoice.paid", { id: "in_1", billing_reason: "subscription_create" })).toEqual({ kind: "purchase" });
    expect(receiptIntent("invoice.paid", { id: "in_2", billing_reason: "subscription_cycle" })).toEqual({ kind: "renewal", invoice: "in_2" });
    expect(receiptIntent("invoice.payment_failed", { id: "in_3" })).toBeNull();
    expect(receiptIntent("charge.refunded", {})).toBeNull();
  });

  it("only a paid order owes one; never a late purchase receipt once it has renewed; a renewal once its invoice is paid", () => {
    const order = { id: 7, status: "paid" as const, amount: 999, currency: "USD" as const };
    const charge = { kind: "charge" as const, status: "paid" as const, amount: 0, currency: "USD" as const, providerRef: "pi_1" };
    const renewal = { kind: "renewal" as const, status: "paid" as const, amount: 999, currency: "USD" as const, providerRef: "in_2" };
    expect(receiptDue({ kind: "purchase" }, { ...order, status: "pending" }, [charge])).toBeNull();
    expect(receiptDue({ kind: "purchase" }, { ...order, status: "refunded" }, [charge])).toBeNull();
    expect(receiptDue({ kind: "purchase" }, order, [charge])).toEqual({ kind: "purchase", amount: 0, currency: "USD", key: "receipt:purchase:7" });
    expect(receiptDue({ kind: "purchase" }, order, [charge, renewal])).toBeNull();
    expect(receiptDue({ kind: "renewal", invoice: "in_2" }, order, [charge, renewal])).toEqual({ kind: "renewal", amount: 999, currency: "USD", key: "receipt:renewal:7:in_2" });
    expect(receiptDue({ kind: "renewal", invoice: "in_2" }, order, [charge, { ...renewal, status: "failed" }])).toBeNull();
  });
});
