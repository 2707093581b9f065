// The visitor's country and whether the channel blocks it (SPEC §3 "Geo", §6 geo-blocking).
import type { Context } from "hono";
import type { AppEnv } from "../context";
import type { Geo } from "../contract/catalogue";
import { countryName } from "../contract/countries";
import { appConfig, devToolsOn } from "../env";

export interface GeoInput {
  /** request.cf.country (Cloudflare's own lookup). */
  cfCountry?: string | null;
  /** The CF-IPCountry header (set by Cloudflare, or forwarded by the web app's in-process client). */
  headerCountry?: string | null;
  /** X-Simulate-Country: honoured only where the dev tools are on (development, tests). */
  simulatedCountry?: string | null;
  simulationAllowed: boolean;
  /** CF-Connecting-IP. */
  ip?: string | null;
  /** The channel setting "geo.blocked_countries" (ISO 3166-1 alpha-2, upper case). */
  blockedCountries: readonly string[];
}

/** Codes Cloudflare uses for "no country": unknown (XX) and Tor (T1). */
const NOT_A_COUNTRY = new Set(["XX", "T1"]);

export function normalizeCountry(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase();
  if (!code || !/^[A-Z][A-Z0-9]$/.test(code) || NOT_A_COUNTRY.has(code)) return null;
  return code;
}

export function resolveGeo(input: GeoInput): Geo {
  const simulated = input.simulationAllowed ? normalizeCountry(input.simulatedCountry) : null;
  const code = simulated ?? normalizeCountry(input.cfCountry) ?? normalizeCountry(input.headerCountry);
  const blocked = new Set(input.blockedCountries.map((c) => c.toUpperCase()));
  return {
    country: countryName(code),
    country_code: code,
    ip: input.ip?.trim() || null,
    is_geo_blocked: code !== null && blocked.has(code),
  };
}

/** The geo of an API request: Cloudflare's country (or a simulated one outside production) against the channel's rule. */
export function requestGeo(c: Context<AppEnv>): Geo {
  const cf = (c.req.raw as { cf?: { country?: unknown } }).cf;
  return resolveGeo({
    cfCountry: typeof cf?.country === "string" ? cf.country : null,
    headerCountry: c.req.header("cf-ipcountry"),
    simulatedCountry: c.req.header("x-simulate-country"),
    simulationAllowed: devToolsOn(appConfig(c.env)),
    ip: c.req.header("cf-connecting-ip"),
    blockedCountries: c.get("channel").blockedCountries,
  });
}
