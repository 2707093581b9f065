// Frames from the stream (issue 28): an encoder's broadcast is its event's artwork. The local ingest writes a frame
// every few seconds into the broadcast's asset (media.json `frames`); the event's poster then points at
// /api/events/{id}/frame.jpg, which answers the live edge's latest frame while live and a frame picked from the
// recording once it ended. The looped demo media stands for no game: its events keep their own poster.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Event } from "@api/contract/catalogue";
import type { LiveInput } from "@api/contract/video";
import { getDb } from "@api/db/client";
import { events, liveInputs, users } from "@api/db/schema";
import { pickedFrame } from "@api/services/frames";
import { clockedApi, type Client, client, env, freshEmail, registerUser } from "./auth-helpers";
import { call, type Fixtures, seedChannels } from "./fixtures";

const H = 3_600_000;
const T0 = Date.UTC(2026, 11, 7, 18, 0, 0);
const { app, clock } = clockedApi(T0);
const db = getDb(env.DB);
const SECRET = "dev-only-ingest-secret-do-not-use-in-production";
let fx: Fixtures;
let alpha: Client;
let beta: Client;
let owner = "";

const ingest = (path: string, init: RequestInit = {}) => call("127.0.0.1:8787", `/api/dev/ingest${path}`, { ...init, headers: { authorization: `Bearer ${SECRET}`, ...(init.headers as Record<string, string>) } }, app);
const report = (uid: string, body: unknown) => ingest(`/inputs/${uid}/progress`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const put = (asset: string, file: string, body: string) => ingest(`/media/${asset}/${file}`, { method: "PUT", body });
const data = async <T>(res: Response) => ((await res.json()) as { data: T }).data;

/** media.json of a broadcast of `segments` 2-s segments with `frames` frames (the ingest's layout). */
function mediaJson(segments: number, frames: number, live: boolean) {
  const stills = (template: string, width: number, height: number) => ({ interval_s: 10, count: frames, template, width, height });
  return JSON.stringify({
    segment_duration_s: 2,
    chunk_duration_s: 0.5,
    segment_count: segments,
    duration_s: segments * 2,
    live,
    streams: [{ id: 0, kind: "video", width: 1280, height: 720, bandwidth: 1_500_000, codecs: "avc1.4d401f", init: "init-stream$RepresentationID$.m4s", chunk_template: "chunk-stream$RepresentationID$-$Number%05d$.m4s" }],
    ...(frames ? { frames: stills("frame-$Number%05d$.jpg", 1280, 720), thumbnails: stills("thumb-$Number%03d$.jpg", 320, 180) } : {}),
  });
}

/** A new upcoming game of alpha with a live input its owner made (the input's row). */
async function broadcastEvent(key: string) {
  const [row] = await db
    .insert(events)
    .values({ channelId: fx.alpha.id, key, name: { en: key }, accessType: "paid", eventUtcTs: clock.now + H, endUtcTs: clock.now + 3 * H, timeZone: "UTC", mediaKey: null, published: true })
    .returning({ id: events.id });
  const input = await data<LiveInput>(await alpha.post(`/api/console/events/${row!.id}/live-input`, {}, owner));
  return { eventId: row!.id, input: (await db.select().from(liveInputs).where(eq(liveInputs.id, input.id)).get())! };
}

const posterOf = async (c: Client, id: number) => (await data<Event>(await c.get(`/api/events/${id}`))).poster;
const kindOf = async (c: Client, id: number) => (await data<Event>(await c.get(`/api/events/${id}`))).poster_kind;
const frame = (c: Client, path: string) => call(c.host, path, {}, app);
const bytes = async (res: Response) => new TextDecoder().decode(await res.arrayBuffer());

beforeAll(async () => {
  fx = await seedChannels();
  clock.now = T0;
  alpha = await client(app, "alpha");
  beta = await client(app, "beta");
  const email = freshEmail("frames-owner");
  owner = (await registerUser(alpha, email)).token;
  await db.update(users).set({ role: "owner" }).where(eq(users.email, email));
});

describe("an event's frame", () => {
  it("is the live edge's latest frame while the encoder sends, then a frame picked from the recording", async () => {
    clock.now = T0;
    const { eventId, input } = await broadcastEvent("frames-live");
    // Upcoming, nothing sent: the generated matchup graphic, and no frame.
    expect(await kindOf(alpha, eventId)).toBe("matchup");
    expect((await frame(alpha, `/api/events/${eventId}/frame.jpg`)).status).toBe(404);

    // The encoder starts: 30 s sent, frames at 0, 10 and 20 s.
    for (const n of [0, 1, 2]) expect((await put(input.mediaKey, `frame-${String(n).padStart(5, "0")}.jpg`, `frame ${n}`)).status).toBe(200);
    expect((await put(input.mediaKey, "media.json", mediaJson(15, 3, true))).status).toBe(200);
    clock.now = T0 + 60_000;
    expect((await report(input.uid, { segment_count: 15, status: "connected" })).status).toBe(200);

    const live = await posterOf(alpha, eventId);
    expect(live).toBe(`/api/events/${eventId}/frame.jpg?v=l1`);
    expect(await kindOf(alpha, eventId)).toBe("frame");
    const res = await frame(alpha, live!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=30");
    expect(await bytes(res)).toBe("frame 2");
    // The list shows the same picture as the event.
    const listed = await data<Event[]>(await alpha.get(`/api/events?status=live&limit=100`));
    expect(listed.find((e) => e.id === eventId)?.poster).toBe(live);

    // The broadcast goes on (the version moves every 30 s of picture), then ends.
    for (const n of [3, 4, 5, 6, 7, 8]) await put(input.mediaKey, `frame-${String(n).padStart(5, "0")}.jpg`, `frame ${n}`);
    await put(input.mediaKey, "media.json", mediaJson(45, 9, true));
    clock.now = T0 + 120_000;
    await report(input.uid, { segment_count: 45, status: "connected" });
    expect(await posterOf(alpha, eventId)).toBe(`/api/events/${eventId}/frame.jpg?v=l3`);
    expect(await bytes(await frame(alpha, `/api/events/${eventId}/frame.jpg`))).toBe("frame 8");
    await report(input.uid, { segment_count: 45, status: "ended" });

    const recorded = await posterOf(alpha, eventId);
    expect(recorded).toBe(`/api/events/${eventId}/frame.jpg?v=r90`);
    const picked = await frame(alpha, recorded!);
    expect(picked.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(await bytes(picked)).toBe(`frame ${pickedFrame(9)}`);
  });

  it("is the picture of the event's share image (1200×630), which follows the broadcast", async () => {
    clock.now = T0 + 50 * H;
    const { eventId, input } = await broadcastEvent("frames-share");
    const jpeg = Uint8Array.from(atob(inject("demoMedia")["frames/frame-00000.jpg"]!), (ch) => ch.charCodeAt(0));
    await ingest(`/media/${input.mediaKey}/frame-00000.jpg`, { method: "PUT", body: jpeg });
    await put(input.mediaKey, "media.json", mediaJson(5, 1, true));
    const before = (await data<Event>(await alpha.get(`/api/events/${eventId}`))).share_image;
    await report(input.uid, { segment_count: 5, status: "connected" });
    const event = await data<Event>(await alpha.get(`/api/events/${eventId}`));
    expect(event.poster_kind).toBe("frame");
    // A new picture, a new share image.
    expect(event.share_image).not.toBe(before);
    const res = await frame(alpha, event.share_image);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const png = new Uint8Array(await res.arrayBuffer());
    const view = new DataView(png.buffer, png.byteOffset);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
    // The old version points at the new one.
    const moved = await frame(alpha, before);
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toContain(event.share_image);
  });

  it("is another channel's 404, and a bad id a 4xx", async () => {
    clock.now = T0 + 10 * H;
    const { eventId, input } = await broadcastEvent("frames-isolated");
    await put(input.mediaKey, "frame-00000.jpg", "frame 0");
    await put(input.mediaKey, "media.json", mediaJson(5, 1, true));
    await report(input.uid, { segment_count: 5, status: "connected" });
    expect((await frame(alpha, `/api/events/${eventId}/frame.jpg`)).status).toBe(200);
    const other = await frame(beta, `/api/events/${eventId}/frame.jpg`);
    expect(other.status).toBe(404);
    expect(await bytes(other)).not.toContain("frame 0");
    for (const bad of ["0", "abc", "-1"]) {
      const res = await frame(alpha, `/api/events/${bad}/frame.jpg`);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });

  it("is none for a game of the looped demo media, which keeps its own poster", async () => {
    clock.now = T0 + 20 * H;
    const [row] = await db
      .insert(events)
      .values({ channelId: fx.alpha.id, key: "frames-demo", name: { en: "demo" }, accessType: "free", eventUtcTs: clock.now - H, endUtcTs: clock.now + H, timeZone: "UTC", mediaKey: "demo", poster: "/api/assets/posters/x.svg", published: true })
      .returning({ id: events.id });
    expect(await posterOf(alpha, row!.id)).toBe("/api/assets/posters/x.svg");
    expect(await kindOf(alpha, row!.id)).toBe("poster");
    const res = await frame(alpha, `/api/events/${row!.id}/frame.jpg`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: "This event has no picture yet." });
  });

  it("is none for a broadcast whose encoder has sent nothing yet", async () => {
    clock.now = T0 + 30 * H;
    const { eventId } = await broadcastEvent("frames-silent");
    await db.update(events).set({ eventUtcTs: clock.now - H }).where(eq(events.id, eventId));
    expect(await kindOf(alpha, eventId)).toBe("matchup");
    expect((await frame(alpha, `/api/events/${eventId}/frame.jpg`)).status).toBe(404);
  });
});
