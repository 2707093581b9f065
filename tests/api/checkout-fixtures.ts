// A small sellable catalogue on top of the catalogue fixtures, for the checkout and orders tests: passes of every
// shape, two subscriptions, a ppv, an addon and a bundle on alpha, one pass on beta, and three promo codes.
import { env } from "cloudflare:workers";
import { getDb } from "@api/db/client";
import { coupons, products } from "@api/db/schema";
import { clockedApi, client, registerUser } from "./auth-helpers";
import { DAY, FIXED, seedCatalogue } from "./catalogue-fixtures";
import { seedChannels } from "./fixtures";

export async function seedShop() {
  const fx = await seedChannels();
  const cat = await seedCatalogue(fx);
  const db = getDb(env.DB);
  const a = fx.alpha.id;
  const { hockey, basketball, soccer } = cat.alpha.categories;
  const base = { channelId: a, currency: "USD" as const, capabilities: ["watch"], basePrice: 0 };
  const row = (key: string, over: Partial<typeof products.$inferInsert>) => ({ ...base, key, kind: "package" as const, name: { en: key }, price: 1000, ...over });
  const insert = async (values: (typeof products.$inferInsert)[]) => (await db.insert(products).values(values).returning({ id: products.id })).map((r) => r.id);
  const [season, monthly, annual, teamPass, sportPass, ppv] = await insert([
    row("season", { name: { en: "Season Pass" }, packageType: "category", period: "annual", price: 8999, serviceFee: 250, eventCategoryIds: [hockey, basketball], limits: { clips: 5, downloads: 2 }, capabilities: ["watch", "download"], simultaneousLogins: 2 }),
    row("monthly", { kind: "subscription", name: { en: "Monthly" }, period: "month", trialDays: 30, price: 1499 }),
    row("annual", { kind: "subscription", name: { en: "Annual" }, period: "annual", price: 14999 }),
    row("team", { name: { en: "Team Pass" }, packageType: "category", isTeamPass: true, participantIds: [cat.alpha.teams.northHockeyW, cat.alpha.teams.southHockeyW], maxChoices: 1, price: 2999 }),
    row("sport", { name: { en: "Sport Pass" }, packageType: "category", eventCategoryIds: [hockey, basketball, soccer], maxChoices: 1, price: 3999 }),
    row("ppv", { name: { en: "Women's hockey PPV" }, packageType: "single", eventId: cat.alpha.events.upcomingSoon, price: 999, serviceFee: 99 }),
  ]);
  const [addon] = await insert([row("addon", { name: { en: "Downloads add-on" }, passType: "addition", addonOf: season, price: 499, capabilities: ["download"] })]);
  const [bundle] = await insert([row("bundle", { kind: "bundle", name: { en: "Season + Downloads" }, bundleItemIds: [season, addon], price: 9199 })]);
  const [betaPass] = await insert([{ ...row("saison", { name: { fr: "Passe saison" }, packageType: "category", eventCategoryIds: [cat.beta.hockey], currency: "CAD", price: 10999 }), channelId: fx.beta.id }]);
  await db.insert(coupons).values([
    { channelId: a, code: "WELCOME10", percentOff: 10, duration: "once" },
    { channelId: a, code: "SUMMER2025", percentOff: 25, duration: "once", validUntil: FIXED - 30 * DAY },
    { channelId: a, code: "TEAM5", amountOff: 500, currency: "USD", duration: "once", productIds: [teamPass] },
  ]);
  return { fx, cat, season, monthly, annual, teamPass, sportPass, ppv, addon, bundle, betaPass };
}

export type Shop = Awaited<ReturnType<typeof seedShop>>;

/** Test cards (Stripe test mode): pays, declines, needs the confirmation step. */
export const CARDS = { ok: "4242 4242 4242 4242", declined: "4000 0000 0000 0002", confirm: "4000 0025 0000 3155" } as const;

/** An API on the fixed clock and a signed-in buyer per channel, with helpers that read like the checkout. */
export async function shopper(channel: "alpha" | "beta" = "alpha", start = FIXED) {
  const { app, clock } = clockedApi(start);
  const c = await client(app, channel);
  const session = await registerUser(c);
  const token = session.token;
  const post = (path: string, body: Record<string, unknown> = {}) => c.post(path, body, token);
  const get = (path: string) => c.get(path, token);
  const cardToken = async (number: string = CARDS.ok): Promise<string> => {
    const res = await post("/api/stripe/sandbox/tokens", { number, exp_month: 12, exp_year: 2030, cvc: "123" });
    if (res.status !== 200) throw new Error(`tokens answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { data: { token: string } }).data.token;
  };
  return { app, clock, c, session, token, post, get, cardToken };
}
