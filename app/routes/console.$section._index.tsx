// /console/<section>: the items of one part of the channel (menu, pages, events, teams…), each with its edit link,
// and the way to add one (issue 16). Sections that belong together show as tabs.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, NavLink, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { localized, groupOf } from "~/features/console/sections";
import { loadSectionPage, NEW_ITEM } from "~/features/console/section.server";
import { metaFromLoader } from "~/lib/route-meta";
import { getT } from "~/server/i18n.server";

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const { spec, items, manager, state } = await loadSectionPage(context, request, params.section);
  const t = await getT(manager.tenant.lang);
  const lang = manager.tenant.lang;
  return {
    slug: spec.slug,
    group: groupOf(spec.group).map((s) => s.slug),
    columns: spec.columns.map((c) => c.label),
    rows: items.map((item) => ({ id: String(item[spec.key]), cells: spec.columns.map((c) => c.cell(item, lang)), label: localized(item.name ?? item.title ?? item.question, lang) })),
    updatedAt: state.updated_at,
    meta: { title: t(`console:sections.${spec.slug}.title`) },
  };
}

export const meta = metaFromLoader;

export default function ConsoleSectionList() {
  const { slug, group, columns, rows } = useLoaderData<typeof loader>();
  const { t } = useTranslation("console");
  const [params] = useSearchParams();
  const saved = params.get("saved");
  const removed = params.get("removed");
  return (
    <section aria-labelledby="section-title" className="console-section">
      <div className="console-section__head">
        <h1 id="section-title">{t(`sections.${slug}.title`)}</h1>
        <Link to={`/console/${slug}/${NEW_ITEM}`} className="button button--primary">
          {t(`sections.${slug}.add`)}
        </Link>
      </div>
      <p className="console-section__intro">{t(`sections.${slug}.intro`)}</p>
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
      {rows.length ? (
        <div className="table-scroll" role="region" aria-labelledby="section-title" tabIndex={0}>
          <table className="console-table">
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
                    <td key={columns[i]}>{cell}</td>
                  ))}
                  <td>
                    <Link to={`/console/${slug}/${encodeURIComponent(row.id)}`} aria-label={t("form.editNamed", { name: row.label || row.id })}>
                      {t("form.edit")}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t(`sections.${slug}.empty`)}</p>
      )}
    </section>
  );
}
