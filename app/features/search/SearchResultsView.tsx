import type { SearchResults, SearchSchool, SearchTeam } from "@api/contract/search-types";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EventList } from "~/features/events/EventCard";
import { Crest } from "~/features/events/Crest";
import { VodCard } from "~/features/vod/VodCard";

export const resultCount = (r: SearchResults) =>
  r.events.live.length + r.events.upcoming.length + r.events.finished.length + r.teams.length + r.schools.length + r.vod.length;

/** The results of a search, grouped: events (live, upcoming, on demand), teams, schools, videos. */
export function SearchResultsView({ results }: { results: SearchResults }) {
  const { t } = useTranslation();
  const total = resultCount(results);
  if (!total) {
    return (
      <div className="search-empty" role="status">
        <p className="search-empty__title">{t("search.none", { q: results.q })}</p>
        <p>{t("search.noneHint")}</p>
      </div>
    );
  }
  return (
    <>
      <p className="search-count" role="status">
        {t("search.count", { count: total, q: results.q })}
      </p>
      {(["live", "upcoming", "finished"] as const).map((status) =>
        results.events[status].length ? (
          <Group key={status} id={`results-${status}`} title={t(`search.groups.${status}`)}>
            <EventList events={results.events[status]} view="grid" />
          </Group>
        ) : null
      )}
      {results.teams.length ? (
        <Group id="results-teams" title={t("search.groups.teams")}>
          <ul className="search-entities">
            {results.teams.map((team) => (
              <li key={team.id}>
                <Entity
                  href={`/upcoming?team=${encodeURIComponent(team.alias)}`}
                  entity={team}
                  detail={[team.school, team.sport].filter(Boolean).join(" · ")}
                />
              </li>
            ))}
          </ul>
        </Group>
      ) : null}
      {results.schools.length ? (
        <Group id="results-schools" title={t("search.groups.schools")}>
          <ul className="search-entities">
            {results.schools.map((school) => (
              <li key={school.id}>
                <Entity
                  href={`/upcoming?school=${encodeURIComponent(school.alias)}`}
                  entity={school}
                  detail={[school.city, school.state].filter(Boolean).join(", ")}
                />
              </li>
            ))}
          </ul>
        </Group>
      ) : null}
      {results.vod.length ? (
        <Group id="results-vod" title={t("search.groups.vod")}>
          <ul className="vod-grid">
            {results.vod.map((item) => (
              <li key={item.id}>
                <VodCard item={item} />
              </li>
            ))}
          </ul>
        </Group>
      ) : null}
    </>
  );
}

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="search-group" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A team or school: crest, name and where it plays; links to its events list (with its Follow button). */
function Entity({ href, entity, detail }: { href: string; entity: SearchTeam | SearchSchool; detail: string }) {
  return (
    <Link to={href} className="search-entity" prefetch="intent">
      <Crest src={entity.images.logo} alt="" size={40} />
      <span className="search-entity__text">
        <span className="search-entity__name">{entity.name}</span>
        {detail ? <span className="search-entity__detail">{detail}</span> : null}
      </span>
    </Link>
  );
}
