// "Add to calendar" (issue 12): downloads the event's .ics, which every calendar app opens (Apple, Google, Outlook).
// A plain link to the resource route, so it works before hydration and without JavaScript.
import { useTranslation } from "react-i18next";

export const calendarEventPath = (eventId: number) => `/calendar/event/${eventId}.ics`;

export function AddToCalendar({ eventId }: { eventId: number }) {
  const { t } = useTranslation("calendar");
  return (
    <a className="button button--ghost calendar-add" href={calendarEventPath(eventId)} download data-testid="add-to-calendar">
      <CalendarIcon />
      {t("add")}
    </a>
  );
}

export function CalendarIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
      <path d="M7 2h2v2h6V2h2v2h2a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2V2Zm12 8H5v9h14v-9ZM7 12h4v4H7v-4Z" />
    </svg>
  );
}
