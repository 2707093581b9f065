// Auth calls (SPEC §7 "Auth"): registration, sign-in, sign-out, email verification, password reset and account
// deletion. Every body goes through the shared contract schemas; the rules live in api/services/auth.
import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppEnv } from "../context";
import { AUTH_MESSAGES, loginSchema, passwordResetRequestSchema, passwordResetSchema, registerSchema, signedLinkSchema, type AuthSession } from "../contract/auth";
import { languageSchema } from "../contract/common";
import { ApiError } from "../lib/errors";
import { body } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { currentUser, requireUser } from "../middleware/user";
import { releaseStreamsBut } from "../services/streams";
import { streamScope } from "./streams";
import { checkResetLink, login, mailLink, register, requestPasswordReset, resendVerification, resetPassword, verifyEmail } from "../services/auth/accounts";
import { confirmDeletion } from "../services/auth/profile";
import { authRequest } from "../services/auth/request";
import { closeSession } from "../services/auth/sessions";
import { RULES, throttle, throttleKeys } from "../services/auth/throttle";
import { userForRequest, type UserRow } from "../services/auth/users";

/** login and register are for visitors: a valid token means the client already has a session. */
export const rejectSignedIn = createMiddleware<AppEnv>(async (c, next) => {
  if (await currentUser(c)) throw new ApiError(409, AUTH_MESSAGES.alreadyLoggedIn);
  await next();
});

/** Mails a signed-in user asks for (resend, deletion link) are limited per account, so no one can flood an inbox. */
const throttleMail = (c: Context<AppEnv>) =>
  throttle(c.env, c.get("now")(), [[throttleKeys.mailAccount(c.get("channel").id, c.get("user").id), RULES.mailAccount]]);

const registerBody = registerSchema().and(z.object({ language: languageSchema.optional() }));

async function sessionAnswer(c: Context<AppEnv>, row: UserRow, session: { token: string; expiresAt: number }): Promise<AuthSession> {
  return { user: await userForRequest(c, row), token: session.token, expires_at: session.expiresAt };
}

export const authRoutes = new Hono<AppEnv>()
  .post("/v2/auth/register", requireApiKey, rejectSignedIn, body(registerBody), async (c) => {
    const { user, session } = await register(authRequest(c), c.req.valid("json"));
    return c.json({ data: await sessionAnswer(c, user, session) });
  })
  .post("/v2/auth/login", requireApiKey, rejectSignedIn, body(loginSchema()), async (c) => {
    const { user, session, deviceToken } = await login(authRequest(c), c.req.valid("json"));
    return c.json({ data: { ...(await sessionAnswer(c, user, session)), device_token: deviceToken } });
  })
  .post("/auth/logout", requireApiKey, requireUser({ allowTemporary: true }), async (c) => {
    await closeSession(c.get("db"), c.get("session").id);
    return c.json({ data: { logged_out: true } });
  })
  .post("/auth/email-verify", requireApiKey, body(signedLinkSchema()), async (c) => {
    const user = await verifyEmail(authRequest(c), c.req.valid("json"));
    return c.json({ data: await userForRequest(c, user) });
  })
  .post("/auth/email-verify/resend", requireApiKey, requireUser(), async (c) => {
    await throttleMail(c);
    await resendVerification(authRequest(c), c.get("user"));
    return c.json({ data: { sent: true } });
  })
  .post("/auth/password-reset-request", requireApiKey, body(passwordResetRequestSchema()), async (c) => {
    await requestPasswordReset(authRequest(c), c.req.valid("json"));
    return c.json({ data: { sent: true } });
  })
  // Whether a reset link still works, without using it (the page checks before it shows the form).
  .post("/auth/password-reset/check", requireApiKey, body(signedLinkSchema()), async (c) => {
    await checkResetLink(authRequest(c), c.req.valid("json"));
    return c.json({ data: { valid: true } });
  })
  .post("/auth/password-reset", requireApiKey, body(passwordResetSchema()), async (c) => {
    const { userId } = await resetPassword(authRequest(c), c.req.valid("json"));
    // Every session ended with the reset: so do their streams.
    await releaseStreamsBut(streamScope(c, userId), null);
    return c.json({ data: { reset: true } });
  })
  .post("/auth/delete-account-request", requireApiKey, requireUser(), async (c) => {
    await throttleMail(c);
    await mailLink(authRequest(c), c.get("user"), "delete_account");
    return c.json({ data: { sent: true } });
  })
  // Public (SPEC §7): the link in the mail is the proof, and the page that posts it may have no api key yet.
  .post("/delete-account-confirm", body(signedLinkSchema()), async (c) => {
    await confirmDeletion(authRequest(c), c.req.valid("json"));
    return c.json({ data: { deleted: true } });
  });
