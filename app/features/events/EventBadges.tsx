import type { AccessType, StreamStatus } from "@api/contract/catalogue";
import { useTranslation } from "react-i18next";

const STATUS_KEY: Record<StreamStatus, string> = { live: "events.status.live", upcoming: "events.status.upcoming", finished: "events.status.finished" };

/** Live (or interrupted: its encoder away) / upcoming / on-demand, and the access type (free, register, paid, ppv). */
export function EventBadges({ status, access, interrupted = false }: { status: StreamStatus; access: AccessType; interrupted?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="badges">
      {interrupted ? <span className="badge badge--interrupted">{t("events.status.interrupted")}</span> : <span className={`badge badge--${status}`}>{t(STATUS_KEY[status])}</span>}
      <span className={`badge badge--access badge--${access}`}>{t(`events.access.${access}`)}</span>
    </span>
  );
}
