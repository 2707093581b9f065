// The preroll (SPEC §4): a short progressive MP4 played in its own plain <video> before the main content, with an
// "Advertisement" label, a skip countdown and then a Skip button. When it ends or is skipped the server is told (so
// the API suppresses prerolls for this viewer a while) and the main content starts; one that fails to load is skipped.
// It emits none of the player's analytics events: those describe the main content only.
import type { PrerollGrant } from "@api/contract/media";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export interface PrerollProps {
  preroll: PrerollGrant;
  /** The preroll is over; `hadFocus` tells whether the keyboard focus was inside it (the main player takes it then). */
  onDone: (hadFocus: boolean) => void;
}

/** Records the play on the server; fire-and-forget, and `keepalive` lets it finish even if the viewer leaves. */
function reportPlayed(prerollId: number): void {
  const body = new FormData();
  body.set("preroll_id", String(prerollId));
  void fetch("/action/preroll-played", { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => undefined);
}

export function Preroll({ preroll, onDone }: PrerollProps) {
  const { t } = useTranslation("player");
  const labelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [left, setLeft] = useState(preroll.skip_after_s);
  const doneRef = useRef(false);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  const finish = (played: boolean) => {
    if (doneRef.current) return;
    doneRef.current = true;
    if (played) reportPlayed(preroll.id);
    onDoneRef.current(Boolean(rootRef.current?.contains(document.activeElement)));
  };
  const finishRef = useRef(finish);
  finishRef.current = finish;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const fail = () => finishRef.current(false);
    const end = () => finishRef.current(true);
    // The skip countdown follows the ad's own clock, so a stalled ad does not become skippable early.
    const tick = () => setLeft(Math.max(0, Math.ceil(preroll.skip_after_s - video.currentTime)));
    video.addEventListener("error", fail);
    video.addEventListener("ended", end);
    video.addEventListener("timeupdate", tick);
    // The server-rendered element may have failed, ended or moved on before hydration attached these listeners.
    if (video.error) fail();
    else if (video.ended) end();
    else {
      tick();
      video.play().catch((error: unknown) => {
        // Muted autoplay is allowed everywhere; a refusal (or an unplayable source) skips the ad rather than block.
        if ((error as { name?: string } | null)?.name !== "AbortError") fail();
      });
    }
    return () => {
      video.removeEventListener("error", fail);
      video.removeEventListener("ended", end);
      video.removeEventListener("timeupdate", tick);
    };
  }, [preroll.skip_after_s]);

  return (
    <div ref={rootRef} className="preroll" role="region" aria-labelledby={labelId} data-testid="preroll">
      <video ref={videoRef} className="preroll__video" src={preroll.url} muted autoPlay playsInline preload="auto" />
      <p id={labelId} className="preroll__label">
        {t("preroll.label")}
      </p>
      <div className="preroll__skip-area">
        {left > 0 ? (
          <p className="preroll__countdown" role="timer" aria-live="off" data-seconds={left}>
            {t("preroll.countdown", { count: left })}
          </p>
        ) : (
          <button type="button" className="preroll__skip" onClick={() => finish(true)}>
            {t("preroll.skip")}
          </button>
        )}
      </div>
    </div>
  );
}
