// A page that shows an event follows its live state (issue 26): it holds the event's live-state channel through the
// page's manager (LiveEventsProvider), reloads its data when the event changes (upcoming → live → ended, a recording
// ready) without a reload of the page, and learns how many watch pages hold the event now.
import type { Event } from "@api/contract/catalogue";
import type { LiveRole } from "@api/contract/event-live";
import { useEffect, useState } from "react";
import { useLiveSubscriptions } from "./LiveEventsProvider";
import { type LiveState, UNKNOWN_LIVE_STATE } from "./live-subscriptions";

/** An upcoming event's card follows it from this long before its start. */
export const LIVE_CARD_SOON_MS = 60 * 60_000;

/**
 * Whether a card follows its event, and its rank for the page's cap (lower first): a live event first, then the
 * soonest to start; null for a finished event, or one that starts later than LIVE_CARD_SOON_MS from `now`.
 */
export function liveCardRank(event: Pick<Event, "stream_status" | "event_utc_ts">, now: number): number | null {
  if (event.stream_status === "live") return 0;
  if (event.stream_status !== "upcoming") return null;
  const start = Date.parse(event.event_utc_ts);
  return Number.isFinite(start) && start - now <= LIVE_CARD_SOON_MS ? Math.max(1, start - now) : null;
}

/** Follows an event while `eventId` is set: its viewers and interruption, as the channel tells them. */
function useLiveEvent(eventId: number | null, role: LiveRole, rank: number): LiveState {
  const manager = useLiveSubscriptions();
  const [state, setState] = useState<LiveState>(UNKNOWN_LIVE_STATE);
  useEffect(() => {
    if (!manager || eventId === null) return;
    const stop = manager.subscribe({ eventId, role, rank }, setState);
    return () => {
      stop();
      setState(UNKNOWN_LIVE_STATE);
    };
  }, [manager, eventId, role, rank]);
  return state;
}

/** The watch page: counted among the viewers, and told the game's board as the scorekeeper taps. */
export function useEventLive(eventId: number | null): Pick<LiveState, "viewers" | "board"> {
  const { viewers, board } = useLiveEvent(eventId, "watch", 0);
  return { viewers, board };
}

/** An event card: follows a live event or one starting soon, never counted among the viewers. */
export function useLiveCard(event: Pick<Event, "id" | "stream_status" | "event_utc_ts">): LiveState {
  // Decided after hydration: the server renders no connection, and the browser's clock is the one that counts down.
  const [rank, setRank] = useState<number | null>(null);
  useEffect(() => setRank(liveCardRank(event, Date.now())), [event.stream_status, event.event_utc_ts]);
  return useLiveEvent(rank === null ? null : event.id, "card", rank ?? 0);
}
