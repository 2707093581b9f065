// GET/POST /profile, /user/access and account deletion (SPEC §7).
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES, type User, type UserAccess } from "@api/contract/auth";
import { MAIL_ACCOUNT_LIMIT } from "@api/contract/constants";
import { getDb } from "@api/db/client";
import { channelSettings, mailOutbox, sessions, signedLinks, users } from "@api/db/schema";
import { seedChannels, testContext, type Fixtures } from "./fixtures";
import { client, clockedApi, freshEmail, json, lastLink, loginUser, outbox, PASSWORD, registerUser, type Client, type Data } from "./auth-helpers";
import { clearChannelCache } from "@api/middleware/tenant";

const { app } = clockedApi();
let alpha: Client;
let beta: Client;
let fx: Fixtures;

beforeAll(async () => {
  fx = await seedChannels();
  alpha = await client(app, "alpha");
  beta = await client(app, "beta");
});

const patch = (c: Client, token: string, fields: Record<string, unknown>) => c.post("/api/profile", { _method: "patch", ...fields }, token);

describe("POST /profile", () => {
  it("changes names and phone, and clears the phone with an empty value", async () => {
    const { token } = await registerUser(alpha);
    const res = await patch(alpha, token, { first_name: "Grace", phone: "+1 (514) 555-0100" });
    expect(res.status).toBe(200);
    expect((await json<Data<User>>(res)).data).toMatchObject({ first_name: "Grace", last_name: "Lovelace", phone: "+1 (514) 555-0100" });
    expect((await json<Data<User>>(await patch(alpha, token, { phone: "" }))).data.phone).toBeNull();
  });

  it("keeps the account's spoiler-safe choice (issue 27): off by default, on and off again, and refuses a non-boolean", async () => {
    const { token } = await registerUser(alpha);
    const profile = async () => (await json<Data<User>>(await alpha.get("/api/profile", token))).data;
    expect((await profile()).hide_scores).toBe(false);
    expect((await json<Data<User>>(await patch(alpha, token, { hide_scores: true }))).data.hide_scores).toBe(true);
    expect((await profile()).hide_scores).toBe(true);
    // A form's "0" is a no.
    expect((await json<Data<User>>(await patch(alpha, token, { hide_scores: "0" }))).data.hide_scores).toBe(false);
    const bad = await patch(alpha, token, { hide_scores: "maybe" });
    expect(bad.status).toBe(422);
    expect((await json<{ errors: Record<string, string[]> }>(bad)).errors.hide_scores).toEqual(["hide_scores must be true or false."]);
  });

  it("refuses an invalid phone with the field's message", async () => {
    const { token } = await registerUser(alpha);
    const res = await patch(alpha, token, { phone: "call me" });
    expect(res.status).toBe(422);
    expect((await json<{ errors: Record<string, string[]> }>(res)).errors.phone).toEqual(["A valid phone number is required"]);
  });

  it("a new email waits for its own link, then is the account's, verified", async () => {
    const email = freshEmail();
    const { token } = await registerUser(alpha, email);
    await alpha.post("/api/auth/email-verify", (await lastLink(alpha, email, "verify_email")).params);
    const next = freshEmail("moved");
    const res = await patch(alpha, token, { email: next.toUpperCase(), current_password: PASSWORD });
    expect((await json<Data<User>>(res)).data).toMatchObject({ email, email_verified: true, pending_email: next });
    const { params } = await lastLink(alpha, next, "change_email");
    expect((await json<Data<User>>(await alpha.post("/api/auth/email-verify", params))).data).toMatchObject({ email: next, email_verified: true });
  });

  it("refuses an email another account of the channel has", async () => {
    const taken = freshEmail();
    await registerUser(alpha, taken);
    const { token } = await registerUser(alpha);
    const res = await patch(alpha, token, { email: taken, current_password: PASSWORD });
    expect(res.status).toBe(422);
    expect((await json<{ errors: Record<string, string[]> }>(res)).errors.email).toEqual([AUTH_MESSAGES.emailTaken]);
  });

  it("needs the right current password to set a new one, then signs out the other sessions only", async () => {
    const email = freshEmail();
    const { token } = await registerUser(alpha, email);
    const other = await loginUser(alpha, email);
    const wrong = await patch(alpha, token, { current_password: "nope-nope", password: "Another-pass1", password_confirmation: "Another-pass1" });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({ message: AUTH_MESSAGES.incorrectPassword, errors: { current_password: [AUTH_MESSAGES.incorrectPassword] } });
    const missing = await patch(alpha, token, { password: "Another-pass1", password_confirmation: "Another-pass1" });
    expect(missing.status).toBe(422);
    expect((await json<{ errors: Record<string, string[]> }>(missing)).errors.current_password).toEqual(["Field is required"]);

    const ok = await patch(alpha, token, { current_password: PASSWORD, password: "Another-pass1", password_confirmation: "Another-pass1" });
    expect(ok.status).toBe(200);
    expect((await alpha.get("/api/profile", token)).status).toBe(200);
    expect((await alpha.get("/api/profile", other.token)).status).toBe(401);
    await expect(loginUser(alpha, email, "Another-pass1")).resolves.toBeTruthy();
  });
});

