// The product catalogue (SPEC §7 "Payments" GETs: packages, packages/{id}, subscriptions, subscriptions/{id}, and
// the bootstrap's packages and subscriptions): public, per channel, in weight order, money in major units.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { BootstrapData } from "@api/contract/channel";
import type { Product } from "@api/contract/commerce-types";
import { getDb } from "@api/db/client";
import { activeProductsQuery, productByIdQuery, productNameQueries } from "@api/db/repos/products";
import { products } from "@api/db/schema";
import { seedCatalogue } from "./catalogue-fixtures";
import { call, HOSTS, seedChannels } from "./fixtures";

type Seeded = Awaited<ReturnType<typeof seed>>;
let ids: Seeded;

async function seed() {
  const fx = await seedChannels();
  const cat = await seedCatalogue(fx);
  const db = getDb(env.DB);
  const a = fx.alpha.id;
  const { hockey, basketball, soccer } = cat.alpha.categories;
  const base = { channelId: a, currency: "USD" as const, capabilities: ["watch"] };
  const row = (key: string, over: Partial<typeof products.$inferInsert>) => ({ ...base, key, kind: "package" as const, name: { en: key }, price: 1000, basePrice: 1000, ...over });
  const [season, monthly, annual, teamPass, ppv, inactive] = (
    await db
      .insert(products)
      .values([
        row("season", { name: { en: "Season Pass", fr: "Passe saison" }, packageType: "category", period: "annual", price: 8999, basePrice: 11999, serviceFee: 250, weight: 0, eventCategoryIds: [hockey, basketball, soccer], simultaneousLogins: 2, limits: { clips: 20, downloads: 10 }, capabilities: ["watch", "download", "vod_media_access", "bogus"] }),
        row("monthly", { kind: "subscription", name: { en: "Monthly" }, period: "month", trialDays: 30, price: 1499, basePrice: 1499, weight: 10 }),
        row("annual", { kind: "subscription", name: { en: "Annual" }, period: "annual", price: 14999, basePrice: 17988, weight: 5 }),
        row("team", { name: { en: "Team Pass" }, packageType: "category", isTeamPass: true, participantIds: [cat.alpha.teams.northHockeyM, cat.alpha.teams.southHockeyM], maxChoices: 1, weight: 3 }),
        row("ppv", { name: { en: "Pay-per-view" }, packageType: "single", eventId: cat.alpha.events.live, price: 999, basePrice: 999, serviceFee: 99, weight: 2 }),
        row("gone", { packageType: "category", eventCategoryIds: [hockey], active: false, weight: 1 }),
      ])
      .returning({ id: products.id })
  ).map((r) => r.id);
  const [addon] = (
    await db
      .insert(products)
      .values(row("addon", { name: { en: "Downloads add-on" }, passType: "addition", addonOf: season, price: 499, basePrice: 499, weight: 9 }))
      .returning({ id: products.id })
  ).map((r) => r.id);
  const [bundle] = (
    await db
      .insert(products)
      .values(row("bundle", { kind: "bundle", name: { en: "Season + Downloads" }, bundleItemIds: [season, addon], price: 9199, basePrice: 9498, weight: 1 }))
      .returning({ id: products.id })
  ).map((r) => r.id);
  const [betaPass] = (
    await db
      .insert(products)
      .values({ channelId: fx.beta.id, key: "saison", kind: "package", name: { fr: "Passe saison", en: "Season Pass" }, currency: "CAD", packageType: "category", eventCategoryIds: [cat.beta.hockey], price: 10999, basePrice: 10999 })
      .returning({ id: products.id })
  ).map((r) => r.id);
  const [betaSub] = (
    await db
      .insert(products)
      .values({ channelId: fx.beta.id, key: "mensuel", kind: "subscription", name: { fr: "Forfait mensuel", en: "Monthly plan" }, currency: "CAD", period: "month", trialDays: 30, price: 1799, basePrice: 1799 })
      .returning({ id: products.id })
  ).map((r) => r.id);
  return { season, monthly, annual, teamPass, ppv, inactive, addon, bundle, betaPass, betaSub, cat };
}

beforeAll(async () => {
  ids = await seed();
});

