// The favourite calls (SPEC §7 Favourites, issue 12), made as the signed-in user: list, follow, unfollow, reminders
// for a favourite's events, and the events of what the user follows. Refusals the user can act on come back as
// results with the API's message (same shape as the clip calls).
import type { FavoritableType, Favorite, FavoriteEvent } from "@api/contract/favorites";
import type { Language } from "@api/contract/constants";
import { asUser, createApiClient, type ApiClientOptions } from "./client.server";
import { result } from "./clips.server";

type Data<T> = { data: T };
type Page<T> = { data: T[]; meta: { total: number; offset: number; limit: number } };
const data = <T>(p: Promise<Data<T>>) => p.then((r) => r.data);

export interface FavoriteEventsQuery {
  /** One status, or several comma-separated ("live,upcoming"). */
  stream_status?: string;
  start_date?: string;
  end_date?: string;
  offset?: number;
  limit?: number;
  sort_field?: "event_utc_ts" | "name";
  sort_direction?: "asc" | "desc";
}

export function favoritesEndpoints(options: ApiClientOptions, lang: Language) {
  return {
    /** The calls made as the user holding `token`; a 401 runs `onUnauthenticated` (SPEC §8). */
    withUser(token: string | null, onUnauthenticated?: () => void) {
      const client = createApiClient(asUser(options, token, onUnauthenticated));
      return {
        list: () => data(client.get<Data<Favorite[]>>("favorites", { query: { lang } })),
        add: (type: FavoritableType, id: number) =>
          result(data(client.post<Data<Favorite>>("favorite", { query: { lang }, body: { favoritable_type: type, favoritable_id: id } }))),
        remove: (id: number) => result(data(client.delete<Data<{ deleted: boolean }>>(`favorite/${id}`))),
        setRemind: (id: number, remind: boolean) => result(data(client.patch<Data<Favorite>>(`favorite/${id}`, { query: { lang }, body: { remind } }))),
        events: (q: FavoriteEventsQuery = {}) => client.get<Page<FavoriteEvent>>("events/favorite", { query: { ...q, lang } }),
      };
    },
  };
}

export type FavoritesEndpoints = ReturnType<typeof favoritesEndpoints>;
export type UserFavoriteCalls = ReturnType<FavoritesEndpoints["withUser"]>;
