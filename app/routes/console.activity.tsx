// /console/activity: the audit log (issue 16): who changed what, when, with the value before and after.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { metaFromLoader } from "~/lib/route-meta";
import { requireChannelManager } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { ActivityLine } from "~/features/console/Notices";

const PAGE = 50;

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { api, tenant } = requireChannelManager(context, request);
  const before = Number(new URL(request.url).searchParams.get("before"));
  const entries = await api.console.audit({ limit: PAGE, before: Number.isInteger(before) && before > 0 ? before : undefined });
  const t = await getT(tenant.lang);
  return { entries, older: entries.length === PAGE ? entries[entries.length - 1].id : null, meta: { title: t("console:activity.title") } };
}

export const meta = metaFromLoader;

const show = (v: unknown) => (v === null || v === undefined ? "—" : JSON.stringify(v, null, 2));

export default function ConsoleActivity() {
  const { entries, older } = useLoaderData<typeof loader>();
  const { t } = useTranslation("console");
  return (
    <section aria-labelledby="activity-title" className="console-item">
      <h1 id="activity-title">{t("activity.title")}</h1>
      <p>{t("activity.intro")}</p>
      {entries.length ? (
        <ol className="console-activity">
          {entries.map((e) => (
            <li key={e.id}>
              <ActivityLine entry={e} />
              <details>
                <summary>{t("activity.details")}</summary>
                <div className="console-activity__diff">
                  <div>
                    <h3>{t("activity.before")}</h3>
                    <pre>{show(e.before)}</pre>
                  </div>
                  <div>
                    <h3>{t("activity.after")}</h3>
                    <pre>{show(e.after)}</pre>
                  </div>
                </div>
              </details>
            </li>
          ))}
        </ol>
      ) : (
        <p>{t("activity.empty")}</p>
      )}
      {older ? <Link to={`?before=${older}`}>{t("activity.older")}</Link> : null}
    </section>
  );
}
