// Display rules of SPEC §3 for events and teams, pure so that server and browser render the same.
import type { Event, EventParticipant, Gender } from "@api/contract/catalogue";

/** SPEC §3: team-name display removes the words "University of" or "University". */
export function teamName(name: string): string {
  const out = name
    .replace(/\bUniversity\s+of\b/gi, " ")
    .replace(/\bUniversity\b/gi, " ")
    .replace(/\s+,/g, ",")
    .replace(/\s{2,}/g, " ")
    .trim()
    .replace(/^(of|,)\s+/i, "")
    .replace(/[\s,]+$/, "");
  return out || name.trim();
}

/** A participant as a card shows it: its short name, else its name without "University". */
export function participantLabel(p: Pick<EventParticipant, "name" | "short_name">): string {
  return teamName(p.short_name?.trim() || p.name);
}

/** The two sides of an event, away first (SPEC: "away @ home"); null when it does not have both. */
export function sides(event: Pick<Event, "participants">): { away: EventParticipant; home: EventParticipant } | null {
  const away = event.participants.find((p) => p.side === "away");
  const home = event.participants.find((p) => p.side === "home");
  return away && home ? { away, home } : null;
}

/** "Away @ Home" by short name, or the event's own name when it is not a two-sided game. */
export function matchup(event: Pick<Event, "participants" | "name">): string {
  const s = sides(event);
  return s ? `${participantLabel(s.away)} @ ${participantLabel(s.home)}` : event.name;
}

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
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
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
