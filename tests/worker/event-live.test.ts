// The event's live-state channel through the whole Worker (issue 26): the 101 and its socket pass the Worker's own
// headers step (which once rebuilt every answer and lost the socket: a 500 in wrangler), with the base headers added;
// the server-sent events answer streams through it too, its greeting first.
import { describe, expect, it } from "vitest";
import type { LiveMessage } from "@api/contract/event-live";
import { findEvent } from "./events";
import { loadChannel, send } from "./harness";

describe("the live-state channel through the Worker", () => {
  it("upgrades a watch page's WebSocket and greets it", async () => {
    const ch = await loadChannel("beta");
    const id = await findEvent(ch, "live", "free");
    const res = await send(ch.url(`/api/events/${id}/live`), { headers: { upgrade: "websocket" } });
    expect(res.status).toBe(101);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const ws = res.webSocket!;
    const greeting = new Promise<LiveMessage>((resolve) => ws.addEventListener("message", (e) => resolve(JSON.parse(e.data as string) as LiveMessage)));
    ws.accept();
    expect(await greeting).toMatchObject({ type: "hello", viewers: 1 });
    ws.close(1000, "done");
  });

  it("streams server-sent events to a page whose network blocks WebSockets", async () => {
    const ch = await loadChannel("beta");
    const id = await findEvent(ch, "live", "free");
    const res = await send(ch.url(`/api/events/${id}/live?role=card`), { headers: { accept: "text/event-stream" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("data: ")) text += (await reader.read()).value ?? "";
    while (!text.endsWith("\n\n")) text += (await reader.read()).value ?? "";
    const hello = JSON.parse(/^data: (.*)$/m.exec(text)![1]!) as LiveMessage;
    // A card is told how many watch, itself not among them.
    expect(hello).toMatchObject({ type: "hello", viewers: 0 });
    await reader.cancel();
  });
});
