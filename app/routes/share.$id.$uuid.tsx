// /share/{id}/{uuid} (issue 11): a clip shared by link, for anyone holding it (the uuid is its unguessable half). It
// plays in the site's player (issue 28), loaded when the visitor presses play, from the stable
// /share/{id}/{uuid}/video.mp4 (signed URLs expire in 10 minutes; it and poster.jpg, which the cards name too,
// redirect to fresh ones). A key play's clip (issue 27) is titled by what happened, says which game it is from (a link to its watch
// page) and lists the game's other key plays.
import type { SharedClip } from "@api/contract/clips";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { clipTags, tagLabel } from "~/features/clips/messages";
import { catalogueLinks } from "~/features/events/links";
import { metaWithSocial } from "~/features/events/social-meta";
import { ShareButton, shareButtonLinks } from "~/features/share/ShareButton";
import { clock } from "~/features/player/usePlaybackState";
import { formatDate, matchup } from "~/lib/format";
import { loadSharedClip } from "~/features/clips/shared.server";
import { absoluteUrl, shareImage } from "~/server/events.server";
import { getT } from "~/server/i18n.server";
import { gameKeyPlays, sharedKeyPlay } from "~/features/scores/shared-key-play.server";
import shareCss from "~/styles/share.css?url";
import playerCss from "~/styles/player.css?url";

export async function loader({ context, params }: LoaderFunctionArgs) {
  const { tenant, clip } = await loadSharedClip(context, params);
  // A key play's clip (issue 27) names its game and the game's other key plays: asked beside the event.
  const keyPlayOf = clip.key_play_id !== null && clip.event_id !== null ? { tap: clip.key_play_id, eventId: clip.event_id } : null;
  const [t, event, keyPlays] = await Promise.all([
    getT(tenant.lang),
    clip.event_id !== null && (!clip.source_title || keyPlayOf) ? tenant.catalogue.event(clip.event_id).catch(() => null) : null,
    keyPlayOf ? gameKeyPlays(tenant, keyPlayOf.eventId) : [],
  ]);
  const source = clip.source_title ?? (event ? matchup(event) : null);
  const keyPlay = keyPlayOf && event ? sharedKeyPlay(t, event, keyPlayOf.tap, keyPlays) : null;
  const title = keyPlay?.text ?? clip.name;
  const site = tenant.bootstrap.settings.title ?? tenant.channel.name;
  // The channel's own names first; a key it no longer lists is still translated (or shown as it is).
  const tags = clipTags([...tenant.bootstrap.settings["clips.tags"], ...clip.tags], t, tenant.lang);
  const path = `/share/${clip.id}/${clip.uuid}`;
  const shareUrl = absoluteUrl(context, path)!;
  return {
    clip: { id: clip.id, name: title, duration: clip.duration, createdAt: clip.created_at, poster: clip.poster?.url ?? null },
    keyPlay,
    tags: clip.tags.map((key) => ({ key, label: tagLabel(tags, key) })),
    source,
    full: fullSource(clip),
    shareUrl,
    video: `${path}/video.mp4`,
    meta: { title, description: source ? t("share:description", { source, site }) : t("share:descriptionNoSource", { site }) },
    social: {
      url: shareUrl,
      // The poster frame composed at 1200×630 with the channel's bar (issue 28); poster.jpg stays the bare frame.
      image: shareImage(context, clip.share_image, title),
      type: "video.other" as const,
      video: { url: absoluteUrl(context, `${path}/video.mp4`)!, type: "video/mp4", duration: clip.duration },
    },
  };
}

/** Where the whole of what the clip was cut from plays: the event, else the library video. */
function fullSource(clip: SharedClip): { href: string; kind: "event" | "video" } | null {
  if (clip.event_id !== null) return { href: `/watch/${clip.event_id}`, kind: "event" };
  if (clip.event_media_id !== null) return { href: `/watch_library/${clip.event_media_id}`, kind: "video" };
  return null;
}

export const links: LinksFunction = () => [...catalogueLinks(), ...shareButtonLinks(), { rel: "stylesheet", href: playerCss }, { rel: "stylesheet", href: shareCss }];

