// The event's live-state channel (issue 26): GET /api/events/{id}/live upgrades to a WebSocket held by the event's
// Durable Object. It greets with the version and the pages watching, tells every page when the encoder connects or
// stops (the local ingest's reports), counts pages as they come and go, and is the host's channel's only: another
// channel's event, a draft or an unknown id is a 404, and a plain GET a 426.
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { LiveMessage } from "@api/contract/event-live";
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
const ids = { game: 0, draft: 0, beta: 0 };

/** A page on the channel: its socket and every message it got. */
async function subscribe(eventId: number, host: string = HOSTS.alpha) {
  const res = await call(host, `/api/events/${eventId}/live`, { headers: { upgrade: "websocket" } }, app);
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const got: LiveMessage[] = [];
  ws.addEventListener("message", (e) => got.push(JSON.parse(e.data as string) as LiveMessage));
  ws.accept();
  return { ws, got, last: <T extends LiveMessage["type"]>(type: T) => got.filter((m): m is Extract<LiveMessage, { type: T }> => m.type === type).at(-1) };
}

const ingest = (path: string, body: unknown) =>
  call("127.0.0.1:8787", `/api/dev/ingest${path}`, { method: "POST", headers: { authorization: `Bearer ${SECRET}`, "content-type": "application/json" }, body: JSON.stringify(body) }, app);

beforeAll(async () => {
  fx = await seedChannels();
  const ev = (channelId: number, key: string, published = true) => ({ channelId, key, name: { en: key }, accessType: "free" as const, eventUtcTs: T0 - H / 4, endUtcTs: T0 + 2 * H, timeZone: "UTC", mediaKey: null, published });
  const rows = await db.insert(events).values([ev(fx.alpha.id, "live-game"), ev(fx.alpha.id, "live-draft", false), ev(fx.beta.id, "live-beta")]).returning({ id: events.id });
  [ids.game, ids.draft, ids.beta] = rows.map((r) => r.id);
});

describe("the live-state channel", () => {
  it("is the host's channel's only, and takes WebSockets alone", async () => {
    for (const id of [ids.beta, ids.draft, 999_999]) expect((await call(HOSTS.alpha, `/api/events/${id}/live`, { headers: { upgrade: "websocket" } }, app)).status).toBe(404);
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
});
