/**
 * Runs `task` once the page has settled: not before `afterMs`, then when the browser is idle (within a second more at
 * the latest), or at once in a browser without requestIdleCallback (Safari). Answers the cancel, so an effect can
 * return it. For work a page can do later, such as re-formatting a time in the viewer's own zone, which must not take
 * the main thread from the player while it starts (issue 26, first frame).
 */
export function whenSettled(task: () => void, afterMs = 1000): () => void {
  let idle: number | null = null;
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === "function") idle = window.requestIdleCallback(task, { timeout: 1000 });
    else task();
  }, afterMs);
  return () => {
    window.clearTimeout(timer);
    if (idle !== null) window.cancelIdleCallback(idle);
  };
}
