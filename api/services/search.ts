// Search (issues 15 and 28): one query across the channel's events (live, upcoming, on demand), teams, schools and
// library items. The FTS5 index answers which documents match (every word, in any order, as a word's start; a typo
// in a longer word when the words as typed find nothing: search-query.ts), then one D1 batch reads those rows, and a
// third what the events refer to. The viewer lookup runs alongside.
import type { Event } from "../contract/catalogue";
import type { SearchResults, SearchSchool, SearchTeam } from "../contract/search";
import type { Db } from "../db/client";
import { eventPageQuery, eventRelationsOfRows, type EventListRow } from "../db/repos/catalogue-events";
import type { GroupRow } from "../db/repos/catalogue-taxonomy";
import {
  SEARCH_KINDS,
  searchEventsPage,
  searchHitsQuery,
  searchSchoolsQuery,
  searchTeamsQuery,
  searchTermsQuery,
  searchVodQuery,
  type SearchHit,
} from "../db/repos/search";
import { eventMapper } from "./catalogue-events";
import type { Verdicts } from "./event-access";
import type { ChannelBrand } from "./artwork/brand";
import { teamIdentity } from "./catalogue-taxonomy";
import { toVodItem } from "./catalogue-vod";
import { type Lang, tr } from "./lang";
import { matchExpression, searchWords, TYPO_MIN_LENGTH, typoAlternatives, typoRange } from "./search-query";

export interface SearchInput {
  channelId: number;
  /** The channel's brand, which the events' artwork is drawn with. */
  brand: ChannelBrand;
  q: string;
  limit: number;
  now: number;
  lang: Lang;
}

/** Documents read from the index per query: far more than a page of each kind, fewer than a channel's season. */
const SEARCH_HIT_LIMIT = 500;
/** Candidate words read per misspelt word (those sharing its first letter and about its length). */
const TYPO_TERM_LIMIT = 2000;

/** The channel's documents matching the query's words, or, when none does, the words with one typo allowed. */
export async function searchHits(db: Db, channelId: number, q: string): Promise<SearchHit[]> {
  const words = searchWords(q);
  if (!words.length) return [];
  const hits = await searchHitsQuery(db, matchExpression(channelId, words), SEARCH_HIT_LIMIT);
  if (hits.length) return hits;
  const long = words.filter((w) => w.length >= TYPO_MIN_LENGTH);
  if (!long.length) return [];
  const terms = await Promise.all(long.map((w) => searchTermsQuery(db, typoRange(w), TYPO_TERM_LIMIT)));
  const alternatives = new Map(long.map((w, i) => [w, typoAlternatives(w, terms[i]!.map((t) => t.term))]));
  if (![...alternatives.values()].some((a) => a.length)) return [];
  return searchHitsQuery(db, matchExpression(channelId, words, alternatives), SEARCH_HIT_LIMIT);
}

export async function searchChannel(db: Db, input: SearchInput, access: Promise<Verdicts>): Promise<SearchResults> {
  const { channelId, q, limit, now, lang } = input;
  const hits = await searchHits(db, channelId, q);
  const ids = (kind: number) => hits.filter((h) => h.kind === kind).map((h) => h.id);
  const eventIds = ids(SEARCH_KINDS.event);
  const page = (status: "live" | "upcoming" | "finished") => eventPageQuery(db, searchEventsPage(channelId, eventIds, status, now, limit));
  const [[teams, schools, vod, live, upcoming, finished], canWatch] = await Promise.all([
    db.batch([
      searchTeamsQuery(db, channelId, ids(SEARCH_KINDS.team), limit),
      searchSchoolsQuery(db, channelId, ids(SEARCH_KINDS.school), limit),
      searchVodQuery(db, channelId, ids(SEARCH_KINDS.vod), limit),
      page("live"),
      page("upcoming"),
      page("finished"),
    ]),
    access,
  ]);
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
    canWatch,
    input.brand
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
