// /search?q= (issue 15): the channel's events, teams, schools and videos matching q, grouped. Server-rendered from a
// plain GET form, so it works without JavaScript; kept out of search engines (noindex).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, type SearchResults } from "@api/contract/search-types";
import { catalogueLinks } from "~/features/events/links";
import { SearchForm } from "~/features/search/SearchForm";
import { SearchResultsView } from "~/features/search/SearchResultsView";
import { metaFromLoader } from "~/lib/route-meta";
import { isApiRequestError } from "~/server/api/errors";
import { optionalUser, requireTenant } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import searchCss from "~/styles/search.css?url";

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { lang } = requireTenant(context);
  // As the viewer: the events found carry their paywall for them (issue 28).
  const { search } = optionalUser(context).api;
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
  const t = await getT(lang);
  const meta = { title: q ? t("search.titleFor", { q }) : t("search.title") };
  if (!q) return { q, state: "empty" as const, results: null, meta };
  if (q.length < SEARCH_MIN_LENGTH) return { q, state: "tooShort" as const, results: null, meta };
  try {
    return {
      q,
      state: "results" as const,
      results: (await search.search(q)) as SearchResults,
      meta,
    };
  } catch (error) {
    // The box's own limits make a 422 unlikely; answer it as too short rather than an error page.
    if (isApiRequestError(error, "validation")) return { q, state: "tooShort" as const, results: null, meta };
    throw error;
  }
}

export const links = () => [...catalogueLinks(), { rel: "stylesheet", href: searchCss }];

export const meta: MetaFunction<typeof loader> = (args) => [...metaFromLoader(args), { name: "robots", content: "noindex" }];

export default function Search() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page search-page">
      <h1>{t("search.title")}</h1>
      <SearchForm q={data.q} className="search-form--page" live />
      {data.state === "empty" ? <p className="search-intro">{t("search.intro")}</p> : null}
      {data.state === "tooShort" ? (
        <p className="search-intro" role="status">
          {t("search.tooShort", { min: SEARCH_MIN_LENGTH })}
        </p>
      ) : null}
      {data.results ? <SearchResultsView results={data.results} /> : null}
    </div>
  );
}
