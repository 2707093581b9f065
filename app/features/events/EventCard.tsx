import type { Event } from "@api/contract/catalogue";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FollowButton } from "~/features/favorites/FollowButton";
import { CardScore } from "~/features/scores/CardScore";
import { cardScore } from "~/features/scores/card-score";
import { useScoresHidden } from "~/features/scores/SpoilerSafe";
import { eventSubtitle, eventTitle, genderLetter, participantLabel, sides, teamName } from "~/lib/format";
import { CardOffer } from "./CardOffer";
import { Crest } from "./Crest";
import { EventBadges } from "./EventBadges";
import { EventDuration } from "./EventDuration";
import { EventTime } from "./EventTime";
import { useLiveCard } from "./useEventLive";

/**
 * One event in a list or section; the whole card links to /watch/{id}. A live card, or one starting soon, follows the
 * event's live-state channel: the page reloads its data when the event changes, and a live card says how many watch,
 * and "Interrupted" in place of "Live" while the broadcast's encoder is away. A kept game's score shows (issue 27),
 * following the scorekeeper's taps on a live card, unless the viewer hides scores.
 */
export function EventCard({ event }: { event: Event }) {
  const { t } = useTranslation();
  const live = useLiveCard(event);
  const interrupted = event.stream_status === "live" && live.interrupted;
  const s = sides(event);
  const gender = genderLetter(event.gender);
  const score = cardScore(event.score, live.board, useScoresHidden());
  // The event's own name when it has one, its matchup under it (issue 28).
  const subtitle = eventSubtitle(event);
  return (
    <article className={`event-card event-card--${event.stream_status}`} data-event-id={event.id} data-interrupted={interrupted || undefined}>
      {event.poster ? <img className="event-card__poster" src={event.poster} alt="" width={640} height={360} loading="lazy" /> : null}
      <div className="event-card__body">
        <div className="event-card__status">
          <EventBadges status={event.stream_status} access={event.access_type} interrupted={interrupted} />
          {event.stream_status === "live" && live.viewers ? <span className="event-card__watching">{t("events.watching", { count: live.viewers })}</span> : null}
        </div>
        <h3 className="event-card__title">
          {s ? (
            <span className="event-card__crests" aria-hidden="true">
              <Crest src={s.away.images.logo} alt="" size={32} />
              <Crest src={s.home.images.logo} alt="" size={32} />
            </span>
          ) : null}
          <Link to={`/watch/${event.id}`} className="event-card__link" prefetch="intent">
            {eventTitle(event)}
            {subtitle ? <span className="event-card__matchup">{subtitle}</span> : null}
          </Link>
        </h3>
        {score ? <CardScore score={score} away={s ? participantLabel(s.away) : t("scores:card.away")} home={s ? participantLabel(s.home) : t("scores:card.home")} /> : null}
        <p className="event-card__meta">
          {event.stream_status === "finished" ? (
            <span className="event-card__when">
              <EventTime iso={event.event_utc_ts} zone={event.time_zone} />
              <EventDuration start={event.event_utc_ts} end={event.end_utc_ts} />
            </span>
          ) : (
            <EventTime iso={event.event_utc_ts} zone={event.time_zone} />
          )}
          {event.category ? <span>{event.category.name}</span> : null}
          {gender ? (
            <abbr title={t(`events.gender.${event.gender}`)} className="event-card__gender">
              {gender}
            </abbr>
          ) : null}
        </p>
        <CardOffer event={event} />
        {event.location ? (
          <p className="event-card__location">
            {event.location.name}, {event.location.city}, {event.location.state}
          </p>
        ) : null}
        {s ? (
          <div className="event-card__follow" role="group" aria-label={t("favorites:followTeams")}>
            {[s.away, s.home].map((p) => (
              <FollowButton key={p.id} compact target={{ type: "participant", id: p.id, name: teamName(p.name) }} label={participantLabel(p)} />
            ))}
          </div>
        ) : null}
      </div>
    </article>
  );
}

/** Cards as a grid or a list (SPEC view modes). */
export function EventList({ events, view = "grid", label }: { events: Event[]; view?: "grid" | "list" | "rail"; label?: string }) {
  // A rail is a strip to swipe (Rail's strip without its head): focusable, so the keyboard scrolls it.
  const rail = view === "rail";
  return (
    <ul className={rail ? "rail__strip" : `event-list event-list--${view}`} tabIndex={rail ? 0 : undefined} aria-label={rail ? label : undefined}>
      {events.map((event) => (
        <li key={event.id} className={rail ? "rail__item" : undefined}>
          <EventCard event={event} />
        </li>
      ))}
    </ul>
  );
}
