// The event's live-state channel (issue 26): GET /api/events/{id}/live upgrades to a WebSocket held by the event's
// Durable Object, or, asked for `text/event-stream`, answers the same messages as server-sent events. It greets with
// the version and the pages watching, tells every page when the encoder connects or stops (the local ingest's
// reports), counts watch pages as they come and go (never event cards, role=card), and is the host's channel's only:
// another channel's event, a draft or an unknown id is a 404, and a plain GET a 426.
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { LiveMessage } from "@api/contract/event-live";
import { eventChanged } from "@api/services/event-live";
import type { LiveInput } from "@api/contract/video";
import { getDb } from "@api/db/client";
import { events, liveInputs, users } from "@api/db/schema";
import { clockedApi, client, env, eventually, freshEmail, registerUser } from "./auth-helpers";
import { call, type Fixtures, HOSTS, seedChannels } from "./fixtures";

const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 24, 18, 0, 0);
const { app, clock } = clockedApi(T0);
const db = getDb(env.DB);
const SECRET = "dev-only-ingest-secret-do-not-use-in-production";
let fx: Fixtures;
const ids = { game: 0, draft: 0, beta: 0, cards: 0, stream: 0 };

type Role = "watch" | "card";
const livePath = (eventId: number, role?: Role) => `/api/events/${eventId}/live${role ? `?role=${role}` : ""}`;

/** The latest message of a type a page got. */
const lastOf = (got: LiveMessage[]) => <T extends LiveMessage["type"]>(type: T) => got.filter((m): m is Extract<LiveMessage, { type: T }> => m.type === type).at(-1);

/** A page on the channel: its socket and every message it got. A card says so (role=card); a watch page need not. */
async function subscribe(eventId: number, host: string = HOSTS.alpha, role?: Role) {
  const res = await call(host, livePath(eventId, role), { headers: { upgrade: "websocket" } }, app);
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const got: LiveMessage[] = [];
  ws.addEventListener("message", (e) => got.push(JSON.parse(e.data as string) as LiveMessage));
  ws.accept();
  return { ws, got, last: lastOf(got) };
}

/** A page on server-sent events: the answer, its raw text so far and every `data:` message, read as they come. */
async function stream(eventId: number, role?: Role) {
  const res = await call(HOSTS.alpha, livePath(eventId, role), { headers: { accept: "text/event-stream" } }, app);
  expect(res.status).toBe(200);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const page = { res, text: "", got: [] as LiveMessage[], cancel: () => reader.cancel(), last: lastOf([]) };
  page.last = lastOf(page.got);
  void (async () => {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }))) {
      page.text += chunk.value;
      // Whole events only: a chunk may end inside one.
      const lines = page.text.slice(0, page.text.lastIndexOf("\n\n")).split("\n").filter((l) => l.startsWith("data: "));
      page.got.splice(0, page.got.length, ...lines.map((l) => JSON.parse(l.slice(6)) as LiveMessage));
    }
  })();
  return page;
}

const ingest = (path: string, body: unknown) =>
  call("127.0.0.1:8787", `/api/dev/ingest${path}`, { method: "POST", headers: { authorization: `Bearer ${SECRET}`, "content-type": "application/json" }, body: JSON.stringify(body) }, app);

beforeAll(async () => {
  fx = await seedChannels();
  const ev = (channelId: number, key: string, published = true) => ({ channelId, key, name: { en: key }, accessType: "free" as const, eventUtcTs: T0 - H / 4, endUtcTs: T0 + 2 * H, timeZone: "UTC", mediaKey: null, published });
  const rows = await db
    .insert(events)
    .values([ev(fx.alpha.id, "live-game"), ev(fx.alpha.id, "live-draft", false), ev(fx.beta.id, "live-beta"), ev(fx.alpha.id, "live-cards"), ev(fx.alpha.id, "live-stream")])
    .returning({ id: events.id });
  [ids.game, ids.draft, ids.beta, ids.cards, ids.stream] = rows.map((r) => r.id);
});

