import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { eventsSearch, pageInfo, type EventsView } from "~/lib/events-query";

/** Previous / next links with an offset, so paging works without JavaScript. */
export function Pager({ paging, filters, view }: { paging: { total: number; offset: number; limit: number }; filters: EventsView["filters"]; view: EventsView["view"] }) {
  const { t } = useTranslation();
  const info = pageInfo(paging);
  if (info.pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t("events.pager.label")}>
      {info.prevOffset !== null ? (
        <Link rel="prev" className="button button--ghost" to={eventsSearch(filters, view, info.prevOffset, paging.limit) || "?"}>
          {t("events.pager.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="pager__status" aria-current="page">
        {t("events.pager.status", { page: info.page, pages: info.pages })}
      </span>
      {info.nextOffset !== null ? (
        <Link rel="next" className="button button--ghost" to={eventsSearch(filters, view, info.nextOffset, paging.limit)}>
          {t("events.pager.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
