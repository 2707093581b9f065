// /calendar/{participant|group|category}/{id}.ics (issue 12): the subscribable feed of a team, school or sport
// (webcal://), served inline so calendar apps and browsers read it in place.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { calendarResponse, feedType, idFromFile } from "~/features/calendar/calendar.server";

export async function loader({ context, params }: LoaderFunctionArgs) {
  const type = feedType(params.type);
  const id = idFromFile(params.file);
  return calendarResponse(context, (tenant) => tenant.calendar.feed(type, id), "inline");
}