// Whoever holds the link may watch, but the link is not a listing: search engines leave it out.
export const meta: MetaFunction<typeof loader> = (args) => [...metaWithSocial(args), { name: "robots", content: "noindex" }];

export default function SharedClipPage() {
  const { clip, keyPlay, tags, source, full, shareUrl, video } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("share");
  const duration = Math.round(clip.duration);
  return (
    <article className="page share" aria-labelledby="share-title">
      <div className="share__stage">
        <ClipStage id={clip.id} src={video} poster={clip.poster} name={clip.name} />
      </div>
      <div className="share__body">
        <header className="share__header">
          <p className="share__kicker">{keyPlay ? t("keyPlay.kicker") : t("kicker")}</p>
          <h1 id="share-title" className="share__title">
            {clip.name}
          </h1>
          {keyPlay ? (
            <p className="share__game">
              {t("keyPlay.fromGame")} <Link to={keyPlay.game.href}>{keyPlay.game.matchup}</Link>
            </p>
          ) : null}
        </header>
        <dl className="share__facts">
          {source ? (
            <div>
              <dt>{t("facts.source")}</dt>
              <dd>{source}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t("facts.duration")}</dt>
            <dd>
              <time dateTime={`PT${duration}S`}>{clock(duration)}</time>
            </dd>
          </div>
          <div>
            <dt>{t("facts.created")}</dt>
            <dd>
              <time dateTime={clip.createdAt}>{formatDate(clip.createdAt, i18n.language || "en")}</time>
            </dd>
          </div>
        </dl>
        {tags.length ? (
          <ul className="share__tags" aria-label={t("tags")}>
            {tags.map((tag) => (
              <li key={tag.key} className="share__tag">
                {tag.label}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="share__actions">
          {full ? (
            <Link to={full.href} className="button button--primary">
              {full.kind === "event" ? t("fullEvent") : t("fullVideo")}
            </Link>
          ) : null}
          <ShareButton url={shareUrl} title={clip.name} linkLabel={t("linkLabel")} />
        </div>
        {keyPlay ? <GameKeyPlays others={keyPlay.others} /> : null}
      </div>
    </article>
  );
}

/** The game's other key plays (issue 27), each linking to its clip's share page. */
function GameKeyPlays({ others }: { others: { id: string; text: string; href: string }[] }) {
  const { t } = useTranslation("share");
  return (
    <section className="share__key-plays" aria-labelledby="share-key-plays-title">
      <h2 id="share-key-plays-title">{t("keyPlay.others")}</h2>
      {others.length ? (
        <ul className="share__key-plays-list">
          {others.map((k) => (
            <li key={k.id}>
              <a href={k.href}>{k.text}</a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="share__key-plays-none">{t("keyPlay.noOthers")}</p>
      )}
    </section>
  );
}

const Player = lazy(() => import("~/features/player/Player"));

/**
 * The clip in the site's player (issue 28). Until the visitor plays it the page shows its poster and a play button, so
 * an anonymous visitor loads no player code; the button loads the player, which plays the clip's MP4 from its
 * stable address (a redirect to a freshly signed URL each time, so a tab left open still plays).
 */
function ClipStage({ id, src, poster, name }: { id: number; src: string; poster: string | null; name: string }) {
  const { t } = useTranslation("share");
  const [started, setStarted] = useState(false);
  const still = poster ? <img className="share__poster" src={poster} alt="" width={1280} height={720} /> : <span className="share__poster share__poster--empty" />;
  if (!started) {
    return (
      <button type="button" className="share__play" onClick={() => setStarted(true)} data-testid="share-play">
        {still}
        <span className="share__play-icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="36" height="36">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </span>
        <span className="visually-hidden">{t("play", { name })}</span>
      </button>
    );
  }
  return (
    <Suspense fallback={still}>
      <Player eventId={id} manifest={src} token="" poster={poster} title={t("video", { name })} stream={{ id, type: "clip" }} autoFocus />
    </Suspense>
  );
}
