// Registration, sign-in, email verification and password reset (SPEC §7 Auth calls, §8 messages). Routes stay
// thin: they parse, guard and answer; the rules are here.
import { eq, sql } from "drizzle-orm";
import type { ChannelContext } from "../../context";
import { AUTH_MESSAGES, type RegisterInput } from "../../contract/auth";
import { DELETE_LINK_TTL_MS, EMAIL_CHANGE_LINK_TTL_MS, RESET_LINK_TTL_MS, VERIFY_LINK_TTL_MS } from "../../contract/constants";
import { users } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import { authSecret } from "../../lib/secrets";
import { captchaVerifier, requireCaptcha, stepUpCaptchaVerifier } from "../../providers/captcha";
import { enqueuePasswordReset } from "../../jobs/password-reset";
import { queueMail } from "../../providers/email/outbox";
import type { MailKind } from "../../providers/email/templates";
import { accountSignedInFromIp } from "../../db/repos/sessions";
import { issueDeviceToken, isKnownDevice } from "./device-token";
import { channelWords, requireAcceptablePassword } from "./password-policy";
import { dummyVerify, hashPassword, verifyPassword } from "./passwords";
import { isUniqueViolation, sessionClient, type AuthRequest } from "./request";
import { confirmEmailChange } from "./email-change";
import { closeUserSessionsQuery, openSession } from "./sessions";
import { checkSignedLink, createSignedLink, linkPath, markLinkUsed, type LinkParams, type LinkPurpose } from "./signed-links";
import type { RateRule } from "../rate-limit";
import { clearThrottle, countAttempt, refundAttempts, RULES, throttle, ThrottledError, throttleKeys } from "./throttle";
import { findUserByEmail, type UserRow } from "./users";

export const emailTaken = () => new ApiError(422, AUTH_MESSAGES.emailTaken, { email: [AUTH_MESSAGES.emailTaken] });
const wrongAuthData = () => new ApiError(422, AUTH_MESSAGES.wrongAuthData, { email: [AUTH_MESSAGES.wrongAuthData] });
export const userNotFound = () => new ApiError(404, AUTH_MESSAGES.userNotFound);

const LINKS: Record<LinkPurpose, { path: string; ttlMs: number; mail: MailKind }> = {
  verify_email: { path: "/verify-email", ttlMs: VERIFY_LINK_TTL_MS, mail: "verify_email" },
  password_reset: { path: "/password-reset", ttlMs: RESET_LINK_TTL_MS, mail: "password_reset" },
  delete_account: { path: "/confirm-account-deletion", ttlMs: DELETE_LINK_TTL_MS, mail: "delete_account" },
  // Mailed to the new address by email-change.ts, not through mailLink.
  change_email: { path: "/verify-email", ttlMs: EMAIL_CHANGE_LINK_TTL_MS, mail: "change_email" },
};

/** What mailing a link needs: a request's, or a queue job's (the password-reset consumer). */
export type MailScope = Pick<AuthRequest, "db" | "env" | "now" | "origin"> & { channel: Pick<ChannelContext, "id" | "name"> };

/** Signs a link for the user and writes its mail to the outbox. */
export async function mailLink(req: MailScope, user: Pick<UserRow, "id" | "email" | "firstName" | "language">, purpose: LinkPurpose, ttlMs = LINKS[purpose].ttlMs) {
  const spec = LINKS[purpose];
  const params = await createSignedLink(req.db, {
    secret: authSecret(req.env),
    channelId: req.channel.id,
    userId: user.id,
    email: user.email,
    purpose,
    ttlMs,
    now: req.now,
  });
  await queueMail(req.db, req.env, {
    channel: req.channel,
    userId: user.id,
    to: user.email,
    firstName: user.firstName,
    language: user.language,
    kind: spec.mail,
    link: new URL(linkPath(spec.path, params), req.origin).toString(),
    origin: req.origin,
    now: req.now,
  });
}

