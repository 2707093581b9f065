import { useTranslation } from "react-i18next";
import { LocalTime } from "~/ui/LocalTime";

/** The event's start: on the server in the event's own zone, then in the viewer's; the event's zone stays in the title. */
export function EventTime({ iso, zone, className }: { iso: string; zone: string; className?: string }) {
  const { t } = useTranslation();
  return <LocalTime iso={iso} zone={zone} title={(atVenue) => t("events.venueTime", { time: atVenue, zone })} className={className} />;
}