describe("accounts without a password, and mail requests", () => {
  it("lets an account made through Google set its first password without a current one", async () => {
    const email = freshEmail("social");
    const { token } = await registerUser(alpha, email);
    // What a Google or Facebook sign-up leaves: no password hash.
    await getDb(env.DB).update(users).set({ passwordHash: null }).where(and(eq(users.channelId, fx.alpha.id), eq(users.email, email)));
    expect((await json<Data<User>>(await alpha.get("/api/profile", token))).data.has_password).toBe(false);
    const res = await patch(alpha, token, { password: "First-pass-1", password_confirmation: "First-pass-1" });
    expect(res.status).toBe(200);
    expect((await json<Data<User>>(res)).data.has_password).toBe(true);
    await expect(loginUser(alpha, email, "First-pass-1")).resolves.toBeTruthy();
  });

  it("limits the mails a signed-in user can ask for", async () => {
    const { token } = await registerUser(alpha);
    const statuses: number[] = [];
    for (let i = 0; i < MAIL_ACCOUNT_LIMIT + 1; i++) statuses.push((await alpha.post("/api/auth/delete-account-request", {}, token)).status);
    expect(statuses).toEqual([...Array(MAIL_ACCOUNT_LIMIT).fill(200), 429]);
  });
});

describe("GET /user/access", () => {
  it("lowercases capabilities and reads vod_media_access as vod_media", async () => {
    const { token, user } = await registerUser(alpha);
    await getDb(env.DB).update(users).set({ capabilities: ["WATCH", "vod_media_access", "unknown"] }).where(eq(users.id, user.id));
    const access = (await json<Data<UserAccess>>(await alpha.get("/api/user/access", token))).data;
    expect(access.capabilities).toEqual(["watch", "vod_media"]);
    expect(access.flags).toMatchObject({ watch: true, vod_media: true, download: false });
    expect(access.is_geo_blocked).toBe(false);
  });

  it("reports a visitor from a blocked country", async () => {
    const { token } = await registerUser(alpha);
    await getDb(env.DB).insert(channelSettings).values({ channelId: fx.alpha.id, key: "geo.blocked_countries", value: ["CA"] });
    clearChannelCache(); // the geo rule travels with the cached channel, as after a tenant reload
    const access = (await json<Data<UserAccess>>(await alpha.get("/api/user/access", token, { "x-simulate-country": "CA" }))).data;
    expect(access.is_geo_blocked).toBe(true);
  });
});

describe("account deletion", () => {
  it("deletes the account through the mailed link: sessions, links and mails go; other channels stay", async () => {
    const db = getDb(env.DB);
    const email = freshEmail("leaving");
    const { token, user } = await registerUser(alpha, email);
    const second = await loginUser(alpha, email);
    const twin = await registerUser(beta, email);

    const req = await alpha.post("/api/auth/delete-account-request", {}, token);
    expect(await req.json()).toEqual({ data: { sent: true } });
    const { url, params } = await lastLink(alpha, email, "delete_account");
    expect(url.pathname).toBe("/confirm-account-deletion");

    // Public call: no api key needed.
    const confirm = await app.fetch(
      new Request("http://alpha.localhost/api/delete-account-confirm", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(params) }),
      env,
      testContext().ctx,
    );
    expect(confirm.status).toBe(200);
    expect(await confirm.json()).toEqual({ data: { deleted: true } });

    expect(await db.select().from(users).where(eq(users.id, user.id)).all()).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toEqual([]);
    expect(await db.select().from(signedLinks).where(eq(signedLinks.userId, user.id)).all()).toEqual([]);
    expect(await db.select().from(mailOutbox).where(and(eq(mailOutbox.channelId, fx.alpha.id), eq(mailOutbox.to, email))).all()).toEqual([]);
    expect((await outbox(alpha)).some((m) => m.to === email)).toBe(false);
    expect((await alpha.get("/api/profile", second.token)).status).toBe(401);

    // The same email on beta is another account, untouched.
    expect((await beta.get("/api/profile", twin.token)).status).toBe(200);
    expect((await outbox(beta)).some((m) => m.to === email)).toBe(true);

    const again = await alpha.post("/api/delete-account-confirm", params);
    expect(again.status).toBe(422);
    expect((await json<{ message: string }>(again)).message).toBe(AUTH_MESSAGES.deletionFailed);
  });
});
