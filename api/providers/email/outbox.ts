// Every mail is first written to mail_outbox, then a Queue message asks the consumer to deliver it. The outbox
// is the record (and, locally, what the dev outbox page shows); delivery failures retry through the queue.
import { eq } from "drizzle-orm";
import type { ChannelContext } from "../../context";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../contract/constants";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/auth-schema";
import { colorsQuery, settingsQuery } from "../../db/repos/content";
import { mailProvider } from "./provider";
import { renderMail, type Branding, type MailContent, type MailKind } from "./templates";

const FALLBACK_PRIMARY = "#1d4ed8";

/** The channel's name, logo (absolute on `origin`) and primary web colour. */
export async function channelBranding(db: Db, channel: Pick<ChannelContext, "id" | "name">, origin: string): Promise<Branding> {
  const [settings, colors] = await db.batch([settingsQuery(db, channel.id), colorsQuery(db, channel.id, "web")]);
  const logo = settings.find((s) => s.key === "logo")?.value;
  const primary = colors.find((c) => c.key === "primary")?.value;
  return {
    name: channel.name,
    logoUrl: typeof logo === "string" && logo ? new URL(logo, origin).toString() : null,
    primary: typeof primary === "string" && /^#[0-9a-fA-F]{6}$/.test(primary) ? primary : FALLBACK_PRIMARY,
  };
}

export const mailLanguage = (value: string | null | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(value ?? "") ? (value as Language) : DEFAULT_LANGUAGE;

export interface QueueMailInput {
  channel: Pick<ChannelContext, "id" | "name">;
  userId: number | null;
  to: string;
  firstName: string;
  language: string;
  kind: MailKind;
  /** Absolute URL of the mail's action. */
  link: string;
  /** The address an email change goes to, named in its mails. */
  newEmail?: string;
  /** The web origin the request came from: where links and the logo point. */
  origin: string;
  now: number;
}

export async function queueMail(db: Db, env: Pick<Env, "JOBS">, input: QueueMailInput): Promise<number> {
  const language = mailLanguage(input.language);
  const branding = await channelBranding(db, input.channel, input.origin);
  const content = renderMail({ kind: input.kind, language, branding, firstName: input.firstName, link: input.link, newEmail: input.newEmail });
  return queueRenderedMail(db, env, { channelId: input.channel.id, userId: input.userId, kind: input.kind, to: input.to, language, content, now: input.now });
}

export interface RenderedMailInput {
  channelId: number;
  userId: number | null;
  /** mail_outbox.kind: free text (the account mails' MailKind, "event_reminder"…). */
  kind: string;
  to: string;
  language: Language;
  content: MailContent;
  now: number;
}

/** Writes a mail already rendered to the outbox and asks the queue to deliver it. */
export async function queueRenderedMail(db: Db, env: Pick<Env, "JOBS">, input: RenderedMailInput): Promise<number> {
  const row = await db
    .insert(mailOutbox)
    .values({ channelId: input.channelId, userId: input.userId, kind: input.kind, to: input.to, language: input.language, ...input.content, createdAt: input.now })
    .returning({ id: mailOutbox.id })
    .get();
  try {
    await env.JOBS.send({ kind: "mail.send", id: row.id });
  } catch (error) {
    // The row stays "queued"; the user can ask for the mail again. Failing the request would not send it either.
    console.error("mail: could not enqueue", row.id, error);
  }
  return row.id;
}

/**
 * Writes a rendered mail once per `dedupeKey` (unique per channel) and asks the queue to deliver it; null when a mail
 * with that key was already written, by this call's cause delivered again or by a concurrent delivery of it.
 */
export async function queueRenderedMailOnce(db: Db, env: Pick<Env, "JOBS">, input: RenderedMailInput & { dedupeKey: string }): Promise<number | null> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ channelId: input.channelId, userId: input.userId, kind: input.kind, to: input.to, language: input.language, ...input.content, createdAt: input.now, dedupeKey: input.dedupeKey })
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id });
  if (!row) return null;
  try {
    await env.JOBS.send({ kind: "mail.send", id: row.id });
  } catch (error) {
    console.error("mail: could not enqueue", row.id, error);
  }
  return row.id;
}

/** Delivers one queued mail (the Queue consumer). Without a provider the mail is held in the outbox. */
export async function deliverMail(db: Db, env: Pick<Env, "MAIL_API_KEY" | "MAIL_API_URL" | "MAIL_FROM">, id: number, now: number, fetcher?: typeof fetch): Promise<void> {
  const mail = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).get();
  // Deleted with its account, or already handled by an earlier delivery of the same message.
  if (!mail || mail.status === "sent" || mail.status === "held") return;
  const provider = mailProvider(env, fetcher);
  if (!provider) {
    await db.update(mailOutbox).set({ status: "held" }).where(eq(mailOutbox.id, id));
    return;
  }
  try {
    const sent = await provider.send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    await db
      .update(mailOutbox)
      .set({ status: "sent", providerId: sent.id, sentAt: now, error: null })
      .where(eq(mailOutbox.id, id));
  } catch (error) {
    await db.update(mailOutbox).set({ status: "failed", error: String(error).slice(0, 500) }).where(eq(mailOutbox.id, id));
    // Rethrown so the queue retries; a "failed" row is tried again on the next delivery.
    throw error;
  }
}

/** The http(s) links in a mail's text, in order. */
export const mailLinks = (text: string): string[] => text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
