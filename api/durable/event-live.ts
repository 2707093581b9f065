// One Durable Object per event ("<channel>:<event>"): the event's live-state channel (issue 26). Pages that show the
// event hold a hibernatable WebSocket to it; when the event changes state (its encoder connects or stops, a recording
// is ready, its scheduled start or end passes) every page is told at once and reloads its data from the API, which
// stays the one home of the rules. The same object counts the pages watching now.
import { DurableObject } from "cloudflare:workers";
import { type LiveMessage, LIVE_PING, LIVE_PONG } from "../contract/event-live";

/**
 * The scheduled boundaries the object wakes for, epoch ms on the API's clock (the route passes the event's times and
 * its `now` on each subscribe), and how far the real clock, which alarms run on, is ahead of it.
 */
interface Schedule {
  start: number;
  end: number;
  offset: number;
}

export class EventLive extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Keep-alive pings are answered without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response(null, { status: 426 });
    const q = new URL(request.url).searchParams;
    await this.reschedule({ start: Number(q.get("start")), end: Number(q.get("end")), now: Number(q.get("now")) });
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    const version = (await this.ctx.storage.get<number>("version")) ?? 0;
    server.send(JSON.stringify({ type: "hello", version, viewers: this.viewers() } satisfies LiveMessage));
    this.broadcast({ type: "viewers", viewers: this.viewers() }, server);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** The event changed: every page asks the API again. New times (a broadcast's real end) move the next wake-up. */
  async changed(reason: string, times?: { start: number; end: number; now: number }): Promise<void> {
    const version = ((await this.ctx.storage.get<number>("version")) ?? 0) + 1;
    await this.ctx.storage.put("version", version);
    this.broadcast({ type: "changed", reason, version });
    if (times && this.viewers()) await this.reschedule(times);
  }

  /** Keeps the event's times (on the API's clock, `now`) and wakes at the next one still ahead. */
  private async reschedule(times: { start: number; end: number; now: number }): Promise<void> {
    if (![times.start, times.end, times.now].every(Number.isFinite)) return;
    const schedule: Schedule = { start: times.start, end: times.end, offset: Date.now() - times.now };
    await this.ctx.storage.put("schedule", schedule);
    await this.wakeAtNext(schedule);
  }

  /** How many pages hold the channel open (but `leaving`, whose close is being handled). */
  viewers(leaving?: WebSocket): number {
    return this.ctx.getWebSockets().filter((ws) => ws !== leaving).length;
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
    if (!this.viewers()) return;
    await this.changed("schedule");
    if (times) await this.wakeAtNext(times);
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 ? 1000 : code, "bye");
    } catch {
      // Already closed.
    }
    this.broadcast({ type: "viewers", viewers: this.viewers(ws) }, ws);
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    this.broadcast({ type: "viewers", viewers: this.viewers(ws) }, ws);
  }

  private broadcast(message: LiveMessage, except?: WebSocket): void {
    const text = JSON.stringify(message);
    for (const ws of this.ctx.getWebSockets()) {
      if (ws === except) continue;
      try {
        ws.send(text);
      } catch {
        // A socket closing as we send: its close handler tells the others.
      }
    }
  }
}
