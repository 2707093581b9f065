// A form that posts to an action route (`/action/*`) works without JavaScript as a document post, which the action
// answers by going back to the page. Once hydrated, the same form is a fetcher's, which wants the action's JSON. The
// two look alike to the action (Remix takes its `_data` parameter off the URL before the action sees it), so the
// hydrated form says so with this field. Browsers that send Sec-Fetch headers say it too (`answersJson` reads both), which
// covers the first frames after hydration, before this field has rendered.
import { useHydrated } from "./use-hydrated";

/** The field's name and value; `answersJson` (app/server/form.server.ts) reads it. */
export const FETCH_MARKER = { name: "fetch", value: "1" } as const;

/** Rendered inside a fetcher's form: nothing on the server and before hydration, the marker after. */
export function FetchMarker() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name={FETCH_MARKER.name} value={FETCH_MARKER.value} /> : null;
}
