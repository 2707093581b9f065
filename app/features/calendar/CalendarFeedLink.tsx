// A team's, school's or sport's calendar feed (issue 12): "Subscribe" opens the calendar app on webcal://, which
// then fetches the feed again by itself; calendars that want an https address (Google's "From URL") get it to copy.
import type { CalendarFeedType } from "@api/contract/favorites";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ShareButton } from "~/features/share/ShareButton";
import { CalendarIcon } from "./AddToCalendar";

export const calendarFeedPath = (type: CalendarFeedType, id: number) => `/calendar/${type}/${id}.ics`;

export interface CalendarFeedLinkProps {
  type: CalendarFeedType;
  id: number;
  /** The team's, school's or sport's name, as the page shows it. */
  name: string;
  /** The channel's origin (https://alpha.example.com). Without it, the page's own, known after hydration. */
  origin?: string;
  /** In a list that already names the team: short visible labels ("Calendar", "Copy address"), full accessible names. */
  compact?: boolean;
}

export function CalendarFeedLink({ type, id, name, origin, compact }: CalendarFeedLinkProps) {
  const { t } = useTranslation("calendar");
  const [base, setBase] = useState(origin ?? null);
  useEffect(() => {
    if (!origin) setBase(window.location.origin);
  }, [origin]);
  const path = calendarFeedPath(type, id);
  const https = base ? `${base}${path}` : path;
  // webcal:// is the same address on another scheme: the OS hands it to the calendar app, which subscribes.
  const webcal = base ? `${base.replace(/^https?:/, "webcal:")}${path}` : path;
  return (
    <div className="calendar-feed" data-testid="calendar-feed">
      <a className="button button--ghost calendar-feed__subscribe" href={webcal} aria-label={compact ? t("feed.subscribe", { name }) : undefined}>
        <CalendarIcon />
        {compact ? t("feed.subscribeShort") : t("feed.subscribe", { name })}
      </a>
      <ShareButton url={https} title={t("feed.title", { name })} linkLabel={t("feed.linkLabel", { name })} copyOnly={compact ? t("feed.copyShort") : t("feed.copy")} />
    </div>
  );
}
