// Custom domains (issue 16, "Onboarding by DNS"): an owner adds a domain, creates the two DNS records the console
// shows (a CNAME to the fallback origin, the ownership TXT record), asks for a check, and the domain serves the
// channel once the provider says it is active. Every write is audited in the same batch, and every write drops the
// channel's caches (decision 003), so the public site follows within a minute. Several channels may claim a hostname
// while it is unverified; the first verified wins, and an unverified claim expires (issue 25, ADR 023).
import type { BatchItem } from "drizzle-orm/batch";
import { DOMAIN_CLAIM_TTL_MS } from "../../contract/constants";
import { CONSOLE_MESSAGES } from "../../contract/console-messages";
import { type CustomDomain, DOMAIN_MESSAGES, type DomainsOverview, MAX_CUSTOM_DOMAINS } from "../../contract/domains";
import {
  type CustomHostnameRow,
  declaredDomains,
  deleteHostnameQuery,
  findChannelHostname,
  hostnameClaims,
  insertHostnameQuery,
  listChannelHostnames,
  settleClaimsQuery,
  updateHostnameQuery,
} from "../../db/repos/custom-hostnames";
import { appConfig } from "../../env";
import { ApiError, notFound } from "../../lib/errors";
import { CustomHostnamesError, type CustomHostnames, type HostnameRef, requiredRecords } from "../../providers/hostnames";
import { isUniqueViolation } from "../auth/request";
import { hostLookup, parseRootDomains } from "../host";
import { auditQuery, channelChanged, type ConsoleScope, PLATFORM_ACTOR } from "./scope";

