// /profile/devices (issue 13): every device signed in to the account — what it is, the browser and system, the
// country it signed in from (named in the page's language), when it was last active — with "Sign out" for each
// other one, "Sign out this device" (which signs this browser out and goes home) and "Sign out everywhere else"
// after a confirmation step (?confirm=others). Plain forms: it all works without JavaScript.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { countryName } from "@api/contract/countries";
import type { Session } from "@api/contract/sessions";
import { FormNotice } from "~/features/auth/AuthFields";
import { deviceName } from "~/features/sessions/device-label";
import { metaFromLoader } from "~/lib/route-meta";
import { requireUser } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { destroySession } from "~/server/session.server";
import { LocalTime } from "~/ui/LocalTime";
import { readForm } from "~/server/form.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, api } = requireUser(context, request);
  const [t, sessions] = await Promise.all([getT(tenant.lang), api.sessions.list()]);
  // Named on the server, in the page's language, so the browser shows the same words it hydrates.
  const named = sessions.map((s) => ({ ...s, countryName: countryName(s.country, tenant.lang) }));
  const confirming = new URL(request.url).searchParams.get("confirm") === "others";
  return { sessions: named, confirming, meta: { title: t("sessions:page.title") } };
}

type Notice = { tone: "success" | "error"; key: "signedOut" | "endedOthers" | "notFound" | "failed"; count?: number };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { api } = requireUser(context, request);
  const answer = (notice: Notice) => json({ notice }, { status: notice.tone === "error" ? 422 : 200 });

  if (form.get("intent") === "end-others") {
    const ended = await api.sessions.endOthers();
    return answer(ended.ok ? { tone: "success", key: "endedOthers", count: ended.value.ended } : { tone: "error", key: "failed" });
  }
  const id = Number(form.get("id"));
  if (form.get("intent") !== "end" || !Number.isInteger(id) || id <= 0) return answer({ tone: "error", key: "failed" });
  const ended = await api.sessions.end(id);
  if (!ended.ok) return answer({ tone: "error", key: ended.status === 404 ? "notFound" : "failed" });
  // This browser's own session: it is signed out, so it leaves the profile.
  if (ended.value.current) return redirect("/", { headers: { "Set-Cookie": destroySession(request) } });
  return answer({ tone: "success", key: "signedOut" });
}

export const meta = metaFromLoader;

type Listed = Session & { countryName: string | null };

export default function ProfileDevices() {
  const { sessions, confirming } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("sessions");
  const busy = useNavigation().state !== "idle";
  const others = sessions.filter((s) => !s.current).length;
  const notice = result?.notice;

  return (
    <section className="profile__section sessions" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t("page.title")}</h2>
      <p>{t("page.intro")}</p>
      {notice ? <FormNotice tone={notice.tone}>{t(`notices.${notice.key}`, { count: notice.count ?? 0 })}</FormNotice> : null}

      {confirming && others > 0 ? (
        <Form method="post" action="/profile/devices" className="sessions__confirm" aria-labelledby="sessions-confirm-title">
          <h3 id="sessions-confirm-title">{t("confirm.title")}</h3>
          <p>{t("confirm.text", { count: others })}</p>
          <div className="form-actions">
            <button type="submit" name="intent" value="end-others" className="button button--danger" disabled={busy}>
              {t("confirm.yes")}
            </button>
            <Link to="/profile/devices" className="button button--secondary" preventScrollReset>
              {t("confirm.cancel")}
            </Link>
          </div>
        </Form>
      ) : null}

      {sessions.length === 0 ? <p>{t("page.empty")}</p> : null}
      <ul className="sessions__list">
        {sessions.map((s) => (
          <li key={s.id} className="sessions__item" data-session={s.id} data-current={s.current || undefined}>
            <h3 id={`session-${s.id}`} className="sessions__name">
              {deviceName(t, s.name)}
              {s.current ? (
                <>
                  {" "}
                  <span className="badge badge--ok">{t("page.thisDevice")}</span>
                </>
              ) : null}
            </h3>
            <p className="sessions__place">{s.countryName ? t("page.country", { country: s.countryName }) : t("page.unknownCountry")}</p>
            {/* Two browsers of one kind differ by when they signed in and were last active, and "This device". */}
            <p className="sessions__seen">
              {t("page.signedIn")} <LocalTime iso={s.created_at} zone="UTC" /> · {t("page.lastSeen")} <LocalTime iso={s.last_seen_at} zone="UTC" />
            </p>
            <Form method="post" action="/profile/devices" className="sessions__end">
              <input type="hidden" name="id" value={s.id} />
              <button type="submit" name="intent" value="end" className="button button--secondary" aria-describedby={`session-${s.id}`} disabled={busy}>
                {s.current ? t("page.signOutThis") : t("page.signOut")}
              </button>
            </Form>
          </li>
        ))}
      </ul>

      {others > 0 && !confirming ? (
        <Form method="get" className="sessions__others">
          <input type="hidden" name="confirm" value="others" />
          <button type="submit" className="button button--danger">
            {t("page.signOutOthers")}
          </button>
        </Form>
      ) : sessions.length === 1 ? (
        <p>{t("page.onlyThis")}</p>
      ) : null}
    </section>
  );
}
