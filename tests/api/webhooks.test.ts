// Payment webhooks end to end on real local D1, with one injected clock for the sandbox and the API: the sandbox's
// signed events reach POST /api/stripe/webhook (or the queue's consumer step), each applies once even when
// delivered 10 times at once, any delivery order converges to the same state, unsigned / tampered / stale /
// wrongly keyed deliveries are refused, renewals and failed renewals follow the clock, and channels stay apart.
import { env } from "cloudflare:workers";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@api/db/client";
import { orders, paymentEvents, sandboxSubscriptions, transactions, users } from "@api/db/schema";
import { processPaymentEvent, runDueRenewals, signedAt } from "@api/jobs/payment-events";
import { consumeBatch } from "@api/jobs/queue";
import { orderKey, userKey } from "@api/providers/payments/idempotency";
import { SandboxPaymentProvider } from "@api/providers/payments/sandbox";
import { stripeSignatureHeader } from "@api/providers/payments/signing";
import type { SignedEvent } from "@api/providers/payments/types";
import { sandboxWebhookSecret } from "@api/services/commerce/webhook-apply";
import { clockedApi } from "./auth-helpers";
import { call, CHANNEL_KEYS, HOSTS, mintKey, postJson, seedChannels } from "./fixtures";

const DAY = 86_400_000;
const START = Date.UTC(2026, 2, 1, 12);
const db = getDb(env.DB);
const { app, clock } = clockedApi(START);
let delivered: SignedEvent[] = [];
const sandbox = new SandboxPaymentProvider({ db, now: () => clock.now, webhookSecret: (id) => sandboxWebhookSecret(env, id), deliver: async (e) => void delivered.push(e) });

let alpha: number;
let beta: number;
let userId: number;
let betaUserId: number;
let nextOrder = 0;

beforeAll(async () => {
  const fx = await seedChannels();
  alpha = fx.alpha.id;
  beta = fx.beta.id;
  const row = (channelId: number, email: string) => ({ channelId, email, createdAt: START, updatedAt: START });
  [{ id: userId }, { id: betaUserId }] = await db.insert(users).values([row(alpha, "buyer@alpha.test"), row(beta, "buyer@beta.test")]).returning({ id: users.id });
});
beforeEach(() => {
  clock.now = START;
  delivered = [];
});

const take = () => delivered.splice(0);
const webhook = (host: string, payload: string, signature?: string) =>
  call(host, "/api/stripe/webhook", { method: "POST", headers: signature ? { "stripe-signature": signature } : {}, body: payload }, app);
const deliver = (e: SignedEvent, host = e.channelId === alpha ? HOSTS.alpha : HOSTS.beta) => webhook(host, e.payload, e.signature);
/** Delivered as it is sent (the API's clock at the event's signing time), however late the test replays it. */
const deliverNow = (e: SignedEvent) => {
  clock.now = signedAt(e.signature);
  return deliver(e);
};

/** A pending order as checkout writes it: the order and its `created` charge transaction. */
async function pendingOrder(type: "event" | "subscription" = "event", channelId = alpha, owner = userId) {
  const [order] = await db
    .insert(orders)
    .values({ channelId, userId: owner, type, productId: ++nextOrder, status: "pending", activityStatus: "inactive", capabilities: ["watch"], startsAt: START, amount: 1500, currency: "USD", provider: "sandbox", createdAt: START, updatedAt: START })
    .returning();
  await db.insert(transactions).values({ channelId, orderId: order.id, userId: owner, status: "created", kind: "charge", amount: 1500, currency: "USD", createdAt: START });
  return order.id;
}

async function customer(channelId = alpha, owner = userId) {
  return (await sandbox.ensureCustomer({ channelId, userId: owner, email: `u${owner}@example.com` }, userKey(channelId, owner, "customer"))).customerId;
}

const pay = async (orderId: number, pm: string, attempt = 1, channelId = alpha) =>
  sandbox.pay({ channelId, customerId: await customer(channelId, channelId === alpha ? userId : betaUserId), amount: 1500, currency: "usd", source: { paymentMethodId: pm }, metadata: { order_id: String(orderId) } }, orderKey(channelId, orderId, "pay", attempt));

const plan = { amount: 999, currency: "usd", period: "month" as const, productKey: "alpha-monthly", productName: "Monthly" };
const subscribe = async (orderId: number, trialDays = 0) =>
  sandbox.createSubscription({ channelId: alpha, customerId: await customer(), plan, paymentMethodId: "pm_card_visa", trialDays, metadata: { order_id: String(orderId) } }, orderKey(alpha, orderId, "subscribe"));

