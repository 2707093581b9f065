import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatEventTime } from "~/lib/format";

/**
 * The event's start: rendered on the server in the event's own zone, then re-formatted in the viewer's zone once
 * hydrated (in an effect, so hydration sees the server text). The event's zone stays in the hover title.
 */
export function EventTime({ iso, zone, className }: { iso: string; zone: string; className?: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language || "en";
  const atVenue = formatEventTime(iso, lang, zone);
  const [text, setText] = useState(atVenue);
  useEffect(() => setText(formatEventTime(iso, lang)), [iso, lang]);
  return (
    <time dateTime={iso} title={t("events.venueTime", { time: atVenue, zone })} className={className}>
      {text}
    </time>
  );
}
