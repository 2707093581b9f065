// The clip area of a watch page (issue 11): the Clip button for the player's bar, and under the stage the cutter (or,
// without the right to clip, why not and which passes give it, from the API's verdict) and the user's clips of the
// item (issue 28: only when there are some; the Clip button stays). The page passes `onPlayerHandle` to its stage so the cutter can drive the player. Closed (its × or Cancel,
// Escape, or a clip made), the cutter gives the focus back to the Clip button; a made clip is said in the area's
// status line, which stays where the cutter was.
import type { Clip, ClipVerdict, Thumbnails } from "@api/contract/clips";
import { Link } from "@remix-run/react";
import { useCallback, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { CoveringPass } from "~/features/orders/PassList";
import { PassList } from "~/features/orders/PassList";
import type { PlayerHandle } from "~/features/player/Player";
import { ClipCutter, type ClipSourceRef } from "./ClipCutter";
import { ClipList, usePolledClips } from "./ClipList";
import { clipTags } from "./messages";
import type { ClipTagSetting } from "@api/contract/settings";

export interface ClipAreaOptions {
  verdict: ClipVerdict;
  /** The event's key plays on the player's timeline (issue 27): the cutter shows them and cuts from one. */
  markers?: readonly number[];
  thumbnails: Thumbnails | null;
  source: ClipSourceRef;
  clips: readonly Clip[];
  passes: readonly CoveringPass[];
  tags: readonly ClipTagSetting[];
  origin: string;
  /** Where "Log in" comes back to. */
  returnTo: string;
  noun?: "event" | "video";
}

const CUTTER_ID = "clip-cutter";

const NO_CLIPS: readonly Clip[] = [];

/**
 * The clip area's parts; all null when there is nothing to clip (no grant to play): the Clip button, the `area` under
 * the stage (the cutter and its status line) and the `list` of the viewer's clips of the item (null while they have none).
 */
export function useClipArea(o: ClipAreaOptions | null): { button: ReactNode; area: ReactNode; list: ReactNode; onPlayerHandle: (h: PlayerHandle | null) => void } {
  const { t, i18n } = useTranslation("clips");
  const [open, setOpen] = useState(false);
  const [handle, setHandle] = useState<PlayerHandle | null>(null);
  const onPlayerHandle = useCallback((h: PlayerHandle | null) => setHandle(h), []);
  const pollUrl = !o ? null : o.source.event_media_id ? `/action/clips?event_media_id=${o.source.event_media_id}` : `/action/clips?event_id=${o.source.event_id}`;
  const clips = usePolledClips(o?.clips ?? NO_CLIPS, pollUrl);
  const [added, setAdded] = useState<Clip[]>([]);
  const [made, setMade] = useState<Clip | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  if (!o) return { button: null, area: null, list: null, onPlayerHandle };
  const tags = clipTags(o.tags, t, i18n.language);
  const shown = [...added.filter((a) => !clips.some((c) => c.id === a.id)), ...clips];

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const toggle = () => {
    handle?.exitFullscreen();
    setMade(null);
    setOpen((v) => !v);
    // The panel is below the stage: bring it into view.
    if (!open) requestAnimationFrame(() => document.getElementById(CUTTER_ID)?.scrollIntoView({ block: "nearest", behavior: "smooth" }));
  };
  const button = (
    <button ref={buttonRef} type="button" className="player__button player__clip" onClick={toggle} aria-expanded={open} aria-controls={CUTTER_ID} aria-label={t("cutter.openLabel")} data-action="clip">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="6" cy="6" r="3" />
        <circle cx="6" cy="18" r="3" />
        <path d="M20 4 8.1 15.9M14.5 14.5 20 20M8.1 8.1 12 12" />
      </svg>
      <span>{t("cutter.open")}</span>
    </button>
  );

  const area = (
    <div className="clip-area">
      {open ? (
        o.verdict.can_clip ? (
          <ClipCutter
            id={CUTTER_ID}
            handle={handle}
            verdict={o.verdict}
            thumbnails={o.thumbnails}
            source={o.source}
            tags={tags}
            onClose={close}
            onCreated={(clip) => {
              setAdded((list) => [clip, ...list]);
              setMade(clip);
              close();
            }}
            markers={o.markers}
          />
        ) : (
          <Refusal verdict={o.verdict} passes={o.passes} returnTo={o.returnTo} noun={o.noun ?? "event"} onClose={close} />
        )
      ) : null}
      <p className="clip-area__status" role="status" aria-live="polite" data-testid="clip-area-status" data-clip-id={made?.id}>
        {made ? t("cutter.created", { name: made.name }) : ""}
      </p>
    </div>
  );
  const list =
    o.verdict.reason !== "login" && shown.length ? (
      <section className="clip-area__list" aria-labelledby="my-clips">
        <div className="clip-area__list-head">
          <h2 id="my-clips">{t(o.noun === "video" ? "list.titleVideo" : "list.title")}</h2>
          <Link to="/profile/clips">{t("list.all")}</Link>
        </div>
        <ClipList clips={shown} tags={tags} origin={o.origin} emptyText={t("list.empty")} />
      </section>
    ) : null;
  return { button, area, list, onPlayerHandle };
}

function Refusal({ verdict, passes, returnTo, noun, onClose }: { verdict: ClipVerdict; passes: readonly CoveringPass[]; returnTo: string; noun: "event" | "video"; onClose: () => void }) {
  const { t } = useTranslation("clips");
  const reason = verdict.reason ?? "capability";
  const text = reason === "login" ? t(noun === "video" ? "refusal.loginVideo" : "refusal.login") : t(`refusal.${reason}`);
  // Opened, the panel takes the focus: its first way on (a link), else its close button.
  const focusFirst = useCallback((section: HTMLElement | null) => {
    const first = section?.querySelector<HTMLElement>("a[href]") ?? section?.querySelector<HTMLElement>("button");
    first?.focus({ preventScroll: true });
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== "Escape") return;
    e.preventDefault();
    e.stopPropagation();
    onClose();
  };
  return (
    <section ref={focusFirst} id={CUTTER_ID} className="clip-cutter clip-cutter--refused" aria-labelledby={`${CUTTER_ID}-title`} data-testid="clip-refusal" data-reason={reason} onKeyDown={onKeyDown}>
      <header className="clip-cutter__header">
        <h2 id={`${CUTTER_ID}-title`}>{t("cutter.title")}</h2>
        <button type="button" className="button clip-cutter__close" onClick={onClose} aria-label={t("cutter.close")}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <p>{text}</p>
      {reason === "login" ? (
        <Link className="button button--primary" to={`/login?redirectTo=${encodeURIComponent(returnTo)}`}>
          {t("refusal.logIn")}
        </Link>
      ) : null}
      {reason === "capability" || reason === "limit" ? <PassList id="clip-passes" heading={t("refusal.passes")} passes={passes} testId="clip-passes" /> : null}
      {reason === "capability" || reason === "limit" ? (
        <Link className="button" to="/packages">
          {t("refusal.packages")}
        </Link>
      ) : null}
    </section>
  );
}
