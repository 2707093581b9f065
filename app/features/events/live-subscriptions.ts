// The page's connections to events' live-state channels (issue 26), shared by everything on it that follows an event:
// the watch page and the event cards of a list or of the home's rails. One connection per event, however many parts
// show it; a watch page's connection counts among the viewers, a card's does not (role=card), and a card of the event
// the page watches shares the page's. Cards hold at most LIVE_CARD_CAP connections, the live and soonest first. The
// changes several events announce at once reload the page's data once. Each connection is a WebSocket, or, once
// WebSockets failed to open twice in a row (a network that blocks them), server-sent events.
import { LIVE_PING, LIVE_PING_MS, type LiveRole } from "@api/contract/event-live";
import type { ScoreBoard } from "@api/contract/scores";
import { liveChannelUrl, liveStreamUrl, readLiveMessage, type LiveReading } from "./live-channel";

/** Event cards' connections at most on one page (a watch page's own is never refused). */
export const LIVE_CARD_CAP = 12;
/** Changes announced within this many ms of each other reload the page's data once. */
export const LIVE_RELOAD_COALESCE_MS = 250;
/** Pauses before opening a lost channel again, ms (the last one repeats). */
export const LIVE_RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** WebSockets that failed to open, one after another, before the page turns to server-sent events. */
export const LIVE_WEBSOCKET_FAILURES = 2;

/** A part of the page following an event: a watch page, or a card ranked for the cap (lower first). */
export interface LiveInterest {
  eventId: number;
  role: LiveRole;
  rank: number;
}

/**
 * The connections a page holds for what it shows: one per event, a watch page's role winning over cards', and at most
 * `cap` events that only cards follow, the lowest ranks first (ties: the lower id, so the choice is stable).
 */
export function pickConnections(interests: readonly LiveInterest[], cap: number = LIVE_CARD_CAP): Map<number, LiveRole> {
  const picked = new Map<number, LiveRole>();
  for (const i of interests) if (i.role === "watch") picked.set(i.eventId, "watch");
  const cards = new Map<number, number>();
  for (const i of interests) if (!picked.has(i.eventId)) cards.set(i.eventId, Math.min(i.rank, cards.get(i.eventId) ?? Infinity));
  const ranked = [...cards].sort(([a, ra], [b, rb]) => ra - rb || a - b);
  for (const [eventId] of ranked.slice(0, cap)) picked.set(eventId, "card");
  return picked;
}

export type LiveTransport = "websocket" | "eventsource";

export interface TransportState {
  transport: LiveTransport;
  /** WebSockets that closed without ever opening, one after another. */
  failures: number;
}

/**
 * What a WebSocket's end teaches: one that opened shows WebSockets pass; LIVE_WEBSOCKET_FAILURES in a row that never
 * opened turn the page to server-sent events for good (if the browser has them). A connection that opened and later
 * dropped says nothing of the network.
 */
export function nextTransport(state: TransportState, outcome: "opened" | "never-opened", eventSource: boolean): TransportState {
  if (state.transport === "eventsource") return state;
  if (outcome === "opened") return { transport: "websocket", failures: 0 };
  const failures = state.failures + 1;
  return { transport: failures >= LIVE_WEBSOCKET_FAILURES && eventSource ? "eventsource" : "websocket", failures };
}

/** What the manager needs of the browser (tests hand in stand-ins). */
export interface LiveBrowser {
  location: Pick<Location, "protocol" | "host">;
  WebSocket: typeof WebSocket;
  EventSource?: typeof EventSource;
}

/**
 * What a part of the page hears of its event: its viewers (null until told), whether its broadcast is interrupted,
 * and the game's board once a scorekeeper's tap changed it (null until then: the page's own data has it).
 */
export interface LiveState {
  viewers: number | null;
  interrupted: boolean;
  board: ScoreBoard | null;
}
export const UNKNOWN_LIVE_STATE: LiveState = { viewers: null, interrupted: false, board: null };

type Listener = (state: LiveState) => void;

interface Connection {
  role: LiveRole;
  close(): void;
}

export class LiveSubscriptions {
  private readonly interests = new Map<symbol, LiveInterest & { listener: Listener }>();
  private readonly connections = new Map<number, Connection>();
  private readonly versions = new Map<number, number>();
  private readonly states = new Map<number, LiveState>();
  private transport: TransportState = { transport: "websocket", failures: 0 };
  private reconciling: ReturnType<typeof setTimeout> | undefined;
  private reloading: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(
    private readonly browser: LiveBrowser,
    private readonly reload: () => void,
    private readonly cap: number = LIVE_CARD_CAP,
  ) {}

  /** Follows an event until the returned function is called; the listener hears its viewers and interruption. */
  subscribe(interest: LiveInterest, listener: Listener): () => void {
    const key = Symbol(interest.eventId);
    this.interests.set(key, { ...interest, listener });
    listener(this.states.get(interest.eventId) ?? UNKNOWN_LIVE_STATE);
    this.scheduleReconcile();
    return () => {
      this.interests.delete(key);
      this.scheduleReconcile();
    };
  }

