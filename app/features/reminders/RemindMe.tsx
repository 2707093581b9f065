// "Remind me" on an upcoming event (issue 12): a toggle button whose state shows at once and rolls back, with the
// reason inline, when the server refuses. Signed out it is a link to log in that comes back to this page.
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { authLink } from "~/lib/auth-paths";
import { FetchMarker } from "~/lib/fetch-marker";
import type { RemindersActionData } from "~/routes/action.reminders";

export interface ReminderState {
  signedIn: boolean;
  /** The viewer has a reminder for this event. */
  set: boolean;
}

export function RemindMe({ eventId, state, returnTo }: { eventId: number; state: ReminderState; returnTo: string }) {
  const { t } = useTranslation("reminders");
  const fetcher = useFetcher<RemindersActionData>();
  const hintId = useId();
  // What the server last confirmed; the loader's value when the page (re)loads.
  const [confirmed, setConfirmed] = useState(state.set);
  useEffect(() => setConfirmed(state.set), [state.set]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setConfirmed(fetcher.data.set);
  }, [fetcher.state, fetcher.data]);

  if (!state.signedIn) {
    return (
      <Link className="button" to={authLink("/login", returnTo)} data-testid="remind-me-login">
        {t("button.login")}
      </Link>
    );
  }
  // Optimistic: while the request is out, the button already shows what was asked.
  const asked = fetcher.formData?.get("intent");
  const set = asked ? asked === "add" : confirmed;
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <fetcher.Form method="post" action="/action/reminders" className="remind-me" data-testid="remind-me">
      <input type="hidden" name="event_id" value={eventId} />
      <input type="hidden" name="intent" value={set ? "remove" : "add"} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <FetchMarker />
      <button type="submit" className={set ? "button" : "button button--primary"} aria-pressed={set} aria-describedby={hintId}>
        <BellIcon set={set} />
        {t(set ? "button.set" : "button.add")}
      </button>
      <span id={hintId} className="visually-hidden">
        {t("button.hint")}
      </span>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** A bell (an SVG: the emoji is missing from many fonts), ticked once the reminder is set. */
function BellIcon({ set }: { set: boolean }) {
  return (
    <svg className="remind-me__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.4A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.6L18 12.6V9a6 6 0 0 0-6-6zM9.5 19a2.5 2.5 0 0 0 5 0"
        fill={set ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}
