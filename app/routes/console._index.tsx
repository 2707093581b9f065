// /console: the overview of the channel, with the latest changes.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { metaFromLoader } from "~/lib/route-meta";
import { requireChannelManager } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { tenant } = requireChannelManager(context, request);
  const t = await getT(tenant.lang);
  return { origin: tenant.origin, meta: { title: t("console:overview.title") } };
}

export const meta = metaFromLoader;

export default function ConsoleOverview() {
  const { origin } = useLoaderData<typeof loader>();
  const { t } = useTranslation("console");
  return (
    <section aria-labelledby="console-title">
      <h1 id="console-title">{t("overview.title")}</h1>
      <p>{t("overview.intro", { origin })}</p>
    </section>
  );
}
