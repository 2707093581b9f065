// Custom domains (issue 16, "Onboarding by DNS"): what the console sends and receives about a channel's own domains,
// and the words of their refusals. The hostname rules that need no server state live here, so the console's form
// checks them in the browser with the same schema the API parses.
import { z } from "zod";
import { DOMAIN_CLAIM_TTL_MS, HOUR_MS } from "./constants";

export const DOMAIN_STATUSES = ["pending", "active", "failed"] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** At most this many domains an owner may add to one channel (each one costs a custom hostname at the provider). */
export const MAX_CUSTOM_DOMAINS = 10;

export const DNS_RECORD_TYPES = ["CNAME", "TXT"] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

/** A record the owner creates at their DNS provider. */
export interface DnsRecord {
  type: DnsRecordType;
  name: string;
  value: string;
}

/** A domain an owner added, with the two records that make it serve the channel. */
export interface CustomDomain {
  id: number;
  hostname: string;
  status: DomainStatus;
  /** The provider's last word on why it is not active yet (its own words, in English). */
  detail: string | null;
  /** The CNAME to the platform's fallback origin, then the ownership TXT record. */
  records: [DnsRecord, DnsRecord];
  /** ISO 8601. */
  created_at: string;
  /** When an unverified claim stops counting (ISO 8601); null once verified. */
  expires_at: string | null;
  checked_at: string | null;
  activated_at: string | null;
}

/** GET /console/domains. */
export interface DomainsOverview {
  /** Where every custom domain's CNAME points. */
  fallback_origin: string;
  /** Domains set up with the channel's definition (tenant folder): always active, not editable here. */
  declared: string[];
  domains: CustomDomain[];
  max: number;
}

export const DOMAIN_MESSAGES = {
  required: "Enter a domain.",
  invalid: "Enter a domain like sports.example.com: letters, numbers and hyphens, with at least one dot, and no https:// or path.",
  ip: "Enter a domain name, not an IP address.",
  tooLong: "A domain has at most 253 characters.",
  alreadyYours: "This domain is already on your channel.",
  tooMany: `A channel can have at most ${MAX_CUSTOM_DOMAINS} domains. Remove one first.`,
  providerDown: "The domain service did not answer. Try again in a minute.",
  /** Unverified claims of one hostname by several channels: the first verified wins (issue 25). */
  verifiedElsewhere: "Another channel verified this domain first, so it serves that channel. Remove it here.",
  claimExpired: `This domain was not verified within ${DOMAIN_CLAIM_TTL_MS / (24 * HOUR_MS)} days, so its claim expired. Add it again to get new records.`,
  claimTakenOver: "Another channel has claimed this domain since, and the domain service holds one claim at a time. If the domain is yours, add it again to get new records.",
} as const;

export type DomainFormMessages = Pick<Record<keyof typeof DOMAIN_MESSAGES, string>, "required" | "invalid" | "ip" | "tooLong">;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
/** Hex digits, colons and dots only, with a colon: an IPv6 address, bracketed or not. */
const IPV6 = /^\[?[0-9a-f.]*:[0-9a-f:.]*\]?$/;

/** The hostname as typed, made canonical: trimmed, lower case, without a final dot. */
export const canonicalHostname = (value: string) => value.trim().toLowerCase().replace(/\.$/, "");

/** Why a canonical hostname is not a domain an owner can point at us, or null when it is one. */
export function hostnameProblem(hostname: string): keyof DomainFormMessages | null {
  if (!hostname) return "required";
  if (hostname.length > 253) return "tooLong";
  if (IPV4.test(hostname) || IPV6.test(hostname)) return "ip";
  const labels = hostname.split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return "invalid";
  // A top-level domain is never all digits, so "10.0.0" is not a domain either.
  if (/^\d+$/.test(labels[labels.length - 1])) return "invalid";
  return null;
}

/** POST /console/domains. */
export function addDomainSchema(m: DomainFormMessages = DOMAIN_MESSAGES) {
  return z.object({
    hostname: z
      .string({ error: m.required })
      .transform(canonicalHostname)
      .superRefine((value, ctx) => {
        const problem = hostnameProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: m[problem] });
      }),
  });
}
export type AddDomainInput = z.output<ReturnType<typeof addDomainSchema>>;

/** A record of the local DNS stand-in (PUT /dev/dns-records), as a tester "creates" it. */
export const localDnsRecordSchema = z
  .object({
    type: z.enum(DNS_RECORD_TYPES),
    name: z.string().trim().min(1).max(253).transform(canonicalHostname),
    // DNS panels show TXT values in quotes; the value is what is inside them.
    value: z
      .string()
      .trim()
      .min(1)
      .max(1024)
      .transform((v) => v.replace(/^"(.*)"$/, "$1")),
  })
  // A CNAME's target is a hostname (case and a final dot do not matter); a TXT value is kept as written.
  .transform((r) => (r.type === "CNAME" ? { ...r, value: canonicalHostname(r.value) } : r));
export type LocalDnsRecordInput = z.output<typeof localDnsRecordSchema>;
