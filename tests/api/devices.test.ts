// Linking a device (issue 13, RFC 8628): POST /device/code, POST /device/token, GET and POST /auth/add_session.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "@api/contract/auth";
import { DEVICE_CODE_ATTEMPTS_LIMIT, DEVICE_CODE_ISSUE_LIMIT, DEVICE_CODE_ISSUE_WINDOW_MS, DEVICE_CODE_TTL_S, DEVICE_GRANT_TYPE, DEVICE_MESSAGES, DEVICE_POLL_INTERVAL_S, type DeviceAuthorization } from "@api/contract/devices";
import { getDb } from "@api/db/client";
import { channelSettings, users } from "@api/db/schema";
import type { RequestErrorEntry } from "@api/contract/datalake";
import { eq } from "drizzle-orm";
import { seedChannels, type Fixtures } from "./fixtures";
import { client, clockedApi, freshEmail, json, registerUser, type Client, type Data } from "./auth-helpers";

const { app, clock } = clockedApi(Date.UTC(2026, 10, 25, 12));
let alpha: Client;
let beta: Client;
let fx: Fixtures;
const TV = "Mozilla/5.0 (Linux; Tizen 6.0) SMART-TV";

beforeAll(async () => {
  fx = await seedChannels();
  // alpha turns remote authorisation on (as its demo settings do); beta leaves it off.
  await getDb(env.DB).insert(channelSettings).values({ channelId: fx.alpha.id, key: "auth.remote_auth", value: 1 });
  alpha = await client(app, "alpha");
  beta = await client(app, "beta");
});

const start = async (c: Client = alpha, body: Record<string, unknown> = {}) => {
  const res = await c.post("/api/device/code", body, undefined, { "user-agent": TV });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  return (await res.json()) as DeviceAuthorization;
};
const poll = async (deviceCode: string, c: Client = alpha, grantType = DEVICE_GRANT_TYPE) => {
  const res = await c.post("/api/device/token", { grant_type: grantType, device_code: deviceCode }, undefined, { "user-agent": TV });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const later = (s: number) => (clock.now += s * 1000);

describe("POST /device/code", () => {
  it("answers RFC 8628's fields: a short unambiguous user code and the verification URLs", async () => {
    const auth = await start();
    expect(auth.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(auth.device_code.length).toBeGreaterThanOrEqual(40);
    expect(auth).toMatchObject({
      verification_uri: "http://alpha.localhost/activate",
      verification_uri_complete: `http://alpha.localhost/activate?code=${auth.user_code}`,
      expires_in: DEVICE_CODE_TTL_S,
      interval: DEVICE_POLL_INTERVAL_S,
    });
    expect((await start()).user_code).not.toBe(auth.user_code);
  });

  it("limits new codes per address and channel, with a 429 in plain words and Retry-After", async () => {
    const ask = (ip: string) => alpha.post("/api/device/code", {}, undefined, { "user-agent": TV, "cf-connecting-ip": ip });
    for (let i = 0; i < DEVICE_CODE_ISSUE_LIMIT; i++) expect((await ask("203.0.113.90")).status).toBe(200);
    const refused = await ask("203.0.113.90");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: AUTH_MESSAGES.throttled, retry_after: DEVICE_CODE_ISSUE_WINDOW_MS / 1000 });
    expect(refused.headers.get("retry-after")).toBe(String(DEVICE_CODE_ISSUE_WINDOW_MS / 1000));
    // Another address is not held back, and the window passes.
    expect((await ask("203.0.113.91")).status).toBe(200);
    later(DEVICE_CODE_ISSUE_WINDOW_MS / 1000);
    expect((await ask("203.0.113.90")).status).toBe(200);
  });

  it("is refused where the channel turns remote authorisation off", async () => {
    const res = await beta.post("/api/device/code", {});
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: DEVICE_MESSAGES.remoteAuthOff });
  });
});

