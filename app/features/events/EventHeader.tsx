import type { Event } from "@api/contract/catalogue";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { eventSubtitle, eventTitle, genderLetter, participantLabel, sides, teamName } from "~/lib/format";
import { FollowButton } from "~/features/favorites/FollowButton";
import { Crest } from "./Crest";
import { EventBadges } from "./EventBadges";
import { EventTime } from "./EventTime";

/** What the stage's picture is, for its alternative text (issue 28: the matchup graphic, the owner's poster, a frame). */
const POSTER_ALT = { matchup: "events.matchupOf", poster: "events.posterOf", frame: "events.frameOf" } as const;

/**
 * /watch/{id}: the event's header and its stage: the poster, or `stage` (the player) in its place, with `overlay`
 * (a countdown or an access prompt) over it, the score bug in its corner, and `belowStage` (the clip cutter) right under it.
 * Then the title (the event's own name over its matchup when it has one, issue 28) and, after it at every width,
 * `actions` (share, calendar); then the teams and facts, and `afterHeader` (plays, the viewer's clips, the rails).
 */
export function EventHeader({
  event,
  stage,
  overlay,
  belowStage,
  actions,
  afterHeader,
  watching,
  scoreBug,
}: {
  event: Event;
  stage?: ReactNode;
  overlay?: ReactNode;
  belowStage?: ReactNode;
  /** Right under the title: what a visitor can do (EventActions). */
  actions?: ReactNode;
  /** After the header. */
  afterHeader?: ReactNode;
  watching?: number | null;
  /** The game's score over the picture (issue 27). */
  scoreBug?: ReactNode;
}) {
  const { t } = useTranslation();
  const s = sides(event);
  const gender = genderLetter(event.gender);
  const title = eventTitle(event);
  const subtitle = eventSubtitle(event);
  return (
    <>
      <div className="watch__stage">
        {stage ? (
          stage
        ) : event.poster ? (
          <img className="watch__poster" src={event.poster} alt={t(POSTER_ALT[event.poster_kind], { name: title })} width={1280} height={720} />
        ) : (
          <div className="watch__poster watch__poster--empty" />
        )}
        {scoreBug}
        {overlay}
      </div>
      {belowStage}
      <header className="event-header">
        <div className="event-header__status">
          <EventBadges status={event.stream_status} access={event.access_type} />
          {/* Pages on the event's live-state channel now (issue 26), this one included. */}
          {event.stream_status === "live" && watching ? (
            <span className="event-header__watching" data-testid="watching">
              {t("events.watching", { count: watching })}
            </span>
          ) : null}
        </div>
        <div className="event-header__titles">
          <h1 className="event-header__title">{title}</h1>
          {subtitle ? (
            <p className="event-header__matchup" data-testid="event-matchup">
              {subtitle}
            </p>
          ) : null}
        </div>
        {actions}
        {s ? (
          <ul className="event-header__teams">
            {[s.away, s.home].map((p) => (
              <li key={p.id} className="event-header__team">
                <Crest src={p.images.logo} alt={t("events.crestOf", { name: teamName(p.name) })} size={64} />
                <span>
                  <span className="event-header__team-name">{participantLabel(p)}</span>
                  <span className="event-header__side">{t(`events.side.${p.side}`)}</span>
                </span>
                <FollowButton target={{ type: "participant", id: p.id, name: teamName(p.name) }} />
              </li>
            ))}
          </ul>
        ) : null}
        <dl className="event-header__facts">
          <dt>{t("events.when")}</dt>
          <dd>
            <EventTime iso={event.event_utc_ts} zone={event.time_zone} />
          </dd>
          {event.category ? (
            <>
              <dt>{t("events.filters.sport")}</dt>
              <dd className="event-header__sport">
                {event.category.name}
                {gender ? ` (${gender})` : ""}
                <FollowButton compact target={{ type: "category", id: event.category.id, name: event.category.name }} />
              </dd>
            </>
          ) : null}
          {event.location ? (
            <>
              <dt>{t("events.where")}</dt>
              <dd>
                {event.location.name}, {event.location.city}, {event.location.state}
              </dd>
            </>
          ) : null}
        </dl>
        {event.description ? <p className="event-header__description">{event.description}</p> : null}
      </header>
      {afterHeader}
    </>
  );
}
