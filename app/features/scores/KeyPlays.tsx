// The event's key plays (issue 27): each key play the scorekeeper tapped, with the clip the API cut of it once that
// moment is recorded, a button that watches it in the game, and for the channel's owner hide, show and delete. The
// list follows the game: it is fetched again (a plain fetch of the resource route, apart from Remix's revalidations)
// when the board names a key play it does not hold (or no longer holds), and every few seconds while a clip is made.
import type { KeyPlay, KeyPlaysAnswer, Side } from "@api/contract/scores";
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FetchMarker } from "~/lib/fetch-marker";
import { useKeyPlayText } from "./key-play-text";

/** How often the list is fetched while a clip is queued or being made. */
export const KEY_PLAY_POLL_MS = 2_000;

const making = (k: KeyPlay) => k.clip?.status === "queued" || k.clip?.status === "processing";

export function KeyPlays({
  eventId,
  initial,
  boardIds,
  reached,
  names,
  onSeek,
  onShown,
}: {
  eventId: number;
  initial: KeyPlaysAnswer;
  /** The key plays the latest board names (the page's live board; hidden ones are not on it). */
  boardIds: readonly string[];
  /** Behind live (or on the recording): the key plays up to the viewer's moment; later ones are not shown yet. */
  reached: readonly string[] | null;
  names: Record<Side, string>;
  /** Seeks the player to a marker (seconds on the event's timeline). */
  onSeek?: (markerS: number) => void;
  /** Told the markers (seconds on the event's timeline) of the key plays shown, for the seek bar. */
  onShown?: (markersS: number[]) => void;
}) {
  const { t } = useTranslation("scores");
  const describe = useKeyPlayText(names);
  const [answer, setAnswer] = useState(initial);
  // The page's data came again (a revalidation): it is the newest.
  useEffect(() => setAnswer(initial), [initial]);
  const { key_plays: keyPlays, can_manage: canManage } = answer;

  // The board says which key plays exist now: fetch when it names one the list lacks, or drops one it shows.
  const listed = useMemo(() => new Set(keyPlays.filter((k) => !k.hidden).map((k) => k.id)), [keyPlays]);
  const stale = boardIds.some((id) => !listed.has(id)) || [...listed].some((id) => !boardIds.includes(id));
  const pending = keyPlays.some(making);
  // Each fetch that ends (or a change of the owner's) starts the next round; `soon` asks for it at once.
  const [round, setRound] = useState({ n: 0, soon: false });
  const staleRounds = useRef(0);
  useEffect(() => {
    if (!stale && !pending && !round.soon) return;
    staleRounds.current = stale ? staleRounds.current + 1 : 0;
    // A board ahead of the list is fetched at once, a few times; a clip being made, every KEY_PLAY_POLL_MS.
    const delay = round.soon || (stale && staleRounds.current <= 3) ? 0 : KEY_PLAY_POLL_MS;
    const abort = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/score/${eventId}/key-plays`, { headers: { Accept: "application/json" }, signal: abort.signal });
        if (res.ok) setAnswer((await res.json()) as KeyPlaysAnswer);
      } catch {
        // Offline or aborted: the next round tries again.
      }
      if (!abort.signal.aborted) setRound((r) => ({ n: r.n + 1, soon: false }));
    }, delay);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [stale, pending, round, eventId]);
  const refresh = useCallback(() => setRound((r) => ({ n: r.n + 1, soon: true })), []);

  const shown = keyPlays.filter((k) => (canManage || !k.hidden) && (!reached || k.hidden || reached.includes(k.id)));
  const markers = shown.filter((k) => !k.hidden).map((k) => k.marker_s);
  const markersKey = markers.join(",");
  const tell = useRef(onShown);
  tell.current = onShown;
  useEffect(() => tell.current?.(markersKey ? markersKey.split(",").map(Number) : []), [markersKey]);
  // Gone (scores hidden, or no game): no marks left on the seek bar.
  useEffect(() => () => tell.current?.([]), []);
  if (!shown.length) return null;
  return (
    <section className="key-plays" aria-labelledby="key-plays-title">
      <h2 id="key-plays-title">{t("keyPlays.title")}</h2>
      <ul className="key-plays__list">
        {[...shown].reverse().map((k) => (
          <KeyPlayItem key={k.id} eventId={eventId} keyPlay={k} text={describe(k)} canManage={canManage} onSeek={onSeek} onChanged={refresh} />
        ))}
      </ul>
    </section>
  );
}

function KeyPlayItem({ eventId, keyPlay: k, text, canManage, onSeek, onChanged }: { eventId: number; keyPlay: KeyPlay; text: string; canManage: boolean; onSeek?: (markerS: number) => void; onChanged: () => void }) {
  const { t } = useTranslation("scores");
  const change = useFetcher<{ ok: boolean; message?: string }>();
  const { data, state } = change;
  // A change that just went through refreshes the list (the page's board follows through the live channel).
  const changed = useRef(onChanged);
  changed.current = onChanged;
  useEffect(() => {
    if (state === "idle" && data?.ok) changed.current();
  }, [state, data]);
  const clip = k.clip;
  return (
    <li className={`key-plays__item${k.hidden ? " key-plays__item--hidden" : ""}`} data-testid="key-play">
      <div className="key-plays__frame">
        {clip?.poster ? <img src={clip.poster.url} alt="" width={320} height={180} loading="lazy" /> : <span className="key-plays__placeholder" aria-hidden="true" />}
      </div>
      <div className="key-plays__body">
        <p className="key-plays__what">{text}</p>
        {k.hidden ? <p className="key-plays__badge">{t("keyPlays.hiddenBadge")}</p> : null}
        <p className="key-plays__status" role="status">
          {clip?.status === "ready" ? null : making(k) ? t("keyPlays.making") : t("keyPlays.noClip")}
        </p>
        <div className="key-plays__actions">
          {clip?.share_path ? (
            <a className="button" href={clip.share_path} aria-label={t("keyPlays.watchClipOf", { what: text })}>
              {t("keyPlays.watchClip")}
            </a>
          ) : null}
          {onSeek ? (
            <button type="button" onClick={() => onSeek(k.marker_s)} aria-label={t("keyPlays.seekTo", { what: text })}>
              {t("keyPlays.seek")}
            </button>
          ) : null}
          {canManage ? (
            <change.Form method="post" action={`/score/${eventId}/key-plays`} className="key-plays__manage">
              <FetchMarker />
              <input type="hidden" name="tap" value={k.id} />
              <button type="submit" name="intent" value={k.hidden ? "show" : "hide"} aria-label={t(k.hidden ? "keyPlays.showOf" : "keyPlays.hideOf", { what: text })}>
                {k.hidden ? t("keyPlays.show") : t("keyPlays.hide")}
              </button>
              <button
                type="submit"
                name="intent"
                value="delete"
                aria-label={t("keyPlays.deleteOf", { what: text })}
                onClick={(e) => {
                  if (!window.confirm(t("keyPlays.confirmDelete"))) e.preventDefault();
                }}
              >
                {t("keyPlays.delete")}
              </button>
            </change.Form>
          ) : null}
        </div>
        {data && !data.ok ? (
          <p className="field-error" role="alert">
            {t("keyPlays.changeFailed")}
          </p>
        ) : null}
      </div>
    </li>
  );
}
