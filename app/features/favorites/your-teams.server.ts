// The home page's "Your teams" rail (issue 12): the viewer's favourites (the request's one GET /favorites, shared
// with the root loader) and their live and next games in one call. Signed out there is no rail; an outage drops the
// rail rather than failing the home page.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { optionalUser } from "~/server/guards.server";
import type { YourTeamsData } from "./YourTeams";
import { favoritesOfRequest } from "./following.server";

/** Games in the rail: live ones first, then upcoming, this many in all. */
export const YOUR_TEAMS_LIMIT = 8;

export async function loadYourTeams(context: AppLoadContext): Promise<YourTeamsData | null> {
  const { user, api } = optionalUser(context);
  if (!user) return null;
  try {
    // Live and upcoming in start order: the live ones (started earlier) come first.
    const [favorites, games] = await Promise.all([favoritesOfRequest(context), api.favorites.events({ stream_status: "live,upcoming", limit: YOUR_TEAMS_LIMIT })]);
    if (!favorites) return null;
    return { favorites, events: games.data };
  } catch (error) {
    console.error("your teams load failed:", error instanceof Error ? error.message : error);
    return null;
  }
}
