// GET /simulate ("what is the cheapest way to watch this?"): options ranked by what this user pays today, with where
// to get each one; owned passes and an eligible trial count as 0; another channel's ids are 404; bad queries 422.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SimulateResultWire } from "@api/contract/commerce-types";
import { getDb } from "@api/db/client";
import { orders, participants, products, users } from "@api/db/schema";
import { type Client, client, clockedApi, env, freshEmail, registerUser } from "./auth-helpers";
import { type CatalogueFixtures, DAY, FIXED, seedCatalogue } from "./catalogue-fixtures";
import { call, seedChannels } from "./fixtures";

const { app } = clockedApi(FIXED);
const db = getDb(env.DB);
let cat: CatalogueFixtures;
let alpha: Client;
let ids: Awaited<ReturnType<typeof seedProducts>>;
let betaId: number;

async function seedProducts(channelId: number) {
  const { hockey, basketball } = cat.alpha.categories;
  const { northHockeyW, southHockeyM } = cat.alpha.teams;
  const row = (key: string, over: Partial<typeof products.$inferInsert>) => ({
    channelId,
    key,
    kind: "package" as const,
    name: { en: key },
    currency: "USD" as const,
    capabilities: ["watch"],
    price: 1000,
    basePrice: 1000,
    ...over,
  });
  // One insert per row: D1 caps a statement at 100 bound variables.
  const insert = async (values: typeof products.$inferInsert) => (await db.insert(products).values(values).returning({ id: products.id }))[0].id;
  const ppv = await insert(row("ppv", { packageType: "single", eventId: cat.alpha.events.upcomingSoon, price: 999, weight: 20 }));
  const season = await insert(row("season", { packageType: "category", eventCategoryIds: [hockey, basketball], price: 8999, weight: 0 }));
  const sport = await insert(row("sport", { packageType: "category", eventCategoryIds: [hockey, basketball], maxChoices: 1, price: 3999, weight: 2 }));
  const team = await insert(row("team", { packageType: "category", isTeamPass: true, participantIds: [northHockeyW, southHockeyM], maxChoices: 1, price: 2999, weight: 3 }));
  const monthly = await insert(row("monthly", { kind: "subscription", period: "month", trialDays: 30, price: 4999, weight: 10 }));
  const annual = await insert(row("annual", { kind: "subscription", period: "annual", price: 14999, weight: 11 }));
  const gone = await insert(row("gone", { packageType: "category", eventCategoryIds: [hockey], price: 1, active: false }));
  const addon = await insert(row("addon", { passType: "addition", addonOf: season, price: 499 }));
  const bundle = await insert(row("bundle", { kind: "bundle", bundleItemIds: [season, addon], price: 9199 }));
  return { ppv, season, sport, team, monthly, annual, gone, addon, bundle };
}

beforeAll(async () => {
  const fx = await seedChannels();
  betaId = fx.beta.id;
  cat = await seedCatalogue(fx);
  ids = await seedProducts(fx.alpha.id);
  alpha = await client(app, "alpha");
});

/** A signed-in alpha user; `trialUsed` marks their trial spent, `order` gives them a paid, active pass. */
async function viewer(opts: { trialUsed?: boolean; order?: Partial<typeof orders.$inferInsert> } = {}) {
  const email = freshEmail("sim");
  const session = await registerUser(alpha, email);
  const user = (await db.select().from(users).where(eq(users.email, email)).get())!;
  if (opts.trialUsed) await db.update(users).set({ trialPeriodUsed: true }).where(eq(users.id, user.id));
  if (opts.order)
    await db.insert(orders).values({
      channelId: user.channelId,
      userId: user.id,
      type: "package",
      status: "paid",
      activityStatus: "active",
      startsAt: FIXED - DAY,
      endsAt: FIXED + 300 * DAY,
      createdAt: FIXED - DAY,
      updatedAt: FIXED - DAY,
      ...opts.order,
    });
  return session.token;
}

async function simulateFor(q: string, token?: string): Promise<SimulateResultWire> {
  const res = await alpha.get(`/api/simulate?${q}`, token);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: SimulateResultWire }).data;
}

const ranking = (r: SimulateResultWire) => r.options.map((o) => [o.product.id, o.effective_price]);

