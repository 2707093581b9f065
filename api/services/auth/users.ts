// A user as the API answers it (contract `User`, SPEC §3), and what the account may do (`UserAccess`).
import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../../context";
import { CAPABILITIES, capabilityFlags, type Capability, type SocialProvider, type User, type UserAccess } from "../../contract/auth";
import { channelSettingsSchema } from "../../contract/settings";
import type { Db } from "../../db/client";
import { channelSettings, userIdentities, users } from "../../db/schema";
import { activeOrdersOf } from "../../db/repos/orders";
import { passEntitlements } from "../access";
import { resolveGeo } from "../geo";

export type UserRow = typeof users.$inferSelect;

/** SPEC §3: capabilities lowercased, `vod_media_access` read as `vod_media`, unknown ones dropped. */
export const capabilityList = (raw: readonly string[]): Capability[] => {
  const flags = capabilityFlags(raw);
  return CAPABILITIES.filter((c) => flags[c]);
};

export function userDto(row: UserRow, providers: SocialProvider[], isGeoBlocked: boolean, capabilities: readonly string[] = row.capabilities): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    language: row.language,
    email_verified: row.emailVerifiedAt !== null,
    temporary_password: row.temporaryPassword,
    trial_period_used: row.trialPeriodUsed,
    is_geo_blocked: isGeoBlocked,
    capabilities: capabilityList(capabilities),
    features: row.features,
    featureCount: { clips: row.clipCount, downloads: row.downloadCount },
    providers: [...new Set(providers)].sort(),
    has_password: row.passwordHash !== null,
  };
}

export interface LoadedUser {
  row: UserRow;
  providers: SocialProvider[];
}

/** The user of this channel with their linked sign-in providers, or null. */
export async function loadUser(db: Db, channelId: number, userId: number): Promise<LoadedUser | null> {
  const [rows, identities] = await db.batch([
    db.select().from(users).where(and(eq(users.id, userId), eq(users.channelId, channelId))),
    db.select({ provider: userIdentities.provider }).from(userIdentities).where(and(eq(userIdentities.userId, userId), eq(userIdentities.channelId, channelId))),
  ]);
  const row = rows[0];
  return row ? { row, providers: identities.map((i) => i.provider) } : null;
}

export const findUserByEmail = (db: Db, channelId: number, email: string) =>
  db.select().from(users).where(and(eq(users.channelId, channelId), eq(users.email, email))).get();

/** Whether the visitor's country is one the channel blocks (same rule as GET /geo). */
export async function requestGeoBlocked(c: Context<AppEnv>): Promise<boolean> {
  const row = await c
    .get("db")
    .select({ value: channelSettings.value })
    .from(channelSettings)
    .where(and(eq(channelSettings.channelId, c.get("channel").id), eq(channelSettings.key, "geo.blocked_countries")))
    .get();
  const cf = (c.req.raw as { cf?: { country?: unknown } }).cf;
  return resolveGeo({
    cfCountry: typeof cf?.country === "string" ? cf.country : null,
    headerCountry: c.req.header("cf-ipcountry"),
    simulatedCountry: c.req.header("x-simulate-country"),
    appEnv: c.env.APP_ENV,
    ip: c.req.header("cf-connecting-ip"),
    blockedCountries: channelSettingsSchema.shape["geo.blocked_countries"].parse(row?.value),
  }).is_geo_blocked;
}

/**
 * Where a user's capabilities come from: the account's own list, then the capabilities of the user's paid, active,
 * current orders (a pass grants watch, download…; SPEC §6).
 */
export type CapabilitySource = (db: Db, user: UserRow, now: number) => Promise<readonly string[]> | readonly string[];
const orderCapabilities: CapabilitySource = async (db, user, now) => passEntitlements(await activeOrdersOf(db, user.channelId, user.id, now), now).capabilities;
export const capabilitySources: CapabilitySource[] = [(_db, user) => user.capabilities, orderCapabilities];

export async function userCapabilities(db: Db, user: UserRow, now: number): Promise<Capability[]> {
  const lists = await Promise.all(capabilitySources.map((source) => source(db, user, now)));
  return capabilityList(lists.flat());
}

/** The user DTO for the current request (geo from the request, capabilities from every source). */
export async function userForRequest(c: Context<AppEnv>, loaded: LoadedUser): Promise<User> {
  const [blocked, capabilities] = await Promise.all([requestGeoBlocked(c), userCapabilities(c.get("db"), loaded.row, c.get("now")())]);
  return userDto(loaded.row, loaded.providers, blocked, capabilities);
}

/** GET /user/access. Limits are the sum over the active passes (access.ts `passEntitlements`). */
export async function userAccess(c: Context<AppEnv>, row: UserRow): Promise<UserAccess> {
  const db = c.get("db");
  const now = c.get("now")();
  // Capabilities through every source (so a later source shows here too); limits from the passes directly.
  const [blocked, capabilities, orderRows] = await Promise.all([requestGeoBlocked(c), userCapabilities(db, row, now), activeOrdersOf(db, row.channelId, row.id, now)]);
  return {
    capabilities,
    limits: passEntitlements(orderRows, now).limits,
    flags: capabilityFlags(capabilities),
    features: row.features,
    featureCount: { clips: row.clipCount, downloads: row.downloadCount },
    trial_period_used: row.trialPeriodUsed,
    is_geo_blocked: blocked,
  };
}
