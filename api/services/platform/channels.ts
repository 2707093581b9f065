// Creating a channel (issue 16): a platform admin names it and its owner; it is written by the same loader as a
// tenant folder, served at <alias>.<root> at once, and its owner is mailed a link to choose a password.
import { asc, eq } from "drizzle-orm";
import { parseTenantDefinition } from "../../channels/definition";
import { loadTenant } from "../../channels/loader";
import { CONSOLE_MESSAGES } from "../../contract/console-messages";
import { RESERVED_ALIASES, type CreateChannelInput, type CreatedChannel, type PlatformChannel } from "../../contract/platform";
import type { Db } from "../../db/client";
import { appConfig } from "../../env";
import { insertAuditQuery } from "../../db/repos/audit";
import { channelDomains, channels, users } from "../../db/schema";
import { randomToken } from "../../lib/crypto";
import { ApiError } from "../../lib/errors";
import { authSecret } from "../../lib/secrets";
import { queueMail } from "../../providers/email/outbox";
import { parseRootDomains } from "../host";
import { createSignedLink, linkPath } from "../auth/signed-links";
import type { Actor } from "../console/scope";
import { isUniqueViolation } from "../auth/request";

/** How long the owner's first link works. */
export const OWNER_INVITE_TTL_MS = 7 * 86_400_000;

export interface PlatformScope {
  db: Db;
  env: Env;
  actor: Actor;
  now: number;
  /** The admin's own origin (scheme, host, port): a new channel is addressed the same way under the same root. */
  origin: string;
}

/** The new channel's address: the admin's scheme and port, under the root domain the admin is on (else the first). */
export function channelOrigin(adminOrigin: string, alias: string, rootDomains: string): string {
  const url = new URL(adminOrigin);
  const roots = parseRootDomains(rootDomains);
  const root = roots.find((r) => url.hostname === r || url.hostname.endsWith(`.${r}`)) ?? roots[roots.length - 1];
  return `${url.protocol}//${alias}.${root}${url.port ? `:${url.port}` : ""}`;
}

/** The smallest channel that is whole: its name as title, the owner's language first, a home link. */
function starterDefinition(input: CreateChannelInput) {
  const other = input.language === "en" ? "fr" : "en";
  return {
    name: input.name,
    channel_key: `ck_${input.alias.replaceAll("-", "_")}_${randomToken(12).replace(/[^A-Za-z0-9]/g, "")}`,
    settings: { language: input.language, languages: [input.language, other], title: input.name },
    menu: [{ key: "home", placement: "header", kind: "link", name: { en: "Home", fr: "Accueil" }, url: "/" }],
  };
}

export async function createChannel(scope: PlatformScope, input: CreateChannelInput): Promise<CreatedChannel> {
  if ((RESERVED_ALIASES as readonly string[]).includes(input.alias)) throw new ApiError(422, CONSOLE_MESSAGES.aliasReserved, { alias: [CONSOLE_MESSAGES.aliasReserved] });
  const raw = starterDefinition(input);
  const def = parseTenantDefinition(raw, input.alias);
  // The row first, by a plain insert: of two admins creating one alias at once, the second is refused here.
  try {
    await scope.db.insert(channels).values({ alias: def.alias, name: def.name, channelKey: def.channel_key, createdAt: scope.now, updatedAt: scope.now });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, CONSOLE_MESSAGES.aliasTaken, { alias: [CONSOLE_MESSAGES.aliasTaken] });
    throw error;
  }
  const loaded = await loadTenant(scope.env.DB, scope.env.MEDIA, def, [], { cache: scope.env.CACHE, now: scope.now }).catch(async (error) => {
    // Nothing half-made stays behind: the alias is free again.
    await scope.db.delete(channels).where(eq(channels.alias, def.alias));
    throw error;
  });
  const owner = await scope.db
    .insert(users)
    .values({
      channelId: loaded.channelId,
      email: input.owner_email,
      firstName: input.owner_first_name,
      language: input.language,
      role: "owner",
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .returning({ id: users.id })
    .get();
  const url = channelOrigin(scope.origin, def.alias, appConfig(scope.env).ROOT_DOMAINS);
  const channel = { id: loaded.channelId, name: def.name };
  await scope.db.batch([
    insertAuditQuery(scope.db, {
      channelId: loaded.channelId,
      actorUserId: scope.actor.id,
      actorEmail: scope.actor.email,
      action: "channel.create",
      target: def.alias,
      before: null,
      after: { alias: def.alias, name: def.name, owner_email: input.owner_email, language: input.language },
      createdAt: scope.now,
    }),
  ]);
  await inviteOwner(scope, channel, { id: owner.id, email: input.owner_email, firstName: input.owner_first_name, language: input.language }, url);
  return { alias: def.alias, name: def.name, status: "active", url, domains: [], owners: [input.owner_email], created_at: scope.now, channel_key: def.channel_key };
}

/** A single-use link to choose a password (the reset page), valid a week, mailed in the channel's branding. */
async function inviteOwner(scope: PlatformScope, channel: { id: number; name: string }, owner: { id: number; email: string; firstName: string; language: string }, origin: string) {
  const params = await createSignedLink(scope.db, {
    secret: authSecret(scope.env),
    channelId: channel.id,
    userId: owner.id,
    email: owner.email,
    purpose: "password_reset",
    ttlMs: OWNER_INVITE_TTL_MS,
    now: scope.now,
  });
  await queueMail(scope.db, scope.env, {
    channel: channel as Parameters<typeof queueMail>[2]["channel"],
    userId: owner.id,
    to: owner.email,
    firstName: owner.firstName,
    language: owner.language,
    kind: "owner_invite",
    link: new URL(linkPath("/password-reset", params), origin).toString(),
    origin,
    now: scope.now,
  });
}

/** Every channel with its addresses and owners, newest first. */
export async function listChannels(scope: PlatformScope): Promise<PlatformChannel[]> {
  const rows = await scope.db.select().from(channels).orderBy(asc(channels.alias));
  const [domains, owners] = await scope.db.batch([
    scope.db.select({ channelId: channelDomains.channelId, hostname: channelDomains.hostname }).from(channelDomains),
    scope.db.select({ channelId: users.channelId, email: users.email }).from(users).where(eq(users.role, "owner")),
  ]);
  return rows
    .map((r) => ({
      alias: r.alias,
      name: r.name,
      status: r.status,
      url: channelOrigin(scope.origin, r.alias, appConfig(scope.env).ROOT_DOMAINS),
      domains: domains.filter((d) => d.channelId === r.id).map((d) => d.hostname),
      owners: owners.filter((o) => o.channelId === r.id).map((o) => o.email),
      created_at: r.createdAt,
    }))
    .sort((a, b) => b.created_at - a.created_at);
}
