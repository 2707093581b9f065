// What a visitor can do with an event or video besides watching (issue 12), under the watch page's title: its price
// and buy button while it is upcoming and sold, share (at the current time, issue 28), the embed code, and "Add to
// calendar" for upcoming and live events. `children`
// is the slot for more (reminders, follow toggles).
import type { LinksFunction } from "@remix-run/cloudflare";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AddToCalendar } from "~/features/calendar/AddToCalendar";
import { EmbedCode } from "~/features/share/EmbedCode";
import { ShareAtTime, type SharePosition } from "~/features/share/ShareAtTime";
import { ShareButton, shareButtonLinks, type ShareButtonProps } from "~/features/share/ShareButton";
import eventActionsCss from "~/styles/event-actions.css?url";
import { EventOffer } from "./EventOffer";
import type { EventOffer as Offer } from "./offer";

export const eventActionsLinks: LinksFunction = () => [...shareButtonLinks(), { rel: "stylesheet", href: eventActionsCss }];

export interface EventActionsProps {
  share: ShareButtonProps;
  /** The player's position, to share the address at the current time (issue 28); none without a player. */
  position?: SharePosition | null;
  /** The embed's address and title, for the embed code (issue 28). */
  embed?: { src: string; title: string } | null;
  /** The event to add to a calendar; none for a library video or a finished event. */
  calendarEventId?: number | null;
  offer?: Offer | null;
  /** What the actions are about: an event (default) or a library video. */
  noun?: "event" | "video";
  children?: ReactNode;
}

export function EventActions({ share, position, embed, calendarEventId, offer, noun = "event", children }: EventActionsProps) {
  const { t } = useTranslation("calendar");
  return (
    <section className="event-actions" aria-label={t(noun === "video" ? "actions.labelVideo" : "actions.label")}>
      {offer ? <EventOffer offer={offer} /> : null}
      <div className="event-actions__buttons">
        {position ? <ShareAtTime share={share} position={position} /> : <ShareButton {...share} />}
        {embed ? <EmbedCode {...embed} /> : null}
        {calendarEventId ? <AddToCalendar eventId={calendarEventId} /> : null}
        {children}
      </div>
    </section>
  );
}
