// The event and its playback grant, as /watch/{id} and /watch_embed/{id} load them (issue 5): nothing is granted
// before the start (the page counts down and asks again then); otherwise the API decides for the signed-in user, or
// for the anonymous visitor with their viewer id (prerolls).
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlaybackResult } from "~/server/api/playback.server";
import { loadEvent } from "~/server/events.server";
import { optionalUser } from "~/server/guards.server";

export async function loadEventPlayback(context: AppLoadContext, id: string | undefined) {
  const event = await loadEvent(context, id);
  const playback: PlaybackResult = event.stream_status === "upcoming" ? { kind: "upcoming" } : await optionalUser(context).api.playback.event(event.id);
  return { event, playback };
}
