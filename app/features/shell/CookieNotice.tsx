import { Link, useFetcher, useLocation } from "@remix-run/react";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Consent } from "~/lib/consent";
import { FetchMarker } from "~/lib/fetch-marker";

/**
 * Shown until answered; the choice (accepted or declined) is kept in a cookie. Both buttons weigh the same, so
 * declining is as easy as accepting. Without JavaScript the form posts and comes back.
 */
export function CookieNotice({
  privacyUrl,
  current = null,
  onDismiss,
}: {
  privacyUrl: string | null;
  /** Opened again from the footer's "Cookie settings": the answer given so far, and how to close without changing it. */
  current?: Consent | null;
  onDismiss?: () => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  const first = useRef<HTMLButtonElement>(null);
  // Opened from the footer, focus goes into the notice (Escape returns it to the footer).
  useEffect(() => {
    if (onDismiss) first.current?.focus();
  }, [onDismiss]);
  // Once the answer is stored (the post and the page's reload done), a notice opened from the footer closes itself and
  // focus goes back there; the first-visit notice goes away because the page's data now holds the answer.
  const busy = fetcher.state !== "idle";
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) onDismiss?.();
    wasBusy.current = busy;
  }, [busy, onDismiss]);
  if (fetcher.state !== "idle" || fetcher.data) return null;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape" && onDismiss) onDismiss();
  };
  return (
    <section className="cookie-notice" aria-label={t("cookie.label")} onKeyDown={onKeyDown}>
      <p>
        {current ? <strong className="cookie-notice__current">{t(`cookie.current.${current}`)} </strong> : null}
        {t("cookie.message")} {privacyUrl ? <Link to={privacyUrl}>{t("cookie.learnMore")}</Link> : null}
      </p>
      <fetcher.Form method="post" action="/action/accept-cookies" className="cookie-notice__actions">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <FetchMarker />
        <button ref={first} type="submit" name="consent" value="declined" className="button cookie-notice__decline">
          {t("cookie.decline")}
        </button>
        <button type="submit" name="consent" value="accepted" className="button button--primary">
          {t("cookie.accept")}
        </button>
      </fetcher.Form>
    </section>
  );
}
