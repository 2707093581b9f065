import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { type FormEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { EVENTS_PAGE_SIZE, type EventsView } from "~/lib/events-query";

export interface Option {
  value: string;
  label: string;
}

export interface FilterOptions {
  sports: Option[];
  schools: Option[];
  teams: Option[];
  cities: Option[];
  states: Option[];
}

/**
 * The list's filters as a GET form: without JavaScript it submits the query string; with it, empty fields are
 * left out so the shared URL stays short. Either way the view is a plain URL. On small screens they fold behind a
 * "Filters" disclosure (with the count of active filters), so the events show on the first screen.
 */
export function EventFilters({
  filters,
  view,
  limit,
  options,
}: {
  filters: EventsView["filters"];
  view: EventsView["view"];
  limit: number;
  options: FilterOptions;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const busy = useNavigation().state === "loading";
  const panel = useRef<HTMLDetailsElement>(null);
  const active = Object.values(filters).filter(Boolean).length;
  // Wide screens show the filters whatever the disclosure's state (CSS ::details-content); a browser without that
  // selector gets the disclosure opened instead.
  useEffect(() => {
    if (panel.current && !CSS.supports("selector(::details-content)") && window.matchMedia("(min-width: 768px)").matches) panel.current.open = true;
  }, []);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(e.currentTarget)) if (typeof value === "string" && value.trim()) params.set(key, value.trim());
    submit(params, { method: "get", preventScrollReset: true });
  };
  const select = (name: keyof EventsView["filters"], label: string, list: Option[]) => (
    <div className="field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <select id={`f-${name}`} name={name} defaultValue={filters[name] ?? ""} key={filters[name] ?? ""}>
        <option value="">{t("events.filters.any")}</option>
        {list.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <details className="filters-panel" ref={panel}>
      <summary className="filters-toggle">
        <span>{t("events.filters.toggle")}</span>
        {active ? <span className="filters-toggle__count">{t("events.filters.active", { count: active })}</span> : null}
      </summary>
      <Form method="get" className="filters" onSubmit={onSubmit} aria-label={t("events.filters.label")}>
        {select("sport", t("events.filters.sport"), options.sports)}
        {select("school", t("events.filters.school"), options.schools)}
        {select("team", t("events.filters.team"), options.teams)}
        {select("gender", t("events.filters.gender"), [
          { value: "men", label: t("events.gender.men") },
          { value: "women", label: t("events.gender.women") },
        ])}
        {select("city", t("events.filters.city"), options.cities)}
        {select("state", t("events.filters.state"), options.states)}
        <div className="field">
          <label htmlFor="f-start_date">{t("events.filters.from")}</label>
          <input id="f-start_date" type="date" name="start_date" defaultValue={filters.start_date ?? ""} key={`s${filters.start_date ?? ""}`} />
        </div>
        <div className="field">
          <label htmlFor="f-end_date">{t("events.filters.to")}</label>
          <input id="f-end_date" type="date" name="end_date" defaultValue={filters.end_date ?? ""} key={`e${filters.end_date ?? ""}`} />
        </div>
        {view !== "grid" ? <input type="hidden" name="view" value={view} /> : null}
        {limit !== EVENTS_PAGE_SIZE ? <input type="hidden" name="limit" value={limit} /> : null}
        <div className="filters__actions">
          <button type="submit" className="button button--primary" aria-busy={busy}>
            {t("events.filters.apply")}
          </button>
          <Link to={view !== "grid" ? `?view=${view}` : "."} className="button button--ghost">
            {t("events.filters.clear")}
          </Link>
        </div>
      </Form>
    </details>
  );
}
