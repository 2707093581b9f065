// /calendar/event/{id}.ics (issue 12): "Add to calendar" of one event, as a download.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { calendarResponse, idFromFile } from "~/features/calendar/calendar.server";

export async function loader({ context, params }: LoaderFunctionArgs) {
  const id = idFromFile(params.file);
  return calendarResponse(context, (tenant) => tenant.calendar.event(id), "attachment");
}
