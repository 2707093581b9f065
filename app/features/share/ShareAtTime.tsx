// The watch page's share control (issue 28): the ShareButton (the device's share sheet, else copy), and once the
// player plays, "Start at 12:34": checked, the shared address carries `?t=` from the player's position, which the
// page honours. The position is read here, so only this control re-renders as it moves.
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PlayerHandle } from "~/features/player/Player";
import { eventSeconds, withStartAt } from "~/features/player/start-at";
import { clock } from "~/features/player/usePlaybackState";
import { ShareButton, type ShareButtonProps } from "./ShareButton";

export interface SharePosition {
  handle: PlayerHandle | null;
  /** The event's start (epoch ms): `t` counts from it. */
  eventStart: number;
}

/** The player's position in whole seconds on the event's timeline; null before it plays. */
function usePosition({ handle, eventStart }: SharePosition): number | null {
  const [at, setAt] = useState<number | null>(null);
  useEffect(() => {
    if (!handle) return setAt(null);
    const read = () => setAt(eventSeconds(handle, eventStart));
    read();
    const video = handle.video;
    for (const type of ["timeupdate", "seeked"]) video.addEventListener(type, read);
    return () => {
      for (const type of ["timeupdate", "seeked"]) video.removeEventListener(type, read);
    };
  }, [handle, eventStart]);
  return at;
}

export function ShareAtTime({ share, position }: { share: ShareButtonProps; position: SharePosition }) {
  const { t } = useTranslation("share");
  const id = useId();
  const [checked, setChecked] = useState(false);
  const at = usePosition(position);
  const url = checked && at !== null ? withStartAt(share.url, at) : share.url;
  return (
    <>
      <ShareButton {...share} url={url} />
      {at !== null ? (
        <span className="share-at">
          <input id={id} type="checkbox" checked={checked} onChange={(e) => setChecked(e.currentTarget.checked)} data-testid="share-at-time" />
          <label htmlFor={id}>{t("startAt", { time: clock(at) })}</label>
        </span>
      ) : null}
    </>
  );
}
