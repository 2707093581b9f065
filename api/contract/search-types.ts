// Wire shapes and limits of GET /search (issue 15): one query across the channel's events, teams, schools and VOD.
// Zod-free, so browser code can import the limits; the query schema is in search.ts.
import type { Event, Participant, ParticipantGroup, VodItem } from "./catalogue-types";

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** Results per group (each event status, teams, schools, VOD). */
export const SEARCH_DEFAULT_LIMIT = 6;
export const SEARCH_MAX_LIMIT = 20;

export const SEARCH_MESSAGES = {
  required: "Field is required",
  tooShort: `The search must be at least ${SEARCH_MIN_LENGTH} characters`,
  tooLong: `The search must be at most ${SEARCH_MAX_LENGTH} characters`,
  limit: `The limit must be a whole number from 1 to ${SEARCH_MAX_LIMIT}`,
} as const;

/** A team found by name: the catalogue's team fields, with where it plays (school, sport), for a results row. */
export interface SearchTeam extends Pick<Participant, "id" | "alias" | "name" | "short_name" | "images" | "color"> {
  school: string | null;
  sport: string | null;
}

/** A school found by name: the catalogue's school (participant group) without its properties. */
export type SearchSchool = Omit<ParticipantGroup, "properties">;

export interface SearchResults {
  /** The query as searched (trimmed). */
  q: string;
  /** Events whose name, team (home or away) or team's school matches, by stream status. */
  events: { live: Event[]; upcoming: Event[]; finished: Event[] };
  teams: SearchTeam[];
  schools: SearchSchool[];
  vod: VodItem[];
}
