// /console/scorekeepers (issue 27, "Game day"): the owner grants the scorekeeper role to an account of the channel, by
// its email, for one upcoming or live event or for the whole season, sees who holds it, and takes it back after a
// confirmation step (?remove=<id>). Who may keep score is the API's rule; refusals (no such account, a bad email) are
// its words, in the page's language, at the field. Plain forms: it works without JavaScript.
import type { Scorekeeper } from "@api/contract/scores";
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { FieldError, FormNotice } from "~/features/auth/AuthFields";
import { consoleMessage } from "~/features/console/messages";
import { grantTarget, scorableEvents, SEASON } from "~/features/console/scorekeepers";
import { formatEventTime } from "~/lib/format";
import { metaFromLoader } from "~/lib/route-meta";
import { readForm } from "~/server/form.server";
import { requireChannelManager } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import keepersCss from "~/styles/console-keepers.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: keepersCss }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { tenant, api } = requireChannelManager(context, request);
  const [t, keepers, events, zone] = await Promise.all([getT(tenant.lang), api.scores.scorekeepers(), api.video.liveEvents(), api.console.section("time_zone")]);
  // Times as the console's events list shows them: in the catalogue's time zone, on the server and in the browser alike.
  const timeZone = typeof zone.value === "string" ? zone.value : "UTC";
  const when = (iso: string) => formatEventTime(iso, tenant.lang, timeZone);
  const eventWhen = (name: string, iso: string) => t("console:keepers.eventWhen", { name, when: when(iso) });
  /** What a grant is for: the season, its event, or an event removed from the channel since. */
  const what = (k: Scorekeeper) => (k.event_id === null ? t("console:keepers.season") : k.event ? eventWhen(k.event.name, k.event.starts_at) : t("console:keepers.eventRemoved"));
  return {
    keepers: keepers.map((k) => ({ id: k.id, name: k.name || k.email, email: k.email, what: what(k), season: k.event_id === null })),
    events: scorableEvents(events).map((e) => ({ id: e.id, label: eventWhen(e.name, e.starts_at) })),
    removing: Number(new URL(request.url).searchParams.get("remove")) || null,
    meta: { title: t("console:keepers.title") },
  };
}

export const meta = metaFromLoader;

type Values = { email: string; event: string };
type Answer =
  /** `rev`: a fresh one empties the form after a grant (the same notice twice would not). */
  | { intent: "grant"; rev: string; notice: string | null; errors: { email?: string[]; event?: string[] }; values: Values }
  | { intent: "revoke"; notice: string | null; error: string | null };

