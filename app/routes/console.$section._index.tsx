// /console/<section>: the items of one part of the channel (menu, pages, events, teams…), each with its edit link,
// and the way to add one (issue 16). A search and pages of 25 keep long lists (events) usable; events show what is
// coming first and the past on its own, and link the upcoming and live ones to their score page (issue 27). Sections
// that belong together show as tabs. Works without JavaScript.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, NavLink, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { scorePagesByKey } from "~/features/console/scorekeepers";
import { groupOf, NEW_ITEM, type ListView } from "~/features/console/sections";
import { localized } from "~/features/console/fields";
import { loadSectionPage } from "~/features/console/section.server";
import { metaFromLoader } from "~/lib/route-meta";
import { getT } from "~/server/i18n.server";

const PAGE = 25;

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const { spec, items, manager, ctx } = await loadSectionPage(context, request, params.section);
  // Which games are upcoming or live is the API's word, with their ids: the live list names them by key.
  const [t, scorePages] = await Promise.all([getT(manager.tenant.lang), spec.scoring ? manager.api.video.liveEvents().then(scorePagesByKey) : null]);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().toLowerCase().slice(0, 100);
  const past = url.searchParams.get("past") === "1";
  const offset = Math.max(0, Number(url.searchParams.get("offset")) || 0);
  const view: ListView = { lang: ctx.lang, timeZone: ctx.timeZone, refs: ctx.refs };
  const now = Date.now();
  let list = spec.order ? [...items].sort(spec.order) : items;
  if (spec.past) list = list.filter((i) => spec.past!(i, now) === past);
  if (past) list = list.reverse();
  const rows = list.map((item) => {
    const cells = spec.columns.map((c) => c.cell(item, view));
    const id = String(item[spec.key]);
    return { id, cells, label: localized(item.name ?? item.title ?? item.question, ctx.lang) || cells[0] || id, score: scorePages?.get(id) ?? null };
  });
  const found = q ? rows.filter((r) => [r.id, ...r.cells].some((c) => c.toLowerCase().includes(q))) : rows;
  return {
    slug: spec.slug,
    group: groupOf(spec.group).map((s) => s.slug),
    columns: spec.columns.map((c) => c.label),
    splitsPast: Boolean(spec.past),
    scoring: Boolean(spec.scoring),
    past,
    q,
    rows: found.slice(offset, offset + PAGE),
    total: found.length,
    offset,
    meta: { title: t(`console:sections.${spec.slug}.title`) },
  };
}

export const meta = metaFromLoader;

export default function ConsoleSectionList() {
  const { slug, group, columns, rows, total, offset, q, past, splitsPast, scoring } = useLoaderData<typeof loader>();
  const { t } = useTranslation("console");
  const [params] = useSearchParams();
  const saved = params.get("saved");
  const removed = params.get("removed");
  const pageLink = (o: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), ...(past ? { past: "1" } : {}), offset: String(o) })}`;
  return (
    <section aria-labelledby="section-title" className="console-section">
      <div className="console-section__head">
        <h1 id="section-title">{t(`sections.${slug}.title`)}</h1>
        <Link to={`/console/${slug}/${NEW_ITEM}`} className="button button--primary">
          {t(`sections.${slug}.add`)}
        </Link>
      </div>
      <p className="console-section__intro">{t(`sections.${slug}.intro`)}</p>
      {scoring ? (
        <p>
          <Link to="/console/scorekeepers">{t("keepers.manage")}</Link>
        </p>
      ) : null}
      {group.length > 1 ? (
        <nav className="console-tabs" aria-label={t("tabs.label")}>
          {group.map((s) => (
            <NavLink key={s} to={`/console/${s}`} end>
              {t(`sections.${s}.title`)}
            </NavLink>
          ))}
        </nav>
      ) : null}
      {saved ? (
        <p className="notice notice--success" role="status">
          {t("form.saved", { name: saved })}
        </p>
      ) : null}
      {removed ? (
        <p className="notice notice--success" role="status">
          {t("form.removed", { name: removed })}
        </p>
      ) : null}
      <div className="console-list-tools">
        <Form method="get" role="search" className="console-search">
          <label htmlFor="console-q" className="visually-hidden">
            {t("list.search")}
          </label>
          <input id="console-q" type="search" name="q" defaultValue={q} placeholder={t("list.search")} />
          {past ? <input type="hidden" name="past" value="1" /> : null}
          <button type="submit" className="button">
            {t("list.searchButton")}
          </button>
        </Form>
        {splitsPast ? (
          <nav className="console-tabs console-tabs--small" aria-label={t("list.when")}>
            <Link to="?" aria-current={past ? undefined : "page"}>
              {t("list.upcoming")}
            </Link>
            <Link to="?past=1" aria-current={past ? "page" : undefined}>
              {t("list.past")}
            </Link>
          </nav>
        ) : null}
      </div>
      {rows.length ? (
        <>
          <div className="table-scroll" role="region" aria-labelledby="section-title" tabIndex={0}>
            <table className="console-table console-table--cards">
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c} scope="col">
                      {t(`fields.${c}`)}
                    </th>
                  ))}
                  <th scope="col">
                    <span className="visually-hidden">{t("form.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    {row.cells.map((cell, i) => (
                      <td key={columns[i]} data-label={t(`fields.${columns[i]}`)}>
                        {cell}
                      </td>
                    ))}
                    <td>
                      <Link to={`/console/${slug}/${encodeURIComponent(row.id)}`} aria-label={t("form.editNamed", { name: row.label })}>
                        {t("form.edit")}
                      </Link>
                      {row.score ? (
                        <>
                          {" · "}
                          <Link to={row.score} aria-label={t("keepers.keepScoreNamed", { name: row.label })}>
                            {t("keepers.keepScore")}
                          </Link>
                        </>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="console-pager">
            <span>{t("list.range", { from: offset + 1, to: offset + rows.length, total })}</span>
            {offset > 0 ? <Link to={pageLink(Math.max(0, offset - PAGE))}>{t("list.previous")}</Link> : null}
            {offset + rows.length < total ? <Link to={pageLink(offset + PAGE)}>{t("list.next")}</Link> : null}
          </p>
        </>
      ) : (
        <p>{q ? t("list.noMatch", { q }) : t(`sections.${slug}.empty`)}</p>
      )}
    </section>
  );
}
