// A user as the API answers it (contract `User`, SPEC §3), and what the account may do (`UserAccess`).
import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../../context";
import { CAPABILITIES, capabilityFlags, type Capability, type SocialProvider, type User, type UserAccess } from "../../contract/auth";
import type { Db } from "../../db/client";
import { userIdentities, users } from "../../db/schema";
import { activeOrdersOf, activeOrdersQuery } from "../../db/repos/orders";
import { passEntitlements } from "../access";
import { clipsUsedByOrder } from "../../db/repos/clips";
import { clipAllowance } from "../clips/rules";
import { requestGeo } from "../geo";
import { canManageChannel, canManagePlatform } from "./roles";

export type UserRow = typeof users.$inferSelect;

/** SPEC §3: capabilities lowercased, `vod_media_access` read as `vod_media`, unknown ones dropped. */
export const capabilityList = (raw: readonly string[]): Capability[] => {
  const flags = capabilityFlags(raw);
  return CAPABILITIES.filter((c) => flags[c]);
};

export function userDto(row: UserRow, providers: SocialProvider[], isGeoBlocked: boolean, now: number, capabilities: readonly string[] = row.capabilities): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    language: row.language,
    email_verified: row.emailVerifiedAt !== null,
    pending_email: row.pendingEmail !== null && (row.pendingEmailExpiresAt ?? 0) > now ? row.pendingEmail : null,
    temporary_password: row.temporaryPassword,
    hide_scores: row.hideScores,
    trial_period_used: row.trialPeriodUsed,
    is_geo_blocked: isGeoBlocked,
    capabilities: capabilityList(capabilities),
    features: row.features,
    featureCount: { clips: row.clipCount, downloads: row.downloadCount },
    providers: [...new Set(providers)].sort(),
    has_password: row.passwordHash !== null,
    role: row.role,
    can_manage_channel: canManageChannel(row.role),
    can_manage_platform: canManagePlatform(row.role),
  };
}

export interface LoadedUser {
  row: UserRow;
  providers: SocialProvider[];
}

/** The sign-in providers linked to a user (unexecuted: it joins a batch). */
const providersQuery = (db: Db, channelId: number, userId: number) =>
  db
    .select({ provider: userIdentities.provider })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.channelId, channelId)));

/** The user of this channel with their linked sign-in providers, or null. */
export async function loadUser(db: Db, channelId: number, userId: number): Promise<LoadedUser | null> {
  const [rows, identities] = await db.batch([
    db.select().from(users).where(and(eq(users.id, userId), eq(users.channelId, channelId))),
    providersQuery(db, channelId, userId),
  ]);
  const row = rows[0];
  return row ? { row, providers: identities.map((i) => i.provider) } : null;
}

export const findUserByEmail = (db: Db, channelId: number, email: string) =>
  db.select().from(users).where(and(eq(users.channelId, channelId), eq(users.email, email))).get();

export const findUserById = (db: Db, channelId: number, id: number) =>
  db.select().from(users).where(and(eq(users.channelId, channelId), eq(users.id, id))).get();

/** Whether the visitor's country is one the channel blocks (same rule as GET /geo). */
export const requestGeoBlocked = (c: Context<AppEnv>): boolean => requestGeo(c).is_geo_blocked;

/**
 * What a user may do: the account's own capabilities plus those of their paid, active, current passes (SPEC §6),
 * and the passes' clip and download limits (summed, access.ts `passEntitlements`). One orders read.
 */
export async function userEntitlements(db: Db, user: UserRow, now: number): Promise<{ capabilities: Capability[]; limits: UserAccess["limits"] }> {
  return entitlementsOf(user, await activeOrdersOf(db, user.channelId, user.id, now), now);
}

function entitlementsOf(user: UserRow, activeOrders: Parameters<typeof passEntitlements>[0], now: number) {
  const pass = passEntitlements(activeOrders, now);
  return { capabilities: capabilityList([...user.capabilities, ...pass.capabilities]), limits: pass.limits };
}

/** The user DTO for the current request: providers (unless known) and the active orders read in one batch. */
export async function userForRequest(c: Context<AppEnv>, row: UserRow, providers?: SocialProvider[]): Promise<User> {
  const db = c.get("db");
  const now = c.get("now")();
  const orders = activeOrdersQuery(db, row.channelId, row.id, now);
  const [linked, active] = providers
    ? [providers, await orders]
    : await db.batch([orders, providersQuery(db, row.channelId, row.id)]).then(([o, p]) => [p.map((r) => r.provider), o] as const);
  return userDto(row, linked, requestGeoBlocked(c), now, entitlementsOf(row, active, now).capabilities);
}

/** GET /user/access. Limits are the sum over the active passes (access.ts `passEntitlements`); clips left per pass. */
export async function userAccess(c: Context<AppEnv>, row: UserRow): Promise<UserAccess> {
  const db = c.get("db");
  const now = c.get("now")();
  const orders = await activeOrdersOf(db, row.channelId, row.id, now);
  const pass = passEntitlements(orders, now);
  const used = await clipsUsedByOrder(db, row.channelId, orders.map((o) => o.id));
  const capabilities = capabilityList([...row.capabilities, ...pass.capabilities]);
  return {
    capabilities,
    limits: pass.limits,
    remaining: { clips: clipAllowance(orders, used, now).remaining },
    flags: capabilityFlags(capabilities),
    features: row.features,
    featureCount: { clips: row.clipCount, downloads: row.downloadCount },
    trial_period_used: row.trialPeriodUsed,
    is_geo_blocked: requestGeoBlocked(c),
  };
}
