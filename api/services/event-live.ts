// The live-state channel of an event (issue 26, api/durable/event-live.ts): subscribing a page (a WebSocket or an event
// stream), and telling the
// event's pages that it changed. The object is named by channel and event, so one channel's pages never hear another's.
import type { LiveRole } from "../contract/event-live";
import type { ScoreBoard } from "../contract/scores";
import type { EventTimes } from "./event-status";

export interface EventLiveScope {
  env: Pick<Env, "EVENT_LIVE">;
  channelId: number;
}

const liveObject = (s: EventLiveScope, eventId: number) => s.env.EVENT_LIVE.get(s.env.EVENT_LIVE.idFromName(`${s.channelId}:${eventId}`));

/**
 * Hands a page's WebSocket upgrade, or its event-stream request, to the event's object, with the times it wakes at
 * (the API's clock: `now`) and the page's role (a card is told, never counted among the viewers).
 */
export async function subscribeEventLive(s: EventLiveScope, eventId: number, request: Request, times: EventTimes, now: number, role: LiveRole): Promise<Response> {
  const url = new URL("https://event-live/subscribe");
  url.searchParams.set("start", String(times.start));
  url.searchParams.set("end", String(times.end));
  url.searchParams.set("now", String(now));
  url.searchParams.set("role", role);
  const res = await liveObject(s, eventId).fetch(new Request(url, { headers: request.headers, signal: request.signal }));
  // The object's answer has immutable headers; the API's middleware adds its own (security, logging) on the way out.
  const headers = new Headers(res.headers);
  return res.webSocket ? new Response(null, { status: res.status, webSocket: res.webSocket, headers }) : new Response(res.body, { status: res.status, headers });
}

/**
 * Tells the event's pages it changed (an encoder connected or stopped, a recording is ready). Never fails the change
 * itself: a page that misses it still follows its schedule, and its next load is right.
 */
export async function eventChanged(s: EventLiveScope, eventId: number, reason: string, times?: EventTimes & { now: number }): Promise<void> {
  try {
    await liveObject(s, eventId).changed(reason, times);
  } catch (error) {
    console.error("event-live: could not tell the event's pages", eventId, reason, error instanceof Error ? error.message : String(error));
  }
}

/** Tells the event's pages the game's new board (issue 27). Never fails the taps: a page's next load is right. */
export async function scoreChanged(s: EventLiveScope, eventId: number, board: ScoreBoard): Promise<void> {
  try {
    await liveObject(s, eventId).score(board);
  } catch (error) {
    console.error("event-live: could not tell the event's pages the score", eventId, error instanceof Error ? error.message : String(error));
  }
}