  /** How the page connects now. */
  get transportState(): TransportState {
    return this.transport;
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.reconciling);
    clearTimeout(this.reloading);
    for (const c of this.connections.values()) c.close();
    this.connections.clear();
  }

  /**
   * Connections change after the current task: a card that moves between sections (upcoming → live) unmounts and
   * mounts in one commit, and keeps its connection.
   */
  private scheduleReconcile(): void {
    if (this.disposed || this.reconciling !== undefined) return;
    this.reconciling = setTimeout(() => {
      this.reconciling = undefined;
      this.reconcile();
    }, 0);
  }

  private reconcile(): void {
    const wanted = pickConnections([...this.interests.values()], this.cap);
    for (const [eventId, connection] of this.connections) {
      if (wanted.get(eventId) === connection.role) continue;
      connection.close();
      this.connections.delete(eventId);
      if (!wanted.has(eventId)) this.setState(eventId, null);
    }
    for (const [eventId, role] of wanted) if (!this.connections.has(eventId)) this.connections.set(eventId, this.connect(eventId, role));
  }

  /** Merges what a message told (null: forgets the event) and tells the event's listeners. */
  private setState(eventId: number, told: Pick<LiveReading, "viewers" | "interrupted" | "board"> | null): void {
    const before = this.states.get(eventId) ?? UNKNOWN_LIVE_STATE;
    const state =
      told === null
        ? UNKNOWN_LIVE_STATE
        : { viewers: told.viewers ?? before.viewers, interrupted: told.interrupted ?? before.interrupted, board: told.board ?? before.board };
    if (told === null) this.states.delete(eventId);
    else this.states.set(eventId, state);
    for (const i of this.interests.values()) if (i.eventId === eventId) i.listener(state);
  }

  private scheduleReload(): void {
    if (this.reloading !== undefined) return;
    this.reloading = setTimeout(() => {
      this.reloading = undefined;
      if (!this.disposed) this.reload();
    }, LIVE_RELOAD_COALESCE_MS);
  }

  private onMessage(eventId: number, raw: unknown): void {
    const read = readLiveMessage(raw, this.versions.get(eventId) ?? null);
    if (!read) return;
    if (read.version !== null) this.versions.set(eventId, read.version);
    if (read.viewers !== null || read.interrupted !== null || read.board !== null) this.setState(eventId, read);
    if (read.reload) this.scheduleReload();
  }

  /** One event's connection, opened again after a loss with growing pauses, on the page's transport of the moment. */
  private connect(eventId: number, role: LiveRole): Connection {
    let retry: ReturnType<typeof setTimeout> | undefined;
    let current: { close(): void } | null = null;
    let attempt = 0;
    let stopped = false;
    const again = () => {
      if (stopped) return;
      retry = setTimeout(open, LIVE_RETRY_MS[Math.min(attempt++, LIVE_RETRY_MS.length - 1)]);
    };
    const opened = () => {
      attempt = 0;
    };
    const open = () => {
      current = this.transport.transport === "eventsource" && this.browser.EventSource ? this.openStream(eventId, role, opened, again) : this.openSocket(eventId, role, opened, again);
    };
    open();
    return {
      role,
      close: () => {
        stopped = true;
        clearTimeout(retry);
        current?.close();
      },
    };
  }

  private openSocket(eventId: number, role: LiveRole, opened: () => void, lost: () => void): { close(): void } {
    let socket: WebSocket;
    try {
      socket = new this.browser.WebSocket(liveChannelUrl(eventId, this.browser.location, role));
    } catch {
      // Refused before trying (a browser policy): as good as a network that blocks WebSockets.
      this.transport = nextTransport(this.transport, "never-opened", Boolean(this.browser.EventSource));
      lost();
      return { close: () => {} };
    }
    let ping: ReturnType<typeof setInterval> | undefined;
    let wasOpen = false;
    let closing = false;
    socket.onopen = () => {
      wasOpen = true;
      this.transport = nextTransport(this.transport, "opened", Boolean(this.browser.EventSource));
      opened();
      ping = setInterval(() => socket.readyState === socket.OPEN && socket.send(LIVE_PING), LIVE_PING_MS);
    };
    socket.onmessage = (e) => this.onMessage(eventId, e.data);
    socket.onclose = () => {
      clearInterval(ping);
      if (closing) return;
      if (!wasOpen) this.transport = nextTransport(this.transport, "never-opened", Boolean(this.browser.EventSource));
      lost();
    };
    return {
      close: () => {
        closing = true;
        clearInterval(ping);
        socket.close(1000, "page left");
      },
    };
  }

  /** Server-sent events: the browser reconnects by itself (the stream's `retry:`) unless the answer was refused. */
  private openStream(eventId: number, role: LiveRole, opened: () => void, lost: () => void): { close(): void } {
    const EventSourceClass = this.browser.EventSource!;
    const source = new EventSourceClass(liveStreamUrl(eventId, role));
    source.onopen = opened;
    source.onmessage = (e) => this.onMessage(eventId, e.data);
    source.onerror = () => {
      if (source.readyState !== EventSourceClass.CLOSED) return;
      lost();
    };
    return { close: () => source.close() };
  }
}
