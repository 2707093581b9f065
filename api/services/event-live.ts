// The live-state channel of an event (issue 26, api/durable/event-live.ts): subscribing a page, and telling the
// event's pages that it changed. The object is named by channel and event, so one channel's pages never hear another's.
import type { EventTimes } from "./event-status";

export interface EventLiveScope {
  env: Pick<Env, "EVENT_LIVE">;
  channelId: number;
}

const liveObject = (s: EventLiveScope, eventId: number) => s.env.EVENT_LIVE.get(s.env.EVENT_LIVE.idFromName(`${s.channelId}:${eventId}`));

/** Hands a WebSocket upgrade to the event's object, with the times it wakes at (the API's clock: `now`). */
export async function subscribeEventLive(s: EventLiveScope, eventId: number, request: Request, times: EventTimes, now: number): Promise<Response> {
  const url = new URL("https://event-live/subscribe");
  url.searchParams.set("start", String(times.start));
  url.searchParams.set("end", String(times.end));
  url.searchParams.set("now", String(now));
  const res = await liveObject(s, eventId).fetch(new Request(url, { headers: request.headers }));
  // The object's answer has immutable headers; the API's middleware adds its own (security, logging) on the way out.
  return new Response(null, { status: res.status, webSocket: res.webSocket, headers: new Headers(res.headers) });
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
