import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { EventHeader } from "~/features/events/EventHeader";
import { metaWithSocial } from "~/features/events/social-meta";
import { catalogueLinks } from "~/features/events/links";
import { useWatchStage } from "~/features/player/WatchStage";
import { absoluteUrl, eventSummary, loadEvent } from "~/server/events.server";
import { requireTenant } from "~/server/guards.server";
import { markExpired } from "~/server/session.server";
import type { PlaybackResult } from "~/server/api/playback.server";
import { matchup } from "~/lib/format";
import playerCss from "~/styles/player.css?url";

export async function loader({ context, params }: LoaderFunctionArgs) {
  const event = await loadEvent(context, params.id);
  const { session } = context;
  // Nothing to grant before the start; the page counts down and asks again then.
  const playback: PlaybackResult =
    event.stream_status === "upcoming"
      ? { kind: "upcoming" }
      : await requireTenant(context).playback.playback(event.id, session.token, () => markExpired(session));
  const title = matchup(event);
  return {
    event,
    playback,
    meta: { title, description: event.description ?? eventSummary(event) },
    social: { url: absoluteUrl(context, `/watch/${event.id}`)!, image: absoluteUrl(context, event.poster), type: "video.other" as const },
  };
}

export const links: LinksFunction = () => [...catalogueLinks(), { rel: "stylesheet", href: playerCss }];

export const meta = metaWithSocial;

export default function Watch() {
  const { event, playback } = useLoaderData<typeof loader>();
  const { stage, overlay } = useWatchStage({
    playback,
    mediaId: event.id,
    title: matchup(event),
    poster: event.poster,
    returnTo: `/watch/${event.id}`,
    buyHref: `/buy?event_id=${event.id}`,
    startsAt: event.event_utc_ts,
  });
  return (
    <div className="page watch" data-playback={playback.kind}>
      <EventHeader event={event} stage={stage} overlay={overlay} />
    </div>
  );
}
