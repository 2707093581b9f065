// How the pages describe what plays, for the analytics (issue 14), from the data they already hold. Stable aliases,
// not names: names follow the viewer's language, and the channel owner counts one sport as one.
import type { Event } from "@api/contract/catalogue-types";
import type { PlayerStream } from "./events";

/** An event: live until it has finished, a replay after. The channel's categories are its sports. */
export function eventStream(event: Event): PlayerStream {
  const home = event.participants.find((p) => p.side === "home") ?? event.participants[0];
  return {
    id: event.id,
    type: event.stream_status === "finished" ? "replay" : "live",
    category: event.category?.alias ?? null,
    sport: event.category?.alias ?? null,
    gender: event.gender === "not_identified" ? null : event.gender,
    school: home?.group?.alias ?? null,
    league: null,
  };
}
