// Host → channel rules (DESIGN "Tenancy"). Pure, so the rules are unit-tested.

/** Channel aliases: lowercase letters, numbers and hyphens (SPEC §5, channel subdomain). */
export const CHANNEL_ALIAS_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The hostname of a Host header: lowercased, without port or trailing dot. */
export function normaliseHost(host: string | null | undefined): string {
  if (!host) return "";
  let h = host.trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(0, h.indexOf("]") + 1); // IPv6 literal
  const colon = h.indexOf(":");
  if (colon !== -1) h = h.slice(0, colon);
  return h.endsWith(".") ? h.slice(0, -1) : h;
}

export function parseRootDomains(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((d) => normaliseHost(d))
    .filter(Boolean)
    .sort((a, b) => b.length - a.length); // the most specific root first
}

/**
 * The channel alias named by a subdomain of a root domain, or null when the host is not one
 * (then it may still be a channel's custom domain).
 */
export function aliasFromHost(hostname: string, rootDomains: readonly string[]): string | null {
  // A root domain is never a channel, even when it sits under another root (tv.example.com, example.com).
  if (rootDomains.includes(hostname)) return null;
  for (const root of rootDomains) {
    if (!hostname.endsWith(`.${root}`)) continue;
    const label = hostname.slice(0, -(root.length + 1));
    return CHANNEL_ALIAS_PATTERN.test(label) ? label : null;
  }
  return null;
}

export type HostLookup = { kind: "alias"; alias: string } | { kind: "domain"; hostname: string } | { kind: "none" };

/** How to find the channel for a host: by alias under a root domain, else by custom domain. */
export function hostLookup(hostHeader: string | null | undefined, rootDomains: readonly string[]): HostLookup {
  const hostname = normaliseHost(hostHeader);
  if (!hostname) return { kind: "none" };
  const alias = aliasFromHost(hostname, rootDomains);
  if (alias) return { kind: "alias", alias };
  // A bare root domain (or a deeper subdomain of one) is not a channel.
  if (rootDomains.some((root) => hostname === root || hostname.endsWith(`.${root}`))) return { kind: "none" };
  return { kind: "domain", hostname };
}
