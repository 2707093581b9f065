// Favourites (issue 12, SPEC §3/§4/§7): follow teams (participant), schools (group) and sports (category) on one
// channel, and the events of what one follows. Takes a plain scope; the routes bind it to the request.
import type { Event } from "../contract/catalogue";
import { FAVORITE_MESSAGES, FAVORITES_MAX, type Favoritable, type FavoritableType, type Favorite, type FavoriteEvent } from "../contract/favorites";
import type { Db } from "../db/client";
import { type EventListRow, type EventPage, eventCountQuery, eventRelationsOfRows, eventsOrder, followedEventsWhere } from "../db/repos/catalogue-events";
import type { CategoryRow, GroupRow, ParticipantRow } from "../db/repos/catalogue-taxonomy";
import {
  countFavorites,
  deleteFavorite,
  favoriteById,
  findFavoritable,
  followedBy,
  followedEventPageQuery,
  setFavoriteRemind,
  upsertFavorite,
  userFavoritesListQuery,
  userFavoritesQuery,
} from "../db/repos/favorites";
import { ApiError, notFound } from "../lib/errors";
import { eventMapper } from "./catalogue-events";
import type { Verdicts } from "./event-access";
import type { ChannelBrand } from "./artwork/brand";
import { dateBounds, defaultSortDirection } from "./event-status";
import { tr, type Lang } from "./lang";
import type { StreamStatus } from "../contract/catalogue";

export interface FavoriteScope {
  db: Db;
  channelId: number;
  userId: number;
  now: number;
}

/** The landing of a team, school or sport: the events list filtered by it (SPEC §2 query parameters). */
const LANDING_PARAM: Record<FavoritableType, string> = { participant: "team", group: "school", category: "sport" };

function favoritable(type: FavoritableType, row: ParticipantRow | GroupRow | CategoryRow, l: Lang): Favoritable {
  const image = "images" in row ? ((row.images as Record<string, string>).logo ?? null) : row.image;
  return {
    id: row.id,
    name: tr(row.name, l),
    alias: row.alias,
    image,
    color: "color" in row ? row.color : null,
    path: `/upcoming?${LANDING_PARAM[type]}=${encodeURIComponent(row.alias)}`,
  };
}

/** GET /favorites: what the user follows, oldest first, each with whether one of its events is live now. */
export async function listFavorites(scope: FavoriteScope, l: Lang): Promise<Favorite[]> {
  const rows = await userFavoritesListQuery(scope.db, scope, scope.now);
  // A favourite whose team, school or sport the channel removed is not shown (nothing to link to).
  return rows.flatMap(({ favorite: r, team, school, sport, liveNow }) => {
    const item = team ?? school ?? sport;
    if (!item) return [];
    return [
      {
        id: r.id,
        favoritable_id: r.favoritableId,
        favoritable_type: r.favoritableType,
        remind: r.remind,
        live_now: liveNow,
        favoritable: favoritable(r.favoritableType, item, l),
        created_at: new Date(r.createdAt).toISOString(),
      } satisfies Favorite,
    ];
  });
}

/** POST /favorite: follows a team, school or sport of this channel (another channel's id is a 404). */
export async function addFavorite(scope: FavoriteScope, input: { favoritable_type: FavoritableType; favoritable_id: number; remind?: boolean }, l: Lang): Promise<Favorite> {
  const { db, channelId } = scope;
  if (!(await findFavoritable(db, channelId, input.favoritable_type, input.favoritable_id))) throw notFound();
  if ((await countFavorites(db, scope)) >= FAVORITES_MAX) {
    const already = (await userFavoritesQuery(db, scope)).some((r) => r.favoritableType === input.favoritable_type && r.favoritableId === input.favoritable_id);
    if (!already) throw new ApiError(422, FAVORITE_MESSAGES.tooMany, { favoritable_id: [FAVORITE_MESSAGES.tooMany] });
  }
  const { row } = await upsertFavorite(db, scope, { type: input.favoritable_type, id: input.favoritable_id, remind: input.remind }, scope.now);
  return oneFavorite(scope, row.id, l);
}

async function oneFavorite(scope: FavoriteScope, id: number, l: Lang): Promise<Favorite> {
  const found = (await listFavorites(scope, l)).find((f) => f.id === id);
  if (!found) throw notFound();
  return found;
}

/** PATCH /favorite/{id}: reminders for all of its events on or off. */
export async function updateFavorite(scope: FavoriteScope, id: number, remind: boolean, l: Lang): Promise<Favorite> {
  if (!(await setFavoriteRemind(scope.db, scope, id, remind))) throw notFound();
  return oneFavorite(scope, id, l);
}

/** DELETE /favorite/{id}: unfollows (another user's or channel's favourite is a 404). */
export async function removeFavorite(scope: FavoriteScope, id: number): Promise<void> {
  if (!(await favoriteById(scope.db, scope, id))) throw notFound();
  await deleteFavorite(scope.db, scope, id);
}

export interface FavoriteEventsQuery {
  stream_status?: StreamStatus[];
  start_date?: string;
  end_date?: string;
  offset: number;
  limit: number;
  sort_field: "event_utc_ts" | "name";
  sort_direction?: "asc" | "desc";
}

/** GET /events/favorite (SPEC §7): the events of what the user follows, each naming the favourites it is there for. */
export async function favoriteEvents(
  scope: FavoriteScope,
  q: FavoriteEventsQuery,
  l: Lang,
  access: () => Promise<Verdicts>,
  brand: ChannelBrand,
): Promise<{ data: FavoriteEvent[]; total: number }> {
  const { db, channelId, now } = scope;
  const where = followedEventsWhere(db, channelId, followedBy(db, scope), { statuses: q.stream_status, ...dateBounds(q.start_date, q.end_date) }, now);
  const page: EventPage = {
    where,
    order: eventsOrder({ field: q.sort_field, direction: q.sort_direction ?? defaultSortDirection(q.stream_status?.length === 1 ? q.stream_status[0] : undefined), ...l }),
    limit: q.limit,
    offset: q.offset,
  };
  // The followed WHERE is heavy (unions of team lookups): it runs for the page and its count only, and the page's
  // teams, schools, sports and venues are then read by id.
  const [[pageRows, [{ total }]], hasAccess] = await Promise.all([db.batch([followedEventPageQuery(db, scope, page), eventCountQuery(db, where)]), access()]);
  if (!pageRows.length) return { data: [], total };
  const [teams, groups, categories, locations] = await db.batch(eventRelationsOfRows(db, channelId, pageRows.map((r) => r.event)));
  const toEvent: (row: EventListRow) => Event = eventMapper({ teams, groups, categories, locations }, now, l, hasAccess, brand);
  return { data: pageRows.map(({ event, score, broadcast, favoriteIds }) => ({ ...toEvent({ ...event, score, broadcast }), favorite_ids: parseIds(favoriteIds) })), total };
}

/** A JSON array of ids from SQLite (json_group_array), in ascending order. */
function parseIds(json: string): number[] {
  return (JSON.parse(json) as number[]).sort((a, b) => a - b);
}
