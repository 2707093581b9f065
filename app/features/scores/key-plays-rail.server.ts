// The home's "Key plays from your teams" rail (issue 27): one call beside the home's others, as the signed-in viewer.
// Key plays give the score away, so a viewer who hides scores gets no rail and no call. Nothing to show, or an outage,
// is no rail rather than a failed home page (a 401 has already dropped the session, viewer-api.server.ts).
import type { FollowedKeyPlay } from "@api/contract/scores";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { optionalUser } from "~/server/guards.server";

export async function loadKeyPlaysRail(context: AppLoadContext): Promise<FollowedKeyPlay[] | null> {
  const { user, api } = optionalUser(context);
  // A temporary-password user is held on the profile edit page (SPEC §2); the API refuses their other calls.
  if (!user || user.temporary_password || user.hide_scores) return null;
  try {
    const list = await api.scores.followedKeyPlays();
    return list.length ? list : null;
  } catch (error) {
    console.error("key plays rail load failed:", error instanceof Error ? error.message : String(error));
    return null;
  }
}
