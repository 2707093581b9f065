// Google and Facebook sign-in (SPEC §7 v2/auth/social/{provider}): who the provider says signed in becomes a
// user of this channel. An identity already linked signs in; a matching verified email links the identity; a new
// person must accept the terms first (SPEC §8 notRegistered).
import { and, eq } from "drizzle-orm";
import type { SocialProvider } from "../../contract/auth";
import { AUTH_MESSAGES } from "../../contract/auth";
import type { Language } from "../../contract/constants";
import type { Db } from "../../db/client";
import { userIdentities, users } from "../../db/auth-schema";
import { ApiError } from "../../lib/errors";
import type { SocialProfile } from "../../providers/oauth/profile";
import { openSession, type SessionClient } from "./sessions";

export interface SocialSignInInput extends SessionClient {
  channelId: number;
  provider: SocialProvider;
  profile: SocialProfile;
  /** The visitor ticked the terms box (only needed to create an account). */
  terms: boolean;
  language: Language;
  now: number;
}

export interface SocialSignInResult {
  userId: number;
  token: string;
  expiresAt: number;
  /** A new account was made for this sign-in. */
  created: boolean;
}

const fieldError = (status: 422, message: string, field: string) => new ApiError(status, message, { [field]: [message] });

/** Finds or makes the user, then opens a session for them. */
export async function socialSignIn(db: Db, input: SocialSignInInput): Promise<SocialSignInResult> {
  const { userId, created } = await resolveUser(db, input);
  const session = await openSession(db, { channelId: input.channelId, userId, userAgent: input.userAgent, ip: input.ip, country: input.country, now: input.now });
  return { userId, created, ...session };
}

async function resolveUser(db: Db, input: SocialSignInInput): Promise<{ userId: number; created: boolean }> {
  const { channelId, provider, profile, now } = input;
  const identity = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.channelId, channelId), eq(userIdentities.provider, provider), eq(userIdentities.subject, profile.subject)))
    .get();
  if (identity) return { userId: identity.userId, created: false };

  // Without an email there is nothing to register the account under.
  if (!profile.email) throw fieldError(422, AUTH_MESSAGES.verificationFailed, "email");
  const link = { channelId, provider, subject: profile.subject, createdAt: now };

  const existing = await db
    .select({ id: users.id, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.channelId, channelId), eq(users.email, profile.email)))
    .get();
  if (existing) {
    // Linking needs both sides to vouch for the email: an unverified account could belong to someone who typed a
    // stranger's address, and would otherwise keep a password on the real owner's account.
    if (existing.verifiedAt === null || !profile.emailVerified) throw fieldError(422, AUTH_MESSAGES.emailTaken, "email");
    await db.insert(userIdentities).values({ ...link, userId: existing.id });
    return { userId: existing.id, created: false };
  }

  if (!input.terms) throw fieldError(422, AUTH_MESSAGES.notRegistered, "terms");
  const [user] = await db
    .insert(users)
    .values({
      channelId,
      email: profile.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      passwordHash: null,
      emailVerifiedAt: profile.emailVerified ? now : null,
      language: input.language,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  await db.insert(userIdentities).values({ ...link, userId: user.id });
  return { userId: user.id, created: true };
}