describe("the live-state channel", () => {
  it("is the host's channel's only, and takes WebSockets and event streams alone", async () => {
    for (const id of [ids.beta, ids.draft, 999_999]) {
      expect((await call(HOSTS.alpha, `/api/events/${id}/live`, { headers: { upgrade: "websocket" } }, app)).status).toBe(404);
      expect((await call(HOSTS.alpha, `/api/events/${id}/live`, { headers: { accept: "text/event-stream" } }, app)).status).toBe(404);
    }
    const plain = await call(HOSTS.alpha, `/api/events/${ids.game}/live`, {}, app);
    expect(plain.status).toBe(426);
    expect(await plain.json()).toEqual({ message: "This address takes a WebSocket connection." });
  });

  it("counts the pages watching, and tells each when the encoder connects and stops", async () => {
    const first = await subscribe(ids.game);
    await eventually(async () => first.last("hello") !== undefined, "the greeting");
    const hello = first.last("hello")!;
    const second = await subscribe(ids.game);
    await eventually(async () => first.last("viewers")?.viewers === hello.viewers + 1, "the first page told of the second");
    await eventually(async () => second.last("hello") !== undefined, "the second page's greeting");
    expect(second.last("hello")).toMatchObject({ version: hello.version, viewers: hello.viewers + 1 });
    // Another channel's page on its own event hears nothing of this one.
    const other = await subscribe(ids.beta, HOSTS.beta);

    // The owner's encoder: a live input, then the local ingest's first segments.
    const email = freshEmail("owner");
    const alpha = await client(app, "alpha");
    const { token } = await registerUser(alpha, email);
    await db.update(users).set({ role: "owner" }).where(eq(users.email, email));
    const made = (await (await alpha.post(`/api/console/events/${ids.game}/live-input`, {}, token)).json()) as { data: LiveInput };
    const input = (await db.select().from(liveInputs).where(eq(liveInputs.id, made.data.id)).get())!;
    clock.now = T0 + 60_000;
    expect((await ingest(`/inputs/${input.uid}/progress`, { segment_count: 2, status: "connected" })).status).toBe(200);
    for (const page of [first, second]) await eventually(async () => page.last("changed")?.reason === "live", "the pages told it is live");
    const live = first.last("changed")!;
    expect(live.version).toBe(hello.version + 1);

    clock.now = T0 + 120_000;
    expect((await ingest(`/inputs/${input.uid}/progress`, { segment_count: 30, status: "ended" })).status).toBe(200);
    await eventually(async () => first.last("changed")?.reason === "ended", "the pages told it ended");
    expect(first.last("changed")!.version).toBe(live.version + 1);
    expect(other.got.some((m) => m.type === "changed")).toBe(false);

    second.ws.close(1000, "left");
    await eventually(async () => first.last("viewers")?.viewers === hello.viewers, "the first page told the second left");
    first.ws.close(1000, "left");
    other.ws.close(1000, "left");
  });

  it("tells event cards of the viewers and of every change, and never counts them", async () => {
    const watch = await subscribe(ids.cards);
    await eventually(async () => watch.last("hello")?.viewers === 1, "the watch page's greeting");
    const card = await subscribe(ids.cards, HOSTS.alpha, "card");
    await eventually(async () => card.last("hello") !== undefined, "the card's greeting");
    // The card is told how many watch, itself not among them.
    expect(card.last("hello")!.viewers).toBe(1);
    const second = await subscribe(ids.cards);
    await eventually(async () => card.last("viewers")?.viewers === 2, "the card told of a second watch page");
    expect(watch.last("viewers")?.viewers).toBe(2);
    expect(watch.got.filter((m) => m.type === "viewers").map((m) => m.viewers)).toEqual([2]);

    await eventChanged({ env, channelId: fx.alpha.id }, ids.cards, "live");
    for (const page of [watch, card, second]) await eventually(async () => page.last("changed")?.reason === "live", "every page told of the change");

    // A card that leaves changes no count; a watch page that leaves does, and the card hears it.
    card.ws.close(1000, "left");
    second.ws.close(1000, "left");
    await eventually(async () => watch.last("viewers")?.viewers === 1, "the watch page told the second left");
    expect(watch.got.filter((m) => m.type === "viewers").map((m) => m.viewers)).toEqual([2, 1]);
    watch.ws.close(1000, "left");
  });

  it("tells cards the broadcast is interrupted while its encoder is away, and a card that comes then at once", async () => {
    const card = await subscribe(ids.cards, HOSTS.alpha, "card");
    await eventually(async () => card.last("hello") !== undefined, "the card's greeting");
    expect(card.last("hello")!.interrupted).toBe(false);
    await eventChanged({ env, channelId: fx.alpha.id }, ids.cards, "interrupted");
    await eventually(async () => card.last("changed")?.reason === "interrupted", "the card told of the drop");
    expect(card.last("changed")!.interrupted).toBe(true);
    // Its start or end passing changes nothing of that; a later card is greeted with it.
    await eventChanged({ env, channelId: fx.alpha.id }, ids.cards, "schedule");
    await eventually(async () => card.last("changed")?.reason === "schedule", "the card told of the schedule");
    expect(card.last("changed")!.interrupted).toBe(true);
    const later = await subscribe(ids.cards, HOSTS.alpha, "card");
    await eventually(async () => later.last("hello") !== undefined, "the later card's greeting");
    expect(later.last("hello")!.interrupted).toBe(true);
    // The encoder back: live again.
    await eventChanged({ env, channelId: fx.alpha.id }, ids.cards, "live");
    for (const page of [card, later]) await eventually(async () => page.last("changed")?.reason === "live", "every card told it is back");
    expect(later.last("changed")!.interrupted).toBe(false);
    card.ws.close(1000, "left");
    later.ws.close(1000, "left");
  });

  it("answers server-sent events where WebSockets are blocked: a greeting, the changes and the viewers", async () => {
    const watch = await subscribe(ids.stream);
    await eventually(async () => watch.last("hello") !== undefined, "the watch page's greeting");
    const viewers = watch.last("hello")!.viewers;

    const page = await stream(ids.stream);
    expect(page.res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(page.res.headers.get("cache-control")).toBe("no-store");
    await eventually(async () => page.got.length > 0, "the stream's greeting");
    expect(page.text).toMatch(/^retry: \d+\n\n/);
    expect(page.got[0]).toEqual({ type: "hello", version: watch.last("hello")!.version, viewers: viewers + 1, interrupted: false });
    // A watch page on the stream counts like one on a WebSocket; a card on the stream does not.
    await eventually(async () => watch.last("viewers")?.viewers === viewers + 1, "the WebSocket page told of the stream's");
    const card = await stream(ids.stream, "card");
    await eventually(async () => card.got.length > 0, "the card stream's greeting");
    expect(card.got[0]).toMatchObject({ type: "hello", viewers: viewers + 1 });

    await eventChanged({ env, channelId: fx.alpha.id }, ids.stream, "ready");
    for (const p of [page, card]) await eventually(async () => p.last("changed")?.reason === "ready", "the streams told of the change");
    expect(page.last("changed")!.version).toBe(page.got[0]!.type === "hello" ? page.got[0].version + 1 : NaN);

    // (A stream that goes away is dropped at its next write, the keep-alive at the latest; the test pool does not pass a
    // reader's cancel on to the object, so that is seen against wrangler: the e2e test's pages.)
    for (const p of [page, card]) await p.cancel();
    watch.ws.close(1000, "left");
  });
});
