// The custom hostnames boundary (issue 16). The console's domain calls talk to this interface only; two
// implementations stand behind it: Cloudflare for SaaS (its custom hostnames API, when a zone and token are
// configured) and the local one, which verifies against the local_dns_records table a tester fills.
import type { DomainStatus } from "../../contract/domains";

/** The provider's verdict on a hostname: active serves the channel; pending waits for DNS; failed needs the owner. */
export interface HostnameVerdict {
  status: DomainStatus;
  /** Why it is not active yet, in the provider's words; null when there is nothing to say. */
  detail: string | null;
}

/** The TXT record that proves the owner controls the hostname. */
export interface OwnershipRecord {
  name: string;
  value: string;
}

export interface CreatedHostname extends HostnameVerdict {
  /** The provider's id of the hostname, stored to check and remove it later. */
  providerId: string;
  verification: OwnershipRecord;
}

/** What the platform stored about a hostname when it was created. */
export interface HostnameRef {
  providerId: string;
  hostname: string;
  verification: OwnershipRecord;
}

export interface CustomHostnames {
  readonly name: "cloudflare" | "local";
  /** Registers a hostname; it starts pending until its DNS records exist. */
  create(hostname: string): Promise<CreatedHostname>;
  /** Looks again (DNS, certificate) and says where the hostname stands now. */
  check(ref: HostnameRef): Promise<HostnameVerdict>;
  /** Forgets the hostname; one the provider no longer knows counts as removed. */
  remove(ref: HostnameRef): Promise<void>;
}

/**
 * A refusal of the provider: `duplicate` when it already holds the hostname (another account or a leftover),
 * `unavailable` when it cannot be reached or answers an error the owner cannot fix.
 */
export class CustomHostnamesError extends Error {
  constructor(
    readonly code: "duplicate" | "unavailable",
    message: string,
  ) {
    super(message);
    this.name = "CustomHostnamesError";
  }
}