/** The card a sandbox subscription renews with (a test switches it to decline). */
const cardOf = async (subscriptionId: string) => ({ id: (await db.query.sandboxSubscriptions.findFirst({ where: eq(sandboxSubscriptions.id, subscriptionId) }))!.paymentMethodId });

/** What an order looks like after its events: the row's state and its transactions, without ids and times. */
async function snapshot(orderId: number) {
  const o = (await db.query.orders.findFirst({ where: eq(orders.id, orderId) }))!;
  const txs = await db.select().from(transactions).where(eq(transactions.orderId, orderId)).orderBy(asc(transactions.kind), asc(transactions.status), asc(transactions.amount));
  return {
    status: o.status,
    activity: o.activityStatus,
    subscription: o.subscriptionStatus,
    periodEnd: o.currentPeriodEnd,
    endsAt: o.endsAt,
    renewal: o.renewalStatus,
    transactions: txs.map((t) => [t.kind, t.status, t.amount]),
  };
}

/** Deterministic permutations: identity, reverse, and shuffles from a fixed-seed generator. */
function permutations<T>(list: T[], count: number): T[][] {
  let seed = 42;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const out = [list, [...list].reverse()];
  while (out.length < count) {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    out.push(copy);
  }
  return out;
}

describe("POST /api/stripe/webhook", () => {
  it("applies a payment once when it is delivered 10 times at once", async () => {
    const orderId = await pendingOrder();
    expect(await pay(orderId, "pm_card_visa")).toMatchObject({ status: "succeeded" });
    const [event] = take();
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const results = await Promise.all(answers.map(async (r) => ((await r.json()) as { data: { result: string } }).data.result));
    expect(results.filter((r) => r === "applied")).toHaveLength(1);
    expect(results.filter((r) => r === "duplicate")).toHaveLength(9);
    expect(await snapshot(orderId)).toMatchObject({ status: "paid", activity: "active", transactions: [["charge", "paid", 1500]] });
    expect(await db.select().from(paymentEvents).where(and(eq(paymentEvents.channelId, alpha), eq(paymentEvents.eventId, event.id)))).toHaveLength(1);
  });

  it("refuses unsigned, tampered, stale and wrongly keyed deliveries with 400, changing nothing", async () => {
    const orderId = await pendingOrder();
    await pay(orderId, "pm_card_visa");
    const [event] = take();
    expect((await webhook(HOSTS.alpha, event.payload)).status).toBe(400);
    expect((await webhook(HOSTS.alpha, event.payload.replace('"amount":1500', '"amount":1'), event.signature)).status).toBe(400);
    // Signed with beta's secret: never valid on alpha (each channel has its own).
    expect((await webhook(HOSTS.beta, event.payload, event.signature)).status).toBe(400);
    clock.now = START + 301_000;
    const stale = await deliver(event);
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({ message: expect.stringContaining("Timestamp outside the tolerance zone") });
    expect(await snapshot(orderId)).toMatchObject({ status: "pending", activity: "inactive", transactions: [["charge", "created", 1500]] });
    clock.now = START + 300_000;
    expect((await deliver(event)).status).toBe(200);
    expect((await snapshot(orderId)).status).toBe("paid");
  });

  it("one-off payments converge whatever the delivery order: decline, retry, partial and full refund", async () => {
    const finals = [];
    for (const order of permutations([0, 1, 2, 3], 6)) {
      const orderId = await pendingOrder();
      await pay(orderId, "pm_card_chargeDeclined", 1);
      const paid = await pay(orderId, "pm_card_visa", 2);
      await sandbox.refund({ channelId: alpha, intentId: paid.intentId!, amount: 400, metadata: { order_id: String(orderId) } }, orderKey(alpha, orderId, "refund", 1));
      await sandbox.refund({ channelId: alpha, intentId: paid.intentId!, metadata: { order_id: String(orderId) } }, orderKey(alpha, orderId, "refund", 2));
      const events = take();
      expect(events.map((e) => e.type)).toEqual(["payment_intent.payment_failed", "payment_intent.succeeded", "charge.refunded", "charge.refunded"]);
      for (const i of order) expect((await deliverNow(events[i])).status).toBe(200);
      finals.push(await snapshot(orderId));
    }
    expect(finals[0]).toMatchObject({ status: "refunded", activity: "inactive", transactions: [["charge", "paid", 1500], ["refund", "refunded", 1500]] });
    for (const f of finals) expect(f).toEqual(finals[0]);
  });

  it("a subscription's events converge whatever the order: first invoice, a renewal, then a failed renewal", async () => {
    const finals = [];
    for (const [n, order] of permutations([...Array(7).keys()], 5).entries()) {
      clock.now = START + n * 1000;
      const orderId = await pendingOrder("subscription");
      const sub = await subscribe(orderId);
      clock.now = sub.currentPeriodEnd;
      await sandbox.runDue(clock.now);
      const card = await cardOf(sub.id);
      await sandbox.setCardBehaviour({ channelId: alpha, paymentMethodId: card.id, behaviour: "decline" });
      const renewedEnd = Date.UTC(2026, 4, 1, 12) + n * 1000;
      clock.now = renewedEnd;
      await sandbox.runDue(clock.now);
      await sandbox.setCardBehaviour({ channelId: alpha, paymentMethodId: card.id, behaviour: "succeed" });
      const events = take().filter((e) => e.payload.includes(sub.id));
      expect(events.map((e) => e.type)).toEqual([
        "customer.subscription.created",
        "invoice.paid",
        "customer.subscription.updated",
        "invoice.paid",
        "customer.subscription.updated",
        "invoice.payment_failed",
        "customer.subscription.updated",
      ]);
      for (const i of order) expect((await deliverNow(events[i])).status).toBe(200);
      const final = await snapshot(orderId);
      expect(final).toMatchObject({ status: "paid", activity: "inactive", subscription: "inactive", periodEnd: renewedEnd, endsAt: renewedEnd });
      finals.push({ ...final, periodEnd: null, endsAt: null });
    }
    expect(finals[0].transactions).toEqual([["charge", "paid", 999], ["renewal", "failed", 999], ["renewal", "paid", 999]]);
    for (const f of finals) expect(f).toEqual(finals[0]);
  });

  it("a trial makes the order paid and active with no charge and uses the buyer's trial; cancelling ends it at its end", async () => {
    await db.update(users).set({ trialPeriodUsed: false }).where(eq(users.id, userId));
    const orderId = await pendingOrder("subscription");
    const sub = await subscribe(orderId, 30);
    for (const e of take()) expect((await deliverNow(e)).status).toBe(200);
    const trialEnd = START + 30 * DAY;
    expect(await snapshot(orderId)).toMatchObject({ status: "paid", activity: "active", subscription: "active", endsAt: trialEnd, transactions: [["charge", "paid", 0]] });
    expect((await db.query.orders.findFirst({ where: eq(orders.id, orderId) }))!.trialEndsAt).toBe(trialEnd);
    expect((await db.query.users.findFirst({ where: eq(users.id, userId) }))!.trialPeriodUsed).toBe(true);

    await sandbox.cancelAtPeriodEnd({ channelId: alpha, subscriptionId: sub.id }, orderKey(alpha, orderId, "cancel"));
    for (const e of take()) expect((await deliverNow(e)).status).toBe(200);
    expect(await snapshot(orderId)).toMatchObject({ activity: "active", renewal: "cancelled" });
    clock.now = trialEnd;
    await sandbox.runDue(clock.now);
    const ended = take().filter((e) => e.payload.includes(sub.id));
    expect(ended.map((e) => e.type)).toEqual(["customer.subscription.deleted"]);
    expect((await deliverNow(ended[0])).status).toBe(200);
    expect(await snapshot(orderId)).toMatchObject({ status: "paid", activity: "inactive", subscription: "expired" });
  });

  it("another channel's event cannot touch this channel's order", async () => {
    const orderId = await pendingOrder();
    const created = Math.floor(START / 1000);
    const payload = (channelId: number) =>
      JSON.stringify({
        id: `evt_cross_${channelId}_${orderId}`,
        object: "event",
        created,
        type: "payment_intent.succeeded",
        data: { object: { id: "pi_cross", object: "payment_intent", amount: 1500, amount_received: 1500, currency: "usd", status: "succeeded", metadata: { channel_id: String(channelId), order_id: String(orderId) } } },
      });
    // Beta's own, validly signed event naming alpha's order id: beta has no such order.
    const fromBeta = payload(beta);
    const betaAnswer = await webhook(HOSTS.beta, fromBeta, await stripeSignatureHeader(fromBeta, await sandboxWebhookSecret(env, beta), created));
    expect(betaAnswer.status).toBe(200);
    expect(await betaAnswer.json()).toMatchObject({ data: { result: "ignored" } });
    // Signed with alpha's secret but saying it is beta's (as with Stripe's one shared endpoint secret): ignored.
    const claimsBeta = payload(beta).replace("evt_cross_", "evt_claims_");
    const claimsAnswer = await webhook(HOSTS.alpha, claimsBeta, await stripeSignatureHeader(claimsBeta, await sandboxWebhookSecret(env, alpha), created));
    expect(await claimsAnswer.json()).toMatchObject({ data: { result: "ignored" } });
    expect(await snapshot(orderId)).toMatchObject({ status: "pending", transactions: [["charge", "created", 1500]] });
  });
});

