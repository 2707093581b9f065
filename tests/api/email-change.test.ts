// Changing the account's email (issue 25): re-authenticated, pending until the new address follows its link, told to
// the old address; until then the old address is the account's (sign-in, password reset).
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES, type User } from "@api/contract/auth";
import { LOGIN_ACCOUNT_LIMIT, RECENT_SIGN_IN_MS } from "@api/contract/constants";
import { getDb } from "@api/db/client";
import { users } from "@api/db/schema";
import { seedChannels, type Fixtures } from "./fixtures";
import { client, clockedApi, freshEmail, json, lastLink, loginUser, outbox, PASSWORD, registerUser, requestResetLink, type Client, type Data } from "./auth-helpers";

const { app, clock } = clockedApi();
let alpha: Client;
let fx: Fixtures;

beforeAll(async () => {
  fx = await seedChannels();
  alpha = await client(app, "alpha");
});

type Refusal = { message: string; errors?: Record<string, string[]> };
const patch = (token: string, fields: Record<string, unknown>) => alpha.post("/api/profile", { _method: "patch", ...fields }, token);
const profile = async (token: string) => (await json<Data<User>>(await alpha.get("/api/profile", token))).data;
const mailsTo = async (to: string) => (await outbox(alpha)).filter((m) => m.to === to);
const followLink = (params: Record<string, unknown>) => alpha.post("/api/auth/email-verify", params);

describe("an email change needs the owner", () => {
  it("refuses a change without the current password, in clear words, and changes nothing", async () => {
    const email = freshEmail();
    const { token } = await registerUser(alpha, email);
    const next = freshEmail("moved");
    const res = await patch(token, { email: next });
    expect(res.status).toBe(422);
    expect(await json<Refusal>(res)).toEqual({
      message: AUTH_MESSAGES.currentPasswordForEmail,
      errors: { current_password: [AUTH_MESSAGES.currentPasswordForEmail] },
    });
    expect(await profile(token)).toMatchObject({ email, pending_email: null });
    expect(await mailsTo(next)).toEqual([]);
  });

  it("refuses a wrong current password", async () => {
    const email = freshEmail();
    const { token } = await registerUser(alpha, email);
    const res = await patch(token, { email: freshEmail("moved"), current_password: "not-my-password" });
    expect(res.status).toBe(422);
    expect(await json<Refusal>(res)).toEqual({ message: AUTH_MESSAGES.incorrectPassword, errors: { current_password: [AUTH_MESSAGES.incorrectPassword] } });
    expect((await profile(token)).email).toBe(email);
  });

  it("counts wrong current passwords like sign-in attempts of the account", async () => {
    const { token } = await registerUser(alpha);
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_ACCOUNT_LIMIT; i++) statuses.push((await patch(token, { email: freshEmail("moved"), current_password: `wrong-${i}` })).status);
    expect(statuses).toEqual([...Array(LOGIN_ACCOUNT_LIMIT).fill(422), 429]);
  });

  it("an account without a password needs a sign-in of the last minutes", async () => {
    const email = freshEmail("social");
    const { token } = await registerUser(alpha, email);
    // What a Google or Facebook sign-up leaves: no password hash.
    await getDb(env.DB).update(users).set({ passwordHash: null }).where(and(eq(users.channelId, fx.alpha.id), eq(users.email, email)));
    const start = clock.now;
    clock.now += RECENT_SIGN_IN_MS;
    try {
      const stale = await patch(token, { email: freshEmail("moved") });
      expect(stale.status).toBe(403);
      expect(await json<Refusal>(stale)).toEqual({ message: AUTH_MESSAGES.recentSignInRequired, errors: { email: [AUTH_MESSAGES.recentSignInRequired] } });
    } finally {
      clock.now = start;
    }
    const next = freshEmail("moved");
    const fresh = await patch(token, { email: next });
    expect(fresh.status).toBe(200);
    expect((await json<Data<User>>(fresh)).data).toMatchObject({ email, pending_email: next });
  });
});