async function data<T>(res: Response): Promise<T> {
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

describe("GET packages and subscriptions", () => {
  it("lists a channel's active packages and bundles in weight order, each addon right after its pass, with no api key", async () => {
    const res = await call(HOSTS.alpha, "/api/packages");
    expect(res.headers.get("cache-control")).toContain("public");
    const list = await data<Product[]>(res);
    expect(list.map((p) => p.id)).toEqual([ids.season, ids.addon, ids.bundle, ids.ppv, ids.teamPass]);
    const season = list[0];
    expect(season).toMatchObject({
      kind: "package",
      name: "Season Pass",
      price: 89.99,
      base_price: 119.99,
      service_fee: 2.5,
      currency: "USD",
      type: "category",
      offer: null,
      period: "annual",
      trial_period: 0,
      pass_type: "regular",
      is_team_pass: false,
      event_category_id: null,
      max_choices: null,
      capabilities: ["watch", "download", "vod_media"],
      limits: { clips: 20, downloads: 10 },
      simultaneous_logins: 2,
      addons: [{ id: ids.addon, name: "Downloads add-on" }],
      addon_of: null,
      items: [],
    });
    expect(season.event_categories.map((c) => c.name)).toEqual(["Hockey", "Basketball", "Soccer"]);
    expect(list[1]).toMatchObject({ pass_type: "addition", addon_of: ids.season, price: 4.99 });
    expect(list[2]).toMatchObject({ kind: "bundle", type: null, items: [{ id: ids.season, name: "Season Pass" }, { id: ids.addon, name: "Downloads add-on" }] });
    expect(list[3]).toMatchObject({ type: "single", event_id: ids.cat.alpha.events.live, service_fee: 0.99 });
    expect(list[4]).toMatchObject({ is_team_pass: true, max_choices: 1 });
    expect(list[4].participants.map((p) => p.id)).toEqual([ids.cat.alpha.teams.northHockeyM, ids.cat.alpha.teams.southHockeyM]);
  });

  it("lists subscriptions in weight order with their offer and trial", async () => {
    const list = await data<Product[]>(await call(HOSTS.alpha, "/api/subscriptions"));
    expect(list.map((p) => [p.id, p.offer, p.period, p.trial_period])).toEqual([
      [ids.annual, "annual", "annual", 0],
      [ids.monthly, "monthly", "month", 30],
    ]);
  });

  it("answers beta's own products, in CAD and French by default", async () => {
    const packages = await data<Product[]>(await call(HOSTS.beta, "/api/packages"));
    expect(packages.map((p) => [p.id, p.name, p.currency, p.price])).toEqual([[ids.betaPass, "Passe saison", "CAD", 109.99]]);
    const subs = await data<Product[]>(await call(HOSTS.beta, "/api/subscriptions?lang=en"));
    expect(subs.map((p) => [p.id, p.name, p.currency])).toEqual([[ids.betaSub, "Monthly plan", "CAD"]]);
  });
});

describe("GET packages/{id} and subscriptions/{id}", () => {
  it("answers one product of the channel", async () => {
    expect(await data<Product>(await call(HOSTS.alpha, `/api/packages/${ids.season}?lang=fr`))).toMatchObject({ id: ids.season, name: "Passe saison" });
    expect(await data<Product>(await call(HOSTS.alpha, `/api/subscriptions/${ids.monthly}`))).toMatchObject({ id: ids.monthly, trial_period: 30 });
  });

  it("answers 404 for another channel's id, another kind's id, or an inactive product", async () => {
    for (const [host, path] of [
      [HOSTS.beta, `/api/packages/${ids.season}`],
      [HOSTS.alpha, `/api/packages/${ids.betaPass}`],
      [HOSTS.beta, `/api/subscriptions/${ids.monthly}`],
      [HOSTS.alpha, `/api/packages/${ids.monthly}`],
      [HOSTS.alpha, `/api/subscriptions/${ids.season}`],
      [HOSTS.alpha, `/api/packages/${ids.inactive}`],
      [HOSTS.alpha, "/api/packages/999999"],
    ]) {
      const res = await call(host, path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ message: "Not found" });
    }
  });

  it("answers 422 naming id for a bad id, never 500", async () => {
    for (const path of ["/api/packages/abc", "/api/packages/0", "/api/packages/-3", "/api/subscriptions/1.5", "/api/packages/99999999999999999999"]) {
      const res = await call(HOSTS.alpha, path);
      expect(res.status, path).toBe(422);
      expect(((await res.json()) as { errors?: Record<string, string[]> }).errors, path).toHaveProperty("id");
    }
    expect((await call(HOSTS.alpha, "/api/packages?lang=xx")).status).toBe(422);
  });
});

describe("channel-bootstrap-data", () => {
  it("includes the channel's packages and subscriptions, as the lists answer them", async () => {
    const boot = await data<BootstrapData>(await call(HOSTS.alpha, "/api/channel-bootstrap-data?client_interface=web"));
    expect(boot.packages).toEqual(await data<Product[]>(await call(HOSTS.alpha, "/api/packages")));
    expect(boot.subscriptions).toEqual(await data<Product[]>(await call(HOSTS.alpha, "/api/subscriptions")));
    const beta = await data<BootstrapData>(await call(HOSTS.beta, "/api/channel-bootstrap-data?client_interface=web"));
    expect((beta.packages as Product[]).map((p) => p.id)).toEqual([ids.betaPass]);
    expect((beta.subscriptions as Product[]).map((p) => p.id)).toEqual([ids.betaSub]);
  });
});

describe("query plans", () => {
  it("reaches products, sports and teams through indexes (no SCAN of a tenant table)", async () => {
    const db = getDb(env.DB);
    const channelId = 1;
    const queries = [activeProductsQuery(db, channelId, ["package", "bundle"]), productByIdQuery(db, channelId, 1), ...productNameQueries(db, channelId)];
    for (const q of queries) {
      const { sql, params } = q.toSQL();
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
      const scans = results.map((r) => r.detail).filter((d) => /^SCAN (products|event_categories|participants|p)\b/.test(d));
      expect(scans, `${sql}\n${results.map((r) => r.detail).join("\n")}`).toEqual([]);
    }
  });
});
