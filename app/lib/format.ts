// Display rules of SPEC §3 for events and teams, pure so that server and browser render the same.
import type { Gender } from "@api/contract/catalogue";
import { isKnownZone } from "@api/contract/time-zones";

// The team and matchup rules are shared with the API (mails, calendars): one home, in the contract.
export { eventSubtitle, eventTitle, matchup, participantLabel, sides, teamName } from "@api/contract/names";

/** SPEC §3: gender shows as M and W; "not identified" shows nothing. */
export function genderLetter(gender: Gender | null | undefined): "M" | "W" | null {
  return gender === "men" ? "M" : gender === "women" ? "W" : null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(lang: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${lang}|${timeZone ?? ""}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, {
      weekday: "short",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
      ...(timeZone ? { timeZone } : {}),
    });
    formatters.set(key, f);
  }
  return f;
}

/** A valid IANA zone, or undefined (the runtime's own zone) when the zone is unknown to Intl. */
export function safeZone(timeZone: string | null | undefined): string | undefined {
  return timeZone && isKnownZone(timeZone) ? timeZone : undefined;
}

/** Date and time of an instant in a zone (the event's on the server, the viewer's in the browser). */
export function formatEventTime(iso: string, lang: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return formatter(lang, safeZone(timeZone)).format(date);
}

/** A calendar date without time, for VOD items. */
export function formatDate(iso: string, lang: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(lang, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(date);
}
