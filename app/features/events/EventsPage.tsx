import type { Event } from "@api/contract/catalogue";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { eventsSearch, type EventsView, type Featured } from "~/lib/events-query";
import { EventList } from "./EventCard";
import { EventFilters, type FilterOptions } from "./EventFilters";
import { FollowButton, type FollowTarget } from "~/features/favorites/FollowButton";
import { FeaturedHeader } from "./FeaturedHeader";
import { Pager } from "./Pager";

export interface EventsPageData extends EventsView {
  events: Event[];
  paging: { total: number; offset: number; limit: number };
  featured: Featured | null;
  follow: FollowTarget | null;
  options: FilterOptions;
  meta: { title: string };
}

/** /upcoming, /live, /vod and /schedule: one list, the status preset by the route. */
export function EventsPage({ data }: { data: EventsPageData }) {
  const { t } = useTranslation();
  const { filters, view, paging } = data;
  return (
    <div className="page events-page">
      {data.featured ? (
        <FeaturedHeader featured={data.featured} heading={data.meta.title} action={data.follow ? <FollowButton target={data.follow} /> : null} />
      ) : (
        <div className="events-page__heading">
          <h1>{data.meta.title}</h1>
          {data.follow ? <FollowButton target={data.follow} /> : null}
        </div>
      )}
      <EventFilters filters={filters} view={view} limit={paging.limit} options={data.options} />
      <div className="events-page__bar">
        <h2 className="events-page__count" aria-live="polite">
          {t("events.count", { count: paging.total })}
        </h2>
        <div className="view-toggle" role="group" aria-label={t("events.view.label")}>
          {(["grid", "list"] as const).map((mode) => (
            <Link
              key={mode}
              to={eventsSearch(filters, mode, paging.offset, paging.limit) || "?"}
              className="view-toggle__option"
              aria-current={view === mode ? "true" : undefined}
              preventScrollReset
            >
              {t(`events.view.${mode}`)}
            </Link>
          ))}
        </div>
      </div>
      {data.events.length ? <EventList events={data.events} view={view} /> : <p className="events-page__empty">{t("events.empty")}</p>}
      <Pager paging={paging} filters={filters} view={view} />
    </div>
  );
}
