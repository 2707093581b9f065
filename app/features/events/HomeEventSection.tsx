import type { Event } from "@api/contract/catalogue";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EventList } from "./EventCard";

/** A home section (Live now, Upcoming, Recent) with its "see all" link; an empty one says so briefly. */
export function HomeEventSection({ id, title, events, href, empty }: { id: string; title: string; events: Event[]; href: string; empty: string }) {
  const { t } = useTranslation();
  return (
    <section className="home-events" aria-labelledby={`${id}-title`} data-section={id}>
      <div className="home-events__head">
        <h2 id={`${id}-title`}>{title}</h2>
        <Link to={href} className="home-events__all">
          {t("events.seeAll")}
          <span className="visually-hidden">: {title}</span>
        </Link>
      </div>
      {events.length ? <EventList events={events} /> : <p className="home-events__empty">{empty}</p>}
    </section>
  );
}
