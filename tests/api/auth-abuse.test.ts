// Abuse protection and input handling: rate limits reached and released, malformed bodies, the temporary-password
// lock, and the dev outbox kept out of production.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "@api/contract/auth";
import {
  FORM_IP_LIMIT,
  LOGIN_ACCOUNT_LIMIT,
  LOGIN_ACCOUNT_WINDOW_MS,
  LOGIN_IP_LIMIT,
  REGISTER_IP_LIMIT,
  REGISTER_IP_WINDOW_MS,
  RESET_ACCOUNT_LIMIT,
  RESET_ACCOUNT_WINDOW_MS,
} from "@api/contract/constants";
import { getDb } from "@api/db/client";
import { customFormSubmissions, users } from "@api/db/schema";
import { eq } from "drizzle-orm";
import { hashPassword } from "@api/services/auth/passwords";
import { testContext, seedChannels, type Fixtures } from "./fixtures";
import { client, clockedApi, freshEmail, json, loginUser, PASSWORD, registerUser, type Client } from "./auth-helpers";

const { app, clock } = clockedApi();
let alpha: Client;
let fx: Fixtures;

beforeAll(async () => {
  fx = await seedChannels();
  alpha = await client(app, "alpha");
});

const fromIp = (ip: string) => ({ "cf-connecting-ip": ip });

describe("rate limits", () => {
  it("pauses an account after repeated failures, with Retry-After, and releases it after the window", async () => {
    const email = freshEmail();
    await registerUser(alpha, email);
    const ip = fromIp("198.51.100.7");
    for (let i = 0; i < LOGIN_ACCOUNT_LIMIT; i++) {
      expect((await alpha.post("/api/v2/auth/login", { email, password: "wrong-password" }, undefined, ip)).status).toBe(422);
    }
    // Even the right password waits until the window ends.
    const limited = await alpha.post("/api/v2/auth/login", { email, password: PASSWORD }, undefined, ip);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ message: AUTH_MESSAGES.throttled, retry_after: retryAfter });

    clock.now += LOGIN_ACCOUNT_WINDOW_MS + 1;
    expect((await alpha.post("/api/v2/auth/login", { email, password: PASSWORD }, undefined, ip)).status).toBe(200);
  });

  it("a successful sign-in clears the account's failures", async () => {
    const email = freshEmail();
    await registerUser(alpha, email);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LOGIN_ACCOUNT_LIMIT - 1; i++) await alpha.post("/api/v2/auth/login", { email, password: "wrong-password" });
      expect((await alpha.post("/api/v2/auth/login", { email, password: PASSWORD })).status).toBe(200);
    }
  });

  // Fifty sign-ins each hash a password at 100 000 iterations: slow on a loaded machine, hence the longer timeout.
  it("limits sign-in attempts per IP across accounts", { timeout: 60_000 }, async () => {
    const ip = fromIp("203.0.113.50");
    for (let i = 0; i < LOGIN_IP_LIMIT; i++) {
      expect((await alpha.post("/api/v2/auth/login", { email: freshEmail("spray"), password: "x" }, undefined, ip)).status).toBe(422);
    }
    expect((await alpha.post("/api/v2/auth/login", { email: freshEmail("spray"), password: "x" }, undefined, ip)).status).toBe(429);
    // Another visitor is not affected.
    expect((await alpha.post("/api/v2/auth/login", { email: freshEmail("spray"), password: "x" }, undefined, fromIp("203.0.113.51"))).status).toBe(422);
  });

  it("limits reset requests per account, then releases them", async () => {
    const email = freshEmail();
    for (let i = 0; i < RESET_ACCOUNT_LIMIT; i++) expect((await alpha.post("/api/auth/password-reset-request", { email })).status).toBe(200);
    const limited = await alpha.post("/api/auth/password-reset-request", { email });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    clock.now += RESET_ACCOUNT_WINDOW_MS + 1;
    expect((await alpha.post("/api/auth/password-reset-request", { email })).status).toBe(200);
  });
});

