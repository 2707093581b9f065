// The signed-in viewer's favourites as the follow buttons need them (root loader): which team, school or sport is
// followed, under which favourite id. Loaded once per document and after each POST; an outage leaves the buttons
// in their "Follow" state rather than failing the page.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { FavoritableType, Favorite } from "@api/contract/favorites";
import { optionalUser } from "~/server/guards.server";

export interface Following {
  id: number;
  type: FavoritableType;
  favoritable_id: number;
}

/** The request's GET /favorites, made once however many loaders ask (a document request runs them together). */
const requestFavorites = new WeakMap<AppLoadContext, Promise<Favorite[] | null>>();

export function favoritesOfRequest(context: AppLoadContext): Promise<Favorite[] | null> {
  let list = requestFavorites.get(context);
  if (!list) {
    const { user, api } = optionalUser(context);
    list =
      // A temporary-password user is held on the profile edit page (SPEC §2); the API refuses their other calls.
      user && !user.temporary_password
        ? api.favorites
            .list()
            .catch((error: unknown) => {
              console.error("favourites load failed:", error instanceof Error ? error.message : error);
              return null;
            })
        : Promise.resolve(null);
    requestFavorites.set(context, list);
  }
  return list;
}

export async function loadFollowing(context: AppLoadContext): Promise<Following[] | null> {
  if (!context.session.user) return null;
  const list = await favoritesOfRequest(context);
  return (list ?? []).map((f) => ({ id: f.id, type: f.favoritable_type, favoritable_id: f.favoritable_id }));
}