describe("renewals by the clock, through the queue", () => {
  /** A batch of queue messages whose acks are counted. */
  function batchOf(events: SignedEvent[]) {
    const acks: string[] = [];
    const messages = events.map((event, i) => ({ id: `m${i}`, timestamp: new Date(0), attempts: 1, body: { kind: "payment.event", event }, ack: () => void acks.push(`m${i}`), retry: () => {} }));
    return { batch: { queue: "streamhub-jobs", messages, ackAll() {}, retryAll() {} } as unknown as MessageBatch<unknown>, acks };
  }

  it("runDueRenewals renews at the period end (a paid renewal) and fails it when the card declines", async () => {
    const orderId = await pendingOrder("subscription");
    const sub = await subscribe(orderId);
    for (const e of take()) await processPaymentEvent(env, e);
    const firstEnd = sub.currentPeriodEnd;
    expect(await snapshot(orderId)).toMatchObject({ status: "paid", activity: "active", endsAt: firstEnd });

    // Nothing is due a millisecond early.
    const caught: SignedEvent[] = [];
    await runDueRenewals(env, firstEnd - 1, async (e) => void caught.push(e));
    expect(caught.filter((e) => e.payload.includes(sub.id))).toHaveLength(0);

    await runDueRenewals(env, firstEnd, async (e) => void caught.push(e));
    const renewal = caught.splice(0).filter((e) => e.payload.includes(sub.id));
    const { batch, acks } = batchOf(renewal);
    await consumeBatch(batch, env);
    expect(acks).toHaveLength(renewal.length);
    const secondEnd = Date.UTC(2026, 4, 1, 12);
    expect(await snapshot(orderId)).toMatchObject({ status: "paid", activity: "active", subscription: "active", endsAt: secondEnd, periodEnd: secondEnd });
    expect((await snapshot(orderId)).transactions).toEqual([["charge", "paid", 999], ["renewal", "paid", 999]]);

    const card = await cardOf(sub.id);
    await sandbox.setCardBehaviour({ channelId: alpha, paymentMethodId: card.id, behaviour: "decline" });
    await runDueRenewals(env, secondEnd + DAY, async (e) => void caught.push(e));
    await sandbox.setCardBehaviour({ channelId: alpha, paymentMethodId: card.id, behaviour: "succeed" });
    const failed = caught.splice(0).filter((e) => e.payload.includes(sub.id));
    expect(failed.map((e) => e.type)).toEqual(["invoice.payment_failed", "customer.subscription.updated"]);
    await consumeBatch(batchOf(failed).batch, env);
    // Redelivering the same messages changes nothing.
    await consumeBatch(batchOf(failed).batch, env);
    expect(await snapshot(orderId)).toMatchObject({ status: "paid", activity: "inactive", subscription: "inactive", endsAt: secondEnd });
    expect((await snapshot(orderId)).transactions).toEqual([["charge", "paid", 999], ["renewal", "failed", 999], ["renewal", "paid", 999]]);
  });

  it("the consumer drops an event that does not verify instead of retrying it forever", async () => {
    const orderId = await pendingOrder();
    await pay(orderId, "pm_card_visa");
    const [event] = take();
    const { batch, acks } = batchOf([{ ...event, payload: event.payload.replace('"amount":1500', '"amount":1') }]);
    await consumeBatch(batch, env);
    expect(acks).toEqual(["m0"]);
    expect((await snapshot(orderId)).status).toBe("pending");
  });

  it("POST /api/dev/payments/run-due runs the sandbox at the given time (dev only)", async () => {
    const key = await mintKey(HOSTS.alpha, CHANNEL_KEYS.alpha, app);
    const res = await call(HOSTS.alpha, "/api/dev/payments/run-due", postJson({ api_key: key, now: "2020-01-01T00:00:00Z" }), app);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { now: "2020-01-01T00:00:00.000Z", renewed: 0, failed: 0, ended: 0 } });
    expect((await call(HOSTS.alpha, "/api/dev/payments/run-due", postJson({ api_key: key, now: "soon" }), app)).status).toBe(422);
  });
});
