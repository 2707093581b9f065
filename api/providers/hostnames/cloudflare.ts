// Cloudflare for SaaS: the zone's custom hostnames API, called with fetch (no SDK: four calls, and the Workers
// bundle stays small). Configured with CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN (a token allowed to edit the
// zone's SSL and certificates). Docs: developers.cloudflare.com/cloudflare-for-platforms/cloudflare-for-saas/.
import { CustomHostnamesError, type CreatedHostname, type CustomHostnames, type HostnameRef, type HostnameVerdict } from "./types";
import { CLOUDFLARE_API_DEFAULT as CLOUDFLARE_API } from "../cloudflare-api";

export { CLOUDFLARE_API_DEFAULT as CLOUDFLARE_API } from "../cloudflare-api";
const TIMEOUT_MS = 10_000;
/** Cloudflare's error code for a hostname the zone (or another zone) already holds. */
const DUPLICATE_CODE = 1406;

/**
 * The certificate is validated over HTTP through the owner's CNAME (Cloudflare's recommendation when the CNAME is in
 * place), so the owner creates two records, not three, and renewals need nothing from them (docs/decisions/023).
 */
const SSL = { method: "http", type: "dv" } as const;

/** The fields of Cloudflare's custom hostname object this adapter reads (the API's documented shape). */
export interface CloudflareHostname {
  id: string;
  hostname: string;
  status?: string;
  verification_errors?: unknown[];
  ownership_verification?: { type?: string; name?: string; value?: string };
  ssl?: { status?: string; method?: string; validation_errors?: { message?: string }[] };
}

interface Envelope<T> {
  success?: boolean;
  errors?: { code?: number; message?: string }[];
  result?: T | null;
}

/** The hostname states after which the owner must act (or the hostname is gone): checking again will not help. */
const FAILED_STATES = new Set(["blocked", "pending_blocked", "moved", "deleted", "pending_deletion", "test_blocked", "test_failed"]);
/** Certificate states in which Cloudflare waits to be asked again (HTTP validation after the CNAME appeared). */
const REVALIDATE_STATES = new Set(["pending_validation", "initializing_timed_out", "validation_timed_out", "issuance_timed_out", "deployment_timed_out"]);

const words = (state: string) => state.replace(/_/g, " ");

/** Cloudflare's answer in our three states. Active means both the hostname and its certificate are. */
export function cloudflareVerdict(h: CloudflareHostname): HostnameVerdict {
  const status = h.status ?? "pending";
  const ssl = h.ssl?.status ?? "initializing";
  const errors = [
    ...(h.verification_errors ?? []).filter((e): e is string => typeof e === "string"),
    ...(h.ssl?.validation_errors ?? []).map((e) => e.message).filter((m): m is string => Boolean(m)),
  ];
  const said = errors.join(" ") || null;
  if (FAILED_STATES.has(status)) return { status: "failed", detail: said ?? `Cloudflare marked the hostname ${words(status)}.` };
  if ((status === "active" || status === "active_redeploying") && ssl === "active") return { status: "active", detail: null };
  const waiting = status === "active" ? `The certificate is ${words(ssl)}.` : `The hostname is ${words(status)}; the certificate is ${words(ssl)}.`;
  return { status: "pending", detail: said ?? waiting };
}

class NotAtProvider extends Error {}

export class CloudflareCustomHostnames implements CustomHostnames {
  readonly name = "cloudflare";

  constructor(
    private readonly config: { zoneId: string; apiToken: string; apiUrl?: string },
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  async create(hostname: string): Promise<CreatedHostname> {
    let h = await this.call<CloudflareHostname>("POST", "", { hostname, ssl: SSL });
    if (!h.id) throw new CustomHostnamesError("unavailable", "Cloudflare gave no id for the new hostname.");
    // The record is normally in the create answer; if not, the hostname's own answer carries it.
    if (!h.ownership_verification?.name || !h.ownership_verification.value) h = await this.call<CloudflareHostname>("GET", `/${h.id}`);
    const { name, value } = h.ownership_verification ?? {};
    if (!name || !value) throw new CustomHostnamesError("unavailable", "Cloudflare gave no ownership verification record.");
    return { providerId: h.id, verification: { name, value }, ...cloudflareVerdict(h) };
  }

  async check(ref: HostnameRef): Promise<HostnameVerdict> {
    let h: CloudflareHostname;
    try {
      h = await this.call<CloudflareHostname>("GET", `/${ref.providerId}`);
    } catch (error) {
      if (error instanceof NotAtProvider) return { status: "failed", detail: "Cloudflare no longer knows this hostname: remove it and add it again." };
      throw error;
    }
    // Sending the same SSL settings again asks Cloudflare to validate now (its documented way to complete HTTP
    // validation once the CNAME points at the zone).
    if (REVALIDATE_STATES.has(h.ssl?.status ?? "")) h = await this.call<CloudflareHostname>("PATCH", `/${ref.providerId}`, { ssl: SSL });
    return cloudflareVerdict(h);
  }

  async remove(ref: HostnameRef): Promise<void> {
    try {
      await this.call("DELETE", `/${ref.providerId}`);
    } catch (error) {
      if (!(error instanceof NotAtProvider)) throw error;
    }
  }

  private async call<T>(method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<T> {
    const base = (this.config.apiUrl ?? CLOUDFLARE_API).replace(/\/+$/, "");
    const url = `${base}/zones/${encodeURIComponent(this.config.zoneId)}/custom_hostnames${path}`;
    let res: Response;
    try {
      res = await this.fetcher(url, {
        method,
        headers: { authorization: `Bearer ${this.config.apiToken}`, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new CustomHostnamesError("unavailable", `Cloudflare could not be reached: ${error instanceof Error ? error.message : String(error)}`);
    }
    const envelope = (await res.json().catch(() => ({}))) as Envelope<T>;
    // A DELETE may answer no result; the callers that need one check it.
    if (res.ok && envelope.success !== false) return (envelope.result ?? {}) as T;
    if (res.status === 404) throw new NotAtProvider();
    const errors = envelope.errors ?? [];
    const message = errors.map((e) => e.message).filter(Boolean).join(" ") || `Cloudflare answered ${res.status}.`;
    if (errors.some((e) => e.code === DUPLICATE_CODE)) throw new CustomHostnamesError("duplicate", message);
    throw new CustomHostnamesError("unavailable", message);
  }
}