export async function register(req: AuthRequest, input: RegisterInput) {
  // Counted first, captcha or not, so a script's refused attempts use up its address's allowance too. A request with no
  // address (never in production, where Cloudflare sets CF-Connecting-IP) has none to count against.
  if (req.ip !== "unknown") await throttle(req.env, req.now, [[throttleKeys.registerIp(req.channel.id, req.ip), RULES.registerIp]]);
  requireAcceptablePassword(input.password, { emails: [input.email], words: [input.first_name, input.last_name, ...(await channelWords(req.db, req.channel))] });
  await requireCaptcha(captchaVerifier(req.env), input.captcha_token, req.ip);
  if (await findUserByEmail(req.db, req.channel.id, input.email)) throw emailTaken();
  let user: UserRow;
  try {
    user = await req.db
      .insert(users)
      .values({
        channelId: req.channel.id,
        email: input.email,
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone ?? null,
        passwordHash: await hashPassword(input.password),
        language: input.language ?? req.channel.defaultLanguage,
        createdAt: req.now,
        updatedAt: req.now,
      })
      .returning()
      .get();
  } catch (error) {
    // Two registrations of the same email at once: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  const session = await openSession(req.db, { channelId: req.channel.id, userId: user.id, ...sessionClient(req), now: req.now });
  await mailLink(req, user, "verify_email");
  return { user, session };
}

/**
 * Sign-in, throttled as ADR 021 and 028 say: per IP, per account and IP (the SPEC's 5 per 15 minutes; a success clears
 * it), and per account across all IPs for unknown devices only. Every attempt is counted before the password is
 * checked, so parallel guesses cannot race past a limit; a success then gives its own attempt back, so only failures
 * add up. Past the per-account limit an unknown device is asked for a captcha instead of being refused: guessing
 * spread over many IPs slows down without locking the owner out of a new browser.
 */
export async function login(req: AuthRequest, input: { email: string; password: string; captcha_token?: string; device_token?: string }) {
  const ipKey = throttleKeys.loginIp(req.channel.id, req.ip);
  const accountIpKey = throttleKeys.loginAccountIp(req.channel.id, input.email, req.ip);
  const accountKey = throttleKeys.loginAccount(req.channel.id, input.email);
  await throttle(req.env, req.now, [
    [ipKey, RULES.loginIp],
    [accountIpKey, RULES.loginAccountIp],
  ]);
  const counted: [string, RateRule][] = [[ipKey, RULES.loginIp]];
  let captcha = captchaVerifier(req.env);
  if (!(await knownDevice(req, input))) {
    const account = await countAttempt(req.env, req.now, accountKey, RULES.loginAccount);
    if (account.allowed) counted.push([accountKey, RULES.loginAccount]);
    else captcha = stepUpCaptcha(req, account.resetAt);
  }
  await requireCaptcha(captcha, input.captcha_token, req.ip);
  const user = await findUserByEmail(req.db, req.channel.id, input.email);
  // Same answer and the same hashing work whether the email is unknown or the password wrong.
  if (!user) {
    await dummyVerify();
    throw wrongAuthData();
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) throw wrongAuthData();
  // The per-account count is given back, not cleared: this success says nothing of the other IPs' failures.
  await Promise.all([clearThrottle(req.env, accountIpKey), refundAttempts(req.env, req.now, counted)]);
  const session = await openSession(req.db, { channelId: req.channel.id, userId: user.id, ...sessionClient(req), now: req.now });
  const deviceToken = await issueDeviceToken(authSecret(req.env), req.channel.id, user.email, req.now);
  return { user, session, deviceToken };
}

/** The captcha past the per-account limit; without one to ask (production without Turnstile), the limit refuses. */
function stepUpCaptcha(req: AuthRequest, windowEnds: number) {
  const verifier = stepUpCaptchaVerifier(req.env);
  if (!verifier) throw ThrottledError.until(windowEnds, req.now);
  return verifier;
}

/** A browser holding this account's device token, or an IP one of its live sessions was opened from. */
async function knownDevice(req: AuthRequest, input: { email: string; device_token?: string }): Promise<boolean> {
  if (await isKnownDevice(authSecret(req.env), req.channel.id, input.email, input.device_token, req.now)) return true;
  // Without CF-Connecting-IP (local runs) every request shares "unknown": that is no place.
  return req.ip !== "unknown" && accountSignedInFromIp(req.db, req.channel.id, input.email, req.ip, req.now);
}

/** The user a checked link belongs to: the link's email must still be that user's. */
export async function linkUser(req: AuthRequest, email: string, userId: number): Promise<UserRow> {
  const user = await findUserByEmail(req.db, req.channel.id, email);
  if (!user || user.id !== userId) throw userNotFound();
  return user;
}

/** Follows a verification link: a registration's, or an email change's (the same page receives both). */
export async function verifyEmail(req: AuthRequest, link: LinkParams): Promise<UserRow> {
  const checkAs = (purpose: LinkPurpose) => checkSignedLink(req.db, { ...link, secret: authSecret(req.env), channelId: req.channel.id, purpose, now: req.now });
  const check = await checkAs("verify_email");
  if (!check.ok && check.reason === "invalid") {
    const change = await checkAs("change_email");
    if (change.ok || change.reason !== "invalid") return confirmEmailChange(req, link, change);
  }
  if (!check.ok) {
    // A genuine link followed again (from the mail, a second time) finds nothing left to do: say so.
    if (check.reason === "used" && (await findUserByEmail(req.db, req.channel.id, link.email))?.emailVerifiedAt != null) {
      throw new ApiError(409, AUTH_MESSAGES.emailAlreadyVerified);
    }
    throw new ApiError(422, AUTH_MESSAGES.verificationFailed);
  }
  const user = await linkUser(req, link.email, check.userId);
  if (user.emailVerifiedAt !== null) throw new ApiError(409, AUTH_MESSAGES.emailAlreadyVerified);
  const [, updated] = await req.db.batch([
    markLinkUsed(req.db, check.linkId, req.now),
    req.db.update(users).set({ emailVerifiedAt: req.now, updatedAt: req.now }).where(eq(users.id, user.id)).returning(),
  ]);
  return updated[0];
}

export async function resendVerification(req: AuthRequest, user: UserRow): Promise<void> {
  if (user.emailVerifiedAt !== null) throw new ApiError(409, AUTH_MESSAGES.emailAlreadyVerified);
  await mailLink(req, user, "verify_email");
}

/**
 * Asks the queue to mail a reset link if the account exists (api/jobs/password-reset.ts). The same work and the same
 * answer for any email: no look-up here, so neither the answer nor its timing tells whether the account exists.
 */
export async function requestPasswordReset(req: AuthRequest, input: { email: string; captcha_token?: string }): Promise<void> {
  await throttle(req.env, req.now, [
    [throttleKeys.resetIp(req.channel.id, req.ip), RULES.resetIp],
    [throttleKeys.resetAccount(req.channel.id, input.email), RULES.resetAccount],
  ]);
  await requireCaptcha(captchaVerifier(req.env), input.captcha_token, req.ip);
  await enqueuePasswordReset(req.env, { channelId: req.channel.id, email: input.email, origin: req.origin, requestedAt: req.now });
}

/** Why a reset link no longer works, in SPEC §8's words ("used" beside them, in their style). */
const RESET_LINK_REFUSALS = { expired: AUTH_MESSAGES.resetKeyExpired, used: AUTH_MESSAGES.resetLinkUsed, invalid: AUTH_MESSAGES.resetFailed } as const;

/** The user a reset link is for, while the link still works; it is not used up. */
async function resetLinkUser(req: AuthRequest, link: LinkParams) {
  const check = await checkSignedLink(req.db, { ...link, secret: authSecret(req.env), channelId: req.channel.id, purpose: "password_reset", now: req.now });
  if (!check.ok) throw new ApiError(422, RESET_LINK_REFUSALS[check.reason]);
  return { linkId: check.linkId, user: await linkUser(req, link.email, check.userId) };
}

/** Whether a reset link would still work, without using it: the page asks before it shows the form. */
export async function checkResetLink(req: AuthRequest, link: LinkParams): Promise<void> {
  await resetLinkUser(req, link);
}

/** A new password from a reset link: it also proves the email, ends a temporary password, a pending email change and every session. */
export async function resetPassword(req: AuthRequest, input: LinkParams & { password: string }): Promise<{ userId: number }> {
  const { linkId, user } = await resetLinkUser(req, input);
  requireAcceptablePassword(input.password, { emails: [user.email], words: [user.firstName, user.lastName, ...(await channelWords(req.db, req.channel))] });
  const passwordHash = await hashPassword(input.password);
  await req.db.batch([
    markLinkUsed(req.db, linkId, req.now),
    req.db
      .update(users)
      // A reset also cancels a pending email change: the notice mail tells the owner a reset does.
      .set({ passwordHash, temporaryPassword: false, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${req.now})`, pendingEmail: null, pendingEmailExpiresAt: null, updatedAt: req.now })
      .where(eq(users.id, user.id)),
    closeUserSessionsQuery(req.db, req.channel.id, user.id),
  ]);
  return { userId: user.id };
}
