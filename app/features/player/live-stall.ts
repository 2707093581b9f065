// A live picture that waits for data (issue 26): the watch page asks the API again, which answers "interrupted" for a
// broadcast that stopped arriving (the slate then replaces a black player), or the same grant.
import type { PlayerHandle } from "./Player";

/** How long a live picture may stall before the page asks the API whether the broadcast was interrupted. */
export const LIVE_STALL_RECHECK_MS = 10_000;

/**
 * While a live stream plays, a picture that waits for data this long makes the page ask again: the API answers
 * "interrupted" for a broadcast that stopped arriving (the slate replaces a black player), or the same grant. Answers
 * the function that stops watching.
 */
export function watchLiveStall(handle: Pick<PlayerHandle, "video" | "isLive">, recheck: () => void, ms = LIVE_STALL_RECHECK_MS): () => void {
  const { video } = handle;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    if (video.paused || !handle.isLive()) return;
    timer = setTimeout(() => {
      recheck();
      // Still without data: ask again after as long (the API's verdict may need a few more seconds).
      if (!video.paused && video.readyState < 3) arm();
    }, ms);
  };
  const disarm = () => clearTimeout(timer);
  video.addEventListener("waiting", arm);
  video.addEventListener("playing", disarm);
  video.addEventListener("pause", disarm);
  return () => {
    disarm();
    video.removeEventListener("waiting", arm);
    video.removeEventListener("playing", disarm);
    video.removeEventListener("pause", disarm);
  };
}
