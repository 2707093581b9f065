import { useTranslation } from "react-i18next";

/** Whole minutes of a finished game (its recording's length once an encoder's broadcast ended), at least one. */
export function durationParts(startIso: string, endIso: string): { h: number; m: number } | null {
  const ms = Date.parse(endIso) - Date.parse(startIso);
  if (!(ms > 0)) return null;
  const minutes = Math.max(1, Math.round(ms / 60_000));
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}

/** A finished game's length on its card ("1 h 52 min"), as the issue-28 cards show it. */
export function EventDuration({ start, end }: { start: string; end: string }) {
  const { t } = useTranslation();
  const parts = durationParts(start, end);
  if (!parts) return null;
  const text = parts.h ? t("events.duration.hours", parts) : t("events.duration.minutes", parts);
  return (
    <span className="event-card__duration">
      <span className="visually-hidden">{t("events.duration.label")}: </span>
      <time dateTime={`PT${parts.h}H${parts.m}M`}>{text}</time>
    </span>
  );
}