describe("the device flow", () => {
  it("pending, slow_down (and a longer interval), approve, one session for the TV, then the code is spent", async () => {
    const viewer = await registerUser(alpha);
    const auth = await start();
    expect(await poll(auth.device_code)).toEqual({ status: 400, body: { error: "authorization_pending" } });
    later(1);
    expect(await poll(auth.device_code)).toEqual({ status: 400, body: { error: "slow_down", interval: DEVICE_POLL_INTERVAL_S + 5 } });
    // The new interval holds from then on: 6 s is still too soon.
    later(6);
    expect((await poll(auth.device_code)).body.error).toBe("slow_down");
    later(20);
    expect((await poll(auth.device_code)).body.error).toBe("authorization_pending");

    // The viewer sees which device asks (the code typed in lower case, without the hyphen), then approves.
    const asked = await alpha.get(`/api/auth/add_session?code=${auth.user_code.replace("-", "").toLowerCase()}`, viewer.token);
    expect(asked.status).toBe(200);
    expect(((await asked.json()) as { data: unknown }).data).toMatchObject({ user_code: auth.user_code, device_name: "Samsung TV", name: { kind: "tv", model: "Samsung TV", os: "Tizen" } });
    const approved = await alpha.post("/api/auth/add_session", { code: auth.user_code }, viewer.token);
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as { data: unknown }).data).toMatchObject({ approved: true, device_name: "Samsung TV", name: { kind: "tv", model: "Samsung TV" } });

    later(20);
    const granted = await poll(auth.device_code);
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ token_type: "Bearer", expires_in: expect.any(Number) });
    const tvToken = granted.body.access_token as string;
    const profile = await alpha.get("/api/profile", tvToken);
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { data: { email: string } }).data.email).toBe(viewer.user.email);

    // Single use: the device code and the user code are spent.
    later(20);
    expect((await poll(auth.device_code)).body.error).toBe("invalid_grant");
    const again = await alpha.post("/api/auth/add_session", { code: auth.user_code }, viewer.token);
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ errors: { code: [DEVICE_MESSAGES.codeUsed] } });
  });

  it("deny: the device gets access_denied", async () => {
    const viewer = await registerUser(alpha);
    const auth = await start(alpha, { device_name: "Living room" });
    const denied = await alpha.post("/api/auth/add_session", { code: auth.user_code, approve: false }, viewer.token);
    expect(((await denied.json()) as { data: unknown }).data).toMatchObject({ approved: false, device_name: "Living room", name: { kind: "tv", model: "Living room" } });
    expect((await poll(auth.device_code)).body.error).toBe("access_denied");
  });

  it("expiry: the device gets expired_token and the viewer a clear message", async () => {
    const viewer = await registerUser(alpha);
    const auth = await start();
    later(DEVICE_CODE_TTL_S);
    expect((await poll(auth.device_code)).body.error).toBe("expired_token");
    const res = await alpha.post("/api/auth/add_session", { code: auth.user_code }, viewer.token);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ errors: { code: [DEVICE_MESSAGES.codeExpired] } });
  });

  it("refuses a wrong grant type, an unknown device code, and another channel's code", async () => {
    const auth = await start();
    expect(await poll(auth.device_code, alpha, "authorization_code")).toEqual({ status: 400, body: { error: "unsupported_grant_type" } });
    expect((await poll("not-a-code")).body.error).toBe("invalid_grant");
    // beta has remote auth off, so its token endpoint is closed altogether.
    expect((await poll(auth.device_code, beta)).status).toBe(403);
  });
});

describe("POST /auth/add_session", () => {
  it("needs a signed-in user, and checks the code's shape in the viewer's words", async () => {
    const auth = await start();
    expect((await alpha.post("/api/auth/add_session", { code: auth.user_code })).status).toBe(401);
    const viewer = await registerUser(alpha);
    for (const [code, message] of [
      ["", DEVICE_MESSAGES.codeRequired],
      ["ABCD-EFGH", DEVICE_MESSAGES.codeInvalid], // vowels are never in a code
      ["BCDF", DEVICE_MESSAGES.codeInvalid],
    ] as const) {
      const res = await alpha.post("/api/auth/add_session", { code }, viewer.token);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ errors: { code: [message] } });
    }
    const unknown = await alpha.post("/api/auth/add_session", { code: "BBBB-BBBB" }, viewer.token);
    expect(await unknown.json()).toMatchObject({ errors: { code: [DEVICE_MESSAGES.codeInvalid] } });
  });

  it("limits code checks per account, so codes cannot be guessed", async () => {
    const viewer = await registerUser(alpha);
    const ip = { "cf-connecting-ip": "203.0.113.77" };
    let last = 0;
    for (let i = 0; i <= DEVICE_CODE_ATTEMPTS_LIMIT; i++) last = (await alpha.post("/api/auth/add_session", { code: "BBBB-BBBC" }, viewer.token, ip)).status;
    expect(last).toBe(429);
  });

  it("is refused on a channel without remote authorisation", async () => {
    const viewer = await registerUser(beta);
    const res = await beta.post("/api/auth/add_session", { code: "BBBB-BBBB" }, viewer.token);
    expect(res.status).toBe(403);
  });
});

describe("the owner's request-error log (issue 25)", () => {
  it("does not log a TV's pending polls, and keeps no device or user code of a refused one", async () => {
    const db = getDb(env.DB);
    const ownerEmail = freshEmail("owner");
    const owner = (await registerUser(alpha, ownerEmail)).token;
    await db.update(users).set({ role: "owner" }).where(eq(users.email, ownerEmail));
    const viewer = await registerUser(alpha);
    // This test's entries: the ones from its own time on (the other tests' refusals are logged too).
    later(60);
    const since = clock.now;

    const auth = await start();
    expect((await poll(auth.device_code)).body.error).toBe("authorization_pending");
    later(1);
    expect((await poll(auth.device_code)).body.error).toBe("slow_down");
    // Refusals that are not the flow working are logged, by field name only.
    expect((await poll(`${auth.device_code}x`)).body.error).toBe("invalid_grant");
    const wrong = await alpha.post("/api/auth/add_session", { code: auth.user_code.replace(/.$/, (c) => (c === "B" ? "C" : "B")), approve: true }, viewer.token);
    expect(wrong.status).toBe(422);

    const logged = (await json<Data<RequestErrorEntry[]>>(await alpha.get("/api/analytics/errors?limit=50", owner))).data;
    const entries = logged.filter((e) => Date.parse(e.at) >= since);
    const polls = entries.filter((e) => e.path === "/api/device/token");
    expect(polls).toEqual([expect.objectContaining({ status: 400, fields: expect.objectContaining({ grant_type: DEVICE_GRANT_TYPE, device_code: "[removed]" }) })]);
    expect(entries.find((e) => e.path === "/api/auth/add_session")).toMatchObject({ status: 422, fields: { code: "[removed]", approve: true } });
    const text = JSON.stringify(entries);
    expect(text).not.toContain(auth.device_code);
    expect(text).not.toContain(auth.user_code.slice(0, 4));
  });
});
