// The home page's "Your teams" rail (issue 12): the viewer's favourites and their live and next games, three calls
// in parallel. Signed out there is no rail; an outage drops the rail rather than failing the home page.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireTenant } from "~/server/guards.server";
import { markExpired } from "~/server/session.server";
import type { YourTeamsData } from "./YourTeams";

/** Games in the rail: live ones first, then upcoming, this many in all. */
export const YOUR_TEAMS_LIMIT = 8;

export async function loadYourTeams(context: AppLoadContext): Promise<YourTeamsData | null> {
  const { session } = context;
  if (!session.user || !session.token) return null;
  const calls = requireTenant(context).favorites.withUser(session.token, () => markExpired(session));
  try {
    const [favorites, live, upcoming] = await Promise.all([
      calls.list(),
      calls.events({ stream_status: "live", limit: YOUR_TEAMS_LIMIT }),
      calls.events({ stream_status: "upcoming", limit: YOUR_TEAMS_LIMIT }),
    ]);
    return { favorites, events: [...live.data, ...upcoming.data].slice(0, YOUR_TEAMS_LIMIT) };
  } catch (error) {
    console.error("your teams load failed:", error instanceof Error ? error.message : error);
    return null;
  }
}
