// Signed, single-use links: email verification and password reset (SPEC §2 query parameters, §8 messages). The reset
// mail goes through the queue (issue 25, ADR 028): the tests wait for it.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES, type User } from "@api/contract/auth";
import { RESET_LINK_TTL_MS, VERIFY_LINK_TTL_MS } from "@api/contract/constants";
import type { PasswordResetJob } from "@api/jobs/password-reset";
import { sendPasswordReset } from "@api/services/auth/password-reset-mail";
import { seedChannels } from "./fixtures";
import { client, clockedApi, eventually, freshEmail, json, lastLink, loginUser, mailsTo, outbox, PASSWORD, registerUser, requestResetLink, type Client, type Data } from "./auth-helpers";

const { app, clock } = clockedApi();
let alpha: Client;
let beta: Client;

beforeAll(async () => {
  await seedChannels();
  alpha = await client(app, "alpha");
  beta = await client(app, "beta");
});

const NEW_PASSWORD = "Brand-new-pass1";
const reset = (c: Client, params: Record<string, unknown>) =>
  c.post("/api/auth/password-reset", { ...params, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
const message = async (res: Response) => (await json<{ message: string }>(res)).message;

describe("email verification", () => {
  it("verifies once; the same link afterwards says there is nothing left to do", async () => {
    const email = freshEmail();
    const { token } = await registerUser(alpha, email);
    const { params } = await lastLink(alpha, email, "verify_email");
    const ok = await alpha.post("/api/auth/email-verify", params);
    expect(ok.status).toBe(200);
    expect((await json<Data<User>>(ok)).data).toMatchObject({ email, email_verified: true });
    const again = await alpha.post("/api/auth/email-verify", params);
    expect(again.status).toBe(409);
    expect(await message(again)).toBe(AUTH_MESSAGES.emailAlreadyVerified);
    // A new link for a verified address: "already verified".
    expect((await alpha.post("/api/auth/email-verify/resend", {}, token)).status).toBe(409);
  });

  it("refuses a tampered email, expiry or signature", async () => {
    const email = freshEmail();
    await registerUser(alpha, email);
    const { params } = await lastLink(alpha, email, "verify_email");
    for (const tampered of [
      { ...params, email: freshEmail() },
      { ...params, expires: params.expires + 1000 },
      { ...params, signature: params.signature.slice(0, -2) + (params.signature.endsWith("AA") ? "BB" : "AA") },
    ]) {
      const res = await alpha.post("/api/auth/email-verify", tampered);
      expect(res.status).toBe(422);
      expect(await message(res)).toBe(AUTH_MESSAGES.verificationFailed);
    }
    // The untouched link still works.
    expect((await alpha.post("/api/auth/email-verify", params)).status).toBe(200);
  });

  it("refuses an expired link, and a link on another channel", async () => {
    const email = freshEmail();
    await registerUser(alpha, email);
    const { params } = await lastLink(alpha, email, "verify_email");
    expect((await beta.post("/api/auth/email-verify", params)).status).toBe(422);
    const start = clock.now;
    clock.now += VERIFY_LINK_TTL_MS + 1;
    try {
      const res = await alpha.post("/api/auth/email-verify", params);
      expect(res.status).toBe(422);
      expect(await message(res)).toBe(AUTH_MESSAGES.verificationFailed);
    } finally {
      clock.now = start;
    }
  });

  it("resends a link to an unverified user", async () => {
    const email = freshEmail();
    const { token } = await registerUser(alpha, email);
    const first = await lastLink(alpha, email, "verify_email");
    const res = await alpha.post("/api/auth/email-verify/resend", {}, token);
    expect(await res.json()).toEqual({ data: { sent: true } });
    const second = await lastLink(alpha, email, "verify_email");
    expect(second.params.signature).not.toBe(first.params.signature);
  });
});

describe("password reset", () => {
  it("answers the same for unknown emails and mails only real accounts, once the queue has run", async () => {
    const email = freshEmail();
    const ghost = freshEmail("ghost");
    await registerUser(alpha, email);
    // The unknown one first: the queue runs its jobs in order, so once the known one's mail is there, both have run.
    const unknown = await alpha.post("/api/auth/password-reset-request", { email: ghost });
    const known = await alpha.post("/api/auth/password-reset-request", { email });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect([...known.headers]).toEqual([...unknown.headers]);
    expect(await known.text()).toBe(await unknown.text());
    await eventually(async () => (await mailsTo(alpha, email, "password_reset")).length === 1, "the reset mail");
    const { url } = await lastLink(alpha, email, "password_reset");
    expect(url.pathname).toBe("/password-reset");
    expect(await mailsTo(alpha, ghost, "password_reset")).toEqual([]);
  });

  it("does the same work for either email in the request: one job, no mail written (issue 25, ADR 028)", async () => {
    const sent: unknown[] = [];
    const recording = { ...env, JOBS: { send: async (body: unknown) => void sent.push(body), sendBatch: async () => undefined } } as unknown as Env;
    const c = await client(app, "alpha", recording);
    const email = freshEmail();
    await registerUser(alpha, email);
    const mailsBefore = (await outbox(c)).length;
    for (const asked of [email, freshEmail("ghost")]) expect((await c.post("/api/auth/password-reset-request", { email: asked })).status).toBe(200);
    expect((await outbox(c)).length).toBe(mailsBefore);
    expect(sent.map((job) => Object.keys(job as object).sort())).toEqual([
      ["channelId", "email", "kind", "origin", "requestedAt"],
      ["channelId", "email", "kind", "origin", "requestedAt"],
    ]);
    // The consumer mails the account's owner only, and takes a channel or account gone since as done, not failed.
    const [forAccount, forGhost] = sent as PasswordResetJob[];
    expect(await sendPasswordReset(env, forGhost)).toBe("no-account");
    expect(await sendPasswordReset(env, { ...forAccount, channelId: 999_999 })).toBe("no-account");
    expect(await mailsTo(c, forGhost.email, "password_reset")).toEqual([]);
    expect(await sendPasswordReset(env, forAccount)).toBe("sent");
    expect(await mailsTo(c, email, "password_reset")).toHaveLength(1);
  });

  it("resets once, signs the user out everywhere, and refuses the link again", async () => {
    const email = freshEmail();
    const { token } = await registerUser(alpha, email);
    const { params } = await requestResetLink(alpha, email);
    const ok = await reset(alpha, params);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ data: { reset: true } });
    expect((await alpha.get("/api/profile", token)).status).toBe(401);
    const session = await loginUser(alpha, email, NEW_PASSWORD);
    // The reset link proved the address.
    expect(session.user.email_verified).toBe(true);
    expect((await alpha.post("/api/v2/auth/login", { email, password: PASSWORD })).status).toBe(422);

    const again = await reset(alpha, params);
    expect(again.status).toBe(422);
    expect(await message(again)).toBe(AUTH_MESSAGES.resetLinkUsed);
  });

  it("refuses an expired link with its own message, and a tampered one", async () => {
    const email = freshEmail();
    await registerUser(alpha, email);
    const { params } = await requestResetLink(alpha, email);
    const tampered = await reset(alpha, { ...params, email: freshEmail() });
    expect(await message(tampered)).toBe(AUTH_MESSAGES.resetFailed);
    const start = clock.now;
    clock.now += RESET_LINK_TTL_MS + 1;
    try {
      const res = await reset(alpha, params);
      expect(res.status).toBe(422);
      expect(await message(res)).toBe(AUTH_MESSAGES.resetKeyExpired);
    } finally {
      clock.now = start;
    }
  });

  it("does not accept a verification link as a reset link", async () => {
    const email = freshEmail();
    await registerUser(alpha, email);
    const { params } = await lastLink(alpha, email, "verify_email");
    const res = await reset(alpha, params);
    expect(res.status).toBe(422);
    expect(await message(res)).toBe(AUTH_MESSAGES.resetFailed);
  });

  it("answers User not found when the address changed since the link was sent", async () => {
    const email = freshEmail();
    const { token } = await registerUser(alpha, email);
    const { params } = await requestResetLink(alpha, email);
    const next = freshEmail("moved");
    expect((await alpha.post("/api/profile", { _method: "patch", email: next, current_password: PASSWORD }, token)).status).toBe(200);
    expect((await alpha.post("/api/auth/email-verify", (await lastLink(alpha, next, "change_email")).params)).status).toBe(200);
    const res = await reset(alpha, params);
    expect(res.status).toBe(404);
    expect(await message(res)).toBe(AUTH_MESSAGES.userNotFound);
  });
});
