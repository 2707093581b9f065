import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { VodItem, VodRail as Rail } from "@api/contract/catalogue";
import { VOD_SEARCH_LIMIT } from "@api/contract/constants";
import { VodCard } from "~/features/vod/VodCard";
import { VodRail } from "~/features/vod/VodRail";
import { VodSearch } from "~/features/vod/VodSearch";
import { metaFromLoader } from "~/lib/route-meta";
import { orEmpty } from "~/server/events.server";
import { requireTenant } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { catalogueLinks } from "~/features/events/links";

/** A positive id from the query string, or undefined (an invalid value is dropped, as events-query.ts does). */
const idParam = (raw: string | null): number | undefined => (raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined);

// SPEC §2 query parameters on the library (issue 28): `vod_id` opens that item's page; `category_id` lists the
// library's category (VOD categories, not sports) above the rails. `type` is not read here: the library's items are
// of one kind (SPEC §3 "VOD item" names no media type), so it means the events' access type on the event lists only.
export async function loader({ context, request }: LoaderFunctionArgs) {
  const { catalogue, lang } = requireTenant(context);
  const url = new URL(request.url);
  const vodId = idParam(url.searchParams.get("vod_id"));
  if (vodId !== undefined) throw redirect(`/vod_library/${vodId}`);
  const categoryId = idParam(url.searchParams.get("category_id"));
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  // The search box's fetcher asks for results only (?only=search); the page asks for rails and results at once.
  const searchOnly = url.searchParams.get("only") === "search";
  const inCategory = categoryId !== undefined && !searchOnly;
  const [rails, results, t, categories, categoryItems] = await Promise.all([
    searchOnly ? Promise.resolve([] as Rail[]) : orEmpty(catalogue.vodRails(), [] as Rail[]),
    q ? orEmpty(catalogue.vodSearch(q, { limit: VOD_SEARCH_LIMIT }).then((r) => r.data), [] as VodItem[]) : Promise.resolve(null),
    getT(lang),
    inCategory ? orEmpty(catalogue.vodCategories(), []) : Promise.resolve([]),
    inCategory ? orEmpty(catalogue.vodItems({ category_id: categoryId, limit: 100 }).then((r) => r.data), [] as VodItem[]) : Promise.resolve([] as VodItem[]),
  ]);
  // Another channel's category, or an unknown one, is simply not shown.
  const found = categories.find((c) => c.id === categoryId);
  const category = found ? { id: found.id, name: found.name, items: categoryItems } : null;
  return { q, results, rails, category, meta: { title: t("titles.vodLibrary"), description: t("vod.description") } };
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
      {data.category ? (
        <section className="vod-category" aria-labelledby="vod-category-title" data-testid="vod-category" data-category-id={data.category.id}>
          <h2 id="vod-category-title">{data.category.name}</h2>
          {data.category.items.length ? (
            <ul className="vod-grid">
              {data.category.items.map((item) => (
                <li key={item.id}>
                  <VodCard item={item} />
                </li>
              ))}
            </ul>
          ) : (
            <p>{t("vod.empty")}</p>
          )}
        </section>
      ) : null}
      {data.rails.length ? data.rails.map((rail) => <VodRail key={rail.id} rail={rail} />) : <p>{t("vod.empty")}</p>}
    </div>
  );
}
