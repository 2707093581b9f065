import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { createMiddleware } from "hono/factory";
import type { AppEnv, ChannelContext } from "../context";
import { channelSettingsSchema } from "../contract/settings";
import type { Db } from "../db/client";
import { appConfig } from "../env";
import { channelDomains, channelSettings, channels, colorSettings, customHostnames } from "../db/schema";
import { ApiError } from "../lib/errors";
import { TtlCache } from "../lib/ttl-cache";
import { hostLookup, parseRootDomains } from "../services/host";
import { rollSchedule } from "../services/schedule-roll";
import { channelBrand } from "../services/artwork/brand";

// Host → channel changes rarely; a short per-isolate cache keeps D1 off the hot path.
const channelByHost = new TtlCache<ChannelContext>(30_000);

export const CHANNEL_NOT_FOUND = "Channel not found";

/** The host the request was addressed to. X-Forwarded-Host only counts behind a trusted proxy. */
export function requestHost(request: Request, env: object): string | null {
  if (appConfig(env).TRUST_FORWARDED_HOST) {
    const forwarded = request.headers.get("x-forwarded-host");
    if (forwarded) return forwarded;
  }
  return request.headers.get("host") ?? new URL(request.url).host;
}

export async function findChannelForHost(db: Db, env: Env, host: string | null, now: number): Promise<ChannelContext | null> {
  const lookup = hostLookup(host, parseRootDomains(appConfig(env).ROOT_DOMAINS));
  if (lookup.kind === "none") return null;
  const cacheKey = lookup.kind === "alias" ? `a:${lookup.alias}` : `d:${lookup.hostname}`;
  const cached = channelByHost.get(cacheKey, now);
  if (cached) return cached;

  // The settings the request path needs (answer language, geo blocking, the analytics profile, and remote sign-in, which a polling TV asks
  // about every few seconds) come with the channel, so they are read once per host lookup instead of once per request.
  const language = alias(channelSettings, "language_setting");
  const blocked = alias(channelSettings, "blocked_setting");
  const remoteAuth = alias(channelSettings, "remote_auth_setting");
  const analytics = alias(channelSettings, "analytics_setting");
  // The brand its artwork is drawn with (issue 28): two settings and four web colours, as JSON objects.
  const brandSettings = sql<string | null>`(select json_group_object(${channelSettings.key}, json(${channelSettings.value})) from ${channelSettings}
    where ${channelSettings.channelId} = ${channels.id} and ${channelSettings.key} in ('title', 'logo'))`;
  const brandColors = sql<string | null>`(select json_group_object(${colorSettings.key}, ${colorSettings.value}) from ${colorSettings}
    where ${colorSettings.channelId} = ${channels.id} and ${colorSettings.clientInterface} = 'web' and ${colorSettings.key} in ('primary', 'secondary', 'header-bg', 'header-text'))`;
  const base = db
    .select({
      channel: channels,
      language: language.value,
      blocked: blocked.value,
      remoteAuth: remoteAuth.value,
      analytics: analytics.value,
      brandSettings,
      brandColors,
    })
    .from(channels)
    .leftJoin(language, and(eq(language.channelId, channels.id), eq(language.key, "language")))
    .leftJoin(blocked, and(eq(blocked.channelId, channels.id), eq(blocked.key, "geo.blocked_countries")))
    .leftJoin(remoteAuth, and(eq(remoteAuth.channelId, channels.id), eq(remoteAuth.key, "auth.remote_auth")))
    .leftJoin(analytics, and(eq(analytics.channelId, channels.id), eq(analytics.key, "yare-analytics")));
  const row = await base.where(lookup.kind === "alias" ? eq(channels.alias, lookup.alias) : eq(channels.id, domainOwner(lookup.hostname))).get();
  if (!row) return null;
  const channel: ChannelContext = {
    ...row.channel,
    defaultLanguage: channelSettingsSchema.shape.language.parse(row.language ?? undefined),
    blockedCountries: channelSettingsSchema.shape["geo.blocked_countries"].parse(row.blocked ?? undefined),
    remoteAuth: channelSettingsSchema.shape["auth.remote_auth"].parse(row.remoteAuth ?? undefined) === 1,
    analyticsProfile: channelSettingsSchema.shape["yare-analytics"].parse(row.analytics ?? undefined),
    brand: channelBrand(row.channel.name, row.brandSettings, row.brandColors),
  };
  channelByHost.set(cacheKey, channel, now);
  return channel;
}

/**
 * The channel a custom domain names: one declared in a tenant folder (channel_domains), else one an owner added in
 * the console once it is active (issue 16). Pending and failed domains name nothing. Both lookups use a unique index.
 */
const domainOwner = (hostname: string) =>
  sql`coalesce(
    (select ${channelDomains.channelId} from ${channelDomains} where ${channelDomains.hostname} = ${hostname}),
    (select ${customHostnames.channelId} from ${customHostnames} where ${customHostnames.hostname} = ${hostname} and ${customHostnames.status} = 'active')
  )`;

/**
 * Resolves the channel from the Host header; an unknown host is a JSON 404. A rolling channel whose next roll time
 * has come is rolled first (docs/decisions/027), so whatever the request reads holds its current times; otherwise
 * this costs one comparison (the roll time rides with the cached channel).
 */
export const resolveChannel = createMiddleware<AppEnv>(async (c, next) => {
  const now = c.get("now")();
  const channel = await findChannelForHost(c.get("db"), c.env, requestHost(c.req.raw, c.env), now);
  if (!channel) throw new ApiError(404, CHANNEL_NOT_FOUND);
  if (channel.nextRollAt !== null && now >= channel.nextRollAt) channel.nextRollAt = await rollSchedule(c.env.DB, channel.id, now);
  c.set("channel", channel);
  await next();
});

/** Drops cached host lookups (tests and the tenant loader change channels under a running isolate). */
export function clearChannelCache(): void {
  channelByHost.clear();
}
