// Events (the wire Event of /events/{id}) as calendar entries: the title the web shows, the venue, the watch page on
// the channel's own host. Pure.
import type { Event } from "../../contract/catalogue";
import { matchup } from "../../contract/names";
import type { IcsEvent } from "./ics";

/** SPEC §3: two participants show as "away @ home" by short name; otherwise the event's own name. */
export const eventTitle = (event: Pick<Event, "participants" | "name">): string => matchup(event);

/** The venue as one line: name, address, city, state (what the event has of them). */
export function venue(event: Pick<Event, "location">): string | null {
  const l = event.location;
  if (!l) return null;
  return [l.name, l.address, l.city, l.state].filter((part) => part && part.trim()).join(", ") || null;
}

/** Where a channel's pages are: its public origin (https://alpha.example.com) and host name (for UIDs). */
export interface CalendarSite {
  origin: string;
  hostname: string;
}

export function toIcsEvent(event: Event, site: CalendarSite): IcsEvent {
  const url = `${site.origin}/watch/${event.id}`;
  return {
    // The host keeps ids of two channels apart in a calendar that subscribes to both.
    uid: `event-${event.id}@${site.hostname}`,
    start: Date.parse(event.event_utc_ts),
    end: Date.parse(event.end_utc_ts),
    timeZone: event.time_zone,
    summary: eventTitle(event),
    // Many calendar apps show the description but not URL: the watch link goes in both.
    description: [event.description, event.category?.name, url].filter(Boolean).join("\n"),
    location: venue(event),
    url,
    status: "CONFIRMED",
    categories: event.category ? [event.category.name] : [],
  };
}

/** A file name from a title: ASCII letters and digits joined by hyphens (accents dropped), never empty. */
export function fileSlug(title: string, fallback: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/@/g, " at ")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  // Long titles are cut at a word's end.
  const short = slug.length > 60 ? slug.slice(0, 61).replace(/-[^-]*$/, "") : slug;
  return short || fallback;
}
