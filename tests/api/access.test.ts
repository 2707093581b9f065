// has_access on the event calls and the pass in /user/access, against real D1 with orders inserted directly (the
// commerce issue will create them through purchases). Tenant isolation: an alpha order never opens a beta event.
import { beforeAll, describe, expect, it } from "vitest";
import type { UserAccess } from "@api/contract/auth";
import type { Event, EventsForHomepage, ListResponse } from "@api/contract/catalogue";
import { getDb } from "@api/db/client";
import { channelSettings, events, orders, users } from "@api/db/schema";
import { and, eq } from "drizzle-orm";
import { type Client, client, clockedApi, type Data, env, freshEmail, json, registerUser } from "./auth-helpers";
import { type CatalogueFixtures, DAY, FIXED, H, seedCatalogue } from "./catalogue-fixtures";
import { type Fixtures, seedChannels } from "./fixtures";
import { clearChannelCache } from "@api/middleware/tenant";

const { app, clock } = clockedApi(FIXED);
const db = getDb(env.DB);
let fx: Fixtures;
let cat: CatalogueFixtures;
let alpha: Client;
let beta: Client;
let alphaPaid3x3: number;
let betaPaid: number;

beforeAll(async () => {
  fx = await seedChannels();
  cat = await seedCatalogue(fx);
  const base = { timeZone: "America/Chicago", type: "paid" as const, accessType: "paid" as const, eventUtcTs: FIXED - H, endUtcTs: FIXED + H };
  [{ id: alphaPaid3x3 }, { id: betaPaid }] = await db
    .insert(events)
    .values([
      { ...base, channelId: fx.alpha.id, key: "3x3-paid", name: { en: "3x3 paid" }, eventCategoryId: cat.alpha.categories.threeByThree, homeTeamId: cat.alpha.teams.northBballM },
      { ...base, channelId: fx.beta.id, key: "beta-paid", name: { fr: "Payant" }, eventCategoryId: cat.beta.hockey },
    ])
    .returning({ id: events.id });
  alpha = await client(app, "alpha");
  beta = await client(app, "beta");
});

type OrderValues = Partial<typeof orders.$inferInsert>;
/** A user of the channel holding one order (paid, active, valid a day either side of FIXED unless told). */
async function userWithOrder(c: Client, channelId: number, order: OrderValues | null, email = freshEmail("viewer")) {
  const session = await registerUser(c, email);
  const user = await db.select().from(users).where(and(eq(users.channelId, channelId), eq(users.email, email))).get();
  if (order)
    await db.insert(orders).values({
      channelId,
      userId: user!.id,
      type: "subscription",
      status: "paid",
      activityStatus: "active",
      capabilities: ["watch", "download", "clipping", "download_clip", "vod_media"],
      limits: { clips: 20, downloads: 5 },
      startsAt: FIXED - DAY,
      endsAt: FIXED + DAY,
      createdAt: FIXED,
      updatedAt: FIXED,
      ...order,
    });
  return { token: session.token, userId: user!.id, email };
}

async function access(c: Client, id: number, token?: string, headers?: Record<string, string>): Promise<boolean> {
  const res = await c.get(`/api/events/${id}`, token, headers);
  expect(res.status).toBe(200);
  return (await json<Data<Event>>(res)).data.has_access;
}

