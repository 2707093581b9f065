import type { VodItem } from "@api/contract/catalogue";
import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { VodCard } from "./VodCard";

export const SEARCH_DEBOUNCE_MS = 300;

interface SearchData {
  q: string;
  results: VodItem[] | null;
}

/**
 * Search of the library (server API vod-media/search). Without JavaScript the GET form reloads the page with
 * ?q=; with it, typing asks the same loader through a fetcher, debounced.
 */
export function VodSearch({ initial }: { initial: SearchData }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SearchData>();
  const [q, setQ] = useState(initial.q);
  const timer = useRef<number>();
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const search = (value: string) => {
    setQ(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const term = value.trim();
      fetcher.load(term ? `/vod_library?q=${encodeURIComponent(term)}&only=search` : "/vod_library?only=search");
    }, SEARCH_DEBOUNCE_MS);
  };
  const data = fetcher.data ?? initial;
  return (
    <section className="vod-search" aria-labelledby="vod-search-title">
      <h2 id="vod-search-title" className="visually-hidden">
        {t("vod.search.title")}
      </h2>
      <Form method="get" role="search" className="vod-search__form">
        <label htmlFor="vod-q">{t("vod.search.label")}</label>
        <input id="vod-q" type="search" name="q" value={q} onChange={(e) => search(e.target.value)} autoComplete="off" maxLength={100} />
        <button type="submit" className="button button--primary">
          {t("vod.search.submit")}
        </button>
      </Form>
      <div aria-live="polite" aria-busy={fetcher.state !== "idle"}>
        {data.results ? (
          data.results.length ? (
            <>
              <p className="vod-search__count">{t("vod.search.count", { count: data.results.length, q: data.q })}</p>
              <ul className="vod-grid">
                {data.results.map((item) => (
                  <li key={item.id}>
                    <VodCard item={item} />
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t("vod.search.none", { q: data.q })}</p>
          )
        ) : null}
      </div>
    </section>
  );
}
