// The custom hostnames settings, read from the env once per env object and checked with zod: a half-configured
// Cloudflare (zone without token) or a fallback origin that is not a hostname stops the console's domain calls with
// a clear error instead of quietly using the local stand-in in production.
import { z } from "zod";
import { canonicalHostname, hostnameProblem } from "../../contract/domains";
import { normaliseHost } from "../../services/host";
import { cloudflareApiBase } from "../cloudflare-api";

export interface HostnamesConfig {
  /** Where every custom domain's CNAME points (the zone's fallback origin with Cloudflare for SaaS). */
  fallbackOrigin: string;
  /** Set when custom hostnames go through Cloudflare for SaaS; null for the local stand-in. */
  cloudflare: { zoneId: string; apiToken: string; apiUrl: string } | null;
}

const optional = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

const envSchema = z
  .object({
    CLOUDFLARE_ZONE_ID: optional,
    CLOUDFLARE_API_TOKEN: optional,
    FALLBACK_ORIGIN: optional.transform((v) => (v ? canonicalHostname(v) : undefined)),
    ROOT_DOMAINS: optional,
    CLOUDFLARE_API_BASE: cloudflareApiBase,
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.CLOUDFLARE_ZONE_ID) !== Boolean(env.CLOUDFLARE_API_TOKEN)) {
      ctx.addIssue({ code: "custom", message: "Set both CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN, or neither." });
    }
    if (env.FALLBACK_ORIGIN && hostnameProblem(env.FALLBACK_ORIGIN)) ctx.addIssue({ code: "custom", message: "FALLBACK_ORIGIN is not a hostname." });
    if (!env.FALLBACK_ORIGIN && !firstRoot(env.ROOT_DOMAINS)) ctx.addIssue({ code: "custom", message: "Set FALLBACK_ORIGIN or ROOT_DOMAINS." });
  });

/** The first root domain as written in ROOT_DOMAINS (the platform's own, by convention). */
const firstRoot = (rootDomains: string | undefined) => (rootDomains ?? "").split(",").map(normaliseHost).find(Boolean);

/** FALLBACK_ORIGIN, or `origin.<first root domain>` when it is empty (docs/decisions/023). */
export function readHostnamesConfig(env: Partial<Pick<Env, "CLOUDFLARE_ZONE_ID" | "CLOUDFLARE_API_TOKEN" | "FALLBACK_ORIGIN" | "ROOT_DOMAINS" | "CLOUDFLARE_API_BASE">>): HostnamesConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new Error(`custom hostnames: ${parsed.error.issues.map((i) => i.message).join(" ")}`);
  const e = parsed.data;
  return {
    fallbackOrigin: e.FALLBACK_ORIGIN ?? `origin.${firstRoot(e.ROOT_DOMAINS)}`,
    cloudflare: e.CLOUDFLARE_ZONE_ID && e.CLOUDFLARE_API_TOKEN ? { zoneId: e.CLOUDFLARE_ZONE_ID, apiToken: e.CLOUDFLARE_API_TOKEN, apiUrl: e.CLOUDFLARE_API_BASE } : null,
  };
}

const parsedEnvs = new WeakMap<object, HostnamesConfig>();

/** The settings of this env, parsed on first use. */
export function hostnamesConfig(env: Env): HostnamesConfig {
  let config = parsedEnvs.get(env);
  if (!config) parsedEnvs.set(env, (config = readHostnamesConfig(env)));
  return config;
}
