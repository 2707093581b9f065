// Search (issue 15): one query across the channel's events (live, upcoming, on demand), teams, schools and VOD
// items, in three D1 batches: teams, schools and VOD (and the ids of every matching team and school, which reach their events), then the events of
// each status, then what those events refer to (by id). Folded matching nested any deeper passes D1's expression
// depth limit, and repeated would bind the needle too often. The viewer lookup runs alongside.
import type { Event } from "../contract/catalogue";
import type { SearchResults, SearchSchool, SearchTeam } from "../contract/search";
import type { Db } from "../db/client";
import { eventPageQuery, eventRelationsOfRows, type EventListRow, type EventRow } from "../db/repos/catalogue-events";
import type { GroupRow } from "../db/repos/catalogue-taxonomy";
import {
  searchNeedle,
  matchedSchoolIdsQuery,
  matchedTeamIdsQuery,
  searchEventsPage,
  searchSchoolsQuery,
  searchTeamsQuery,
  searchVodQuery,
} from "../db/repos/search";
import { eventMapper } from "./catalogue-events";
import { teamIdentity } from "./catalogue-taxonomy";
import { toVodItem } from "./catalogue-vod";
import { type Lang, tr } from "./lang";

export interface SearchInput {
  channelId: number;
  q: string;
  limit: number;
  now: number;
  lang: Lang;
}

export async function searchChannel(db: Db, input: SearchInput, access: Promise<(row: EventRow) => boolean>): Promise<SearchResults> {
  const { channelId, q, limit, now, lang } = input;
  const needle = searchNeedle(q);
  const [teamIds, schoolIds, teams, schools, vod] = await db.batch([
    matchedTeamIdsQuery(db, channelId, needle),
    matchedSchoolIdsQuery(db, channelId, needle),
    searchTeamsQuery(db, channelId, needle, limit),
    searchSchoolsQuery(db, channelId, needle, limit),
    searchVodQuery(db, channelId, needle, limit),
  ]);
  const reached = {
    teamIds: teamIds.map((r) => r.id),
    schoolIds: schoolIds.map((r) => r.id),
  };
  const page = (status: "live" | "upcoming" | "finished") => eventPageQuery(db, searchEventsPage(db, channelId, needle, reached, status, now, limit));
  const [[live, upcoming, finished], canWatch] = await Promise.all([db.batch([page("live"), page("upcoming"), page("finished")]), access]);
  const found = [...live, ...upcoming, ...finished];
  const [relTeams, relGroups, relCategories, relLocations] = found.length
    ? await db.batch(eventRelationsOfRows(db, channelId, found))
    : [[], [], [], []];
  const toEvent: (row: EventListRow) => Event = eventMapper(
    {
      teams: relTeams,
      groups: relGroups,
      categories: relCategories,
      locations: relLocations,
    },
    now,
    lang,
    canWatch
  );
  return {
    q,
    events: {
      live: live.map(toEvent),
      upcoming: upcoming.map(toEvent),
      finished: finished.map(toEvent),
    },
    teams: teams.map(
      (r): SearchTeam => ({
        ...teamIdentity(r.team, lang),
        school: storedName(r.schoolName, lang),
        sport: storedName(r.sportName, lang),
      })
    ),
    schools: schools.map(toSearchSchool(lang)),
    vod: vod.map((r) => toVodItem(r, lang)),
  };
}

const toSearchSchool =
  (l: Lang) =>
  (r: GroupRow): SearchSchool => ({
    id: r.id,
    alias: r.alias,
    name: tr(r.name, l),
    short_name: r.shortName,
    images: r.images as SearchSchool["images"],
    color: r.color,
    city: r.city,
    state: r.state,
  });

/** A translatable name read as raw JSON text (from an outer join), in the call's language. */
function storedName(json: string | null, l: Lang): string | null {
  return json == null ? null : tr(JSON.parse(json), l) || null;
}
