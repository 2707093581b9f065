import type { SimulateOptionWire, SimulateResultWire } from "@api/contract/commerce-types";
import { EVENTS_MAX_LIMIT } from "@api/contract/catalogue-types";
import { type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { money } from "~/features/commerce/format";
import { ordersLinks } from "~/features/orders/format";
import { type Choice, readAsk, sportChoices, teamChoices } from "~/features/orders/simulate-ask";
import { formatEventTime, matchup, teamName } from "~/lib/format";
import { metaFromLoader } from "~/lib/route-meta";
import { isApiRequestError } from "~/server/api/errors";
import { optionalUser } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";

// /simulate (SPEC §2, issue 6): "what is the cheapest way to watch this?". Pick an event, a team or a sport (a GET
// form, so it works without JavaScript; links may also name them with event_id, team or sport), then the API's
// ranking (GET /simulate: owned passes and the user's trial counted) with the best option first and where to buy it.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, api } = optionalUser(context);
  const [t, events, teams] = await Promise.all([
    getT(tenant.lang),
    tenant.catalogue.events({ limit: EVENTS_MAX_LIMIT }),
    tenant.catalogue.participants(),
  ]);
  const teamList = teamChoices(teams.data, (p) => teamName(p.name));
  const sportList = sportChoices(tenant.bootstrap.categories);
  // Only paid events have something to compare; free ones need nothing.
  const eventList: Choice[] = events.data
    .filter((e) => e.type === "paid")
    .map((e) => ({ id: e.id, label: `${matchup(e)} — ${formatEventTime(e.event_utc_ts, tenant.lang, e.time_zone)}` }));

  const asked = readAsk(new URL(request.url).searchParams, teamList, sportList);
  let result: SimulateResultWire | null = null;
  let notFound = asked.kind === "unknown";
  if (asked.kind === "ask") {
    try {
      result = await api.orders.simulate(asked.ask);
    } catch (error) {
      // Another channel's id, or one that does not exist: say so next to the form.
      if (!isApiRequestError(error, "not_found", "validation")) throw error;
      notFound = true;
    }
  }
  const ask: Partial<Record<"event_id" | "participant_id" | "event_category_id", number>> = asked.kind === "ask" ? asked.ask : {};
  return {
    events: eventList,
    teams: teamList,
    sports: sportList,
    selected: { event: ask.event_id ?? null, team: ask.participant_id ?? null, sport: ask.event_category_id ?? null },
    result,
    notFound,
    meta: { title: t("orders:titles.simulate") },
  };
}

export const meta = metaFromLoader;
export const links = ordersLinks;

export default function Simulate() {
  const { events, teams, sports, selected, result, notFound } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  return (
    <div className="page simulate">
      <h1>{t("titles.simulate")}</h1>
      <p>{t("simulate.intro")}</p>
      <section className="simulate__pick" aria-labelledby="simulate-pick">
        <h2 id="simulate-pick">{t("simulate.pick")}</h2>
        <div className="simulate__forms">
          <PickForm name="event_id" label={t("simulate.event")} submit={t("simulate.compareEvent")} choices={events} value={selected.event} />
          <PickForm name="team" label={t("simulate.team")} submit={t("simulate.compareTeam")} choices={teams} value={selected.team} />
          <PickForm name="sport" label={t("simulate.sport")} submit={t("simulate.compareSport")} choices={sports} value={selected.sport} />
        </div>
        {notFound ? (
          <p className="notice notice--error" role="alert">
            {t("simulate.notFound")}
          </p>
        ) : null}
      </section>
      {result ? <Result result={result} /> : null}
    </div>
  );
}

/** One GET form per kind, so each submits only its own parameter. */
function PickForm({ name, label, submit, choices, value }: { name: string; label: string; submit: string; choices: Choice[]; value: number | null }) {
  const { t } = useTranslation("orders");
  const id = `simulate-${name}`;
  return (
    <Form method="get" className="simulate__form">
      <label htmlFor={id}>{label}</label>
      {/* Keyed by the value, so a client navigation to another choice shows it (defaultValue is read once). */}
      <select id={id} name={name} defaultValue={value ?? ""} required key={value ?? ""}>
        <option value="">{t("simulate.choose")}</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </select>
      <button type="submit" className="button" aria-label={submit}>
        {t("simulate.compare")}
      </button>
    </Form>
  );
}

function Result({ result }: { result: SimulateResultWire }) {
  const { t } = useTranslation("orders");
  const [best, ...others] = result.options;
  return (
    <section className="simulate__result" aria-labelledby="simulate-result" data-testid="simulate-result">
      <h2 id="simulate-result">{t("simulate.resultTitle", { name: result.target.name })}</h2>
      {!result.needs_purchase ? (
        <div className="empty-state">
          <p>{t("simulate.free")}</p>
          <Link className="button button--primary" to={`/watch/${result.target.id}`}>
            {t("simulate.watch")}
          </Link>
        </div>
      ) : !best ? (
        <div className="empty-state">
          <p>{t("simulate.none")}</p>
        </div>
      ) : (
        <>
          <article className="simulate__best" aria-labelledby="simulate-best" data-testid="simulate-best" data-product-id={best.product.id}>
            <p className="badge badge--ok">{t("simulate.best")}</p>
            <h3 id="simulate-best">{best.product.name}</h3>
            <p className="simulate__kind">{kindLabel(best, t)}</p>
            {best.product.description ? <p>{best.product.description}</p> : null}
            <OptionPrice option={best} />
            <OptionLink option={best} primary />
          </article>
          {others.length ? (
            <>
              <h3>{t("simulate.others")}</h3>
              <ul className="simulate__others">
                {others.map((o) => (
                  <li key={o.product.id} data-testid="simulate-option" data-product-id={o.product.id}>
                    <span className="simulate__name">
                      {o.product.name} <span className="simulate__kind">{kindLabel(o, t)}</span>
                    </span>
                    <OptionPrice option={o} />
                    <OptionLink option={o} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

type T = ReturnType<typeof useTranslation>["t"];

function kindLabel(o: SimulateOptionWire, t: T): string {
  if (o.product.kind === "subscription") return t("simulate.kindSubscription");
  if (o.product.kind === "bundle") return t("simulate.kindBundle");
  return o.product.event_id !== null ? t("simulate.kindSingle") : t("simulate.kindPackage");
}

function OptionPrice({ option }: { option: SimulateOptionWire }) {
  const { t, i18n } = useTranslation("orders");
  const price = (n: number) => money(n, option.currency, i18n.language);
  return (
    <p className="simulate__price" data-testid="simulate-price" data-effective={option.effective_price}>
      {option.owned ? (
        t("simulate.owned")
      ) : option.trial_days ? (
        <>
          <strong>{t("simulate.today", { price: price(option.effective_price) })}</strong> {t("simulate.trial", { days: option.trial_days, price: price(option.price) })}
        </>
      ) : (
        <strong>{price(option.effective_price)}</strong>
      )}
    </p>
  );
}

function OptionLink({ option, primary = false }: { option: SimulateOptionWire; primary?: boolean }) {
  const { t } = useTranslation("orders");
  if (!option.link) return null;
  const name = option.product.name;
  const label = option.link.startsWith("/watch/")
    ? t("simulate.watchNamed", { name })
    : option.link.startsWith("/select-package/")
      ? t("simulate.choosePassNamed", { name })
      : t("simulate.buyNamed", { name });
  return (
    <Link className={primary ? "button button--primary" : "button"} to={option.link} data-testid="simulate-link">
      {label}
    </Link>
  );
}