describe("has_access on /events/{id}", () => {
  it("anonymous: free only", async () => {
    const e = cat.alpha.events;
    expect(await access(alpha, e.live)).toBe(true); // free
    expect(await access(alpha, e.upcomingLater)).toBe(false); // register
    expect(await access(alpha, e.upcomingSoon)).toBe(false); // paid
    expect(await access(alpha, e.finishedOld)).toBe(false); // ppv
    // An unknown or malformed token is anonymous, not an error.
    expect(await access(alpha, e.live, "not-a-session")).toBe(true);
    expect(await access(alpha, e.upcomingLater, "not-a-session")).toBe(false);
  });

  it("a registered user without a pass: free and register, not paid or ppv", async () => {
    const { token } = await userWithOrder(alpha, fx.alpha.id, null);
    const e = cat.alpha.events;
    expect(await access(alpha, e.live, token)).toBe(true);
    expect(await access(alpha, e.upcomingLater, token)).toBe(true);
    expect(await access(alpha, e.upcomingSoon, token)).toBe(false);
    expect(await access(alpha, e.finishedOld, token)).toBe(false);
  });

  it("the viewer with a season pass: everything, in the list, the detail and the homepage", async () => {
    const { token } = await userWithOrder(alpha, fx.alpha.id, {});
    const e = cat.alpha.events;
    expect(await access(alpha, e.upcomingSoon, token)).toBe(true);
    expect(await access(alpha, e.finishedOld, token)).toBe(true);
    const list = await json<ListResponse<Event>>(await alpha.get("/api/events?limit=100", token));
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((x) => x.has_access)).toBe(true);
    const anonymous = await json<ListResponse<Event>>(await alpha.get("/api/events?limit=100"));
    expect(anonymous.data.map((x) => [x.access_type, x.has_access])).toEqual(anonymous.data.map((x) => [x.access_type, x.access_type === "free"]));
    const home = (await json<Data<EventsForHomepage>>(await alpha.get("/api/events-for-homepage", token))).data;
    expect([...home.live, ...home.upcoming, ...home.recent].every((x) => x.has_access)).toBe(true);
    const homeAnon = (await json<Data<EventsForHomepage>>(await alpha.get("/api/events-for-homepage"))).data;
    expect(homeAnon.upcoming.find((x) => x.id === e.upcomingSoon)?.has_access).toBe(false);
  });

  it("a package for the parent sport opens its sub-sport's paid event, not another sport's", async () => {
    const { token } = await userWithOrder(alpha, fx.alpha.id, { type: "package", eventCategoryId: cat.alpha.categories.basketball });
    expect(await access(alpha, alphaPaid3x3, token)).toBe(true);
    expect(await access(alpha, cat.alpha.events.upcomingSoon, token)).toBe(false); // hockey
  });

  it("a team pass opens that team's games; a single-event order only its event", async () => {
    const team = await userWithOrder(alpha, fx.alpha.id, { type: "package", participantId: cat.alpha.teams.northBballM });
    expect(await access(alpha, alphaPaid3x3, team.token)).toBe(true);
    expect(await access(alpha, cat.alpha.events.upcomingSoon, team.token)).toBe(false);
    const single = await userWithOrder(alpha, fx.alpha.id, { type: "event", productId: cat.alpha.events.finishedOld });
    expect(await access(alpha, cat.alpha.events.finishedOld, single.token)).toBe(true);
    expect(await access(alpha, alphaPaid3x3, single.token)).toBe(false);
  });

  it("no access without the watch capability, with a refunded order, or once the pass has expired", async () => {
    const noWatch = await userWithOrder(alpha, fx.alpha.id, { capabilities: ["download"] });
    expect(await access(alpha, alphaPaid3x3, noWatch.token)).toBe(false);
    const refunded = await userWithOrder(alpha, fx.alpha.id, { status: "refunded" });
    expect(await access(alpha, alphaPaid3x3, refunded.token)).toBe(false);
    const expiring = await userWithOrder(alpha, fx.alpha.id, { endsAt: FIXED + H });
    expect(await access(alpha, alphaPaid3x3, expiring.token)).toBe(true);
    clock.now = FIXED + H;
    try {
      expect(await access(alpha, alphaPaid3x3, expiring.token)).toBe(false);
    } finally {
      clock.now = FIXED;
    }
  });

  it("geo: a blocked country sees no access, even to a free event or with a pass", async () => {
    const { token } = await userWithOrder(beta, fx.beta.id, {});
    await db.insert(channelSettings).values({ channelId: fx.beta.id, key: "geo.blocked_countries", value: ["CA"] });
    clearChannelCache(); // the geo rule travels with the cached channel, as after a tenant reload
    const live = cat.beta.event;
    expect(await access(beta, live, undefined, { "x-simulate-country": "US" })).toBe(true);
    expect(await access(beta, live, undefined, { "x-simulate-country": "CA" })).toBe(false);
    expect(await access(beta, betaPaid, token, { "x-simulate-country": "US" })).toBe(true);
    expect(await access(beta, betaPaid, token, { "x-simulate-country": "CA" })).toBe(false);
    await db.delete(channelSettings).where(and(eq(channelSettings.channelId, fx.beta.id), eq(channelSettings.key, "geo.blocked_countries")));
    clearChannelCache();
  });
});

describe("the pass in /user/access", () => {
  it("adds the order's capabilities and limits to the account's, and drops them when refunded", async () => {
    const { token, userId } = await userWithOrder(alpha, fx.alpha.id, {});
    const res = await alpha.get("/api/user/access", token);
    expect(res.status).toBe(200);
    const body = (await json<Data<UserAccess>>(res)).data;
    expect(body.capabilities).toEqual(["watch", "download", "clipping", "download_clip", "vod_media"]);
    expect(body.flags).toMatchObject({ watch: true, download: true, no_ads: false });
    expect(body.limits).toEqual({ clips: 20, downloads: 5 });
    await db.update(orders).set({ status: "refunded" }).where(eq(orders.userId, userId));
    const after = (await json<Data<UserAccess>>(await alpha.get("/api/user/access", token))).data;
    expect(after).toMatchObject({ capabilities: [], limits: { clips: 0, downloads: 0 } });
  });
});

describe("tenant isolation", () => {
  it("an alpha order never gives access on beta: not through the alpha token, the same email, or a misfiled row", async () => {
    const email = freshEmail("both");
    const alphaViewer = await userWithOrder(alpha, fx.alpha.id, {}, email);
    expect(await access(alpha, cat.alpha.events.upcomingSoon, alphaViewer.token)).toBe(true);
    // The alpha session means nothing on beta: anonymous there.
    expect(await access(beta, betaPaid, alphaViewer.token)).toBe(false);
    // The same email on beta is another account, without the pass.
    const betaUser = await userWithOrder(beta, fx.beta.id, null, email);
    expect(await access(beta, betaPaid, betaUser.token)).toBe(false);
    // Even an alpha-channel order pointing at the beta user is not read on beta.
    await db.insert(orders).values({
      channelId: fx.alpha.id,
      userId: betaUser.userId,
      type: "subscription",
      status: "paid",
      activityStatus: "active",
      capabilities: ["watch"],
      startsAt: FIXED - DAY,
      createdAt: FIXED,
      updatedAt: FIXED,
    });
    expect(await access(beta, betaPaid, betaUser.token)).toBe(false);
    const betaAccess = (await json<Data<UserAccess>>(await beta.get("/api/user/access", betaUser.token))).data;
    expect(betaAccess.capabilities).toEqual([]);
  });
});