describe("the old address stays the account's until the new one is confirmed", () => {
  it("keeps the old email, tells it, and sends password resets to it until the link is followed", async () => {
    const email = freshEmail();
    const { token } = await registerUser(alpha, email);
    const next = freshEmail("moved");
    const res = await patch(token, { email: next.toUpperCase(), current_password: PASSWORD });
    expect(res.status).toBe(200);
    expect((await json<Data<User>>(res)).data).toMatchObject({ email, pending_email: next });

    // The old address is told, with the new address named and a way to secure the account.
    const notice = (await mailsTo(email)).find((m) => m.kind === "email_change_notice");
    expect(notice?.text).toContain(next);
    expect(new URL(notice!.links[0]).pathname).toBe("/password-reset-request");

    // A reset asked for either address reaches the old one only.
    // (Reset mails go through the queue: the one for the old address arrives after the job for the new one ran.)
    await alpha.post("/api/auth/password-reset-request", { email: next });
    await requestResetLink(alpha, email);
    expect((await mailsTo(next)).map((m) => m.kind)).toEqual(["change_email"]);
    await expect(loginUser(alpha, email)).resolves.toBeTruthy();
    await expect(loginUser(alpha, next)).rejects.toThrow(/422/);

    // The link mailed to the new address switches the email, verified.
    const { url, params } = await lastLink(alpha, next, "change_email");
    expect(url.pathname).toBe("/verify-email");
    const followed = await followLink(params);
    expect(followed.status).toBe(200);
    expect((await json<Data<User>>(followed)).data).toMatchObject({ email: next, email_verified: true, pending_email: null });
    await expect(loginUser(alpha, next)).resolves.toBeTruthy();
    await expect(loginUser(alpha, email)).rejects.toThrow(/422/);
    expect((await followLink(params)).status).toBe(422);
  });

  it("refuses the link when another account of the channel took the address meanwhile", async () => {
    const email = freshEmail();
    const { token } = await registerUser(alpha, email);
    const next = freshEmail("contested");
    await patch(token, { email: next, current_password: PASSWORD });
    const { params } = await lastLink(alpha, next, "change_email");
    await registerUser(alpha, next);
    const res = await followLink(params);
    expect(res.status).toBe(422);
    expect((await json<Refusal>(res)).message).toBe(AUTH_MESSAGES.emailTaken);
    expect((await profile(token)).email).toBe(email);
  });

  it("a newer change or a password reset cancels the link of an earlier change", async () => {
    const email = freshEmail();
    const { token } = await registerUser(alpha, email);
    const first = freshEmail("first");
    await patch(token, { email: first, current_password: PASSWORD });
    const firstLink = (await lastLink(alpha, first, "change_email")).params;
    const second = freshEmail("second");
    await patch(token, { email: second, current_password: PASSWORD });
    expect(await json<Refusal>(await followLink(firstLink))).toEqual({ message: AUTH_MESSAGES.verificationFailed });

    // The owner, warned by the notice, resets the password: the pending change goes with the sessions.
    const reset = (await requestResetLink(alpha, email)).params;
    expect((await alpha.post("/api/auth/password-reset", { ...reset, password: "Owner-again-7", password_confirmation: "Owner-again-7" })).status).toBe(200);
    const secondLink = (await lastLink(alpha, second, "change_email")).params;
    expect((await followLink(secondLink)).status).toBe(422);
    const session = await loginUser(alpha, email, "Owner-again-7");
    expect(session.user).toMatchObject({ email, pending_email: null });
  });

  it("a registration's verification link still verifies", async () => {
    const email = freshEmail();
    await registerUser(alpha, email);
    const res = await followLink((await lastLink(alpha, email, "verify_email")).params);
    expect((await json<Data<User>>(res)).data).toMatchObject({ email, email_verified: true });
  });
});
