// What every console service works with (issue 16): the channel (from the host), who acts (the signed-in owner or
// admin), the clock and the bindings. Routes build it once; services never read the request.
import type { Context } from "hono";
import type { AppEnv } from "../../context";
import type { Db } from "../../db/client";
import { insertAuditQuery, type AuditEntry } from "../../db/repos/audit";
import { dropChannelKeys } from "../../lib/cache-keys";
import { clearChannelCache } from "../../middleware/tenant";

export interface Actor {
  id: number | null;
  email: string;
}

/** Who the audit log names for what the platform did itself (a cron check, a claim another channel's verification set aside). */
export const PLATFORM_ACTOR: Actor = { id: null, email: "platform" };

export interface ConsoleScope {
  db: Db;
  env: Env;
  channel: { id: number; alias: string; name: string };
  actor: Actor;
  now: number;
}

/** The scope of a console call; requireUser and requireChannelManager have run. */
export function consoleScope(c: Context<AppEnv>): ConsoleScope {
  const channel = c.get("channel");
  const user = c.get("user");
  return {
    db: c.get("db"),
    env: c.env,
    channel: { id: channel.id, alias: channel.alias, name: channel.name },
    actor: { id: user.id, email: user.email },
    now: c.get("now")(),
  };
}

/** The audit insert of a change made in this scope, unexecuted, to run in the same batch as the change. */
export function auditQuery(scope: ConsoleScope, change: Pick<AuditEntry, "action" | "target" | "before" | "after">, channelId = scope.channel.id) {
  return insertAuditQuery(scope.db, { ...change, channelId, actorUserId: scope.actor.id, actorEmail: scope.actor.email, createdAt: scope.now });
}

/**
 * After a change to what a channel's public site shows: drops the KV entries (bootstrap, host configs, prerolls) and
 * this isolate's host lookups, then tells the other isolates through the queue (decision 003). Other isolates' memory
 * copies age out within 60 s.
 */
export async function channelChanged(env: Env, alias: string): Promise<void> {
  clearChannelCache();
  const deleted = await dropChannelKeys(env.CACHE, alias);
  await env.JOBS.send({ kind: "channel.changed", alias, cacheKeys: [] }).catch((error) => console.error("queue: channel.changed not sent", alias, error, deleted));
}
