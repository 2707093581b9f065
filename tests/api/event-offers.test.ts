// The offer on event lists (issue 28, "honest paywalls"): for each event the viewer cannot watch, the API says what it
// takes — an account for a "register" event, else the event's own ticket or the cheapest pass (GET /simulate's
// ranking) — priced in the channel's currency; nothing for what the viewer may watch. Another channel's products never show.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Event, EventOffer, EventsForHomepage, ListResponse } from "@api/contract/catalogue";
import { getDb } from "@api/db/client";
import { orders, products, users } from "@api/db/schema";
import { type Client, client, clockedApi, env, freshEmail, registerUser } from "./auth-helpers";
import { type CatalogueFixtures, DAY, FIXED, seedCatalogue } from "./catalogue-fixtures";
import { seedChannels } from "./fixtures";

const { app } = clockedApi(FIXED);
const db = getDb(env.DB);
let cat: CatalogueFixtures;
let alpha: Client;
let beta: Client;
let ids: { ppv: number; hockeyPass: number; monthly: number; betaAll: number };

beforeAll(async () => {
  const fx = await seedChannels();
  cat = await seedCatalogue(fx);
  const row = (channelId: number, key: string, over: Partial<typeof products.$inferInsert>) => ({
    channelId,
    key,
    kind: "package" as const,
    name: { en: key, fr: `${key} (fr)` },
    currency: "USD" as const,
    capabilities: ["watch"],
    price: 1000,
    basePrice: 1000,
    ...over,
  });
  const insert = async (values: typeof products.$inferInsert) => (await db.insert(products).values(values).returning({ id: products.id }))[0].id;
  const a = fx.alpha.id;
  ids = {
    ppv: await insert(row(a, "game ticket", { packageType: "single", eventId: cat.alpha.events.finishedOld, price: 499 })),
    hockeyPass: await insert(row(a, "hockey pass", { packageType: "category", eventCategoryIds: [cat.alpha.categories.hockey], price: 1999 })),
    monthly: await insert(row(a, "monthly", { kind: "subscription", period: "month", trialDays: 7, price: 4999 })),
    // A beta plan covering everything for a cent: were it read for alpha, it would be alpha's cheapest.
    betaAll: await insert(row(fx.beta.id, "beta plan", { kind: "subscription", period: "month", price: 1, currency: "CAD" })),
  };
  alpha = await client(app, "alpha");
  beta = await client(app, "beta");
});

/** A signed-in alpha user; `pass` gives them a paid, active order of that product covering `category` (hockey). */
async function viewer(opts: { trialUsed?: boolean; pass?: number } = {}) {
  const email = freshEmail("offer");
  const session = await registerUser(alpha, email);
  const user = (await db.select().from(users).where(eq(users.email, email)).get())!;
  if (opts.trialUsed) await db.update(users).set({ trialPeriodUsed: true }).where(eq(users.id, user.id));
  if (opts.pass)
    await db.insert(orders).values({
      channelId: user.channelId,
      userId: user.id,
      type: "package",
      productId: opts.pass,
      eventCategoryId: cat.alpha.categories.hockey,
      capabilities: ["watch"],
      status: "paid",
      activityStatus: "active",
      startsAt: FIXED - DAY,
      endsAt: FIXED + 300 * DAY,
      createdAt: FIXED - DAY,
      updatedAt: FIXED - DAY,
    });
  return session.token;
}

async function list(c: Client, token?: string, q = "limit=100"): Promise<Map<number, Event>> {
  const res = await c.get(`/api/events?${q}`, token);
  expect(res.status, await res.clone().text()).toBe(200);
  return new Map(((await res.json()) as ListResponse<Event>).data.map((e) => [e.id, e]));
}

const pass = (name: string, price: number, extra: Partial<EventOffer> = {}) => ({ kind: "pass", name, price, currency: "USD", period: null, trial_days: 0, ...extra });