describe("GET /simulate, anonymous", () => {
  it("ranks an event's options cheapest first, the ppv leading with its buy link", async () => {
    const r = await simulateFor(`event_id=${cat.alpha.events.upcomingSoon}`);
    expect(r.target).toMatchObject({ kind: "event", id: cat.alpha.events.upcomingSoon });
    expect(r.needs_purchase).toBe(true);
    expect(ranking(r)).toEqual([
      [ids.ppv, 9.99],
      [ids.team, 29.99],
      [ids.sport, 39.99],
      [ids.monthly, 49.99],
      [ids.season, 89.99],
      [ids.bundle, 91.99],
      [ids.annual, 149.99],
    ]);
    expect(r.options.map((o) => o.link)).toEqual([
      `/buy?event_id=${cat.alpha.events.upcomingSoon}&single_event_package_id=${ids.ppv}`,
      `/select-package/${ids.team}`,
      `/select-package/${ids.sport}`,
      `/buy?subscription_id=${ids.monthly}`,
      `/buy?package_id=${ids.season}`,
      `/buy?package_id=${ids.bundle}`,
      `/buy?subscription_id=${ids.annual}`,
    ]);
    expect(r.options[0]).toMatchObject({ price: 9.99, currency: "USD", owned: false, trial_days: 0, product: { name: "ppv", kind: "package" } });
  });

  it("ranks a team's options: its team pass first, no ppv (that is for one event)", async () => {
    const r = await simulateFor(`participant_id=${cat.alpha.teams.southHockeyM}`);
    expect(r.target).toMatchObject({ kind: "team", name: "South Hockey Men" });
    expect(ranking(r).map(([id]) => id)).toEqual([ids.team, ids.sport, ids.monthly, ids.season, ids.bundle, ids.annual]);
  });

  it("ranks a sport's options: the one-sport pass first, no team pass", async () => {
    const r = await simulateFor(`event_category_id=${cat.alpha.categories.basketball}`);
    expect(r.target).toMatchObject({ kind: "sport", name: "Basketball" });
    expect(ranking(r).map(([id]) => id)).toEqual([ids.sport, ids.monthly, ids.season, ids.bundle, ids.annual]);
  });

  it("a sub-sport is covered by the passes of its parent sport", async () => {
    const r = await simulateFor(`event_category_id=${cat.alpha.categories.threeByThree}`);
    expect(r.options[0].product.id).toBe(ids.sport);
  });

  it("a free event needs nothing", async () => {
    const r = await simulateFor(`event_id=${cat.alpha.events.live}`);
    expect(r).toMatchObject({ needs_purchase: false, options: [] });
  });
});

describe("GET /simulate, signed in", () => {
  it("a trial-eligible user gets the trial subscription at 0 today", async () => {
    const r = await simulateFor(`event_id=${cat.alpha.events.upcomingSoon}`, await viewer());
    expect(r.options[0]).toMatchObject({ product: { id: ids.monthly }, effective_price: 0, price: 49.99, trial_days: 30, owned: false, link: `/buy?subscription_id=${ids.monthly}` });
    expect(r.options[1].product.id).toBe(ids.ppv);
  });

  it("an owned pass ranks first at 0, ahead of a trial, and links to the watch page", async () => {
    const order = { productId: ids.team, participantId: cat.alpha.teams.northHockeyW, selectedParticipantIds: [cat.alpha.teams.northHockeyW] };
    const r = await simulateFor(`event_id=${cat.alpha.events.upcomingSoon}`, await viewer({ order }));
    expect(r.options[0]).toMatchObject({ product: { id: ids.team }, effective_price: 0, owned: true, link: `/watch/${cat.alpha.events.upcomingSoon}` });
    expect(r.options[1]).toMatchObject({ product: { id: ids.monthly }, effective_price: 0, trial_days: 30 });
  });

  it("a team pass held for another team is not owned for this one", async () => {
    const order = { productId: ids.team, participantId: cat.alpha.teams.southHockeyM, selectedParticipantIds: [cat.alpha.teams.southHockeyM] };
    const r = await simulateFor(`participant_id=${cat.alpha.teams.northHockeyW}`, await viewer({ trialUsed: true, order }));
    expect(r.options[0]).toMatchObject({ product: { id: ids.team }, owned: false, effective_price: 29.99, link: `/select-package/${ids.team}` });
  });

  it("a user whose trial is used pays the full price", async () => {
    const r = await simulateFor(`event_id=${cat.alpha.events.upcomingSoon}`, await viewer({ trialUsed: true }));
    expect(r.options.find((o) => o.product.id === ids.monthly)).toMatchObject({ effective_price: 49.99, trial_days: 0 });
    expect(r.options[0].product.id).toBe(ids.ppv);
  });

  it("a bad token asks as an anonymous visitor", async () => {
    const r = await simulateFor(`event_id=${cat.alpha.events.upcomingSoon}`, "not-a-token");
    expect(r.options[0].product.id).toBe(ids.ppv);
  });
});

