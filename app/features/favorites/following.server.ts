// The signed-in viewer's favourites as the follow buttons need them (root loader): which team, school or sport is
// followed, under which favourite id. Loaded once per document and after each POST; an outage leaves the buttons
// in their "Follow" state rather than failing the page.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { FavoritableType } from "@api/contract/favorites";
import { requireTenant } from "~/server/guards.server";
import { markExpired } from "~/server/session.server";

export interface Following {
  id: number;
  type: FavoritableType;
  favoritable_id: number;
}

export async function loadFollowing(context: AppLoadContext): Promise<Following[] | null> {
  const { session } = context;
  if (!session.user || !session.token) return null;
  try {
    const list = await requireTenant(context).favorites.withUser(session.token, () => markExpired(session)).list();
    return list.map((f) => ({ id: f.id, type: f.favoritable_type, favoritable_id: f.favoritable_id }));
  } catch (error) {
    console.error("favourites load failed:", error instanceof Error ? error.message : error);
    return [];
  }
}