export interface DomainsContext {
  scope: ConsoleScope;
  provider: CustomHostnames;
  fallbackOrigin: string;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** When an unverified claim stops counting; a verified one does not expire. */
const claimExpiry = (row: Pick<CustomHostnameRow, "status" | "createdAt">) => (row.status === "active" ? null : row.createdAt + DOMAIN_CLAIM_TTL_MS);

/** An unverified claim past DOMAIN_CLAIM_TTL_MS: it neither blocks another channel nor verifies. */
export const claimExpired = (row: Pick<CustomHostnameRow, "status" | "createdAt">, now: number) => {
  const expiry = claimExpiry(row);
  return expiry !== null && expiry <= now;
};

const refOf = (row: CustomHostnameRow): HostnameRef => ({
  providerId: row.providerId,
  hostname: row.hostname,
  verification: { name: row.verificationName, value: row.verificationValue },
});

export function toCustomDomain(row: CustomHostnameRow, fallbackOrigin: string): CustomDomain {
  return {
    id: row.id,
    hostname: row.hostname,
    status: row.status,
    detail: row.detail,
    records: requiredRecords(refOf(row), fallbackOrigin),
    created_at: iso(row.createdAt)!,
    expires_at: iso(claimExpiry(row)),
    checked_at: iso(row.checkedAt),
    activated_at: iso(row.activatedAt),
  };
}

/** What the audit log keeps of a domain: enough to tell what changed, nothing secret. */
const snapshot = (row: Pick<CustomHostnameRow, "hostname" | "status" | "detail" | "providerId">, provider: string) => ({
  hostname: row.hostname,
  status: row.status,
  detail: row.detail,
  provider,
  provider_id: row.providerId,
});

const fieldError = (status: 409 | 422, message: string) => new ApiError(status, message, { hostname: [message] });

function providerFailure(error: unknown): never {
  if (error instanceof CustomHostnamesError) {
    if (error.code === "duplicate") throw fieldError(409, CONSOLE_MESSAGES.domainTaken);
    console.error("custom hostnames provider:", error.message);
    throw new ApiError(502, DOMAIN_MESSAGES.providerDown);
  }
  throw error;
}

export async function domainsOverview({ scope, fallbackOrigin }: DomainsContext): Promise<DomainsOverview> {
  const [rows, declared] = await Promise.all([listChannelHostnames(scope.db, scope.channel.id), declaredDomains(scope.db, scope.channel.id)]);
  return { fallback_origin: fallbackOrigin, declared, domains: rows.map((r) => toCustomDomain(r, fallbackOrigin)), max: MAX_CUSTOM_DOMAINS };
}

/** Refuses the platform's own names: its root domains, every subdomain of them, and the fallback origin. */
function assertOwnDomain(hostname: string, scope: ConsoleScope, fallbackOrigin: string): void {
  const platform = hostLookup(hostname, parseRootDomains(appConfig(scope.env).ROOT_DOMAINS)).kind !== "domain";
  if (platform || hostname === fallbackOrigin || hostname.endsWith(`.${fallbackOrigin}`)) throw fieldError(422, CONSOLE_MESSAGES.domainRoot);
}

type Statement = BatchItem<"sqlite">;

/**
 * Other channels' claims set aside, each with its audit entry in its own channel (the platform's doing: the other
 * owner's name is not theirs to read).
 */
function settleClaims(scope: ConsoleScope, rows: CustomHostnameRow[], detail: string, provider: string): Statement[] {
  if (!rows.length) return [];
  const change = { status: "failed" as const, detail, checkedAt: scope.now };
  return [
    settleClaimsQuery(scope.db, rows.map((r) => r.id), change),
    ...rows.map((r) =>
      auditQuery({ ...scope, actor: PLATFORM_ACTOR }, { action: "domain.verify", target: r.hostname, before: snapshot(r, provider), after: snapshot({ ...r, ...change }, provider) }, r.channelId),
    ),
  ];
}

/**
 * Registers the hostname at the provider. Cloudflare holds one copy of a hostname per zone: when another channel's
 * unverified claim holds it, that copy is removed so this claim gets its own records, and the other claim is displaced.
 */
async function createAtProvider(provider: CustomHostnames, hostname: string, rivals: CustomHostnameRow[]) {
  try {
    return { created: await provider.create(hostname), displaced: [] as CustomHostnameRow[] };
  } catch (error) {
    if (!(error instanceof CustomHostnamesError && error.code === "duplicate" && rivals.length)) return providerFailure(error);
  }
  for (const rival of rivals) await provider.remove(refOf(rival)).catch(providerFailure);
  return { created: await provider.create(hostname).catch(providerFailure), displaced: rivals };
}

/**
 * Adds a pending domain (hostname already canonical and well formed: addDomainSchema). A hostname declared by a
 * channel or verified by one is taken; other channels' unverified claims are not, and the channel's own expired
 * claim is replaced by the new one.
 */
export async function addDomain(ctx: DomainsContext, hostname: string): Promise<CustomDomain> {
  const { scope, provider, fallbackOrigin } = ctx;
  assertOwnDomain(hostname, scope, fallbackOrigin);
  const { declaredBy, claims, channelCount } = await hostnameClaims(scope.db, hostname, scope.channel.id);
  const holder = declaredBy ?? claims.find((c) => c.status === "active")?.channelId ?? null;
  if (holder !== null) throw fieldError(409, holder === scope.channel.id ? DOMAIN_MESSAGES.alreadyYours : CONSOLE_MESSAGES.domainTaken);
  const own = claims.find((c) => c.channelId === scope.channel.id) ?? null;
  if (own && !claimExpired(own, scope.now)) throw fieldError(409, DOMAIN_MESSAGES.alreadyYours);
  if (channelCount - (own ? 1 : 0) >= MAX_CUSTOM_DOMAINS) throw fieldError(422, DOMAIN_MESSAGES.tooMany);

  if (own) await provider.remove(refOf(own)).catch(providerFailure);
  const live = claims.filter((c) => c.channelId !== scope.channel.id && !claimExpired(c, scope.now));
  // Expired claims hold nothing: their provider copies may go without displacing anyone that still counts.
  const expired = claims.filter((c) => c.channelId !== scope.channel.id && claimExpired(c, scope.now));
  const { created, displaced } = await createAtProvider(provider, hostname, [...expired, ...live]);
  const values = {
    channelId: scope.channel.id,
    hostname,
    status: created.status,
    providerId: created.providerId,
    verificationName: created.verification.name,
    verificationValue: created.verification.value,
    detail: created.detail,
    createdAt: scope.now,
    checkedAt: scope.now,
    activatedAt: created.status === "active" ? scope.now : null,
  };
  let row: CustomHostnameRow;
  try {
    const insert = insertHostnameQuery(scope.db, values);
    // The expired claim goes before the new one takes its place in the channel's unique (channel, hostname) index.
    const replaced = own ? [deleteHostnameQuery(scope.db, own)] : [];
    const results = await scope.db.batch([
      ...replaced,
      insert,
      auditQuery(scope, { action: "domain.add", target: hostname, before: own ? snapshot(own, provider.name) : null, after: snapshot(values, provider.name) }),
      ...settleClaims(scope, displaced.filter((d) => !claimExpired(d, scope.now)), DOMAIN_MESSAGES.claimTakenOver, provider.name),
    ] as [Statement, ...Statement[]]);
    row = (results[replaced.length] as CustomHostnameRow[])[0];
  } catch (error) {
    // Another request of this channel claimed the hostname since the check above: give the provider's copy back.
    await provider.remove({ providerId: created.providerId, hostname, verification: created.verification }).catch(() => undefined);
    if (isUniqueViolation(error)) throw fieldError(409, DOMAIN_MESSAGES.alreadyYours);
    throw error;
  }
  await channelChanged(scope.env, scope.channel.alias);
  return toCustomDomain(row, fallbackOrigin);
}

/** A claim that cannot verify (expired, or another channel's won): recorded failed with why, then refused in words. */
async function refuseClaim(ctx: DomainsContext, row: CustomHostnameRow, message: string): Promise<never> {
  const { scope, provider } = ctx;
  if (row.status !== "failed" || row.detail !== message) {
    const change = { status: "failed" as const, detail: message, checkedAt: scope.now, activatedAt: row.activatedAt };
    await scope.db.batch([
      updateHostnameQuery(scope.db, row, change),
      auditQuery(scope, { action: "domain.verify", target: row.hostname, before: snapshot(row, provider.name), after: snapshot({ ...row, ...change }, provider.name) }),
    ]);
  }
  throw fieldError(409, message);
}

/**
 * Asks the provider where a domain stands now. A change of status is an edit (audited, caches dropped): pending →
 * active puts the domain online; active → anything else takes it off. A check that changes nothing only records when.
 * The first claim verified wins the hostname: the other channels' claims are set aside, and theirs can no longer
 * verify; an expired claim does not verify either.
 */
export async function checkDomain(ctx: DomainsContext, id: number): Promise<CustomDomain> {
  const { scope, provider, fallbackOrigin } = ctx;
  const row = await findChannelHostname(scope.db, scope.channel.id, id);
  if (!row) throw notFound();
  if (claimExpired(row, scope.now)) return refuseClaim(ctx, row, DOMAIN_MESSAGES.claimExpired);
  const verdict = await provider.check(refOf(row)).catch(providerFailure);
  const becameActive = verdict.status === "active" && row.status !== "active";
  const change = { status: verdict.status, detail: verdict.detail, checkedAt: scope.now, activatedAt: becameActive ? scope.now : row.activatedAt };
  if (verdict.status === row.status) {
    const [updated] = await updateHostnameQuery(scope.db, row, change);
    return toCustomDomain(updated ?? { ...row, ...change }, fallbackOrigin);
  }
  let rivals: CustomHostnameRow[] = [];
  if (becameActive) {
    const { declaredBy, claims } = await hostnameClaims(scope.db, row.hostname, scope.channel.id);
    const others = claims.filter((c) => c.channelId !== scope.channel.id);
    if ((declaredBy !== null && declaredBy !== scope.channel.id) || others.some((c) => c.status === "active")) return refuseClaim(ctx, row, DOMAIN_MESSAGES.verifiedElsewhere);
    rivals = others;
  }
  let result: CustomHostnameRow[];
  try {
    [result] = await scope.db.batch([
      updateHostnameQuery(scope.db, row, change),
      auditQuery(scope, { action: "domain.verify", target: row.hostname, before: snapshot(row, provider.name), after: snapshot({ ...row, ...change }, provider.name) }),
      ...settleClaims(scope, rivals, DOMAIN_MESSAGES.verifiedElsewhere, provider.name),
    ]);
  } catch (error) {
    // Another channel's claim turned active between the read above and this write: the unique index decides.
    if (isUniqueViolation(error)) return refuseClaim(ctx, row, DOMAIN_MESSAGES.verifiedElsewhere);
    throw error;
  }
  // The losers' copies at the provider serve no one now (with Cloudflare they were displaced already).
  for (const rival of rivals) if (rival.providerId !== row.providerId) await provider.remove(refOf(rival)).catch(() => undefined);
  await channelChanged(scope.env, scope.channel.alias);
  return toCustomDomain(result[0] ?? { ...row, ...change }, fallbackOrigin);
}

/** Removes a domain at the provider, then here; an active one stops serving the channel. */
export async function removeDomain(ctx: DomainsContext, id: number): Promise<void> {
  const { scope, provider } = ctx;
  const row = await findChannelHostname(scope.db, scope.channel.id, id);
  if (!row) throw notFound();
  // The provider first: a hostname left there would block adding it again (and costs money with Cloudflare).
  await provider.remove(refOf(row)).catch(providerFailure);
  await scope.db.batch([
    deleteHostnameQuery(scope.db, row),
    auditQuery(scope, { action: "domain.remove", target: row.hostname, before: snapshot(row, provider.name), after: null }),
  ]);
  await channelChanged(scope.env, scope.channel.alias);
}