describe("GET /simulate, refusals", () => {
  it("another channel's event, team or sport is a 404", async () => {
    const betaTeam = (await db.select().from(participants).where(eq(participants.alias, "nord-a")).get())!.id;
    for (const q of [`event_id=${cat.beta.event}`, `event_category_id=${cat.beta.hockey}`, `participant_id=${betaTeam}`]) {
      const res = await alpha.get(`/api/simulate?${q}`);
      expect(res.status, q).toBe(404);
    }
  });

  it("answers 422 with a message for no target, two targets or a bad id", async () => {
    for (const q of ["", `event_id=${cat.alpha.events.live}&participant_id=${cat.alpha.teams.northHockeyW}`, "event_id=abc", "event_category_id=-1"]) {
      const res = await alpha.get(`/api/simulate?${q}`);
      expect(res.status, q).toBe(422);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
  });

  it("needs the api key", async () => {
    const res = await call(alpha.host, `/api/simulate?event_id=${cat.alpha.events.live}`, undefined, app);
    expect(res.status).toBe(403);
  });
});

// GET /purchase-state (issue 28): the buyer's holding as checkout judges it, which the shop pages render.
describe("GET /purchase-state", () => {
  const stateOf = async (q: string, token?: string) => {
    const res = await alpha.get(`/api/purchase-state?${q}`, token);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    return ((await res.json()) as { data: unknown }).data;
  };

  it("a pick-your-team pass held for one team: that team is not offered again, the pass is not owned yet", async () => {
    const order = { productId: ids.team, participantId: cat.alpha.teams.northHockeyW, selectedParticipantIds: [cat.alpha.teams.northHockeyW] };
    const token = await viewer({ order });
    expect(await stateOf(`product_id=${ids.team}`, token)).toEqual({ purchased: false, disabled_event_category_ids: [], disabled_participant_ids: [cat.alpha.teams.northHockeyW] });
    expect(await stateOf("", token)).toEqual({ purchased_ids: [] });
  });

  it("a pass held whole is purchased, in the shop's list too; signed out, nothing is held", async () => {
    const order = { productId: ids.season };
    const token = await viewer({ order });
    expect(await stateOf(`product_id=${ids.season}`, token)).toMatchObject({ purchased: true });
    expect(await stateOf("", token)).toEqual({ purchased_ids: [ids.season] });
    expect(await stateOf(`product_id=${ids.season}`)).toEqual({ purchased: false, disabled_event_category_ids: [], disabled_participant_ids: [] });
    expect(await stateOf("")).toEqual({ purchased_ids: [] });
  });

  it("another channel's product, one off sale, or a bad id is refused", async () => {
    const betaProduct = (await db.insert(products).values({ channelId: betaId, key: "beta-pass", kind: "package", name: { en: "Beta" }, currency: "USD", capabilities: ["watch"], price: 100, basePrice: 100 }).returning({ id: products.id }))[0].id;
    for (const id of [betaProduct, ids.gone]) expect((await alpha.get(`/api/purchase-state?product_id=${id}`)).status, String(id)).toBe(404);
    for (const q of ["product_id=abc", "product_id=-1", "product_id=1.5"]) {
      const res = await alpha.get(`/api/purchase-state?${q}`);
      expect(res.status, q).toBe(422);
      expect(((await res.json()) as { message: string }).message).toBe("The product_id must be a whole number");
    }
  });
});
