// The watch page's rails (issue 28), as the API chose them: "Up next" on the channel, and "More from" the event's
// teams and schools. Each is a home-style rail of event cards; an empty one is not shown.
import type { Event, RelatedEvents } from "@api/contract/catalogue";
import { useTranslation } from "react-i18next";
import { Rail } from "~/ui/Rail";
import { participantLabel, sides } from "~/lib/format";
import { EventCard } from "./EventCard";

/** Who "More from" is about: the two teams by their short labels (a school's full name runs to lines on a phone), in the page's language ("A and B"). */
function moreFromNames(event: Event, lang: string): string | null {
  const s = sides(event);
  const names = (s ? [s.away, s.home] : event.participants).map((p) => participantLabel(p));
  const unique = [...new Set(names)];
  if (!unique.length) return null;
  try {
    return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(unique);
  } catch {
    return unique.join(", ");
  }
}

export function RelatedRails({ event, related }: { event: Event; related: RelatedEvents }) {
  const { t, i18n } = useTranslation();
  const names = moreFromNames(event, i18n.language || "en");
  const rail = (id: string, title: string, events: Event[]) =>
    events.length ? (
      <Rail
        id={`${id}-title`}
        className="home-events related-rail"
        section={{ "data-section": id }}
        title={title}
        items={events}
        itemKey={(e) => e.id}
        renderItem={(e) => <EventCard event={e} />}
      />
    ) : null;
  return (
    <>
      {rail("up-next", t("events.related.upNext"), related.up_next)}
      {rail("more-from", names ? t("events.related.moreFrom", { names }) : t("events.related.more"), related.more)}
    </>
  );
}
