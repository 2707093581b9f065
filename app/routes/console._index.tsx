// /console: where the owner starts (issue 16): the site's address, and the latest changes to the channel.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { metaFromLoader } from "~/lib/route-meta";
import { requireChannelManager } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { ActivityLine } from "~/features/console/Notices";

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { tenant, api } = requireChannelManager(context, request);
  const [t, recent] = await Promise.all([getT(tenant.lang), api.console.audit({ limit: 5 })]);
  return { origin: tenant.origin, recent, meta: { title: t("console:overview.title") } };
}

export const meta = metaFromLoader;

export default function ConsoleOverview() {
  const { origin, recent } = useLoaderData<typeof loader>();
  const { t } = useTranslation("console");
  return (
    <section aria-labelledby="console-title" className="console-item">
      <h1 id="console-title">{t("overview.title")}</h1>
      <p>{t("overview.intro", { origin })}</p>
      <p>
        <a href={origin} className="button button--primary">
          {t("overview.open")}
        </a>
      </p>
      <h2 id="recent-title">{t("overview.recent")}</h2>
      {recent.length ? (
        <ol className="console-activity" aria-labelledby="recent-title">
          {recent.map((e) => (
            <li key={e.id}>
              <ActivityLine entry={e} />
            </li>
          ))}
        </ol>
      ) : (
        <p>{t("overview.none")}</p>
      )}
      <p>
        <Link to="/console/activity">{t("activity.title")}</Link>
      </p>
    </section>
  );
}
