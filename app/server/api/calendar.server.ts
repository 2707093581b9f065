// "Add to calendar" (issue 12): one event's iCalendar file and the team, school and sport feeds, as the API writes
// them. Public data (no user), so the calls are anonymous; the web passes the file through untouched.
import type { CalendarFeedType } from "@api/contract/favorites";
import type { Language } from "@api/contract/constants";
import { createApiClient, type ApiClientOptions } from "./client.server";

/** A calendar file: its text and the API's Content-Disposition (which names the file). */
export interface CalendarFile {
  body: string;
  contentType: string;
  disposition: string | null;
}

async function read(response: Promise<Response>): Promise<CalendarFile> {
  const r = await response;
  return { body: await r.text(), contentType: r.headers.get("content-type") ?? "text/calendar; charset=utf-8", disposition: r.headers.get("content-disposition") };
}

export function calendarEndpoints(options: ApiClientOptions, lang: Language) {
  const client = createApiClient(options);
  return {
    /** GET /calendar/event/{id}: the event's .ics (not_found for another channel's or a missing event). */
    event: (id: number) => read(client.get<Response>(`calendar/event/${id}`, { query: { lang }, raw: true })),
    /** GET /calendar/{type}/{id}: the feed of a team, school or sport (30 days back, a year ahead). */
    feed: (type: CalendarFeedType, id: number) => read(client.get<Response>(`calendar/${type}/${id}`, { query: { lang }, raw: true })),
  };
}

export type CalendarEndpoints = ReturnType<typeof calendarEndpoints>;
