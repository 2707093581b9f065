// The offline stand-in for Cloudflare for SaaS: a hostname is active once the local DNS (local_dns_records, filled
// through PUT /api/dev/dns-records) holds both records the owner was asked to create, the CNAME to the fallback
// origin and the ownership TXT record. Records are named as Cloudflare names them, so the console reads the same.
import type { LocalDnsRecordInput } from "../../contract/domains";
import type { Db } from "../../db/client";
import { existingDnsRecords } from "../../db/repos/local-dns";
import type { CreatedHostname, CustomHostnames, HostnameRef, HostnameVerdict } from "./types";

/** Cloudflare's name for the ownership TXT record: `_cf-custom-hostname.<hostname>`. */
export const OWNERSHIP_LABEL = "_cf-custom-hostname";

/** The two records that make `ref` active, CNAME first. */
export function requiredRecords(ref: Pick<HostnameRef, "hostname" | "verification">, fallbackOrigin: string): [LocalDnsRecordInput, LocalDnsRecordInput] {
  return [
    { type: "CNAME", name: ref.hostname, value: fallbackOrigin },
    { type: "TXT", name: ref.verification.name, value: ref.verification.value },
  ];
}

/** The verdict from the records found: active with both, else pending, saying which record is still missing. */
export function localVerdict(required: [LocalDnsRecordInput, LocalDnsRecordInput], found: LocalDnsRecordInput[]): HostnameVerdict {
  const has = (r: LocalDnsRecordInput) => found.some((f) => f.type === r.type && f.name === r.name && f.value === r.value);
  const [cname, txt] = required;
  const missing = [
    has(cname) ? null : `No CNAME record from ${cname.name} to ${cname.value} yet.`,
    has(txt) ? null : `No TXT record ${txt.name} with the verification value yet.`,
  ].filter((m): m is string => m !== null);
  return missing.length ? { status: "pending", detail: missing.join(" ") } : { status: "active", detail: null };
}

export class LocalCustomHostnames implements CustomHostnames {
  readonly name = "local";

  constructor(
    private readonly db: Db,
    private readonly fallbackOrigin: string,
  ) {}

  async create(hostname: string): Promise<CreatedHostname> {
    const ref: HostnameRef = { providerId: `local-${crypto.randomUUID()}`, hostname, verification: { name: `${OWNERSHIP_LABEL}.${hostname}`, value: crypto.randomUUID() } };
    return { providerId: ref.providerId, verification: ref.verification, ...(await this.check(ref)) };
  }

  async check(ref: HostnameRef): Promise<HostnameVerdict> {
    const required = requiredRecords(ref, this.fallbackOrigin);
    return localVerdict(required, await existingDnsRecords(this.db, required));
  }

  /** Nothing is held on the provider's side; the DNS records are the owner's to delete. */
  async remove(): Promise<void> {}
}
