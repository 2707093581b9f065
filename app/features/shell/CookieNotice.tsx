import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * Shown until answered; the choice (accepted or declined) is kept in a cookie. Both buttons weigh the same, so
 * declining is as easy as accepting. Without JavaScript the form posts and comes back.
 */
export function CookieNotice({ privacyUrl }: { privacyUrl: string | null }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  if (fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <section className="cookie-notice" aria-label={t("cookie.label")}>
      <p>
        {t("cookie.message")} {privacyUrl ? <Link to={privacyUrl}>{t("cookie.learnMore")}</Link> : null}
      </p>
      <fetcher.Form method="post" action="/action/accept-cookies" className="cookie-notice__actions">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <button type="submit" name="consent" value="declined" className="button cookie-notice__decline">
          {t("cookie.decline")}
        </button>
        <button type="submit" name="consent" value="accepted" className="button button--primary">
          {t("cookie.accept")}
        </button>
      </fetcher.Form>
    </section>
  );
}
