// SPEC §3 display rules for teams and events, shared by the web (cards, titles) and the API (reminder mails,
// calendar entries), so both write a game's name the same way. Pure.
import type { Event, EventParticipant } from "./catalogue-types";

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

/** A team as a card shows it: its short name, else its name without "University". */
export function participantLabel(p: Pick<EventParticipant, "name" | "short_name">): string {
  return teamName(p.short_name?.trim() || p.name);
}

/** A team as the naming rules need it (an event's participant, or the lighter one of a key play's game). */
type Named = Pick<EventParticipant, "side" | "name" | "short_name">;

/** The two sides of an event, away first (SPEC: "away @ home"); null when it does not have both. */
export function sides<P extends Pick<EventParticipant, "side">>(event: { participants: readonly P[] }): { away: P; home: P } | null {
  const away = event.participants.find((p) => p.side === "away");
  const home = event.participants.find((p) => p.side === "home");
  return away && home ? { away, home } : null;
}

/** "Away @ Home" by short name, or the event's own name when it is not a two-sided game. */
export function matchup(event: Pick<Event, "name"> & { participants: readonly Named[] }): string {
  const s = sides(event);
  return s ? `${participantLabel(s.away)} @ ${participantLabel(s.home)}` : event.name;
}

/** A team's name as stored (one string, or one per language) with its optional short name. */
interface StoredTeamName {
  short_name?: string | null;
  name: string | Partial<Record<string, string>>;
}

/**
 * The name an event without its own is given when its definition is loaded: "<away> @ <home>" by the teams' short
 * names (else their English, then French, name). The one home of that default, so the API can tell a generated
 * name from an event's own (`own_name`).
 */
export function defaultEventName(away: StoredTeamName | undefined, home: StoredTeamName | undefined, fallback: { away: string; home: string }): string {
  const short = (t: StoredTeamName | undefined, alias: string) => t?.short_name ?? (typeof t?.name === "string" ? t.name : (t?.name.en ?? t?.name.fr ?? alias));
  return `${short(away, fallback.away)} @ ${short(home, fallback.home)}`;
}

/** The event's title: its own name when it has one ("College Classic"), else the matchup. */
export function eventTitle(event: Pick<Event, "name" | "own_name"> & { participants: readonly Named[] }): string {
  return event.own_name ?? matchup(event);
}

/** The line under an own-named event's title: its matchup (null when the title already is the matchup). */
export function eventSubtitle(event: Pick<Event, "name" | "own_name"> & { participants: readonly Named[] }): string | null {
  return event.own_name && sides(event) ? matchup(event) : null;
}
