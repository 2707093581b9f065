// The analytics service (issue 14): ingestion at /api/datalake/* (validation, profiles, channel isolation, rate
// limit, the local D1 store), the owner's dashboard and the request-error log.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ANALYTICS_MESSAGES,
  type AnalyticsDashboard,
  CONCURRENT_WINDOW_MS,
  DATALAKE_BATCH_MAX,
  DATALAKE_IP_RECORDS,
  DATALAKE_RATE,
  DATALAKE_SESSION_RECORDS,
  type RequestErrorEntry,
} from "@api/contract/datalake";
import { getDb } from "@api/db/client";
import { analyticsRecords, channelSettings, orders, requestErrors, transactions, users } from "@api/db/schema";
import { clearChannelCache } from "@api/middleware/tenant";
import { clockedApi, client, freshEmail, json, PASSWORD, registerUser, type Client, type Data } from "./auth-helpers";
import { seedCatalogue, type CatalogueFixtures } from "./catalogue-fixtures";
import { call, HOSTS, seedChannels, type Fixtures } from "./fixtures";

const NOW = Date.UTC(2026, 10, 25, 12);
const DAY = 86_400_000;
/** The dashboard tests' today: 2026-12-15 noon UTC (the api keys minted at NOW still hold). */
const T = NOW + 20 * DAY;
const { app, clock } = clockedApi(NOW);
const db = getDb(env.DB);
const PROFILE = { alpha: "ya_alpha_test", beta: "ya_beta_test" } as const;
let fx: Fixtures;
let cat: CatalogueFixtures;
let alpha: Client;
let beta: Client;

beforeAll(async () => {
  fx = await seedChannels();
  cat = await seedCatalogue(fx);
  await db.insert(channelSettings).values([
    { channelId: fx.alpha.id, key: "yare-analytics", value: PROFILE.alpha },
    { channelId: fx.beta.id, key: "yare-analytics", value: PROFILE.beta },
    { channelId: fx.beta.id, key: "currency", value: "CAD" },
  ]);
  clearChannelCache();
  alpha = await client(app, "alpha");
  beta = await client(app, "beta");
});

let address = 0;
const uuid = () => crypto.randomUUID();
/** A POST as the browser client sends it: JSON, no api key, from an address of its own unless given. */
const send = (channel: "alpha" | "beta", path: string, body: unknown, ip = `203.0.113.${++address % 250}`, headers: Record<string, string> = {}) =>
  call(HOSTS[channel], `/api/datalake/${path}`, { method: "POST", headers: { "content-type": "application/json", "cf-connecting-ip": ip, ...headers }, body: JSON.stringify(body) }, app);
const rows = (session: string) => db.select().from(analyticsRecords).where(eq(analyticsRecords.sessionUuid, session)).orderBy(analyticsRecords.id).all();
const errorsOf = async (res: Response) => (await json<{ message: string; errors: Record<string, string[]> }>(res));

const sessionRecord = (session: string, over: Record<string, unknown> = {}) => ({
  profile: PROFILE.alpha,
  session,
  device_type: "desktop",
  user_agent: encodeURIComponent("Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0"),
  resolution: "1366x900",
  platform: "web",
  ...over,
});
const visit = (session: string, path = "/", over: Record<string, unknown> = {}) => ({
  profile: PROFILE.alpha,
  session_uuid: session,
  event: "visit_page",
  origin: `http://alpha.localhost${path}`,
  extra: { title: "Home" },
  ...over,
});
const video = (session: string, view: string, event: string, over: Record<string, unknown> = {}) => ({
  profile: PROFILE.alpha,
  session_uuid: session,
  video_view_uuid: view,
  stream_id: cat.alpha.events.live,
  stream_type: "live",
  event,
  ...over,
});
const viewing = (session: string, view: string, seconds: number, over: Record<string, unknown> = {}) => ({
  profile: PROFILE.alpha,
  session_uuid: session,
  video_view_uuid: view,
  stream_id: cat.alpha.events.live,
  stream_type: "live",
  viewing_time: seconds,
  rebuffer_time: 0,
  category: "Hockey",
  ...over,
});

