import type { Event } from "@api/contract/catalogue";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Rail } from "~/ui/Rail";
import { EventCard } from "./EventCard";

/** A home section (live, upcoming, recent) as a rail of event cards, with a link to the full list. */
export function HomeEventSection({ id, title, events, href, empty }: { id: string; title: string; events: Event[]; href: string; empty: string }) {
  const { t } = useTranslation();
  return (
    <Rail
      id={`${id}-title`}
      className="home-events"
      section={{ "data-section": id }}
      title={title}
      items={events}
      itemKey={(event) => event.id}
      renderItem={(event) => <EventCard event={event} />}
      actions={
        <Link to={href} className="home-events__all">
          {t("events.seeAll")}
          <span className="visually-hidden">: {title}</span>
        </Link>
      }
      empty={<p className="home-events__empty">{empty}</p>}
    />
  );
}
