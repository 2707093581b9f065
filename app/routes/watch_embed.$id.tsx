// /watch_embed/{id} (issue 5): the player of /watch/{id} alone, for partner sites to frame. Same access rules and
// grant as the watch page; no site header, footer, skip link or cookie notice (handle.layout), and the only page whose
// CSP lets the channel's `embed.allowed_origins` frame it (handle.embeddable, read by entry.server).
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EventTime } from "~/features/events/EventTime";
import { useWatchStage } from "~/features/player/WatchStage";
import { eventStream } from "~/features/player/stream";
import { matchup } from "~/lib/format";
import { pageMeta, type PageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { RootData } from "~/root";
import { loadEventPlayback } from "~/server/watch.server";
import playerCss from "~/styles/player.css?url";

export const handle: RouteHandle = { layout: "plain", embeddable: true };

export async function loader({ context, params }: LoaderFunctionArgs) {
  const { event, playback } = await loadEventPlayback(context, params.id);
  return { event, playback, meta: { title: matchup(event) } satisfies PageMeta };
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
  const title = matchup(event);
  const { stage, overlay } = useWatchStage({
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
