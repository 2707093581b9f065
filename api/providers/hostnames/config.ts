// The custom hostnames settings, from the Worker's configuration (api/env.ts, checked with zod there): a half-configured
// Cloudflare (zone without token) or a fallback origin that is not a hostname is a clear configuration error instead
// of quietly using the local stand-in in production.
import { appConfig } from "../../env";
import { normaliseHost } from "../../services/host";

export interface HostnamesConfig {
  /** Where every custom domain's CNAME points (the zone's fallback origin with Cloudflare for SaaS). */
  fallbackOrigin: string;
  /** Set when custom hostnames go through Cloudflare for SaaS; null for the local stand-in. */
  cloudflare: { zoneId: string; apiToken: string; apiUrl: string } | null;
}

/** The first root domain as written in ROOT_DOMAINS (the platform's own, by convention). */
const firstRoot = (rootDomains: string | undefined) => (rootDomains ?? "").split(",").map(normaliseHost).find(Boolean);

/** FALLBACK_ORIGIN, or `origin.<first root domain>` when it is empty (docs/decisions/023). */
export function readHostnamesConfig(env: object): HostnamesConfig {
  const e = appConfig(env);
  const root = firstRoot(e.ROOT_DOMAINS);
  if (!e.FALLBACK_ORIGIN && !root) throw new Error("custom hostnames: Set FALLBACK_ORIGIN or ROOT_DOMAINS.");
  return {
    fallbackOrigin: e.FALLBACK_ORIGIN ?? `origin.${root}`,
    cloudflare: e.CLOUDFLARE_ZONE_ID && e.CLOUDFLARE_API_TOKEN ? { zoneId: e.CLOUDFLARE_ZONE_ID, apiToken: e.CLOUDFLARE_API_TOKEN, apiUrl: e.CLOUDFLARE_API_BASE } : null,
  };
}

const parsedEnvs = new WeakMap<object, HostnamesConfig>();

/** The settings of this env, derived on first use. */
export function hostnamesConfig(env: Env): HostnamesConfig {
  let config = parsedEnvs.get(env);
  if (!config) parsedEnvs.set(env, (config = readHostnamesConfig(env)));
  return config;
}
