import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { VodItem, VodRail as Rail } from "@api/contract/catalogue";
import { VOD_SEARCH_LIMIT } from "@api/contract/constants";
import { VodRail } from "~/features/vod/VodRail";
import { VodSearch } from "~/features/vod/VodSearch";
import { metaFromLoader } from "~/lib/route-meta";
import { orEmpty } from "~/server/events.server";
import { requireTenant } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { catalogueLinks } from "~/features/events/links";

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { catalogue, lang } = requireTenant(context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  // The search box's fetcher asks for results only (?only=search); the page asks for rails and results at once.
  const searchOnly = url.searchParams.get("only") === "search";
  const [rails, results, t] = await Promise.all([
    searchOnly ? Promise.resolve([] as Rail[]) : orEmpty(catalogue.vodRails(), [] as Rail[]),
    q ? orEmpty(catalogue.vodSearch(q, { limit: VOD_SEARCH_LIMIT }).then((r) => r.data), [] as VodItem[]) : Promise.resolve(null),
    getT(lang),
  ]);
  return { q, results, rails, meta: { title: t("titles.vodLibrary"), description: t("vod.description") } };
}

export const links = catalogueLinks;

export const meta = metaFromLoader;

export default function VodLibrary() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page vod-library">
      <h1>{t("vod.title")}</h1>
      <VodSearch initial={{ q: data.q, results: data.results }} />
      {data.rails.length ? data.rails.map((rail) => <VodRail key={rail.id} rail={rail} />) : <p>{t("vod.empty")}</p>}
    </div>
  );
}
