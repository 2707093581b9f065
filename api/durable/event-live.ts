// One Durable Object per event ("<channel>:<event>"): the event's live-state channel (issue 26). Pages that show the
// event hold a hibernatable WebSocket to it, or, where a network blocks WebSockets, a server-sent events stream; when
// the event changes state (its encoder connects or stops, a recording is ready, its scheduled start or end passes)
// every page is told at once and reloads its data from the API, which stays the one home of the rules. The same object
// counts the watch pages holding it now; event cards hold it too (role "card"), are told, and are never counted. It
// remembers whether the broadcast is interrupted (its encoder away), which a card shows in place of its "Live".
import { DurableObject } from "cloudflare:workers";
import {
  EVENT_STREAM_TYPE,
  eventStreamMessage,
  INTERRUPTING_REASONS,
  type LiveMessage,
  type LiveRole,
  LIVE_PING,
  LIVE_PONG,
  LIVE_STREAM_KEEPALIVE_MS,
  LIVE_STREAM_RETRY_MS,
} from "../contract/event-live";
import type { ScoreBoard } from "../contract/scores";

/**
 * The scheduled boundaries the object wakes for, epoch ms on the API's clock (the route passes the event's times and
 * its `now` on each subscribe), and how far the real clock, which alarms run on, is ahead of it.
 */
interface Schedule {
  start: number;
  end: number;
  offset: number;
}

/** A page on the event stream: held in memory, since only WebSockets hibernate. */
interface StreamPage {
  role: LiveRole;
  /** Sends a chunk, unless the page has gone (its stream cancelled or closed). */
  send(text: string): void;
  close(): void;
}

/** The tag of a card's WebSocket; a watch page's has none (as every socket had before cards subscribed). */
const CARD_TAG = "card";
const encoder = new TextEncoder();