describe("ingestion", () => {
  it("GET hash gives a new session hash for the channel's profile, and 404 for any other", async () => {
    const ok = await call(HOSTS.alpha, `/api/datalake/hash/?profile=${PROFILE.alpha}`, {}, app);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("no-store");
    const { data } = await json<Data<{ hash: string }>>(ok);
    expect(data.hash).toMatch(/^[0-9a-f-]{36}$/);
    const again = await json<Data<{ hash: string }>>(await call(HOSTS.alpha, `/api/datalake/hash/?profile=${PROFILE.alpha}`, {}, app));
    expect(again.data.hash).not.toBe(data.hash);
    // Beta's profile on alpha's host, and a made-up one, are not found.
    expect((await call(HOSTS.alpha, `/api/datalake/hash/?profile=${PROFILE.beta}`, {}, app)).status).toBe(404);
    expect((await call(HOSTS.alpha, "/api/datalake/hash/?profile=nope", {}, app)).status).toBe(404);
    // The SPEC names no parameter (issue 28): without one, the host's channel is the profile.
    const bare = await call(HOSTS.alpha, "/api/datalake/hash/", {}, app);
    expect(bare.status).toBe(200);
    expect(bare.headers.get("cache-control")).toBe("no-store");
    expect((await json<Data<{ hash: string }>>(bare)).data.hash).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call(HOSTS.beta, "/api/datalake/hash/", {}, app)).status).toBe(200);
    // An empty profile is still a plain-words validation error.
    const empty = await call(HOSTS.alpha, "/api/datalake/hash/?profile=", {}, app);
    expect(empty.status).toBe(422);
  });

  it("a session record is stored at arrival time less its age, the user agent decoded", async () => {
    const session = uuid();
    const res = await send("alpha", "session/", sessionRecord(session, { age_ms: 1500, trk: "newsletter-11" }));
    expect(res.status).toBe(204);
    const [row] = await rows(session);
    expect(row).toMatchObject({ channelId: fx.alpha.id, kind: "session", name: "desktop", at: NOW - 1500, trk: "newsletter-11" });
    expect(row.data).toEqual({ user_agent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0", resolution: "1366x900", platform: "web" });
  });

  it("a batch of page events is stored whole; the email is not kept; api_request keeps its total", async () => {
    const session = uuid();
    const batch = [
      visit(session, "/", { user_email: "fan@alpha.test", age_ms: 4000 }),
      visit(session, "/schedule", { age_ms: 2000 }),
      { ...visit(session, "/schedule"), event: "api_request", extra: { url: "/schedule?_data=root", status: 500, message: "Server error", length: 120, total: 845 } },
    ];
    const res = await send("alpha", "event/", { batch });
    expect(res.status).toBe(204);
    const stored = await rows(session);
    expect(stored.map((r) => [r.name, r.at, r.userId])).toEqual([
      ["visit_page", NOW - 4000, null],
      ["visit_page", NOW - 2000, null],
      ["api_request", NOW, null],
    ]);
    expect(JSON.stringify(stored)).not.toContain("fan@alpha.test");
    expect(stored[2]).toMatchObject({ value: 845, data: { origin: "http://alpha.localhost/schedule", url: "/schedule?_data=root", status: 500 } });
  });

  it("the viewer is the signed-in session's (the web app's cookie or a Bearer token), never a record's user_id (issue 25)", async () => {
    const fan = await registerUser(alpha);
    const other = await registerUser(alpha);
    const [forged, byCookie, byBearer] = [uuid(), uuid(), uuid()];
    // Signed out, a record naming a user is stored as nobody's.
    expect((await send("alpha", "event/", visit(forged, "/", { user_id: other.user.id }))).status).toBe(204);
    expect((await send("alpha", "event/", visit(byCookie, "/", { user_id: other.user.id }), undefined, { cookie: `sid=${fan.token}` })).status).toBe(204);
    expect((await send("alpha", "video/viewing/", viewing(byBearer, uuid(), 30, { user_id: other.user.id }), undefined, { authorization: `Bearer ${fan.token}` })).status).toBe(204);
    expect((await rows(forged)).map((r) => r.userId)).toEqual([null]);
    expect((await rows(byCookie)).map((r) => r.userId)).toEqual([fan.user.id]);
    expect((await rows(byBearer)).map((r) => r.userId)).toEqual([fan.user.id]);
    // Another channel's session is nobody on this one.
    const betaFan = await registerUser(beta);
    const crossed = uuid();
    await send("alpha", "event/", visit(crossed), undefined, { cookie: `sid=${betaFan.token}` });
    expect((await rows(crossed)).map((r) => r.userId)).toEqual([null]);
  });

  it("caps records per analytics session an hour and per address a minute, whatever the batches (issue 25)", { timeout: 30_000 }, async () => {
    const session = uuid();
    const ip = "198.51.100.200";
    const full = () => ({ batch: Array.from({ length: DATALAKE_BATCH_MAX }, () => visit(session)) });
    const fits = Math.floor(DATALAKE_SESSION_RECORDS.limit / DATALAKE_BATCH_MAX);
    // From addresses of their own, so only the session's allowance is spent.
    for (let i = 0; i < fits; i++) expect((await send("alpha", "event/", full())).status, `batch ${i + 1}`).toBe(204);
    const refused = await send("alpha", "event/", full());
    expect(refused.status).toBe(429);
    expect((await rows(session)).length).toBe(fits * DATALAKE_BATCH_MAX);
    // Another session goes on; the address's records a minute are capped too, over many sessions.
    const perIp = Math.floor(DATALAKE_IP_RECORDS.limit / DATALAKE_BATCH_MAX);
    const fresh = () => {
      const s = uuid();
      return { batch: Array.from({ length: DATALAKE_BATCH_MAX }, () => visit(s)) };
    };
    for (let i = 0; i < perIp; i++) expect((await send("alpha", "event/", fresh(), ip)).status, `address batch ${i + 1}`).toBe(204);
    expect((await send("alpha", "event/", fresh(), ip)).status).toBe(429);
    clock.now += DATALAKE_IP_RECORDS.windowMs;
    expect((await send("alpha", "event/", fresh(), ip)).status).toBe(204);
    clock.now = NOW;
    // One browser's batch: records of more sessions than it has are refused whole, before any allowance is spent.
    const mixed = await send("alpha", "event/", { batch: [visit(uuid()), visit(uuid()), visit(uuid())] });
    expect(mixed.status).toBe(422);
    expect((await errorsOf(mixed)).errors).toHaveProperty("batch");
  });

  it("video events and viewing time land with their stream, startup time and rebuffering", async () => {
    const session = uuid();
    const view = uuid();
    expect((await send("alpha", "video/event/", { batch: [video(session, view, "ready"), video(session, view, "first_frame", { startup_ms: 812, position: 3.5 })] })).status).toBe(204);
    expect((await send("alpha", "video/viewing/", viewing(session, view, 28.5, { rebuffer_time: 1.5, sport: "Hockey", gender: "women" }))).status).toBe(204);
    const stored = await rows(session);
    expect(stored.map((r) => [r.kind, r.name, r.streamType, r.streamId, r.value, r.value2])).toEqual([
      ["video_event", "ready", "live", cat.alpha.events.live, null, null],
      ["video_event", "first_frame", "live", cat.alpha.events.live, 812, null],
      ["viewing", null, "live", cat.alpha.events.live, 28.5, 1.5],
    ]);
    expect(stored[2].data).toMatchObject({ category: "Hockey", sport: "Hockey", gender: "women", school: null });
  });

  it("bad records are 422 with the field named, and nothing of the batch is stored", async () => {
    const session = uuid();
    const cases: [string, unknown, string, string][] = [
      ["session/", sessionRecord(session, { session: undefined }), "batch.0.session", "Field is required"],
      ["session/", sessionRecord(session, { resolution: "big" }), "batch.0.resolution", "A valid resolution is required"],
      ["session/", sessionRecord(session, { platform: "ios" }), "batch.0.platform", "A valid platform is required"],
      ["event/", { batch: [visit(session), visit(session, "/", { event: "click" })] }, "batch.1.event", "A valid event is required"],
      ["event/", { ...visit(session), event: "api_request", extra: { url: "/x", status: "bad", total: 3 } }, "batch.0.extra.status", ""],
      ["video/event/", video(session, uuid(), "rewind"), "batch.0.event", "A valid event is required"],
      ["video/viewing/", viewing(session, uuid(), -1), "batch.0.viewing_time", ""],
      ["event/", visit(session, "/", { age_ms: 2 * DAY }), "batch.0.age_ms", "This record is too old"],
      ["event/", { batch: [] }, "batch", "Field is required"],
    ];
    for (const [path, body, field, message] of cases) {
      const res = await send("alpha", path, body);
      expect(res.status, `${path} ${field}`).toBe(422);
      const { errors } = await errorsOf(res);
      expect(Object.keys(errors), `${path} ${field}`).toContain(field);
      if (message) expect(errors[field]).toContain(message);
    }
    const tooMany = Array.from({ length: DATALAKE_BATCH_MAX + 1 }, () => visit(session));
    expect((await send("alpha", "event/", { batch: tooMany })).status).toBe(422);
    expect((await send("alpha", "event/", "not json{")).status).toBe(400);
    expect(await rows(session)).toEqual([]);
  });

  it("each channel's records stay its own: another channel's profile is a 404 and stores nothing", async () => {
    const session = uuid();
    expect((await send("beta", "event/", visit(session))).status).toBe(404);
    expect((await send("alpha", "event/", { batch: [visit(session), { ...visit(session), profile: PROFILE.beta }] })).status).toBe(404);
    expect(await rows(session)).toEqual([]);
    expect((await send("beta", "event/", { ...visit(session), profile: PROFILE.beta })).status).toBe(204);
    expect((await rows(session)).map((r) => r.channelId)).toEqual([fx.beta.id]);
    // The development view of a session's records (what e2e tests read) shows a channel its own records only.
    const seen = async (c: Client) => (await json<Data<{ kind: string; name: string }[]>>(await c.get(`/api/dev/analytics?session=${session}`))).data;
    expect(await seen(beta)).toEqual([expect.objectContaining({ kind: "event", name: "visit_page", session_uuid: session })]);
    expect(await seen(alpha)).toEqual([]);
  });

  // 120 requests one after another: seconds on a loaded 2-core machine, more than vitest's 5-s default.
  it("an address gets DATALAKE_RATE.limit requests a minute per channel, then 429 until the window ends", { timeout: 30_000 }, async () => {
    const ip = "198.51.100.77";
    const session = uuid();
    for (let i = 0; i < DATALAKE_RATE.limit; i++) expect((await send("alpha", "event/", visit(session), ip)).status).toBe(204);
    const refused = await send("alpha", "event/", visit(session), ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The same address on another channel has its own allowance.
    expect((await send("beta", "event/", { ...visit(session), profile: PROFILE.beta }, ip)).status).toBe(204);
    clock.now += DATALAKE_RATE.windowMs;
    expect((await send("alpha", "event/", visit(session), ip)).status).toBe(204);
    clock.now = NOW;
  });
});

describe("the owner's dashboard", () => {
  let owner: string;
  let viewer: string;
  let betaOwner: string;

  async function makeOwner(c: Client) {
    const email = freshEmail("owner");
    const session = await registerUser(c, email);
    await db.update(users).set({ role: "owner" }).where(eq(users.email, email));
    return session.token;
  }

  beforeAll(async () => {
    // Twenty days after the ingestion tests' records, so the dashboard's days hold only these.
    clock.now = T;
    owner = await makeOwner(alpha);
    betaOwner = await makeOwner(beta);
    viewer = (await registerUser(alpha)).token;

    // Yesterday: two sessions visit; one signed-in viewer watches the live event 3 minutes with 2 s of rebuffering,
    // another watches a library video 1 minute; startups of 400, 600 and 2000 ms.
    const yesterday = { age_ms: 0 };
    clock.now = T - DAY;
    const [s1, s2, v1, v2, v3] = [uuid(), uuid(), uuid(), uuid(), uuid()];
    await send("alpha", "event/", { batch: [visit(s1), visit(s1, "/schedule"), visit(s2)].map((r) => ({ ...r, ...yesterday })) });
    await send("alpha", "video/event/", {
      batch: [
        video(s1, v1, "first_frame", { startup_ms: 400, user_id: 5 }),
        video(s2, v2, "first_frame", { startup_ms: 600, stream_type: "vod", stream_id: cat.alpha.vod.interview }),
        video(s2, v3, "first_frame", { startup_ms: 2000 }),
      ],
    });
    await send("alpha", "video/viewing/", {
      batch: [
        viewing(s1, v1, 90, { user_id: 5, rebuffer_time: 2 }),
        viewing(s1, v1, 90, { user_id: 5 }),
        viewing(s2, v2, 60, { stream_type: "vod", stream_id: cat.alpha.vod.interview }),
      ],
    });
    // Now: one viewer playing the live event, one who paused it, one who stopped sending long ago.
    clock.now = T;
    const [s3, v4, v5] = [uuid(), uuid(), uuid()];
    await send("alpha", "video/viewing/", { batch: [viewing(s3, v4, 30), viewing(s3, v5, 30, { age_ms: 60_000 })] });
    await send("alpha", "video/event/", video(s3, v5, "pause"));
    await send("alpha", "video/viewing/", viewing(s3, uuid(), 30, { age_ms: CONCURRENT_WINDOW_MS + 60_000 }));
    // Beta's traffic must not show on alpha.
    await send("beta", "event/", { ...visit(uuid()), profile: PROFILE.beta });

    // A sale yesterday (12.99 USD) and a refund of 2.00 today.
    const [buyer] = await db.select({ id: users.id }).from(users).where(eq(users.channelId, fx.alpha.id)).limit(1).all();
    const [order] = await db
      .insert(orders)
      .values({ channelId: fx.alpha.id, userId: buyer.id, type: "package", productId: 1, status: "paid", startsAt: T - DAY, createdAt: T - DAY, updatedAt: T - DAY })
      .returning({ id: orders.id });
    await db.insert(transactions).values([
      { channelId: fx.alpha.id, orderId: order.id, userId: buyer.id, status: "paid", kind: "charge", amount: 1299, currency: "USD", createdAt: T - DAY },
      { channelId: fx.alpha.id, orderId: order.id, userId: buyer.id, status: "refunded", kind: "refund", amount: 200, currency: "USD", createdAt: T },
    ]);
  });

  const dashboardOf = async (c: Client, token: string, query = "") => {
    const res = await c.get(`/api/analytics/dashboard${query}`, token);
    expect(res.status).toBe(200);
    return (await json<Data<AnalyticsDashboard>>(res)).data;
  };

  it("shows visits, viewers, minutes, startup percentiles, rebuffering and sales per UTC day", async () => {
    const d = await dashboardOf(alpha, owner, "?from=2026-12-14&to=2026-12-15");
    expect(d.days.map((x) => x.day)).toEqual(["2026-12-14", "2026-12-15"]);
    const [yesterday, today] = d.days;
    expect(yesterday).toMatchObject({ visits: 2, page_views: 3, viewers: 2, minutes: 4, plays: 3, startup_p50_ms: 600, startup_p90_ms: 2000, sales: 12.99, orders: 1 });
    expect(yesterday.rebuffer_ratio).toBeCloseTo(2 / 242, 5);
    expect(today).toMatchObject({ sales: -2, orders: 0, plays: 0, startup_p50_ms: null });
    expect(d.totals).toMatchObject({ visits: 2, plays: 3, startup_p50_ms: 600, startup_p90_ms: 2000, sales: 10.99, orders: 1 });
    expect(d.currency).toBe("USD");
  });

  it("counts who is playing now, without paused or silent players, and names the most watched streams", async () => {
    const d = await dashboardOf(alpha, owner);
    expect(d.now.viewers).toBe(1);
    expect(d.now.streams).toEqual([{ stream_type: "live", stream_id: cat.alpha.events.live, title: expect.any(String), viewers: 1 }]);
    expect(d.now.streams[0].title).not.toMatch(/^#/);
    expect(d.top_streams[0]).toMatchObject({ stream_type: "live", stream_id: cat.alpha.events.live, viewers: 2 });
    expect(d.top_streams.find((x) => x.stream_type === "vod")).toMatchObject({ stream_id: cat.alpha.vod.interview, minutes: 1, viewers: 1 });
    // The default range is the last 14 days, today included, every day present.
    expect(d.days).toHaveLength(14);
    expect(d.to).toBe("2026-12-15");
  });

  it("is the owner's alone: a viewer gets 403, a visitor 401, another channel's owner sees only theirs", async () => {
    const denied = await alpha.get("/api/analytics/dashboard", viewer);
    expect(denied.status).toBe(403);
    expect((await json<{ message: string }>(denied)).message).toBe(ANALYTICS_MESSAGES.ownerOnly);
    expect((await alpha.get("/api/analytics/dashboard")).status).toBe(401);
    // Beta's owner's session is not valid on alpha.
    expect((await alpha.get("/api/analytics/dashboard", betaOwner)).status).toBe(401);
    const theirs = await dashboardOf(beta, betaOwner, "?from=2026-12-14&to=2026-12-15");
    expect(theirs.totals).toMatchObject({ visits: 1, viewers: 0, sales: 0 });
    expect(theirs.currency).toBe("CAD");
  });

  it("refuses a range that ends before it starts or is longer than allowed", async () => {
    for (const q of ["?from=2026-11-25&to=2026-11-01", "?from=2026-01-01&to=2026-11-25", "?from=2026-13-01"]) {
      const res = await alpha.get(`/api/analytics/dashboard${q}`, owner);
      expect(res.status, q).toBe(422);
    }
  });

  it("logs a refused form with its fields, secrets removed, for the owner of that channel only", async () => {
    const email = freshEmail("oops");
    const res = await alpha.post("/api/v2/auth/register", { first_name: "Ada", last_name: "L", email, password: PASSWORD, password_confirmation: "different-1A!", terms: true });
    expect(res.status).toBe(422);
    // Reads that find nothing and signed-out 401s are not errors of the channel.
    expect((await alpha.get("/api/events/999999")).status).toBe(404);
    expect((await alpha.get("/api/profile")).status).toBe(401);

    const list = await alpha.get("/api/analytics/errors?limit=5", owner);
    expect(list.status).toBe(200);
    const entries = (await json<Data<RequestErrorEntry[]>>(list)).data;
    const logged = entries.find((e) => e.fields.email === email);
    expect(logged).toMatchObject({ method: "POST", path: "/api/v2/auth/register", status: 422, fields: { first_name: "Ada", password: "[removed]", password_confirmation: "[removed]", api_key: "[removed]" } });
    expect(JSON.stringify(entries)).not.toContain(PASSWORD);
    expect(entries.some((e) => e.path.startsWith("/api/events/") || e.path === "/api/profile")).toBe(false);

    const theirs = (await json<Data<RequestErrorEntry[]>>(await beta.get("/api/analytics/errors", betaOwner))).data;
    expect(theirs.some((e) => e.fields.email === email)).toBe(false);
    expect((await alpha.get("/api/analytics/errors", viewer)).status).toBe(403);
    const stored = await db.select().from(requestErrors).where(and(eq(requestErrors.channelId, fx.alpha.id), eq(requestErrors.path, "/api/v2/auth/register"))).all();
    expect(stored.length).toBeGreaterThan(0);
  });
});