describe("the offer on /events", () => {
  it("signed out: a paid event shows its cheapest pass, a ppv its own ticket, a register event an account, a free one nothing", async () => {
    const e = await list(alpha);
    const { live, upcomingSoon, upcomingLater, finishedOld, soccerOpen } = cat.alpha.events;
    expect(e.get(upcomingSoon)).toMatchObject({ has_access: false, offer: { ...pass("hockey pass", 19.99), product_id: ids.hockeyPass } });
    expect(e.get(finishedOld)).toMatchObject({ has_access: false, offer: { kind: "event", product_id: ids.ppv, name: "game ticket", price: 4.99, currency: "USD", period: null } });
    expect(e.get(upcomingLater)).toMatchObject({ has_access: false, offer: { kind: "account" } });
    expect(e.get(live)).toMatchObject({ has_access: true, offer: null });
    expect(e.get(soccerOpen)).toMatchObject({ has_access: true, offer: null });
  });

  it("signed in without a pass: the register event opens; a plan's free trial is the cheapest way to watch today", async () => {
    const token = await viewer();
    const e = await list(alpha, token);
    expect(e.get(cat.alpha.events.upcomingLater)).toMatchObject({ has_access: true, offer: null });
    expect(e.get(cat.alpha.events.upcomingSoon)!.offer).toMatchObject({ kind: "pass", product_id: ids.monthly, price: 49.99, period: "month", trial_days: 7 });
    // The pay-per-view game still leads with its own ticket, as its page does.
    expect(e.get(cat.alpha.events.finishedOld)!.offer).toMatchObject({ kind: "event", product_id: ids.ppv });
  });

  it("signed in with the trial used: the cheapest price again", async () => {
    const e = await list(alpha, await viewer({ trialUsed: true }));
    expect(e.get(cat.alpha.events.upcomingSoon)!.offer).toMatchObject(pass("hockey pass", 19.99));
  });

  it("signed in with a covering pass: nothing offered on what it opens", async () => {
    const e = await list(alpha, await viewer({ pass: ids.hockeyPass }));
    expect(e.get(cat.alpha.events.upcomingSoon)).toMatchObject({ has_access: true, offer: null });
    expect(e.get(cat.alpha.events.finishedOld)).toMatchObject({ has_access: true, offer: null });
  });

  it("in French: the product's French name", async () => {
    const e = await list(alpha, undefined, "limit=100&lang=fr");
    expect(e.get(cat.alpha.events.upcomingSoon)!.offer).toMatchObject({ name: "hockey pass (fr)" });
  });

  it("another channel's products never leak: beta's plan sells beta's game only, and never shows on alpha", async () => {
    const a = await list(alpha);
    for (const ev of a.values()) if (ev.offer && ev.offer.kind !== "account") expect(ev.offer.product_id).not.toBe(ids.betaAll);
    const b = await list(beta);
    // beta's only event is free: nothing to sell, even with a plan on sale.
    expect(b.get(cat.beta.event)).toMatchObject({ has_access: true, offer: null });
    expect([...b.values()].every((ev) => ev.offer === null)).toBe(true);
  });
});

describe("the offer on the other event answers", () => {
  it("/events/{id}, /events-for-homepage and /search carry it too", async () => {
    const one = await alpha.get(`/api/events/${cat.alpha.events.upcomingSoon}`);
    expect(((await one.json()) as { data: Event }).data.offer).toMatchObject(pass("hockey pass", 19.99));
    const home = (await (await alpha.get("/api/events-for-homepage")).json()) as { data: EventsForHomepage };
    const all = [...home.data.live, ...home.data.upcoming, ...home.data.recent];
    expect(all.find((e) => e.id === cat.alpha.events.upcomingLater)?.offer).toEqual({ kind: "account" });
    expect(all.find((e) => e.id === cat.alpha.events.finishedOld)?.offer).toMatchObject({ kind: "event", price: 4.99 });
  });
});
