import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { EventHeader } from "~/features/events/EventHeader";
import { metaWithSocial } from "~/features/events/social-meta";
import { absoluteUrl, eventSummary, loadEvent } from "~/server/events.server";
import { matchup } from "~/lib/format";
import { catalogueLinks } from "~/features/events/links";

export async function loader({ context, params }: LoaderFunctionArgs) {
  const event = await loadEvent(context, params.id);
  const title = matchup(event);
  return {
    event,
    meta: { title, description: event.description ?? eventSummary(event) },
    social: { url: absoluteUrl(context, `/watch/${event.id}`)!, image: absoluteUrl(context, event.poster), type: "video.other" as const },
  };
}

export const links = catalogueLinks;

export const meta = metaWithSocial;

export default function Watch() {
  const { event } = useLoaderData<typeof loader>();
  return (
    <div className="page watch">
      <EventHeader event={event} />
    </div>
  );
}
