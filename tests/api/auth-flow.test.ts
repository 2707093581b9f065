// Registration, sign-in, sign-out and the session token (SPEC §7 Auth, §8 messages).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES, type AuthSession, type User } from "@api/contract/auth";
import { getDb } from "@api/db/client";
import { sessions } from "@api/db/schema";
import { sha256Hex } from "@api/lib/crypto";
import { seedChannels } from "./fixtures";
import { client, clockedApi, freshEmail, json, lastLink, loginUser, outbox, PASSWORD, registerUser, type Client, type Data } from "./auth-helpers";

let alpha: Client;
let beta: Client;

beforeAll(async () => {
  await seedChannels();
  const { app } = clockedApi();
  alpha = await client(app, "alpha");
  beta = await client(app, "beta");
});

describe("register", () => {
  it("creates the user, opens a session and mails a verification link on the request's origin", async () => {
    const email = freshEmail("Reg");
    const session = await registerUser(alpha, email.toUpperCase());
    expect(session.token.length).toBeGreaterThanOrEqual(43);
    expect(session.user).toMatchObject({ email: email.toLowerCase(), first_name: "Ada", email_verified: false, temporary_password: false, language: "en", has_password: true });
    const stored = await getDb(env.DB).select().from(sessions).where(eq(sessions.tokenHash, await sha256Hex(session.token))).get();
    expect(stored).toBeTruthy();
    expect(JSON.stringify(stored)).not.toContain(session.token);

    const { mail, url } = await lastLink(alpha, email.toLowerCase(), "verify_email");
    expect(url.origin).toBe("http://alpha.localhost");
    expect(url.pathname).toBe("/verify-email");
    expect(mail.subject).toContain("Alpha Sports");
  });

  it("writes the mail in the channel's language (beta is French)", async () => {
    const email = freshEmail();
    await registerUser(beta, email);
    const { mail } = await lastLink(beta, email, "verify_email");
    expect(mail.subject).toMatch(/Confirmez/);
  });

  it("refuses an email already registered on the channel, but not on another channel", async () => {
    const email = freshEmail();
    await registerUser(alpha, email);
    const res = await alpha.post("/api/v2/auth/register", {
      first_name: "A", last_name: "B", email, password: PASSWORD, password_confirmation: PASSWORD, terms: true,
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: AUTH_MESSAGES.emailTaken, errors: { email: [AUTH_MESSAGES.emailTaken] } });
    await expect(registerUser(beta, email)).resolves.toBeTruthy();
  });

  it("answers 409 to a client that is already signed in", async () => {
    const { token } = await registerUser(alpha);
    const res = await alpha.post("/api/v2/auth/register", { first_name: "A", last_name: "B", email: freshEmail(), password: PASSWORD, password_confirmation: PASSWORD, terms: true }, token);
    expect(res.status).toBe(409);
    expect((await json<{ message: string }>(res)).message).toBe(AUTH_MESSAGES.alreadyLoggedIn);
  });
});

describe("login", () => {
  it("signs in with a new token each time", async () => {
    const email = freshEmail();
    const first = await registerUser(alpha, email);
    const second = await loginUser(alpha, email);
    expect(second.token).not.toBe(first.token);
    expect(second.user.email).toBe(email);
  });

  it("gives the same answer for an unknown email and a wrong password", async () => {
    const email = freshEmail();
    await registerUser(alpha, email);
    const wrong = await alpha.post("/api/v2/auth/login", { email, password: "not-the-password" });
    const unknown = await alpha.post("/api/v2/auth/login", { email: freshEmail("nobody"), password: "not-the-password" });
    expect(wrong.status).toBe(422);
    expect(unknown.status).toBe(422);
    const expected = { message: "Wrong auth data", errors: { email: ["Wrong auth data"] } };
    expect(await wrong.json()).toEqual(expected);
    expect(await unknown.json()).toEqual(expected);
  });

  it("refuses alpha's user on beta's host", async () => {
    const email = freshEmail();
    await registerUser(alpha, email);
    const res = await beta.post("/api/v2/auth/login", { email, password: PASSWORD });
    expect(res.status).toBe(422);
    expect((await json<{ message: string }>(res)).message).toBe(AUTH_MESSAGES.wrongAuthData);
  });

  it("does not accept alpha's token on beta", async () => {
    const { token } = await registerUser(alpha);
    expect((await beta.get("/api/profile", token)).status).toBe(401);
  });

  it("answers 409 when a valid token is sent", async () => {
    const email = freshEmail();
    const { token } = await registerUser(alpha, email);
    const res = await alpha.post("/api/v2/auth/login", { email, password: PASSWORD }, token);
    expect(res.status).toBe(409);
  });
});

describe("logout", () => {
  it("kills the session: the token is refused afterwards", async () => {
    const { token } = await registerUser(alpha);
    expect((await alpha.get("/api/profile", token)).status).toBe(200);
    const out = await alpha.post("/api/auth/logout", {}, token);
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ data: { logged_out: true } });
    const after = await alpha.get("/api/profile", token);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ message: "Unauthenticated" });
  });

  it("answers 401 without a token or with a made-up one", async () => {
    expect((await alpha.post("/api/auth/logout")).status).toBe(401);
    expect((await alpha.get("/api/profile", "made-up-token")).status).toBe(401);
  });
});

describe("the profile and access of a signed-in user", () => {
  it("GET profile and user/access answer the user and their flags", async () => {
    const { token, user } = await registerUser(alpha);
    const profile = await json<Data<User>>(await alpha.get("/api/profile", token));
    expect(profile.data).toEqual(user);
    const access = await json<Data<{ flags: Record<string, boolean>; capabilities: string[]; featureCount: unknown }>>(await alpha.get("/api/user/access", token));
    expect(access.data.capabilities).toEqual([]);
    expect(access.data.flags.watch).toBe(false);
    expect(access.data.featureCount).toEqual({ clips: 0, downloads: 0 });
  });

  it("lists the outbox newest first with the mails' links", async () => {
    const email = freshEmail();
    await registerUser(alpha, email);
    const mails = await outbox(alpha);
    expect(mails[0].to).toBe(email);
    expect(mails[0].links[0]).toMatch(/^http:\/\/alpha\.localhost\/verify-email\?/);
  });

  it("keeps AuthSession's shape", async () => {
    const s: AuthSession = await registerUser(alpha);
    expect(Object.keys(s).sort()).toEqual(["expires_at", "token", "user"]);
  });
});