export async function action({ context, request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { tenant, api } = requireChannelManager(context, request);
  const t = await getT(tenant.lang);
  const intent = form.get("intent");

  if (intent === "revoke") {
    const id = Number(form.get("id"));
    const name = String(form.get("name") ?? "");
    if (!Number.isInteger(id) || id <= 0) return json<Answer>({ intent, notice: null, error: t("console:keepers.badRequest") }, { status: 400 });
    const removed = await api.scores.revokeScorekeeper(id);
    // Already taken back (in another tab): said in words, and the list, reloaded, no longer shows it.
    if (!removed.ok) return json<Answer>({ intent, notice: null, error: removed.status === 404 ? t("console:keepers.gone") : consoleMessage(t, removed.message) }, { status: removed.status });
    return json<Answer>({ intent, notice: t("console:keepers.removed", { name }), error: null });
  }

  const values: Values = { email: String(form.get("email") ?? ""), event: String(form.get("event") ?? SEASON) };
  const eventId = grantTarget(form.get("event"));
  if (intent !== "grant" || eventId === undefined) {
    return json<Answer>({ intent: "grant", rev: "", notice: null, errors: { event: [t("console:keepers.badRequest")] }, values }, { status: 400 });
  }
  const granted = await api.scores.grantScorekeeper(values.email, eventId);
  if (!granted.ok) {
    const email = granted.errors.email?.map((m) => consoleMessage(t, m));
    // The event went from the channel while the page was open (404), or the API refused the choice itself.
    const event = granted.status === 404 ? [t("console:keepers.eventGone")] : granted.errors.event_id?.map((m) => consoleMessage(t, m));
    const errors = email || event ? { email, event } : { email: [consoleMessage(t, granted.message)] };
    return json<Answer>({ intent: "grant", rev: "", notice: null, errors, values }, { status: 422 });
  }
  const grant = granted.value.find((k) => k.email === values.email.trim().toLowerCase() && k.event_id === eventId);
  const name = grant?.name || grant?.email || values.email;
  const notice = eventId === null ? t("console:keepers.grantedSeason", { name }) : t("console:keepers.granted", { name, event: grant?.event?.name ?? `#${eventId}` });
  return json<Answer>({ intent: "grant", rev: crypto.randomUUID(), notice, errors: {}, values: { email: "", event: SEASON } });
}

export default function ConsoleScorekeepers() {
  const { keepers, events, removing } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("console");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failed = answer?.intent === "revoke" ? answer.error : null;

  return (
    <section className="keepers" aria-labelledby="keepers-title">
      <h1 id="keepers-title">{t("keepers.title")}</h1>
      <p className="console-section__intro">{t("keepers.intro")}</p>
      {answer?.notice ? <FormNotice tone="success">{answer.notice}</FormNotice> : null}
      {failed ? <FormNotice tone="error">{failed}</FormNotice> : null}

      <GrantForm events={events} answer={answer?.intent === "grant" ? answer : undefined} busy={busy && navigation.formData?.get("intent") === "grant"} />

      <section aria-labelledby="keepers-list" className="keepers__section">
        <h2 id="keepers-list">{t("keepers.listTitle")}</h2>
        {keepers.length === 0 ? (
          <p>{t("keepers.empty")}</p>
        ) : (
          <div className="table-scroll" role="region" aria-labelledby="keepers-list" tabIndex={0}>
            <table className="console-table console-table--cards keepers__table">
              <thead>
                <tr>
                  <th scope="col">{t("keepers.name")}</th>
                  <th scope="col">{t("keepers.email")}</th>
                  <th scope="col">{t("keepers.for")}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t("form.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keepers.map((k) => (
                  <tr key={k.id} data-keeper={k.email}>
                    <td data-label={t("keepers.name")}>{k.name}</td>
                    <td data-label={t("keepers.email")}>{k.email}</td>
                    <td data-label={t("keepers.for")}>{k.what}</td>
                    <td>
                      {removing === k.id ? (
                        <ConfirmRemoval id={k.id} name={k.name} what={k.what} season={k.season} busy={busy} />
                      ) : (
                        <Form method="get" action="/console/scorekeepers" preventScrollReset>
                          <input type="hidden" name="remove" value={k.id} />
                          <button type="submit" className="button button--ghost" aria-label={t("keepers.removeNamed", { name: k.name, what: k.what })}>
                            {t("keepers.remove")}
                          </button>
                        </Form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}

type GrantAnswer = Extract<Answer, { intent: "grant" }>;

function GrantForm({ events, answer, busy }: { events: { id: number; label: string }[]; answer?: GrantAnswer; busy: boolean }) {
  const { t } = useTranslation("console");
  const email = useRef<HTMLInputElement>(null);
  const event = useRef<HTMLSelectElement>(null);
  const errors = answer?.errors ?? {};
  // A refusal takes the focus to its field, so a keyboard or screen reader user lands on what to change.
  useEffect(() => {
    if (answer?.errors.email?.length) email.current?.focus();
    else if (answer?.errors.event?.length) event.current?.focus();
  }, [answer]);
  const described = (id: string, hint?: string) => [errors[id as keyof typeof errors]?.length ? `keeper-${id}-error` : null, hint].filter(Boolean).join(" ") || undefined;
  return (
    <section aria-labelledby="keepers-grant" className="keepers__section">
      <h2 id="keepers-grant">{t("keepers.grantTitle")}</h2>
      {/* A fresh key after a grant empties the form; after a refusal it keeps what was typed. */}
      <Form key={answer?.rev || "grant"} method="post" action="/console/scorekeepers" className="keepers__form" noValidate>
        <div className="field">
          <label htmlFor="keeper-email">{t("keepers.email")}</label>
          <input
            ref={email}
            id="keeper-email"
            name="email"
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            defaultValue={answer?.values.email}
            aria-invalid={errors.email?.length ? true : undefined}
            aria-describedby={described("email", "keeper-email-hint")}
          />
          <p id="keeper-email-hint" className="field__hint">
            {t("keepers.emailHint")}
          </p>
          <FieldError id="keeper-email-error" errors={errors.email} />
        </div>
        <div className="field">
          <label htmlFor="keeper-event">{t("keepers.for")}</label>
          <select
            ref={event}
            id="keeper-event"
            name="event"
            defaultValue={answer?.values.event ?? SEASON}
            aria-invalid={errors.event?.length ? true : undefined}
            aria-describedby={described("event")}
          >
            <option value={SEASON}>{t("keepers.season")}</option>
            {events.map((e) => (
              <option key={e.id} value={e.id}>
                {e.label}
              </option>
            ))}
          </select>
          <FieldError id="keeper-event-error" errors={errors.event} />
        </div>
        <button type="submit" name="intent" value="grant" className="button button--primary" disabled={busy}>
          {busy ? t("keepers.granting") : t("keepers.grant")}
        </button>
      </Form>
    </section>
  );
}

function ConfirmRemoval({ id, name, what, season, busy }: { id: number; name: string; what: string; season: boolean; busy: boolean }) {
  const { t } = useTranslation("console");
  const box = useRef<HTMLFormElement>(null);
  const titleId = `keeper-remove-${id}`;
  // The button that opened this step is gone: the step itself takes the focus, so a keyboard user lands on it.
  useEffect(() => box.current?.focus(), []);
  return (
    <Form method="post" action="/console/scorekeepers" className="keepers__confirm" aria-labelledby={titleId} ref={box} tabIndex={-1} preventScrollReset>
      <p id={titleId} className="keepers__confirm-title">
        {season ? t("keepers.confirmTitleSeason", { name }) : t("keepers.confirmTitle", { name, what })}
      </p>
      <p>{t("keepers.confirmText")}</p>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="name" value={name} />
      <div className="keepers__actions">
        <button type="submit" name="intent" value="revoke" className="button button--danger" disabled={busy}>
          {t("keepers.confirmYes")}
        </button>
        <Link to="/console/scorekeepers" className="button button--ghost" preventScrollReset>
          {t("keepers.confirmCancel")}
        </Link>
      </div>
    </Form>
  );
}