describe("malformed input", () => {
  it("answers 422 with per-field messages for invalid registration fields", async () => {
    const res = await alpha.post("/api/v2/auth/register", { email: "not-an-email", password: "short", password_confirmation: "other", phone: "12" });
    expect(res.status).toBe(422);
    const body = await json<{ message: string; errors: Record<string, string[]> }>(res);
    expect(body.errors.email).toEqual(["A valid email address is required"]);
    expect(body.errors.password).toEqual(["The password is too short"]);
    expect(body.errors.first_name).toEqual(["Field is required"]);
    expect(body.errors.phone).toEqual(["A valid phone number is required"]);
    expect(body.errors.terms).toEqual(["Please accept terms & conditions"]);
  });

  it("answers 422 for wrong types and 400 for a broken JSON body, never 500", async () => {
    const cases: [string, unknown][] = [
      ["/api/v2/auth/login", { email: 42, password: ["x"] }],
      ["/api/auth/email-verify", { email: "a@b.co", expires: "soon", signature: "" }],
      ["/api/auth/password-reset", { email: "a@b.co", expires: -1, signature: {}, password: 1 }],
      ["/api/auth/password-reset-request", { email: null }],
      ["/api/delete-account-confirm", { email: "x" }],
    ];
    for (const [path, bad] of cases) {
      const res = await alpha.post(path, bad as Record<string, unknown>);
      expect(res.status, path).toBe(422);
      expect(Object.keys((await json<{ errors: object }>(res)).errors).length, path).toBeGreaterThan(0);
    }
    const broken = await app.fetch(
      new Request("http://alpha.localhost/api/v2/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" }),
      env,
      testContext().ctx,
    );
    expect(broken.status).toBe(400);
  });

  it("refuses a call without an api key, except delete-account-confirm", async () => {
    const bare = (path: string) =>
      app.fetch(new Request(`http://alpha.localhost${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }), env, testContext().ctx);
    expect((await bare("/api/v2/auth/login")).status).toBe(403);
    expect((await bare("/api/delete-account-confirm")).status).toBe(422);
  });
});

describe("temporary password", () => {
  it("holds the user on the profile until the password changes", async () => {
    const email = freshEmail("coach");
    const temp = "Temp-Pass-2026";
    const now = clock.now;
    await getDb(env.DB).insert(users).values({ channelId: fx.alpha.id, email, firstName: "Coach", passwordHash: await hashPassword(temp), temporaryPassword: true, createdAt: now, updatedAt: now });
    const { token, user } = await loginUser(alpha, email, temp);
    expect(user.temporary_password).toBe(true);

    for (const res of [await alpha.get("/api/user/access", token), await alpha.post("/api/auth/delete-account-request", {}, token)]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: AUTH_MESSAGES.temporaryPassword, errors: { password: [AUTH_MESSAGES.temporaryPassword] } });
    }
    expect((await alpha.get("/api/profile", token)).status).toBe(200);

    const changed = await alpha.post("/api/profile", { _method: "patch", current_password: temp, password: "A-real-password1", password_confirmation: "A-real-password1" }, token);
    expect(changed.status).toBe(200);
    expect((await json<{ data: { temporary_password: boolean } }>(changed)).data.temporary_password).toBe(false);
    expect((await alpha.get("/api/user/access", token)).status).toBe(200);
  });
});

describe("dev outbox", () => {
  it("is not served in production", async () => {
    const res = await app.fetch(
      new Request(`http://alpha.localhost/api/dev/outbox?api_key=${alpha.key}`),
      { ...env, APP_ENV: "production", AUTH_SECRET: "prod-secret" } as Env,
      testContext().ctx,
    );
    expect(res.status).toBe(404);
  });

  it("is served elsewhere with the api key", async () => {
    expect((await alpha.get("/api/dev/outbox")).status).toBe(200);
  });
});

describe("per-address limits on public forms, captcha or not (issue 25)", () => {
  const newAccount = (ip: string) =>
    alpha.post("/api/v2/auth/register", { first_name: "Script", last_name: "Kiddie", email: freshEmail("bulk"), password: PASSWORD, password_confirmation: PASSWORD, terms: true }, undefined, fromIp(ip));

  it("registrations from one address stop at REGISTER_IP_LIMIT an hour; another address and the next hour go on", { timeout: 60_000 }, async () => {
    for (let i = 0; i < REGISTER_IP_LIMIT; i++) expect((await newAccount("198.51.100.60")).status, `registration ${i + 1}`).toBe(200);
    const refused = await newAccount("198.51.100.60");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ message: AUTH_MESSAGES.throttled });
    expect((await newAccount("198.51.100.61")).status).toBe(200);
    clock.now += REGISTER_IP_WINDOW_MS + 1;
    expect((await newAccount("198.51.100.60")).status).toBe(200);
  });

  it("the contact form takes FORM_IP_LIMIT posts an hour from one address, and none is stored past it", async () => {
    const send = (ip: string, name: string) => alpha.post("/api/custom-forms/contact", { name, email: "ada@example.com" }, undefined, fromIp(ip));
    for (let i = 0; i < FORM_IP_LIMIT; i++) expect((await send("198.51.100.70", `Ada ${i}`)).status).toBe(200);
    expect((await send("198.51.100.70", "Over the limit")).status).toBe(429);
    expect((await send("198.51.100.71", "Another address")).status).toBe(200);
    const rows = await getDb(env.DB).select().from(customFormSubmissions).where(eq(customFormSubmissions.channelId, fx.alpha.id));
    expect(rows.some((r) => JSON.stringify(r.data).includes("Over the limit"))).toBe(false);
    expect(rows.some((r) => JSON.stringify(r.data).includes("Another address"))).toBe(true);
  });
});
