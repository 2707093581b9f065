// The reminder mail (issue 12): an upcoming event, in the recipient's language and the channel's branding like the
// account mails, with its start in the event's own time zone, a Watch link, an Add to calendar link and the
// unsubscribe link every reminder carries.
import type { Language } from "../../contract/constants";
import { brandedHtml, escapeHtml as e, type Branding, type MailContent } from "./templates";
import { isKnownZone } from "../../contract/time-zones";

export interface ReminderMailInput {
  language: Language;
  branding: Branding;
  firstName: string;
  /** "Away @ Home", or the event's name. */
  title: string;
  /** Epoch ms. */
  startsAt: number;
  /** IANA zone of the event. */
  timeZone: string;
  links: { watch: string; calendar: string; unsubscribe: string };
}

interface Words {
  subject: (title: string, channel: string) => string;
  greeting: (name: string) => string;
  body: (title: string) => string;
  starts: (when: string, zone: string) => string;
  watch: string;
  calendar: string;
  why: string;
  unsubscribe: string;
}

const WORDS: Record<Language, Words> = {
  en: {
    subject: (t, c) => `Starting soon on ${c}: ${t}`,
    greeting: (n) => (n ? `Hello ${n},` : "Hello,"),
    body: (t) => `${t} starts soon.`,
    starts: (when, zone) => `Start: ${when} (${zone} time)`,
    watch: "Watch",
    calendar: "Add to calendar",
    why: "You get this mail because you asked to be reminded of this event, or follow one of its teams, schools or sports with reminders on.",
    unsubscribe: "Stop all reminder mails",
  },
  fr: {
    subject: (t, c) => `Bientôt sur ${c} : ${t}`,
    greeting: (n) => (n ? `Bonjour ${n},` : "Bonjour,"),
    body: (t) => `${t} commence bientôt.`,
    starts: (when, zone) => `Début : ${when} (heure de ${zone})`,
    watch: "Regarder",
    calendar: "Ajouter à l’agenda",
    why: "Vous recevez ce courriel parce que vous avez demandé un rappel pour cet événement, ou suivez avec rappels l’une de ses équipes, écoles ou l’un de ses sports.",
    unsubscribe: "Ne plus recevoir de rappels",
  },
};

/** The zone if Intl knows it, else UTC (a mail must not fail on a bad catalogue value). */
function knownZone(timeZone: string): string {
  return isKnownZone(timeZone) ? timeZone : "UTC";
}

/** The start as the event's own clock shows it, e.g. "Saturday, November 22, 2026 at 7:00 PM EST". */
export function formatStart(startsAt: number, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "full", timeStyle: "short", timeZone: knownZone(timeZone) }).format(new Date(startsAt));
}

export function renderReminderMail(input: ReminderMailInput): MailContent {
  const w = WORDS[input.language];
  const { name, primary } = input.branding;
  const zone = knownZone(input.timeZone);
  const when = w.starts(`${formatStart(input.startsAt, zone, input.language)}`, zone);
  const { watch, calendar, unsubscribe } = input.links;
  const greeting = w.greeting(input.firstName);
  const text = [
    greeting,
    "",
    w.body(input.title),
    when,
    "",
    `${w.watch}: ${watch}`,
    `${w.calendar}: ${calendar}`,
    "",
    `— ${name}`,
    "",
    w.why,
    `${w.unsubscribe}: ${unsubscribe}`,
  ].join("\n");
  const html = brandedHtml(input.language, input.branding, [
    `<p style="margin:0 0 16px">${e(greeting)}</p>`,
    `<p style="margin:0 0 8px;font-size:18px;font-weight:bold">${e(w.body(input.title))}</p>`,
    `<p style="margin:0 0 24px">${e(when)}</p>`,
    `<p style="margin:0 0 24px"><a href="${e(watch)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${e(primary)};color:#ffffff;text-decoration:none;font-weight:bold">${e(w.watch)}</a>`,
    ` <a href="${e(calendar)}" style="display:inline-block;padding:12px 20px;color:${e(primary)};font-weight:bold">${e(w.calendar)}</a></p>`,
    `<p style="margin:16px 0 8px;font-size:12px;color:#52525b">${e(w.why)}</p>`,
    `<p style="margin:0;font-size:12px"><a href="${e(unsubscribe)}" style="color:#52525b">${e(w.unsubscribe)}</a></p>`,
  ]);
  return { subject: w.subject(input.title, name), text, html };
}
