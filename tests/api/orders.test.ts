// GET orders, orders/{id}, transactions (SPEC §7 "Payments"): the buyer's own, newest first, everything unless a page
// is asked for; money in major units, dates as ISO strings; another user's or channel's order id is a 404.
import { env } from "cloudflare:workers";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuyResult, Order, Transaction } from "@api/contract/commerce-types";
import { getDb } from "@api/db/client";
import { orders } from "@api/db/schema";
import { eventually } from "./auth-helpers";
import { FIXED } from "./catalogue-fixtures";
import { CARDS, seedShop, type Shop, shopper } from "./checkout-fixtures";

let shop: Shop;
let buyer: Awaited<ReturnType<typeof shopper>>;
const ids = { ppv: 0, season: 0, trial: 0, failed: 0, seeded: 0 };
const db = getDb(env.DB);

async function data<T>(res: Response): Promise<{ data: T; meta?: unknown }> {
  const body = (await res.json()) as { data: T; meta?: unknown };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

// The sandbox's payment events reach these orders through the queue: the file ends when they have, so none is applied
// later in another file's storage (where one failed on a foreign key, retried and was dropped: issue 25).
afterAll(async () => {
  const bought = [ids.ppv, ids.season, ids.trial, ids.failed];
  await eventually(async () => (await db.select({ status: orders.status }).from(orders).where(inArray(orders.id, bought)).all()).every((o) => o.status !== "pending"), "the orders' payment events");
});

beforeAll(async () => {
  shop = await seedShop();
  buyer = await shopper();
  const buy = async (path: string, body: Record<string, unknown>) => {
    const res = await buyer.post(path, body);
    expect(res.status).toBe(200);
    buyer.clock.now += 60_000;
    return ((await res.json()) as { data: BuyResult }).data.order_id;
  };
  // An order as issue 5 seeded them: an event pass with no package, no amount, already paid.
  const [seeded] = await db
    .insert(orders)
    .values({ channelId: shop.fx.alpha.id, userId: buyer.session.user.id, type: "event", productId: shop.cat.alpha.events.finishedOld, status: "paid", activityStatus: "active", capabilities: ["watch"], startsAt: FIXED - 1000, createdAt: FIXED - 1000, updatedAt: FIXED - 1000 })
    .returning({ id: orders.id });
  ids.seeded = seeded.id;
  ids.ppv = await buy("/api/stripe/buy", { event_id: shop.cat.alpha.events.upcomingSoon, single_event_package_id: shop.ppv, payment_method_id: "pm_card_visa" });
  ids.season = await buy("/api/stripe/buy", { package_id: shop.season, code: "WELCOME10", payment_method_id: "pm_card_visa" });
  ids.trial = await buy("/api/stripe/subscription/start_trial", { subscription_id: shop.monthly, payment_method_id: "pm_card_visa" });
  ids.failed = await buy("/api/stripe/buy", { package_id: shop.sportPass, category_ids: [shop.cat.alpha.categories.soccer], confirmation_token: await buyer.cardToken(CARDS.declined) });
});

describe("GET orders", () => {
  it("lists every order of the buyer, newest first, with no_limit=1", async () => {
    const body = await data<Order[]>(await buyer.get("/api/orders?no_limit=1"));
    expect(body.data.map((o) => o.id)).toEqual([ids.failed, ids.trial, ids.season, ids.ppv, ids.seeded]);
    expect(body.meta).toEqual({ total: 5, offset: 0, limit: 5 });
    // Without no_limit and without a page: still everything (SPEC §7: a page only when a limit is given).
    expect((await data<Order[]>(await buyer.get("/api/orders"))).data).toHaveLength(5);
  });

  it("pages when a limit or offset is given", async () => {
    const body = await data<Order[]>(await buyer.get("/api/orders?limit=2&offset=1"));
    expect(body.data.map((o) => o.id)).toEqual([ids.trial, ids.season]);
    expect(body.meta).toEqual({ total: 5, offset: 1, limit: 2 });
    expect((await buyer.get("/api/orders?limit=0")).status).toBe(422);
    expect((await buyer.get("/api/orders?offset=-1")).status).toBe(422);
  });

  it("answers each order's wire shape: money in major units, ISO dates, product and access", async () => {
    const list = (await data<Order[]>(await buyer.get("/api/orders?no_limit=1"))).data;
    const byId = new Map(list.map((o) => [o.id, o]));
    expect(byId.get(ids.ppv)).toMatchObject({
      type: "event",
      product: { id: shop.ppv, name: "Women's hockey PPV", kind: "package", event_category_id: null, participant_id: null },
      event_id: shop.cat.alpha.events.upcomingSoon,
      amount: 9.99,
      discount: 0,
      currency: "USD",
      created_at: new Date(FIXED).toISOString(),
      ends_at: null,
      renewal: null,
      capabilities: ["watch"],
      limits: { clips: 0, downloads: 0 },
    });
    expect(["pending", "paid"]).toContain(byId.get(ids.ppv)!.status);
    expect(byId.get(ids.season)).toMatchObject({
      product: { id: shop.season, name: "Season Pass", kind: "package" },
      amount: 80.99,
      discount: 9,
      ends_at: new Date(Date.UTC(2027, 10, 21, 12, 1)).toISOString(),
      selected_category_ids: [shop.cat.alpha.categories.hockey, shop.cat.alpha.categories.basketball],
      capabilities: ["watch", "download"],
      limits: { clips: 5, downloads: 2 },
      simultaneous_logins: 2,
    });
    // A trial: the subscription's price, nothing charged yet (issue 15: it read "Amount $14.99").
    expect(byId.get(ids.trial)).toMatchObject({ type: "subscription", product: { name: "Monthly", kind: "subscription" }, renewal: "active", trial_ends_at: expect.any(String), amount_paid: 0 });
    expect(byId.get(ids.trial)!.amount).toBeGreaterThan(0);
    expect(byId.get(ids.failed)!.amount_paid).toBe(0);
    expect(byId.get(ids.seeded)!.amount_paid).toBe(0);
    expect(byId.get(ids.failed)).toMatchObject({ status: "failed", failure_message: "Your card was declined.", product: { event_category_id: shop.cat.alpha.categories.soccer } });
    expect(byId.get(ids.seeded)).toMatchObject({ status: "paid", activity_status: "active", product: { id: null, name: "hockey two days ago", kind: "event" }, amount: null, currency: null });
  });

  it("says what each order gives (issue 28): a ppv its event and no renewal, a pass its end, a trial its renewal", async () => {
    const list = (await data<Order[]>(await buyer.get("/api/orders?no_limit=1"))).data;
    const byId = new Map(list.map((o) => [o.id, o]));
    // Never "until cancelled" for a one-time purchase of an event: the event itself, "Away @ Home", and its start.
    expect(byId.get(ids.ppv)!.validity).toEqual({ kind: "event", event_id: shop.cat.alpha.events.upcomingSoon, title: expect.stringContaining(" @ "), starts_at: new Date(FIXED + 2 * 3_600_000).toISOString(), time_zone: "America/Chicago" });
    expect(byId.get(ids.seeded)!.validity).toMatchObject({ kind: "event", event_id: shop.cat.alpha.events.finishedOld });
    expect(byId.get(ids.season)!.validity).toEqual({ kind: "until", at: new Date(Date.UTC(2027, 10, 21, 12, 1)).toISOString() });
    const trial = byId.get(ids.trial)!;
    await eventually(async () => (await data<Order>(await buyer.get(`/api/orders/${ids.trial}`))).data.validity.kind === "renews", "the trial's subscription event");
    expect((await data<Order>(await buyer.get(`/api/orders/${ids.trial}`))).data.validity).toEqual({ kind: "renews", at: trial.trial_ends_at });
    // Auto-renewal off: access ends on the same date, nothing renews.
    const cancelled = (await data<Order>(await buyer.post("/api/stripe/unsubscribe", { order_id: ids.trial }))).data;
    expect(cancelled.validity).toEqual({ kind: "ends", at: trial.trial_ends_at });
  });

  it("answers one order by id; another user's, another channel's or a malformed id is refused", async () => {
    const one = (await data<Order>(await buyer.get(`/api/orders/${ids.failed}`))).data;
    expect(one).toMatchObject({ id: ids.failed, status: "failed" });
    const other = await shopper();
    expect((await other.get(`/api/orders/${ids.ppv}`)).status).toBe(404);
    expect((await other.get("/api/orders?no_limit=1").then((r) => r.json())) as { data: Order[] }).toMatchObject({ data: [] });
    const beta = await shopper("beta");
    const res = await beta.get(`/api/orders/${ids.ppv}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toHaveProperty("message");
    expect((await buyer.get("/api/orders/abc")).status).toBe(422);
    expect((await buyer.c.get(`/api/orders/${ids.ppv}`)).status).toBe(401);
  });

  it("names orders in the channel's language", async () => {
    const beta = await shopper("beta");
    const bought = (await data<BuyResult>(await beta.post("/api/stripe/buy", { package_id: shop.betaPass, payment_method_id: "pm_card_visa" }))).data;
    const [order] = (await data<Order[]>(await beta.get("/api/orders?no_limit=1"))).data;
    expect(order).toMatchObject({ id: bought.order_id, currency: "CAD", amount: 109.99, product: { name: "Passe saison" } });
  });
});

describe("GET transactions", () => {
  it("lists the buyer's charges newest first, failures with the issuer's words", async () => {
    const list = (await data<Transaction[]>(await buyer.get("/api/transactions"))).data;
    expect(list.map((t) => t.order_id)).toEqual([ids.failed, ids.trial, ids.season, ids.ppv]);
    expect(list[0]).toMatchObject({ status: "failed", kind: "charge", amount: 39.99, currency: "USD", product_name: "Sport Pass", failure_message: "Your card was declined." });
    // A trial charges nothing today.
    expect(list[1]).toMatchObject({ amount: 0, product_name: "Monthly" });
    expect(list[2]).toMatchObject({ amount: 80.99, product_name: "Season Pass", created_at: new Date(FIXED + 60_000).toISOString() });
    expect((await (await shopper()).get("/api/transactions").then((r) => r.json())) as { data: Transaction[] }).toEqual({ data: [] });
    expect((await buyer.c.get("/api/transactions")).status).toBe(401);
  });
});
