// The web's calendar files (issue 12): /calendar/event/{id}.ics and /calendar/{type}/{id}.ics on the channel's own
// host, so `webcal://<host>/calendar/…` subscribes to the channel. The API writes the file; the web passes it on.
import { CALENDAR_FEED_TYPES, type CalendarFeedType } from "@api/contract/favorites";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { CalendarFile } from "~/server/api/calendar.server";
import { isApiRequestError } from "~/server/api/errors";
import { notFound, requireTenant } from "~/server/guards.server";

/**
 * No user data inside, so shared caches may keep it a little: calendar apps poll feeds (the file asks every 6 h), and
 * a changed start time shows within minutes.
 */
const CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=3600";

/** "12.ics" → 12; anything else is the 404 page. */
export function idFromFile(file: string | undefined): number {
  const match = /^(\d{1,15})\.ics$/.exec(file ?? "");
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  return id;
}

export function feedType(type: string | undefined): CalendarFeedType {
  if (!CALENDAR_FEED_TYPES.includes(type as CalendarFeedType)) notFound();
  return type as CalendarFeedType;
}

/** Loads a calendar file; a 404 or a refused parameter from the API is the 404 page, anything else an error. */
export async function calendarResponse(context: AppLoadContext, load: (tenant: ReturnType<typeof requireTenant>) => Promise<CalendarFile>, disposition: "attachment" | "inline") {
  const tenant = requireTenant(context);
  const file = await load(tenant).catch((error: unknown) => {
    if (isApiRequestError(error, "not_found", "validation")) notFound();
    throw error;
  });
  // The API names the file; the web only decides whether it is a download or a feed shown in place.
  const name = /filename="([^"]+)"/.exec(file.disposition ?? "")?.[1] ?? "calendar.ics";
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `${disposition}; filename="${name}"`,
      "Cache-Control": CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
