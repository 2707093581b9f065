// Which custom hostnames provider serves a request: Cloudflare for SaaS when CLOUDFLARE_ZONE_ID and
// CLOUDFLARE_API_TOKEN are set; otherwise the local stand-in, verified against the local DNS table (development,
// tests, demos). Both implement the same interface.
import type { Db } from "../../db/client";
import { CloudflareCustomHostnames } from "./cloudflare";
import { hostnamesConfig } from "./config";
import { LocalCustomHostnames } from "./local";
import type { CustomHostnames } from "./types";

export function customHostnames(env: Env, db: Db, fetcher?: typeof fetch): CustomHostnames {
  const config = hostnamesConfig(env);
  if (config.cloudflare) return new CloudflareCustomHostnames(config.cloudflare, fetcher);
  return new LocalCustomHostnames(db, config.fallbackOrigin);
}

export * from "./types";
export { hostnamesConfig, readHostnamesConfig, type HostnamesConfig } from "./config";
export { CloudflareCustomHostnames, cloudflareVerdict } from "./cloudflare";
export { LocalCustomHostnames, localVerdict, requiredRecords, OWNERSHIP_LABEL } from "./local";
