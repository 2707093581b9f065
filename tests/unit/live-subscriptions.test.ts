// The page's live-state connections (app/features/events/live-subscriptions.ts): which events a page connects to and
// in which role, one connection per event, the changes of several events reloading the page once, and the turn to
// server-sent events once WebSockets never open. Browser sockets are stand-ins the tests open, fail and feed.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LIVE_CARD_SOON_MS, liveCardRank } from "~/features/events/useEventLive";
import { LIVE_RELOAD_COALESCE_MS, LiveSubscriptions, nextTransport, pickConnections, type LiveBrowser, type LiveState } from "~/features/events/live-subscriptions";

class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  readonly OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  sent: string[] = [];
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The network ends it (refused, or dropped). */
  fail() {
    this.readyState = 3;
    this.onclose?.();
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
  }
}

class FakeEventSource {
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  close() {
    this.readyState = 2;
  }
}

const browser = (eventSource = true): LiveBrowser => ({
  location: { protocol: "http:", host: "alpha.localhost" },
  WebSocket: FakeSocket as unknown as typeof WebSocket,
  EventSource: eventSource ? (FakeEventSource as unknown as typeof EventSource) : undefined,
});

const openSockets = () => FakeSocket.made.filter((s) => s.readyState !== 3);
/** Lets the manager apply what the page asked (it does so after the current task). */
const settle = () => vi.advanceTimersByTime(0);

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
  FakeEventSource.made = [];
});
afterEach(() => vi.useRealTimers());

describe("which events a page connects to", () => {
  it("connects once per event, the watch page's role winning, and caps the cards' events by rank", () => {
    const cards = Array.from({ length: 20 }, (_, i) => ({ eventId: 100 + i, role: "card" as const, rank: 20 - i }));
    const picked = pickConnections([...cards, { eventId: 105, role: "watch", rank: 0 }, { eventId: 119, role: "card", rank: 0 }], 3);
    expect([...picked]).toEqual([
      [105, "watch"],
      [119, "card"],
      [118, "card"],
      [117, "card"],
    ]);
  });

  it("follows live cards and the ones starting within the hour, live first, then the soonest", () => {
    const now = Date.UTC(2026, 0, 10, 12);
    const at = (ms: number) => new Date(now + ms).toISOString();
    expect(liveCardRank({ stream_status: "live", event_utc_ts: at(-60_000) }, now)).toBe(0);
    expect(liveCardRank({ stream_status: "upcoming", event_utc_ts: at(10_000) }, now)).toBe(10_000);
    expect(liveCardRank({ stream_status: "upcoming", event_utc_ts: at(-1_000) }, now)).toBe(1);
    expect(liveCardRank({ stream_status: "upcoming", event_utc_ts: at(LIVE_CARD_SOON_MS + 1) }, now)).toBeNull();
    expect(liveCardRank({ stream_status: "finished", event_utc_ts: at(-7_200_000) }, now)).toBeNull();
  });
});

