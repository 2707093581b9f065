// Custom domains (issue 16, "Onboarding by DNS"): an owner adds a domain, creates the two DNS records the console
// shows (a CNAME to the fallback origin, the ownership TXT record), asks for a check, and the domain serves the
// channel once the provider says it is active. Every write is audited in the same batch, and every write drops the
// channel's caches (decision 003), so the public site follows within a minute.
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
  updateHostnameQuery,
} from "../../db/repos/custom-hostnames";
import { appConfig } from "../../env";
import { ApiError, notFound } from "../../lib/errors";
import { CustomHostnamesError, type CustomHostnames, type HostnameRef, requiredRecords } from "../../providers/hostnames";
import { isUniqueViolation } from "../auth/request";
import { hostLookup, parseRootDomains } from "../host";
import { auditQuery, channelChanged, type ConsoleScope } from "./scope";

export interface DomainsContext {
  scope: ConsoleScope;
  provider: CustomHostnames;
  fallbackOrigin: string;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

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

/** Adds a pending domain (hostname already canonical and well formed: addDomainSchema). */
export async function addDomain(ctx: DomainsContext, hostname: string): Promise<CustomDomain> {
  const { scope, provider, fallbackOrigin } = ctx;
  assertOwnDomain(hostname, scope, fallbackOrigin);
  const claims = await hostnameClaims(scope.db, hostname, scope.channel.id);
  const holder = claims.declaredBy ?? claims.addedBy;
  if (holder !== null) throw fieldError(409, holder === scope.channel.id ? DOMAIN_MESSAGES.alreadyYours : CONSOLE_MESSAGES.domainTaken);
  if (claims.channelCount >= MAX_CUSTOM_DOMAINS) throw fieldError(422, DOMAIN_MESSAGES.tooMany);

  const created = await provider.create(hostname).catch(providerFailure);
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
    const [inserted] = await scope.db.batch([
      insertHostnameQuery(scope.db, values),
      auditQuery(scope, { action: "domain.add", target: hostname, before: null, after: snapshot(values, provider.name) }),
    ]);
    row = inserted[0];
  } catch (error) {
    // Another request claimed the hostname since the check above: give the provider's copy back.
    await provider.remove({ providerId: created.providerId, hostname, verification: created.verification }).catch(() => undefined);
    if (isUniqueViolation(error)) throw fieldError(409, CONSOLE_MESSAGES.domainTaken);
    throw error;
  }
  await channelChanged(scope.env, scope.channel.alias);
  return toCustomDomain(row, fallbackOrigin);
}

/**
 * Asks the provider where a domain stands now. A change of status is an edit (audited, caches dropped): pending →
 * active puts the domain online; active → anything else takes it off. A check that changes nothing only records when.
 */
export async function checkDomain(ctx: DomainsContext, id: number): Promise<CustomDomain> {
  const { scope, provider, fallbackOrigin } = ctx;
  const row = await findChannelHostname(scope.db, scope.channel.id, id);
  if (!row) throw notFound();
  const verdict = await provider.check(refOf(row)).catch(providerFailure);
  const becameActive = verdict.status === "active" && row.status !== "active";
  const change = { status: verdict.status, detail: verdict.detail, checkedAt: scope.now, activatedAt: becameActive ? scope.now : row.activatedAt };
  if (verdict.status === row.status) {
    const [updated] = await updateHostnameQuery(scope.db, row, change);
    return toCustomDomain(updated ?? { ...row, ...change }, fallbackOrigin);
  }
  const [result] = await scope.db.batch([
    updateHostnameQuery(scope.db, row, change),
    auditQuery(scope, { action: "domain.verify", target: row.hostname, before: snapshot(row, provider.name), after: snapshot({ ...row, ...change }, provider.name) }),
  ]);
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
