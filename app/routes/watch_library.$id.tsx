// /watch_library/{id} (issue 5): plays a VOD library item. The grant comes from `POST vod-media-items/{id}/playback`
// (same answers as an event's); the stage shows the player or the prompt that fits the refusal. Items are sold by
// pass only, so a purchase prompt leads to the packages.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EventActions, eventActionsLinks } from "~/features/events/EventActions";
import { catalogueLinks } from "~/features/events/links";
import { metaWithSocial } from "~/features/events/social-meta";
import { useWatchStage } from "~/features/player/WatchStage";
import { useClipArea } from "~/features/clips/ClipArea";
import { loadClipArea } from "~/features/clips/clips.server";
import clipsCss from "~/styles/clips.css?url";
import { vodImage } from "~/features/vod/VodCard";
import { formatDate } from "~/lib/format";
import { absoluteUrl, displayableImage, isMissing } from "~/server/events.server";
import { notFound, optionalUser } from "~/server/guards.server";
import playerCss from "~/styles/player.css?url";

export async function loader({ context, params }: LoaderFunctionArgs) {
  const id = Number(params.id);
  if (!/^\d+$/.test(params.id ?? "") || !Number.isSafeInteger(id) || id <= 0) notFound();
  const { tenant, api } = optionalUser(context);
  const item = await tenant.catalogue.vodItem(id).catch((error) => {
    if (isMissing(error)) notFound();
    throw error;
  });
  const playback = await api.playback.vod(item.id);
  return {
    item,
    playback,
    clips: await loadClipArea(context, tenant, playback, { event_media_id: item.id }),
    meta: { title: item.title, description: item.description },
    social: { url: absoluteUrl(context, `/watch_library/${item.id}`)!, image: displayableImage(context, vodImage(item), item.title), type: "video.other" as const },
  };
}

export const links: LinksFunction = () => [...catalogueLinks(), { rel: "stylesheet", href: playerCss }, { rel: "stylesheet", href: clipsCss }, ...eventActionsLinks()];

export const meta = metaWithSocial;

export default function WatchLibraryItem() {
  const { item, playback, clips, social } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const image = vodImage(item);
  const grant = playback.kind === "allowed" ? playback.grant : null;
  const clip = useClipArea(
    grant && clips
      ? { verdict: grant.clip, thumbnails: grant.thumbnails, source: { event_media_id: item.id }, ...clips, returnTo: `/watch_library/${item.id}`, noun: "video" }
      : null,
  );
  const { stage, overlay } = useWatchStage({
    playback,
    mediaId: item.id,
    stream: { id: item.id, type: "vod" },
    title: item.title,
    poster: image,
    returnTo: `/watch_library/${item.id}`,
    buyHref: null,
    noun: "video",
    onPlayerHandle: clip.onPlayerHandle,
    playerControls: clip.button,
  });
  return (
    <div className="page watch" data-playback={playback.kind}>
      <div className="watch__stage">
        {stage ??
          (image ? (
            <img className="watch__poster" src={image} alt={t("vod.posterOf", { title: item.title })} width={1280} height={720} />
          ) : (
            <div className="watch__poster watch__poster--empty" />
          ))}
        {overlay}
      </div>
      {clip.area}
      {clip.list}
      <EventActions noun="video" share={{ url: social.url, title: item.title, linkLabel: t("calendar:share.linkLabelVideo") }} />
      <header className="event-header">
        <h1 className="event-header__title">{item.title}</h1>
        <p>
          <time dateTime={item.date}>{formatDate(item.date, i18n.language || "en")}</time>
        </p>
        {item.description ? <p className="event-header__description">{item.description}</p> : null}
      </header>
    </div>
  );
}
