// /analytics (issue 14): the channel owner's dashboard — visits, unique viewers, who is watching now, minutes
// watched, sales, startup time and rebuffering per UTC day, the most watched videos and the request-error log.
// Anyone but the owner gets the not-found page (the API says 403; the page does not tell that it exists).
// The period is a GET form (presets and dates), so it works without JavaScript and every view has a URL.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { AnalyticsDashboard, RequestErrorEntry } from "@api/contract/datalake";
import { FormNotice } from "~/features/auth/AuthFields";
import { DailyChart } from "~/features/analytics/dashboard/DailyChart";
import { money } from "~/features/commerce/format";
import { metaFromLoader } from "~/lib/route-meta";
import type { Currency } from "@api/contract/commerce-types";
import type { DayRangeQuery } from "~/server/api/analytics.server";
import { isApiRequestError } from "~/server/api/errors";
import { notFound, requireUser } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import analyticsCss from "~/styles/analytics.css?url";
import { LocalTime } from "~/ui/LocalTime";

const PRESETS = [7, 14, 30, 90] as const;
const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isDay = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, user, api } = requireUser(context, request);
  if (!user.can_manage_channel) notFound();
  const url = new URL(request.url);
  const days = Number(url.searchParams.get("days"));
  const from = url.searchParams.get("from");
  const to = url.searchParams.get("to");
  // A preset counts back from today (UTC); dates are the API's to check; nothing asked: the API's default range.
  const asked = (PRESETS as readonly number[]).includes(days)
    ? { from: day(Date.now() - (days - 1) * DAY_MS), to: day(Date.now()) }
    : { from: isDay(from) ? from : undefined, to: isDay(to) ? to : undefined };
  const t = await getT(tenant.lang);
  const load = (range: DayRangeQuery) => Promise.all([api.analytics.dashboard(range), api.analytics.errors(range)]);
  let rangeError: string | null = null;
  let result: [AnalyticsDashboard, RequestErrorEntry[]];
  try {
    result = await load(asked);
  } catch (error) {
    // A range the API refuses is said at the form, and the default range is shown instead.
    if (!isApiRequestError(error, "validation")) throw error;
    rangeError = error.message;
    result = await load({});
  }
  const [dashboard, errors] = result;
  return { dashboard, errors, rangeError, preset: asked.from === undefined ? 14 : days || null, meta: { title: t("analytics:page.title") } };
}

export const meta = metaFromLoader;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: analyticsCss }];

const pct = (n: number | null, lang: string) => (n === null ? null : new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 2 }).format(n));

