// Spoiler-safe (issue 27): a viewer can hide scores. The choice is a cookie of this browser, so the server renders
// no score on the next page either (no flash of the score before hydration). Not a secret: a plain cookie the page
// writes itself.
export const SCORES_COOKIE = "scores";
export const SCORES_HIDDEN = "hidden";
const YEAR_S = 365 * 24 * 3600;

/** Whether a Cookie header (or document.cookie) hides scores. */
export function scoresHidden(cookie: string | null | undefined): boolean {
  return (cookie ?? "")
    .split(";")
    .some((part) => part.trim() === `${SCORES_COOKIE}=${SCORES_HIDDEN}`);
}

/** Writes the choice for this browser's next pages (a year; showing removes the cookie). */
export function writeChoice(hidden: boolean) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = hidden
    ? `${SCORES_COOKIE}=${SCORES_HIDDEN}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax${secure}`
    : `${SCORES_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}