describe("the page's connections", () => {
  it("opens one socket for an event however many parts show it, and shares the watch page's", () => {
    const live = new LiveSubscriptions(browser(), () => {});
    const heard: (number | null)[] = [];
    const stopA = live.subscribe({ eventId: 7, role: "card", rank: 0 }, () => {});
    const stopB = live.subscribe({ eventId: 7, role: "card", rank: 0 }, (v) => heard.push(v.viewers));
    settle();
    expect(FakeSocket.made.map((s) => s.url)).toEqual(["ws://alpha.localhost/api/events/7/live?role=card"]);
    FakeSocket.made[0]!.open();
    FakeSocket.made[0]!.receive({ type: "hello", version: 1, viewers: 3 });
    expect(heard.at(-1)).toBe(3);

    // The watch page of the same event: the connection becomes the watch page's (counted), then back to a card's.
    const stopWatch = live.subscribe({ eventId: 7, role: "watch", rank: 0 }, () => {});
    settle();
    expect(openSockets().map((s) => s.url)).toEqual(["ws://alpha.localhost/api/events/7/live"]);
    stopWatch();
    settle();
    expect(openSockets().map((s) => s.url)).toEqual(["ws://alpha.localhost/api/events/7/live?role=card"]);
    stopA();
    stopB();
    settle();
    expect(openSockets()).toEqual([]);
  });

  it("tells a card its broadcast is interrupted from the hello and each change, and keeps the viewers it knew", () => {
    const live = new LiveSubscriptions(browser(), () => {});
    const heard: { viewers: number | null; interrupted: boolean }[] = [];
    live.subscribe({ eventId: 5, role: "card", rank: 0 }, (s) => heard.push(s));
    settle();
    FakeSocket.made[0]!.open();
    FakeSocket.made[0]!.receive({ type: "hello", version: 1, viewers: 4, interrupted: false });
    FakeSocket.made[0]!.receive({ type: "changed", reason: "interrupted", version: 2, interrupted: true });
    expect(heard.at(-1)).toEqual({ viewers: 4, interrupted: true, board: null });
    FakeSocket.made[0]!.receive({ type: "viewers", viewers: 2 });
    expect(heard.at(-1)).toEqual({ viewers: 2, interrupted: true, board: null });
    FakeSocket.made[0]!.receive({ type: "changed", reason: "live", version: 3, interrupted: false });
    expect(heard.at(-1)).toEqual({ viewers: 2, interrupted: false, board: null });
    // A card that comes later hears what is known at once.
    const late: { interrupted: boolean }[] = [];
    live.subscribe({ eventId: 5, role: "card", rank: 0 }, (s) => late.push(s));
    expect(late).toEqual([{ viewers: 2, interrupted: false, board: null }]);
  });

  it("hands every part following the event the scorekeeper's latest board, without reloading the page", () => {
    let reloads = 0;
    const live = new LiveSubscriptions(browser(), () => reloads++);
    const heard: LiveState[] = [];
    live.subscribe({ eventId: 6, role: "watch", rank: 0 }, (s) => heard.push(s));
    settle();
    FakeSocket.made[0]!.open();
    FakeSocket.made[0]!.receive({ type: "hello", version: 1, viewers: 3, interrupted: false });
    const board = (home: number) => ({ state: { sport: "soccer" as const, home, away: 0, period: 1, sets: null, clock: null, final: false }, plays: [] });
    FakeSocket.made[0]!.receive({ type: "score", board: board(1) });
    FakeSocket.made[0]!.receive({ type: "score", board: board(2) });
    expect(heard.at(-1)).toEqual({ viewers: 3, interrupted: false, board: board(2) });
    // Another count keeps the board.
    FakeSocket.made[0]!.receive({ type: "viewers", viewers: 4 });
    expect(heard.at(-1)).toEqual({ viewers: 4, interrupted: false, board: board(2) });
    vi.advanceTimersByTime(LIVE_RELOAD_COALESCE_MS * 2);
    expect(reloads).toBe(0);
  });

  it("keeps the connection of a card that moves between sections in one render", () => {
    const live = new LiveSubscriptions(browser(), () => {});
    const stopUpcoming = live.subscribe({ eventId: 9, role: "card", rank: 5_000 }, () => {});
    settle();
    stopUpcoming();
    live.subscribe({ eventId: 9, role: "card", rank: 0 }, () => {});
    settle();
    expect(FakeSocket.made).toHaveLength(1);
    expect(openSockets()).toHaveLength(1);
  });

  it("reloads the page once for changes several events announce together, and after a change it missed", () => {
    const reload = vi.fn();
    const live = new LiveSubscriptions(browser(), reload);
    for (const eventId of [1, 2, 3]) live.subscribe({ eventId, role: "card", rank: eventId }, () => {});
    settle();
    for (const [i, s] of FakeSocket.made.entries()) {
      s.open();
      s.receive({ type: "hello", version: 4, viewers: 0 });
      s.receive({ type: "changed", reason: "schedule", version: 5 + i });
    }
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(LIVE_RELOAD_COALESCE_MS);
    expect(reload).toHaveBeenCalledTimes(1);

    // A dropped socket opened again greets with a newer version: a change made meanwhile, one more reload.
    FakeSocket.made[0]!.fail();
    vi.advanceTimersByTime(1_000);
    const again = FakeSocket.made.at(-1)!;
    expect(again.url).toBe("ws://alpha.localhost/api/events/1/live?role=card");
    again.open();
    again.receive({ type: "hello", version: 6, viewers: 0 });
    vi.advanceTimersByTime(LIVE_RELOAD_COALESCE_MS);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe("the fallback to server-sent events", () => {
  it("turns to server-sent events after two WebSockets in a row that never opened, and only then", () => {
    let state = { transport: "websocket" as const, failures: 0 } as ReturnType<typeof nextTransport>;
    state = nextTransport(state, "never-opened", true);
    expect(state).toEqual({ transport: "websocket", failures: 1 });
    // One that opens in between shows WebSockets pass.
    state = nextTransport(nextTransport(state, "opened", true), "never-opened", true);
    expect(state).toEqual({ transport: "websocket", failures: 1 });
    expect(nextTransport(state, "never-opened", true)).toEqual({ transport: "eventsource", failures: 2 });
    // A browser without EventSource keeps trying WebSockets.
    expect(nextTransport(state, "never-opened", false)).toEqual({ transport: "websocket", failures: 2 });
    expect(nextTransport({ transport: "eventsource", failures: 2 }, "opened", true).transport).toBe("eventsource");
  });

  it("follows on the event stream with the same reloads and viewers, and keeps a socket that dropped after opening", () => {
    const reload = vi.fn();
    const live = new LiveSubscriptions(browser(), reload);
    const heard: (number | null)[] = [];
    live.subscribe({ eventId: 4, role: "card", rank: 0 }, (v) => heard.push(v.viewers));
    settle();
    // Opened, then dropped: WebSockets pass here, the page tries one again.
    FakeSocket.made[0]!.open();
    FakeSocket.made[0]!.fail();
    vi.advanceTimersByTime(1_000);
    expect(live.transportState.transport).toBe("websocket");
    // Two that never open: a network blocking WebSockets.
    FakeSocket.made[1]!.fail();
    vi.advanceTimersByTime(2_000);
    FakeSocket.made[2]!.fail();
    expect(live.transportState.transport).toBe("eventsource");
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.made).toHaveLength(3);
    expect(FakeEventSource.made.map((s) => s.url)).toEqual(["/api/events/4/live?role=card"]);

    const stream = FakeEventSource.made[0]!;
    stream.onopen?.();
    stream.receive({ type: "hello", version: 2, viewers: 5 });
    stream.receive({ type: "changed", reason: "live", version: 3 });
    vi.advanceTimersByTime(LIVE_RELOAD_COALESCE_MS);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(heard.at(-1)).toBe(5);

    // The browser reconnects a stream by itself; one it gave up on (refused) is opened again by the page.
    stream.readyState = FakeEventSource.CLOSED;
    stream.onerror?.();
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.made).toHaveLength(2);
    // New connections on the page go straight to the event stream.
    live.subscribe({ eventId: 8, role: "watch", rank: 0 }, () => {});
    settle();
    expect(FakeEventSource.made.at(-1)!.url).toBe("/api/events/8/live");
    live.dispose();
    expect(FakeEventSource.made.every((s) => s.readyState === FakeEventSource.CLOSED)).toBe(true);
  });
});
