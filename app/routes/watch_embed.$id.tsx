// /watch_embed/{id} (issue 5): the player of /watch/{id} alone, for partner sites to frame; it fills a 16:9 frame, the
// title over the picture's top (issue 28). Same access rules and
// grant as the watch page; no site header, footer, skip link or cookie notice (handle.layout), and the only page whose
// CSP lets the channel's `embed.allowed_origins` frame it (handle.embeddable, read by entry.server).
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EventTime } from "~/features/events/EventTime";
import { useWatchStage } from "~/features/player/WatchStage";
import { eventStream } from "~/features/player/stream";
import { eventTitle } from "~/lib/format";
import type { PlayerHandle } from "~/features/player/Player";
import { useStartAt } from "~/features/player/start-at";
import { useState } from "react";
import { pageMeta, type PageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { RootData } from "~/root";
import { loadEventPlayback } from "~/server/watch.server";
import playerCss from "~/styles/player.css?url";

export const handle: RouteHandle = { layout: "plain", embeddable: true };

export async function loader({ context, params }: LoaderFunctionArgs) {
  const { event, playback } = await loadEventPlayback(context, params.id);
  return { event, playback, meta: { title: eventTitle(event) } satisfies PageMeta };
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: playerCss }];

// The channel's own page is the one to index; the embed is a copy of its player.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
  return [...pageMeta(data?.meta, root?.siteName), { name: "robots", content: "noindex" }];
};

export default function WatchEmbed() {
  const { event, playback } = useLoaderData<typeof loader>();
  const { t } = useTranslation("player");
  const title = eventTitle(event);
  const [handle, setHandle] = useState<PlayerHandle | null>(null);
  // The embed code may carry `?t=` too (issue 28).
  useStartAt(handle, Date.parse(event.event_utc_ts));
  const { stage, overlay } = useWatchStage({
    onPlayerHandle: setHandle,
    playback,
    mediaId: event.id,
    stream: eventStream(event),
    title,
    poster: event.poster,
    returnTo: `/watch/${event.id}`,
    buyHref: `/buy?event_id=${event.id}`,
    startsAt: event.event_utc_ts,
    newTab: true,
    scheduled: <EventTime iso={event.event_utc_ts} zone={event.time_zone} />,
  });
  return (
    <div className="embed" data-playback={playback.kind}>
      <div className="watch__stage embed__stage">
        {stage ?? (event.poster ? <img className="embed__poster" src={event.poster} alt="" /> : null)}
        {overlay}
      </div>
      <h1 className="embed__title">
        <a href={`/watch/${event.id}`} target="_blank" rel="noopener">
          {title}
          <span className="visually-hidden"> {t("embed.newTab")}</span>
        </a>
      </h1>
    </div>
  );
}