export class EventLive extends DurableObject<Env> {
  private readonly streams = new Set<StreamPage>();
  private keepAlive: ReturnType<typeof setInterval> | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Keep-alive pings are answered without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  async fetch(request: Request): Promise<Response> {
    const upgrade = request.headers.get("Upgrade")?.toLowerCase() === "websocket";
    if (!upgrade && !request.headers.get("Accept")?.includes(EVENT_STREAM_TYPE)) return new Response(null, { status: 426 });
    const q = new URL(request.url).searchParams;
    const role: LiveRole = q.get("role") === "card" ? "card" : "watch";
    await this.reschedule({ start: Number(q.get("start")), end: Number(q.get("end")), now: Number(q.get("now")) });
    const version = (await this.ctx.storage.get<number>("version")) ?? 0;
    const interrupted = (await this.ctx.storage.get<boolean>("interrupted")) ?? false;
    if (!upgrade) return this.openStream(role, version, interrupted, request.signal);
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server, role === "card" ? [CARD_TAG] : []);
    server.send(JSON.stringify(this.hello(version, interrupted)));
    if (role === "watch") this.broadcast({ type: "viewers", viewers: this.viewers() }, server);
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * The event changed: every page asks the API again. New times (a broadcast's real end) move the next wake-up. The
   * broadcast is interrupted from an interrupting reason until any other but the schedule's.
   */
  async changed(reason: string, times?: { start: number; end: number; now: number }): Promise<void> {
    const version = ((await this.ctx.storage.get<number>("version")) ?? 0) + 1;
    const was = (await this.ctx.storage.get<boolean>("interrupted")) ?? false;
    const interrupted = INTERRUPTING_REASONS.includes(reason) || (reason === "schedule" && was);
    await this.ctx.storage.put({ version, interrupted });
    this.broadcast({ type: "changed", reason, version, interrupted });
    if (times && this.pages()) await this.reschedule(times);
  }

  /** A scorekeeper's taps changed the game: every page of the event gets the board (issue 27). */
  async score(board: ScoreBoard): Promise<void> {
    this.broadcast({ type: "score", board });
  }

  /** Keeps the event's times (on the API's clock, `now`) and wakes at the next one still ahead. */
  private async reschedule(times: { start: number; end: number; now: number }): Promise<void> {
    if (![times.start, times.end, times.now].every(Number.isFinite)) return;
    const schedule: Schedule = { start: times.start, end: times.end, offset: Date.now() - times.now };
    await this.ctx.storage.put("schedule", schedule);
    await this.wakeAtNext(schedule);
  }

  /** How many watch pages hold the channel open (but `leaving`, whose close is being handled); cards are not counted. */
  viewers(leaving?: WebSocket): number {
    const sockets = this.ctx.getWebSockets().filter((ws) => ws !== leaving && !this.isCard(ws)).length;
    let streams = 0;
    for (const page of this.streams) if (page.role === "watch") streams += 1;
    return sockets + streams;
  }

  /** Every page holding the channel, cards too: the object wakes at the schedule only for someone to tell. */
  private pages(): number {
    return this.ctx.getWebSockets().length + this.streams.size;
  }

  private isCard(ws: WebSocket): boolean {
    return this.ctx.getTags(ws).includes(CARD_TAG);
  }

  private hello(version: number, interrupted: boolean): LiveMessage {
    return { type: "hello", version, viewers: this.viewers(), interrupted };
  }

  /** Wakes at the next scheduled boundary still ahead: the start, then the end. */
  private async wakeAtNext(times: Schedule): Promise<void> {
    const now = Date.now() - times.offset;
    const next = [times.start, times.end].find((t) => t > now);
    if (next !== undefined) await this.ctx.storage.setAlarm(Date.now() + (next - now));
    else await this.ctx.storage.deleteAlarm();
  }

  async alarm(): Promise<void> {
    const times = await this.ctx.storage.get<Schedule>("schedule");
    if (!this.pages()) return;
    await this.changed("schedule");
    if (times) await this.wakeAtNext(times);
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 ? 1000 : code, "bye");
    } catch {
      // Already closed.
    }
    if (!this.isCard(ws)) this.broadcast({ type: "viewers", viewers: this.viewers(ws) }, ws);
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    if (!this.isCard(ws)) this.broadcast({ type: "viewers", viewers: this.viewers(ws) }, ws);
  }

  /**
   * A page on server-sent events: the same messages, a comment now and then so proxies keep it open, and `retry:` for
   * the browser's own reconnect. The page is dropped when its stream is cancelled, its request aborted or a write fails.
   */
  private openStream(role: LiveRole, version: number, interrupted: boolean, signal: AbortSignal): Response {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    const page: StreamPage = {
      role,
      send: (text) => {
        if (this.streams.has(page)) writer.write(encoder.encode(text)).catch(() => this.dropStream(page));
      },
      close: () => {
        writer.close().catch(() => {
          // Already gone.
        });
      },
    };
    // A page that went away is noticed at the next write (the keep-alive at the latest: workerd cancels the stream
    // then), or when its request is aborted where the runtime says so.
    writer.closed.catch(() => this.dropStream(page));
    signal.addEventListener("abort", () => {
      this.dropStream(page);
    });
    this.streams.add(page);
    this.startKeepAlive();
    page.send(`retry: ${LIVE_STREAM_RETRY_MS}\n\n${eventStreamMessage(this.hello(version, interrupted))}`);
    if (role === "watch") this.broadcast({ type: "viewers", viewers: this.viewers() }, page);
    return new Response(readable, { headers: { "Content-Type": `${EVENT_STREAM_TYPE}; charset=utf-8`, "Cache-Control": "no-store" } });
  }

  private dropStream(page: StreamPage): void {
    if (!this.streams.delete(page)) return;
    page.close();
    if (!this.streams.size) {
      clearInterval(this.keepAlive);
      this.keepAlive = undefined;
    }
    if (page.role === "watch") this.broadcast({ type: "viewers", viewers: this.viewers() });
  }

  private startKeepAlive(): void {
    this.keepAlive ??= setInterval(() => {
      for (const page of this.streams) page.send(": keep-alive\n\n");
    }, LIVE_STREAM_KEEPALIVE_MS);
  }

  private broadcast(message: LiveMessage, except?: WebSocket | StreamPage): void {
    const text = JSON.stringify(message);
    for (const ws of this.ctx.getWebSockets()) {
      if (ws === except) continue;
      try {
        ws.send(text);
      } catch {
        // A socket closing as we send: its close handler tells the others.
      }
    }
    if (!this.streams.size) return;
    const event = eventStreamMessage(message);
    for (const page of [...this.streams]) if (page !== except) page.send(event);
  }
}
