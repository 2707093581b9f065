// A list of the user's clips (issue 11, SPEC §4 clip flow): each with its state (queued → processing → ready |
// failed), a progress bar while it is made, and on ready clips play, share, download and delete. Used under the
// player (that event's clips) and on /profile/clips (all of them). Mutations post to /action/clips; Remix then
// reloads the page's data. While a clip is unfinished the list polls (ORDER_POLL_MS) until it is done.
// A clip's thumbnail is a link to the page with `?play=<id>` (issue 28): the server renders that clip's player open,
// so a click before the page's script has run (or without it) plays the clip too; once hydrated, the click opens the
// dialog in place.
import type { Clip } from "@api/contract/clips";
import { ORDER_POLL_MS } from "@api/contract/constants";
import { useFetcher, useLocation, useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { clock } from "~/features/player/usePlaybackState";
import type { ClipsActionData } from "~/routes/action.clips";
import { ClipPlayerDialog } from "./ClipPlayerDialog";
import { tagLabel, type ClipTag } from "./messages";

export const shareUrl = (origin: string, clip: Pick<Clip, "id" | "uuid">) => `${origin}/share/${clip.id}/${clip.uuid}`;
const unfinished = (clips: readonly Clip[]) => clips.some((c) => c.status === "queued" || c.status === "processing");

/**
 * The clips to show: the loader's, replaced by fresher ones from polling `pollUrl` (a GET of /action/clips) every
 * ORDER_POLL_MS while one is unfinished. A new loader answer (after a mutation) wins again.
 */
export function usePolledClips(initial: readonly Clip[], pollUrl: string | null): Clip[] {
  const poll = useFetcher<{ clips: Clip[] }>();
  const [clips, setClips] = useState<Clip[]>([...initial]);
  useEffect(() => setClips([...initial]), [initial]);
  useEffect(() => {
    if (poll.data?.clips) setClips(poll.data.clips);
  }, [poll.data]);
  const busy = unfinished(clips);
  // The timer reads the fetcher as it is now, not as it was when the timer started: on a connection slower than
  // ORDER_POLL_MS, a tick while an answer is on its way must wait for it (a new load would abort it, and the list
  // would never turn ready).
  const current = useRef(poll);
  current.current = poll;
  useEffect(() => {
    if (!busy || !pollUrl) return;
    const timer = setInterval(() => {
      if (current.current.state === "idle") current.current.load(pollUrl);
    }, ORDER_POLL_MS);
    return () => clearInterval(timer);
  }, [busy, pollUrl]);
  return clips;
}

export interface ClipListProps {
  clips: readonly Clip[];
  tags: readonly ClipTag[];
  origin: string;
  /** Show each clip's source (the profile's list mixes events). */
  showSource?: boolean;
  /** A clip's source as the page knows it (e.g. the event's matchup); falls back to the API's source_title. */
  sourceOf?: (clip: Clip) => string | null;
  emptyText: string;
}

/** The query parameter that opens a clip's player on the page (the thumbnail's link). */
export const PLAY_PARAM = "play";

/** The page's own URL with `?play=<id>` set (or taken away with null), its other parameters kept. */
function withPlay(location: { pathname: string; search: string }, id: number | null): string {
  const params = new URLSearchParams(location.search);
  if (id === null) params.delete(PLAY_PARAM);
  else params.set(PLAY_PARAM, String(id));
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ""}`;
}

export function ClipList({ clips, tags, origin, showSource = false, sourceOf, emptyText }: ClipListProps) {
  const { t } = useTranslation("clips");
  const location = useLocation();
  const navigate = useNavigate();
  const asked = Number(new URLSearchParams(location.search).get(PLAY_PARAM));
  // The clip the address asks for (a click before hydration, or a shared address) plays first.
  const [playing, setPlaying] = useState<Clip | null>(() => clips.find((c) => c.id === asked && c.status !== "failed") ?? null);
  if (!clips.length) return <p className="clip-list__empty">{emptyText}</p>;
  const close = () => {
    setPlaying(null);
    // The address no longer asks for it: a reload does not open it again.
    if (asked) navigate(withPlay(location, null), { replace: true, preventScrollReset: true });
  };
  return (
    <>
      <ul className="clip-list" data-testid="clip-list">
        {clips.map((clip) => (
          <ClipItem
            key={clip.id}
            clip={clip}
            tags={tags}
            origin={origin}
            source={showSource ? (sourceOf?.(clip) ?? clip.source_title) : null}
            playHref={withPlay(location, clip.id)}
            onPlay={() => setPlaying(clip)}
          />
        ))}
      </ul>
      {playing ? <ClipPlayerDialog clip={clips.find((c) => c.id === playing.id) ?? playing} onClose={close} closeLabel={t("list.close")} closeHref={withPlay(location, null)} /> : null}
    </>
  );
}

function ClipItem(props: { clip: Clip; tags: readonly ClipTag[]; origin: string; source: string | null; playHref: string; onPlay: () => void }) {
  const { clip, tags, origin, source, playHref, onPlay } = props;
  const { t, i18n } = useTranslation("clips");
  const remover = useFetcher<ClipsActionData>();
  const downloader = useFetcher<ClipsActionData>();
  const [shared, setShared] = useState<"copied" | "failed" | null>(null);
  const revalidator = useRevalidator();
  const url = shareUrl(origin, clip);

  const download = downloader.data;
  useEffect(() => {
    // Each answer is a new object, so one URL opens once.
    if (download?.ok && download.intent === "download") window.location.href = download.url;
  }, [download]);
  const removed = remover.data;
  const error = (removed && !removed.ok ? removed.message : null) ?? (download && !download.ok ? download.message : null);
  // A signed URL lasts minutes: a player left open asks the page again.
  const staleRef = useRef(false);

  async function share() {
    const data = { title: clip.name, url };
    try {
      if (navigator.share && (!navigator.canShare || navigator.canShare(data))) {
        await navigator.share(data);
        return;
      }
      await navigator.clipboard.writeText(url);
      setShared("copied");
    } catch (e) {
      // The user closing the share sheet is not a failure.
      if ((e as Error)?.name === "AbortError") return;
      setShared("failed");
    }
  }

  const created = new Date(clip.created_at).toLocaleDateString(i18n.language, { day: "numeric", month: "short", year: "numeric" });
  return (
    <li className="clip-item" data-testid="clip-item" data-clip-id={clip.id} data-status={clip.status}>
      {clip.status === "failed" ? (
        <span className="clip-item__thumb clip-item__thumb--failed">
          <ClipPoster clip={clip} onStale={() => !staleRef.current && ((staleRef.current = true), revalidator.revalidate())} />
          <span className="clip-item__duration">{clock(clip.duration)}</span>
        </span>
      ) : (
        <a
          href={playHref}
          className="clip-item__thumb"
          data-testid="clip-thumb"
          onClick={(e) => {
            // A plain click opens the dialog in place; a new tab, or a click before the script runs, follows the link.
            if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            onPlay();
          }}
        >
          <ClipPoster clip={clip} onStale={() => !staleRef.current && ((staleRef.current = true), revalidator.revalidate())} />
          <span className="visually-hidden">{t("list.play", { name: clip.name })}</span>
          <span className="clip-item__duration">{clock(clip.duration)}</span>
        </a>
      )}
      <div className="clip-item__body">
        <h3 className="clip-item__name">{clip.name}</h3>
        <p className="clip-item__meta">
          <span className={`badge clip-item__status clip-item__status--${clip.status}`}>{t(`status.${clip.status}`)}</span>{" "}
          {clip.tags.length ? (
            <span className="clip-item__tags">
              {clip.tags.map((key) => (
                <span key={key} className="chip chip--static">
                  {tagLabel(tags, key)}
                </span>
              ))}
            </span>
          ) : null}{" "}
          <span>{t("list.duration", { duration: clock(clip.duration) })}</span> · <time dateTime={clip.created_at}>{created}</time>
        </p>
        {source ? <p className="clip-item__source">{t("list.from", { source })}</p> : null}
        {clip.status === "processing" || clip.status === "queued" ? (
          <div className="clip-item__progress">
            <progress max={100} value={clip.progress} aria-label={t("list.progress", { progress: clip.progress })} />
            <span aria-hidden="true">{t("list.progress", { progress: clip.progress })}</span>
          </div>
        ) : null}
        {clip.status === "failed" ? <p className="field__error">{clip.failure_reason ?? t("list.failed")}</p> : null}
        <div className="clip-item__actions">
          {clip.status === "ready" ? (
            <>
              <button type="button" className="button button--small" onClick={share} aria-label={t("list.shareName", { name: clip.name })} data-share-url={url}>
                {t("list.share")}
              </button>
              {clip.can_download ? (
                <downloader.Form method="post" action="/action/clips">
                  <input type="hidden" name="intent" value="download" />
                  <input type="hidden" name="id" value={clip.id} />
                  <button type="submit" className="button button--small" aria-label={t("list.downloadName", { name: clip.name })} disabled={downloader.state !== "idle"}>
                    {t("list.download")}
                  </button>
                </downloader.Form>
              ) : null}
            </>
          ) : null}
          <remover.Form
            method="post"
            action="/action/clips"
            onSubmit={(e) => {
              if (!window.confirm(t("list.confirmDelete", { name: clip.name }))) e.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={clip.id} />
            <button type="submit" className="button button--small button--danger" aria-label={t("list.deleteName", { name: clip.name })} disabled={remover.state !== "idle"}>
              {t("list.delete")}
            </button>
          </remover.Form>
        </div>
        <p className="clip-item__live" role="status" aria-live="polite">
          {shared === "copied" ? t("list.copied") : ""}
        </p>
        {shared === "failed" ? (
          <label className="clip-item__copy">
            {t("list.copyFailed")} <input type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          </label>
        ) : null}
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function ClipPoster({ clip, onStale }: { clip: Clip; onStale: () => void }) {
  return clip.poster ? <img src={clip.poster.url} alt="" width={320} height={180} loading="lazy" onError={onStale} /> : <span className="clip-item__thumb-empty" aria-hidden="true" />;
}
