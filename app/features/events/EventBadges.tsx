import type { AccessType, StreamStatus } from "@api/contract/catalogue";
import { useTranslation } from "react-i18next";

const STATUS_KEY: Record<StreamStatus, string> = { live: "events.status.live", upcoming: "events.status.upcoming", finished: "events.status.finished" };

// The access type as a label's icon (issue 28: a tag, never a button's outlined pill): a lock where it costs, a
// ticket for pay-per-view, a person where an account opens it, a check where it is free.
const ACCESS_ICON: Record<AccessType, JSX.Element> = {
  paid: (
    <>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </>
  ),
  ppv: <path d="M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4zM14 7v10" />,
  register: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
  free: <path d="m5 12 5 5L20 7" />,
};

/** Live (or interrupted: its encoder away) / upcoming / on-demand, and the access type (free, register, paid, ppv). */
export function EventBadges({ status, access, interrupted = false }: { status: StreamStatus; access: AccessType; interrupted?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="badges">
      {interrupted ? <span className="badge badge--interrupted">{t("events.status.interrupted")}</span> : <span className={`badge badge--${status}`}>{t(STATUS_KEY[status])}</span>}
      <span className={`badge badge--access badge--${access}`}>
        <svg className="badge__icon" viewBox="0 0 24 24" width="12" height="12" aria-hidden="true" focusable="false">
          {ACCESS_ICON[access]}
        </svg>
        {t(`events.access.${access}`)}
      </span>
    </span>
  );
}
