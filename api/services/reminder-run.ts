// The reminder run (issue 12), from the Cron Trigger every 5 minutes or POST /dev/reminders/run-due: for every
// channel, the events starting in (now, now + REMINDER_LEAD_MS] mail each user who asked or follows them with
// reminders on, exactly once per user and event (claimReminderDeliveries), through the mail outbox.
import { and, eq, inArray } from "drizzle-orm";
import type { Language } from "../contract/constants";
import { eventCalendarPath, REMINDER_LEAD_MS, REMINDER_MAIL_KIND, REMINDER_UNSUBSCRIBE_PATH, type ReminderRunReport } from "../contract/favorites";
import { getDb, type Db } from "../db/client";
import { appConfig } from "../env";
import { participants } from "../db/catalogue-schema";
import type { EventRow } from "../db/repos/catalogue-events";
import { claimReminderDeliveries, dueEventsQuery, type Recipient } from "../db/repos/reminders";
import { channelDomains, channels, channelSettings } from "../db/schema";
import { authSecret } from "../lib/secrets";
import { channelBranding, mailLanguage, queueRenderedMail } from "../providers/email/outbox";
import { renderReminderMail } from "../providers/email/reminder-template";
import type { Branding } from "../providers/email/templates";
import { aliasFromHost, parseRootDomains } from "./host";
import { localize } from "./localize";
import { participantLabel } from "../contract/names";
import { unsubscribeLink } from "./reminders";

type ChannelRow = typeof channels.$inferSelect;

const isLocal = (hostname: string) => hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "127.0.0.1";

/**
 * Where a channel's mailed links point. A run has no visitor's host, so: when it was started from a request on
 * `<alias>.<root>` (the dev route), the same root, scheme and port with this channel's alias; else the channel's
 * first custom domain, else `<alias>.<first ROOT_DOMAINS entry>`.
 */
export function channelWebOrigin(channel: Pick<ChannelRow, "alias">, domains: readonly string[], rootDomains: string, base?: URL): string {
  if (base) {
    const roots = parseRootDomains(rootDomains);
    if (aliasFromHost(base.hostname, roots)) {
      const root = roots.find((r) => base.hostname.endsWith(`.${r}`))!;
      return `${base.protocol}//${channel.alias}.${root}${base.port ? `:${base.port}` : ""}`;
    }
    if (domains.includes(base.hostname)) return base.origin;
  }
  const host = domains[0] ?? `${channel.alias}.${rootDomains.split(",")[0]?.trim() || "localhost"}`;
  return `${isLocal(host) ? "http" : "https"}://${host}`;
}

/** SPEC §3: a team as cards show it (its short name, else its name, without "University"). */
function teamLabel(team: { name: unknown; shortName: string | null }, lang: Language, fallback: Language): string {
  return participantLabel({ name: localize(team.name as never, lang, fallback), short_name: team.shortName });
}

type Team = { id: number; name: unknown; shortName: string | null };

/** "Away @ Home" (SPEC §3), or the event's own name when it is not a two-sided game. */
function eventTitle(event: EventRow, teams: Map<number, Team>, lang: Language, fallback: Language): string {
  const away = event.awayTeamId !== null ? teams.get(event.awayTeamId) : undefined;
  const home = event.homeTeamId !== null ? teams.get(event.homeTeamId) : undefined;
  if (away && home) return `${teamLabel(away, lang, fallback)} @ ${teamLabel(home, lang, fallback)}`;
  return localize(event.name as never, lang, fallback) || localize(home?.name as never, lang, fallback);
}

interface ChannelMailContext {
  channel: ChannelRow;
  origin: string;
  branding: Branding;
  fallback: Language;
}

async function channelContexts(db: Db, env: Env, channelIds: number[], base?: URL): Promise<Map<number, ChannelMailContext>> {
  const [rows, domains] = await db.batch([
    db.select().from(channels).where(inArray(channels.id, channelIds)),
    db.select().from(channelDomains).where(inArray(channelDomains.channelId, channelIds)),
  ]);
  const out = new Map<number, ChannelMailContext>();
  for (const channel of rows) {
    const origin = channelWebOrigin(
      channel,
      domains.filter((d) => d.channelId === channel.id).map((d) => d.hostname),
      appConfig(env).ROOT_DOMAINS,
      base,
    );
    const [branding, language] = await Promise.all([channelBranding(db, channel, origin), channelLanguage(db, channel.id)]);
    out.set(channel.id, { channel, origin, branding, fallback: language });
  }
  return out;
}

async function channelLanguage(db: Db, channelId: number): Promise<Language> {
  const row = await db
    .select({ value: channelSettings.value })
    .from(channelSettings)
    .where(and(eq(channelSettings.channelId, channelId), eq(channelSettings.key, "language")))
    .get();
  return mailLanguage(typeof row?.value === "string" ? row.value : null);
}

async function mailRecipient(db: Db, env: Env, ctx: ChannelMailContext, event: EventRow, teams: Map<number, Team>, r: Recipient, now: number): Promise<void> {
  const language = mailLanguage(r.language);
  const content = renderReminderMail({
    language,
    branding: ctx.branding,
    firstName: r.firstName,
    title: eventTitle(event, teams, language, ctx.fallback),
    startsAt: event.eventUtcTs,
    timeZone: event.timeZone,
    links: {
      watch: new URL(`/watch/${event.id}`, ctx.origin).toString(),
      calendar: new URL(eventCalendarPath(event.id), ctx.origin).toString(),
      unsubscribe: await unsubscribeLink(ctx.origin, REMINDER_UNSUBSCRIBE_PATH, authSecret(env), ctx.channel.id, r.userId),
    },
  });
  await queueRenderedMail(db, env, { channelId: ctx.channel.id, userId: r.userId, kind: REMINDER_MAIL_KIND, to: r.email, language, content, now });
}

/**
 * One run as of `now`. `base`: the URL of the request that started it (dev route), for the links' origin. A delivery
 * is claimed before its mail is written: if writing fails the mail is lost rather than ever sent twice.
 */
export async function sendDueReminders(env: Env, now: number, base?: URL): Promise<ReminderRunReport> {
  const db = getDb(env.DB);
  const due = (await dueEventsQuery(db, now, now + REMINDER_LEAD_MS)).map((r) => r.event);
  let sent = 0;
  if (due.length) {
    const contexts = await channelContexts(db, env, [...new Set(due.map((e) => e.channelId))], base);
    const teamIds = [...new Set(due.flatMap((e) => [e.homeTeamId, e.awayTeamId]).filter((id): id is number => id !== null))];
    const teams = new Map<number, Team>();
    for (let i = 0; i < teamIds.length; i += 90) {
      const rows = await db
        .select({ id: participants.id, name: participants.name, shortName: participants.shortName })
        .from(participants)
        .where(inArray(participants.id, teamIds.slice(i, i + 90)));
      for (const t of rows) teams.set(t.id, t);
    }
    for (const event of due) {
      const ctx = contexts.get(event.channelId);
      if (!ctx) continue;
      const recipients = await claimReminderDeliveries(db, event, now);
      for (const r of recipients) {
        try {
          await mailRecipient(db, env, ctx, event, teams, r, now);
          sent += 1;
        } catch (error) {
          console.error("reminders: mail not written", event.id, r.userId, error);
        }
      }
    }
  }
  return { now: new Date(now).toISOString(), events: due.length, sent };
}
