// Changing an account's email (issue 25). A session alone is not enough: the change needs the current password, or,
// for an account without one (Google or Facebook only), a sign-in of the last few minutes. The old address stays the
// account's until the new one is proven by a signed link mailed to it, and the old address is told of the change, so
// a stolen session cannot quietly take the account over through a password reset sent to an address it chose.
import { and, eq } from "drizzle-orm";
import { AUTH_MESSAGES, EN_AUTH_FORM } from "../../contract/auth";
import { EMAIL_CHANGE_LINK_TTL_MS, RECENT_SIGN_IN_MS } from "../../contract/constants";
import { users } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import { authSecret } from "../../lib/secrets";
import { queueMail } from "../../providers/email/outbox";
import { verifyPassword } from "./passwords";
import { isUniqueViolation, type AuthRequest } from "./request";
import type { SessionRow } from "./sessions";
import { createSignedLink, linkPath, markLinkUsed, type LinkCheck, type LinkParams } from "./signed-links";
import { clearThrottle, RULES, throttle, throttleKeys } from "./throttle";
import { findUserByEmail, findUserById, type UserRow } from "./users";

/** Where the confirmation link lands: the verification page, which tells the two kinds of link apart through the API. */
const CONFIRM_PATH = "/verify-email";

const fieldError = (status: 403 | 422, field: string, message: string) => new ApiError(status, message, { [field]: [message] });

/**
 * Proves the request comes from the account's owner before a change of email or password. The current password
 * counts as a sign-in attempt of the account from this address (ADR 021's per-account, per-IP limit), so a stolen
 * session cannot guess it faster than the sign-in form could.
 */
export async function requireReauthentication(req: AuthRequest, user: UserRow, session: SessionRow, currentPassword: string | undefined, change: "email" | "password"): Promise<void> {
  if (user.passwordHash === null) {
    // No password to ask for: a first password needs none; an email change needs a sign-in of the last minutes.
    if (change === "email" && session.createdAt + RECENT_SIGN_IN_MS <= req.now) throw fieldError(403, "email", AUTH_MESSAGES.recentSignInRequired);
    return;
  }
  if (currentPassword === undefined) {
    throw fieldError(422, "current_password", change === "email" ? AUTH_MESSAGES.currentPasswordForEmail : EN_AUTH_FORM.required);
  }
  const key = throttleKeys.loginAccountIp(req.channel.id, user.email, req.ip);
  await throttle(req.env, req.now, [[key, RULES.loginAccountIp]]);
  if (!(await verifyPassword(currentPassword, user.passwordHash))) throw fieldError(422, "current_password", AUTH_MESSAGES.incorrectPassword);
  await clearThrottle(req.env, key);
}

/** The columns that record a requested change; `email` itself is not among them. */
export async function pendingEmailChange(req: AuthRequest, newEmail: string): Promise<Pick<typeof users.$inferInsert, "pendingEmail" | "pendingEmailExpiresAt">> {
  if (await findUserByEmail(req.db, req.channel.id, newEmail)) throw fieldError(422, "email", AUTH_MESSAGES.emailTaken);
  return { pendingEmail: newEmail, pendingEmailExpiresAt: req.now + EMAIL_CHANGE_LINK_TTL_MS };
}

/** Mails the signed confirmation link to the new address and the notice to the current one. */
export async function mailEmailChange(req: AuthRequest, user: UserRow, newEmail: string): Promise<void> {
  const params = await createSignedLink(req.db, {
    secret: authSecret(req.env),
    channelId: req.channel.id,
    userId: user.id,
    email: newEmail,
    purpose: "change_email",
    ttlMs: EMAIL_CHANGE_LINK_TTL_MS,
    now: req.now,
  });
  const common = { channel: req.channel, userId: user.id, firstName: user.firstName, language: user.language, newEmail, origin: req.origin, now: req.now };
  await queueMail(req.db, req.env, { ...common, to: newEmail, kind: "change_email", link: new URL(linkPath(CONFIRM_PATH, params), req.origin).toString() });
  await queueMail(req.db, req.env, { ...common, to: user.email, kind: "email_change_notice", link: new URL("/password-reset-request", req.origin).toString() });
}

/**
 * Follows a confirmation link (already checked for purpose change_email): the account's email becomes the link's,
 * verified, if that is still the change the account waits for and no other account of the channel took the address.
 */
export async function confirmEmailChange(req: AuthRequest, link: LinkParams, check: LinkCheck): Promise<UserRow> {
  if (!check.ok) throw new ApiError(422, AUTH_MESSAGES.verificationFailed);
  const user = await findUserById(req.db, req.channel.id, check.userId);
  // A newer change, a password reset or the link's expiry replaced the change this link was for.
  if (!user || user.pendingEmail !== link.email || (user.pendingEmailExpiresAt ?? 0) <= req.now) throw new ApiError(422, AUTH_MESSAGES.verificationFailed);
  if (await findUserByEmail(req.db, req.channel.id, link.email)) throw fieldError(422, "email", AUTH_MESSAGES.emailTaken);
  try {
    const [, updated] = await req.db.batch([
      markLinkUsed(req.db, check.linkId, req.now),
      req.db
        .update(users)
        .set({ email: link.email, emailVerifiedAt: req.now, pendingEmail: null, pendingEmailExpiresAt: null, updatedAt: req.now })
        .where(and(eq(users.id, user.id), eq(users.pendingEmail, link.email)))
        .returning(),
    ]);
    if (!updated[0]) throw new ApiError(422, AUTH_MESSAGES.verificationFailed);
    return updated[0];
  } catch (error) {
    // Another account registered the address between the check above and this write: the unique index decides.
    if (isUniqueViolation(error)) throw fieldError(422, "email", AUTH_MESSAGES.emailTaken);
    throw error;
  }
}
