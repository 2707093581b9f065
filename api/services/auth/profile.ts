// Profile changes and account deletion (SPEC §7 GET/POST /profile, delete-account-confirm).
import { eq } from "drizzle-orm";
import { AUTH_MESSAGES, type ProfilePatch } from "../../contract/auth";
import { users } from "../../db/schema";
import { userClipObjects } from "../../db/repos/clips";
import { ApiError } from "../../lib/errors";
import { authSecret } from "../../lib/secrets";
import { linkUser } from "./accounts";
import { mailEmailChange, pendingEmailChange, requireReauthentication } from "./email-change";
import { channelWords, requireAcceptablePassword } from "./password-policy";
import { hashPassword } from "./passwords";
import type { AuthRequest } from "./request";
import { closeUserSessionsQuery, type SessionRow } from "./sessions";
import { checkSignedLink, markLinkUsed, type LinkParams } from "./signed-links";
import { RULES, throttle, throttleKeys } from "./throttle";
import { type UserRow } from "./users";

/**
 * Applies the fields sent. A new email is only requested: it needs the owner re-authenticated, stays pending until its
 * mailed link is followed, and the current address is told (email-change.ts). A new password needs the current one,
 * ends a temporary password and, unless the patch says not to, signs the user out of their other sessions (ASVS 7.4.3).
 */
export async function patchProfile(req: AuthRequest, user: UserRow, session: SessionRow, patch: ProfilePatch): Promise<{ user: UserRow; endedOthers: boolean }> {
  const changes: Partial<typeof users.$inferInsert> = { updatedAt: req.now };
  if (patch.first_name !== undefined) changes.firstName = patch.first_name;
  if (patch.last_name !== undefined) changes.lastName = patch.last_name;
  if (patch.phone !== undefined) changes.phone = patch.phone === "" ? null : patch.phone;
  if (patch.hide_scores !== undefined) changes.hideScores = patch.hide_scores;

  const newEmail = patch.email !== undefined && patch.email !== user.email ? patch.email : null;
  if (patch.password !== undefined) {
    const names = [patch.first_name ?? user.firstName, patch.last_name ?? user.lastName];
    requireAcceptablePassword(patch.password, { emails: [user.email, patch.email], words: [...names, ...(await channelWords(req.db, req.channel))] });
  }
  if (newEmail !== null || patch.password !== undefined) {
    await requireReauthentication(req, user, session, patch.current_password, newEmail !== null ? "email" : "password");
  }
  if (newEmail !== null) {
    await throttle(req.env, req.now, [[throttleKeys.mailAccount(req.channel.id, user.id), RULES.mailAccount]]);
    Object.assign(changes, await pendingEmailChange(req, newEmail));
  }
  if (patch.password !== undefined) {
    changes.passwordHash = await hashPassword(patch.password);
    changes.temporaryPassword = false;
  }

  let updated: UserRow;
  // ASVS 7.4.3: a new password signs the other devices out unless the user chose to keep them.
  const endedOthers = patch.password !== undefined && patch.end_other_sessions !== false;
  const update = req.db.update(users).set(changes).where(eq(users.id, user.id)).returning();
  if (endedOthers) {
    const [rows] = await req.db.batch([update, closeUserSessionsQuery(req.db, req.channel.id, user.id, session.id)]);
    updated = rows[0];
  } else {
    updated = (await update)[0];
  }
  if (newEmail !== null) await mailEmailChange(req, updated, newEmail);
  return { user: updated, endedOthers };
}

/**
 * Deletes the account a confirmation link names: the row's cascade removes identities, sessions, links, mails and
 * clips; the clips' files leave R2 with it.
 */
export async function confirmDeletion(req: AuthRequest, link: LinkParams): Promise<void> {
  const check = await checkSignedLink(req.db, { ...link, secret: authSecret(req.env), channelId: req.channel.id, purpose: "delete_account", now: req.now });
  if (!check.ok) throw new ApiError(422, AUTH_MESSAGES.deletionFailed);
  const user = await linkUser(req, link.email, check.userId);
  const files = await userClipObjects(req.db, { channelId: req.channel.id, userId: user.id });
  await req.db.batch([markLinkUsed(req.db, check.linkId, req.now), req.db.delete(users).where(eq(users.id, user.id))]);
  for (let i = 0; i < files.length; i += 1000) await req.env.MEDIA.delete(files.slice(i, i + 1000));
}
