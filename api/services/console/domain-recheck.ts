// The Cron Trigger's part in custom domains (issue 16): pending domains are checked again every run, so a domain
// turns active soon after its DNS records exist (and, with Cloudflare, once its certificate is issued) without the
// owner pressing "Check now". The change is audited as the platform's, like any other status change.
import { and, asc, eq, gt, isNull, lt, or } from "drizzle-orm";
import { getDb } from "../../db/client";
import { channels, customHostnames } from "../../db/schema";
import { customHostnames as hostnamesProvider, hostnamesConfig } from "../../providers/hostnames";
import { checkDomain } from "./domains";
import { PLATFORM_ACTOR } from "./scope";
import { DOMAIN_CLAIM_TTL_MS } from "../../contract/constants";

/** A domain checked this recently (by its owner or the last run) waits for the next run. */
export const RECHECK_AFTER_MS = 4 * 60_000;
/** Pending longer than this, a claim has expired (it can no longer verify), so the cron leaves it. */
export const RECHECK_FOR_MS = DOMAIN_CLAIM_TTL_MS;
/** At most this many provider calls per run. */
const BATCH = 25;

export async function recheckPendingDomains(env: Env, now: number): Promise<{ checked: number; activated: number }> {
  const db = getDb(env.DB);
  const due = await db
    .select({ id: customHostnames.id, channelId: channels.id, alias: channels.alias, name: channels.name })
    .from(customHostnames)
    .innerJoin(channels, eq(channels.id, customHostnames.channelId))
    .where(
      and(
        eq(customHostnames.status, "pending"),
        gt(customHostnames.createdAt, now - RECHECK_FOR_MS),
        or(isNull(customHostnames.checkedAt), lt(customHostnames.checkedAt, now - RECHECK_AFTER_MS)),
      ),
    )
    .orderBy(asc(customHostnames.checkedAt))
    .limit(BATCH);
  if (!due.length) return { checked: 0, activated: 0 };

  const provider = hostnamesProvider(env, db);
  const { fallbackOrigin } = hostnamesConfig(env);
  let activated = 0;
  for (const row of due) {
    const scope = { db, env, channel: { id: row.channelId, alias: row.alias, name: row.name }, actor: PLATFORM_ACTOR, now };
    try {
      const domain = await checkDomain({ scope, provider, fallbackOrigin }, row.id);
      if (domain.status === "active") activated += 1;
    } catch (error) {
      // One domain's provider error must not stop the others; the next run tries again.
      console.error("domain recheck failed", row.id, error);
    }
  }
  return { checked: due.length, activated };
}