export default function AnalyticsPage() {
  const { dashboard: d, errors, rangeError, preset } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("analytics");
  const lang = i18n.language;
  const busy = useNavigation().state === "loading";
  const num = (n: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(n);
  const ms = (n: number | null) => (n === null ? t("kpi.none") : `${num(n)} ms`);
  const cash = (n: number) => money(n, d.currency as Currency, lang);
  const days = d.days.map((x) => x.day);
  const empty = d.totals.visits === 0 && d.totals.viewers === 0 && d.totals.orders === 0 && d.now.viewers === 0;

  return (
    <section className="page analytics" aria-labelledby="analytics-title" aria-busy={busy}>
      <h1 id="analytics-title">{t("page.title")}</h1>
      <p className="analytics__intro">{t("page.intro")}</p>

      <Form method="get" className="analytics__range" aria-label={t("page.range")}>
        <nav className="analytics__presets" aria-label={t("page.range")}>
          {PRESETS.map((n) => (
            <Link key={n} to={`?days=${n}`} className="analytics__preset" aria-current={preset === n ? "page" : undefined}>
              {t("page.presets", { count: n })}
            </Link>
          ))}
        </nav>
        <div className="analytics__dates">
          <label className="field">
            <span>{t("page.from")}</span>
            <input type="date" name="from" defaultValue={d.from} aria-invalid={rangeError ? true : undefined} aria-describedby={rangeError ? "range-error" : undefined} />
          </label>
          <label className="field">
            <span>{t("page.to")}</span>
            <input type="date" name="to" defaultValue={d.to} aria-invalid={rangeError ? true : undefined} />
          </label>
          <button type="submit" className="button button--primary">
            {t("page.show")}
          </button>
        </div>
        {rangeError ? (
          <p id="range-error" className="field__error" role="alert">
            {rangeError}
          </p>
        ) : null}
      </Form>
      <p className="analytics__period">{t("page.rangeLabel", { from: d.from, to: d.to })}</p>
      {empty ? <FormNotice tone="success">{t("page.empty")}</FormNotice> : null}

      <section aria-label={t("kpi.label")}>
        <dl className="kpis" data-testid="kpis">
          <Kpi name="visits" label={t("kpi.visits")} value={num(d.totals.visits)} hint={t("kpi.pageViews", { count: d.totals.page_views })} />
          <Kpi name="viewers" label={t("kpi.viewers")} value={num(d.totals.viewers)} />
          <Kpi name="now" label={t("kpi.now")} value={num(d.now.viewers)} live />
          <Kpi name="minutes" label={t("kpi.minutes")} value={num(d.totals.minutes)} />
          <Kpi name="sales" label={t("kpi.sales")} value={cash(d.totals.sales)} hint={t("kpi.orders", { count: d.totals.orders })} />
          <Kpi name="startup" label={t("kpi.startup")} value={ms(d.totals.startup_p50_ms)} hint={t("kpi.startupP90", { value: ms(d.totals.startup_p90_ms) })} />
          <Kpi name="rebuffer" label={t("kpi.rebuffer")} value={pct(d.totals.rebuffer_ratio, lang) ?? t("kpi.none")} hint={t("kpi.rebufferHint")} />
        </dl>
      </section>

      <div className="analytics__charts">
        <DailyChart
          title={t("charts.audience")}
          days={days}
          kind="bars"
          format={num}
          series={[
            { label: t("series.visits"), values: d.days.map((x) => x.visits), tone: "primary" },
            { label: t("series.viewers"), values: d.days.map((x) => x.viewers), tone: "accent" },
          ]}
        />
        <DailyChart title={t("charts.minutes")} days={days} kind="bars" format={num} series={[{ label: t("series.minutes"), values: d.days.map((x) => x.minutes), tone: "primary" }]} />
        <DailyChart title={t("charts.sales", { currency: d.currency })} days={days} kind="bars" format={cash} tickFormat={num} series={[{ label: t("series.sales"), values: d.days.map((x) => x.sales), tone: "accent" }]} />
        <DailyChart
          title={t("charts.startup")}
          days={days}
          kind="lines"
          format={num}
          series={[
            { label: t("series.p50"), values: d.days.map((x) => x.startup_p50_ms), tone: "primary" },
            { label: t("series.p90"), values: d.days.map((x) => x.startup_p90_ms), tone: "accent" },
          ]}
        />
        <DailyChart
          title={t("charts.rebuffer")}
          days={days}
          kind="lines"
          format={(n) => num(n)}
          series={[{ label: t("series.rebuffer"), values: d.days.map((x) => (x.rebuffer_ratio === null ? null : x.rebuffer_ratio * 100)), tone: "primary" }]}
        />
      </div>

      <div className="analytics__lists">
        <section aria-labelledby="now-title" data-testid="playing-now">
          <h2 id="now-title">{t("now.title")}</h2>
          {d.now.streams.length ? (
            <ul className="analytics__now">
              {d.now.streams.map((s) => (
                <li key={`${s.stream_type}:${s.stream_id}`}>
                  <span className="analytics__type">{t(`types.${s.stream_type}`)}</span> {s.title} — {t("now.viewers", { count: s.viewers })}
                </li>
              ))}
            </ul>
          ) : (
            <p>{t("now.none")}</p>
          )}
        </section>
        <section aria-labelledby="top-title">
          <h2 id="top-title">{t("top.title")}</h2>
          <div className="table-scroll" role="region" aria-labelledby="top-title" tabIndex={0}>
            <table className="analytics__table" data-testid="top-streams">
              <thead>
                <tr>
                  <th scope="col">{t("top.stream")}</th>
                  <th scope="col">{t("top.type")}</th>
                  <th scope="col">{t("top.minutes")}</th>
                  <th scope="col">{t("top.viewers")}</th>
                </tr>
              </thead>
              <tbody>
                {d.top_streams.map((s) => (
                  <tr key={`${s.stream_type}:${s.stream_id}`}>
                    <th scope="row">{s.title}</th>
                    <td>{t(`types.${s.stream_type}`)}</td>
                    <td>{num(s.minutes)}</td>
                    <td>{num(s.viewers)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </div>

      <section aria-labelledby="errors-title" className="analytics__errors">
        <h2 id="errors-title">{t("errors.title")}</h2>
        <p>{t("errors.intro")}</p>
        {errors.length ? (
          <div className="table-scroll" role="region" aria-labelledby="errors-title" tabIndex={0}>
            <table className="analytics__table" data-testid="request-errors">
              <thead>
                <tr>
                  <th scope="col">{t("errors.at")}</th>
                  <th scope="col">{t("errors.request")}</th>
                  <th scope="col">{t("errors.status")}</th>
                  <th scope="col">{t("errors.message")}</th>
                  <th scope="col">{t("errors.fields")}</th>
                </tr>
              </thead>
              <tbody>
                {errors.map((e) => (
                  <tr key={e.id}>
                    <td>
                      <LocalTime iso={e.at} zone="UTC" />
                    </td>
                    <td>
                      <code>
                        {e.method} {e.path}
                      </code>
                    </td>
                    <td>{e.status}</td>
                    <td>{e.message}</td>
                    <td>
                      <code className="analytics__fields">
                        {Object.entries(e.fields)
                          .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
                          .join(" · ")}
                      </code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>{t("errors.none")}</p>
        )}
      </section>
    </section>
  );
}

function Kpi({ name, label, value, hint, live }: { name: string; label: string; value: string; hint?: string; live?: boolean }) {
  return (
    <div className={`kpi${live ? " kpi--live" : ""}`} data-kpi={name}>
      <dt>{label}</dt>
      <dd className="kpi__value">{value}</dd>
      {hint ? <dd className="kpi__hint">{hint}</dd> : null}
    </div>
  );
}
