// The console's scorekeepers (issue 27): which events a grant can name, the events list's links to their score pages,
// and how the grant form's choice is read. Whether an event is upcoming, live or finished, and whether its sport keeps a
// score, is the API's word (LiveEventRow.stream_status and .scoring): nothing here decides it.
import type { LiveEventRow } from "@api/contract/video";

/** The grant form's choice of every event of the channel (the season), beside the events' ids. */
export const SEASON = "season";

/** The events one can keep score of, soonest first as the API lists them: the upcoming and live ones of a scoring sport. */
export const scorableEvents = (events: LiveEventRow[]): LiveEventRow[] => events.filter((e) => e.stream_status !== "finished" && e.scoring !== null);

/** The score page of each upcoming or live event, by the event's key in the definition (the console's events list). */
export const scorePagesByKey = (events: LiveEventRow[]): Map<string, string> => new Map(scorableEvents(events).map((e) => [e.key, `/score/${e.id}`]));

/** The grant form's event: null for the season, an event's id, or undefined when the form names neither. */
export function grantTarget(value: FormDataEntryValue | null): number | null | undefined {
  if (value === SEASON) return null;
  if (typeof value !== "string" || !/^[1-9][0-9]{0,14}$/.test(value)) return undefined;
  return Number(value);
}
