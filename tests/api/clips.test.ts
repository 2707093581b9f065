// Clips (issue 11) against real local D1 and R2: the contract of every clip call, the SPEC's validation messages,
// per-pass limits, capabilities, isolation between users and channels, and the media a clip is played from. Jobs
// go to a stand-in queue, so the test runs the consumer itself (clip-processing.test.ts covers the consumer).
import { beforeAll, describe, expect, inject, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@api/db/client";
import type { Clip, ClipDownload, ClipVerdict, EventWithClips, SharedClip } from "@api/contract/clips";
import type { Playback } from "@api/contract/media";
import { clips, events, orders, products, users, vodMediaItems } from "@api/db/schema";
import { processClip } from "@api/services/clips/process";
import { client, clockedApi, env, freshEmail, lastLink, registerUser, type Client } from "./auth-helpers";
import { call, HOSTS, seedChannels, type Fixtures } from "./fixtures";
import { fragments, moovTracks, walk } from "../fixtures/mp4-walk";

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const ASSET = "clipdemo";
const { app, clock } = clockedApi(T0);
const db = getDb(env.DB);
const sent: unknown[] = [];
/** The env the API sees: real D1/R2/KV, and a queue that keeps what it is sent. */
const bindings = { ...env, JOBS: { send: async (body: unknown) => void sent.push(body), sendBatch: async () => undefined } } as unknown as Env;
let fx: Fixtures;
let alpha: Client;
let beta: Client;
const ids = { finished: 0, live: 0, paid: 0, upcoming: 0, noMedia: 0, beta: 0, vod: 0, vodOther: 0 };

beforeAll(async () => {
  fx = await seedChannels();
  for (const [file, base64] of Object.entries(inject("demoMedia"))) {
    await env.MEDIA.put(`media/${ASSET}/${file}`, Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0)));
  }
  const ev = (channelId: number, key: string, accessType: "free" | "paid", start: number, end: number, mediaKey: string | null = ASSET) => ({
    channelId,
    key,
    name: { en: key },
    accessType,
    type: accessType,
    eventUtcTs: start,
    endUtcTs: end,
    timeZone: "UTC",
    mediaKey,
  });
  const rows = await db
    .insert(events)
    .values([
      ev(fx.alpha.id, "Clip Final", "free", T0 - 3_600_000, T0 - 3_600_000 + 12_000),
      ev(fx.alpha.id, "clip-live", "free", T0 - 10_000, T0 + 3_600_000),
      ev(fx.alpha.id, "clip-paid", "paid", T0 - 3_600_000, T0 - 3_600_000 + 12_000),
      ev(fx.alpha.id, "clip-upcoming", "free", T0 + 3_600_000, T0 + 7_200_000),
      ev(fx.alpha.id, "clip-no-media", "free", T0 - 3_600_000, T0 - 3_000_000, null),
      ev(fx.beta.id, "beta-clip", "free", T0 - 3_600_000, T0 - 3_600_000 + 12_000),
    ])
    .returning({ id: events.id });
  [ids.finished, ids.live, ids.paid, ids.upcoming, ids.noMedia, ids.beta] = rows.map((r) => r.id);
  const items = await db
    .insert(vodMediaItems)
    .values([
      { channelId: fx.alpha.id, key: "clip-vod", title: { en: "Top plays" }, searchText: "top plays", date: T0, durationS: 12, eventId: ids.finished, mediaKey: ASSET },
      { channelId: fx.alpha.id, key: "clip-vod-2", title: { en: "Features" }, searchText: "features", date: T0, durationS: 12, mediaKey: ASSET },
    ])
    .returning({ id: vodMediaItems.id });
  [ids.vod, ids.vodOther] = items.map((r) => r.id);
  // A pass on sale that sells clipping: what the verdict offers a viewer without the capability.
  await db.insert(products).values({
    channelId: fx.alpha.id,
    key: "clip-plan",
    kind: "subscription",
    name: { en: "Clip plan" },
    price: 999,
    basePrice: 999,
    currency: "USD",
    period: "month",
    capabilities: ["watch", "clipping", "download_clip"],
    limits: { clips: 10 },
  });
  alpha = await client(app, "alpha", bindings);
  beta = await client(app, "beta", bindings);
});

type Caps = string[];
/** A signed-in user of alpha holding one subscription order per `passes` entry. */
async function viewer(passes: { capabilities: Caps; clips?: number }[], channel: Client = alpha) {
  const email = freshEmail("clip");
  const session = await registerUser(channel, email);
  const channelId = channel === alpha ? fx.alpha.id : fx.beta.id;
  const user = (await db.select().from(users).where(and(eq(users.channelId, channelId), eq(users.email, email))).get())!;
  const orderIds: number[] = [];
  for (const [i, pass] of passes.entries()) {
    const row = await db
      .insert(orders)
      .values({
        channelId,
        userId: user.id,
        type: "subscription",
        status: "paid",
        activityStatus: "active",
        capabilities: pass.capabilities,
        limits: pass.clips === undefined ? {} : { clips: pass.clips },
        startsAt: T0 - 86_400_000,
        // The first pass ends first: it is used first.
        endsAt: T0 + (i + 1) * 86_400_000,
        createdAt: T0,
        updatedAt: T0,
      })
      .returning({ id: orders.id })
      .get();
    orderIds.push(row.id);
  }
  return { token: session.token, userId: user.id, orderIds };
}

const CLIPPER: Caps = ["watch", "clipping", "download_clip"];
const cut = (over: Record<string, unknown> = {}) => ({ event_id: ids.finished, name: "Great save", start_time: 2, duration: 6, tags: ["save"], ...over });
const post = async (token: string | undefined, body: Record<string, unknown>, c: Client = alpha) => c.post("/api/clip", body, token);
const created = async (res: Response) => {
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Clip }).data;
};
const grant = async (token: string, eventId: number) => {
  const res = await alpha.post(`/api/events/${eventId}/playback`, {}, token);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Playback }).data;
};
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
const follow = (url: string, headers: Record<string, string> = {}, host: string = HOSTS.alpha) => call(host, pathOf(url), { headers }, app, bindings);
const run = (clip: { id: number }, attempts = 1) => processClip({ db, bucket: env.MEDIA, now: () => clock.now }, { channelId: fx.alpha.id, clipId: clip.id }, attempts);

describe("POST /clip", () => {
  it("stores a queued clip on segment boundaries, sends its job and answers the contract", async () => {
    const v = await viewer([{ capabilities: CLIPPER, clips: 5 }]);
    sent.length = 0;
    const clip = await created(await post(v.token, cut({ start_time: 2.7, duration: 5.6, tags: ["Save", "goal", "save"] })));
    expect(clip).toMatchObject({
      name: "Great save",
      tags: ["save", "goal"],
      status: "queued",
      progress: 0,
      event_id: ids.finished,
      event_media_id: null,
      source_title: "Clip Final",
      // 2.7 s → 2 s, 8.3 s → 8 s: never more than half a segment off, within one segment in length.
      start_time: 2,
      duration: 6,
      requested: { start_time: 2.7, duration: 5.6 },
      file: null,
      poster: null,
      can_download: false,
    });
    expect(clip.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(clip.preview?.url).toMatch(new RegExp(`^http://alpha\\.localhost/api/media/clip/${clip.id}/manifest\\.mpd\\?token=`));
    expect(sent).toEqual([{ kind: "clip.process", channelId: fx.alpha.id, clipId: clip.id }]);
    const row = (await db.select().from(clips).where(eq(clips.id, clip.id)).get())!;
    expect(row).toMatchObject({ orderId: v.orderIds[0], asset: ASSET, firstSegment: 2, lastSegment: 4, userId: v.userId });
  });

  it("answers the SPEC's validation messages, 4xx and never 5xx", async () => {
    const v = await viewer([{ capabilities: CLIPPER, clips: 5 }]);
    const error = async (body: Record<string, unknown>, status = 422) => {
      const res = await post(v.token, body);
      expect(res.status).toBe(status);
      return (await res.json()) as { message: string; errors?: Record<string, string[]> };
    };
    expect(await error(cut({ name: "  " }))).toEqual({ message: "Please fill in the input field.", errors: { name: ["Please fill in the input field."] } });
    expect((await error(cut({ name: undefined }))).errors?.name).toEqual(["Please fill in the input field."]);
    expect((await error(cut({ tags: [] }))).errors?.tags).toEqual(["Please select tag"]);
    expect((await error(cut({ tags: undefined }))).errors?.tags).toEqual(["Please select tag"]);
    // A tag the channel does not offer.
    expect(await error(cut({ tags: ["touchdown-dance"] }))).toEqual({ message: "Please select tag", errors: { tags: ["Please select tag"] } });
    // The 12-s recording: 8 s from 6 s runs past its end.
    expect(await error(cut({ start_time: 6, duration: 8 }))).toEqual({
      message: "Your clip duration is longer than the end time",
      errors: { duration: ["Your clip duration is longer than the end time"] },
    });
    expect((await error(cut({ duration: 301 }))).message).toBe("A clip can be at most 5 minutes long.");
    expect((await error(cut({ duration: 0 }))).message).toBe("A clip can be at most 5 minutes long.");
    expect((await error(cut({ start_time: 12 }))).message).toBe("The clip must start within the video.");
    expect((await error(cut({ start_time: -1 }))).message).toBe("The clip must start within the video.");
    expect((await error(cut({ start_time: "soon" }))).message).toBe("The clip must start within the video.");
    expect((await error(cut({ event_id: undefined }))).message).toBe("Choose the event or the video to clip.");
    expect((await error(cut({ name: "x".repeat(101) }))).message).toBe("Field length must be less than 100");
    const broken = await call(HOSTS.alpha, "/api/clip", { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${v.token}` }, body: "{" }, app, bindings);
    expect(broken.status).toBe(400);
    expect(await db.select().from(clips).where(eq(clips.userId, v.userId)).all()).toEqual([]);
  });

  it("clips a live event within what has been streamed so far", async () => {
    const v = await viewer([{ capabilities: CLIPPER, clips: 5 }]);
    // 10 s streamed: 2–8 s is there, 6–12 s is not yet.
    const clip = await created(await post(v.token, cut({ event_id: ids.live, start_time: 2, duration: 6 })));
    expect(clip).toMatchObject({ event_id: ids.live, start_time: 2, duration: 6, status: "queued" });
    const late = await post(v.token, cut({ event_id: ids.live, start_time: 6, duration: 6 }));
    expect(late.status).toBe(422);
    expect(await late.json()).toMatchObject({ message: "Your clip duration is longer than the end time" });
    const upcoming = await post(v.token, cut({ event_id: ids.upcoming }));
    expect(upcoming.status).toBe(409);
    expect(await upcoming.json()).toEqual({ message: "This event has not started yet." });
  });

  it("clips a library video by event_media_id, on its own timeline", async () => {
    const v = await viewer([{ capabilities: CLIPPER, clips: 5 }]);
    const clip = await created(await post(v.token, { event_media_id: ids.vod, name: "From the library", start_time: 0, duration: 4, tags: ["highlight"] }));
    expect(clip).toMatchObject({ event_id: ids.finished, event_media_id: ids.vod, source_title: "Top plays", start_time: 0, duration: 4 });
    const standalone = await created(await post(v.token, { event_media_id: ids.vodOther, name: "Feature", start_time: 4, duration: 4, tags: ["highlight"] }));
    expect(standalone).toMatchObject({ event_id: null, event_media_id: ids.vodOther, source_title: "Features" });
    // A library video of another event than the one named is not that event's.
    expect((await post(v.token, { event_id: ids.live, event_media_id: ids.vod, name: "x", start_time: 0, duration: 4, tags: ["goal"] })).status).toBe(404);
  });

  it("needs a signed-in user, access to the event, and an event of this channel with media", async () => {
    expect((await post(undefined, cut())).status).toBe(401);
    const v = await viewer([{ capabilities: ["clipping"], clips: 5 }]);
    // The order has no `watch`: the paid event is refused as it is for playback.
    const paid = await post(v.token, cut({ event_id: ids.paid }));
    expect(paid.status).toBe(403);
    expect(await paid.json()).toEqual({ message: "Purchase access to watch this event." });
    expect((await post(v.token, cut({ event_id: ids.beta }))).status).toBe(404);
    expect((await post(v.token, cut({ event_id: ids.noMedia }))).status).toBe(404);
    expect((await post(v.token, cut({ event_id: 999_999 }))).status).toBe(404);
  });
});

describe("capabilities and per-pass limits", () => {
  it("refuses without `clipping`, and the grant's verdict names the passes that sell it", async () => {
    const v = await viewer([{ capabilities: ["watch"], clips: 5 }]);
    const res = await post(v.token, cut());
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "Your passes do not include clipping." });
    const verdict: ClipVerdict = (await grant(v.token, ids.finished)).clip;
    const plan = (await db.select().from(products).where(and(eq(products.channelId, fx.alpha.id), eq(products.key, "clip-plan"))).get())!;
    expect(verdict).toEqual({ can_clip: false, reason: "capability", remaining: 5, max_duration_s: 300, segment_duration_s: 2, covering_passes: [plan.id] });
  });

  it("an anonymous grant asks to log in; an upcoming event cannot be clipped yet", async () => {
    const res = await alpha.post(`/api/events/${ids.finished}/playback`, {});
    const anonymous = ((await res.json()) as { data: Playback }).data;
    expect(anonymous.clip).toMatchObject({ can_clip: false, reason: "login", remaining: 0, covering_passes: [] });
    expect(anonymous.thumbnails).toEqual({ interval_s: 10, url: expect.stringMatching(/\/api\/media\/event\/\d+\/thumb-\{n\}\.jpg\?token=/), width: 320, height: 180 });
  });

  it("counts clips per pass: each pass's allowance, the first-ending pass first, failed clips given back, deleted ones kept", async () => {
    const v = await viewer([
      { capabilities: CLIPPER, clips: 1 },
      { capabilities: ["watch"], clips: 2 },
    ]);
    expect((await grant(v.token, ids.finished)).clip).toMatchObject({ can_clip: true, reason: null, remaining: 3 });
    const first = await created(await post(v.token, cut({ name: "one" })));
    const second = await created(await post(v.token, cut({ name: "two" })));
    const third = await created(await post(v.token, cut({ name: "three" })));
    const charged = await db.select({ id: clips.id, orderId: clips.orderId }).from(clips).where(eq(clips.userId, v.userId)).all();
    expect(charged.map((c) => c.orderId)).toEqual([v.orderIds[0], v.orderIds[1], v.orderIds[1]]);
    expect((await grant(v.token, ids.finished)).clip).toMatchObject({ can_clip: false, reason: "limit", remaining: 0 });
    const full = await post(v.token, cut({ name: "four" }));
    expect(full.status).toBe(403);
    expect(await full.json()).toEqual({ message: "Clip limit reached" });

    // Deleting keeps the count (the allowance counts clips made); a failed clip gives its clip back.
    expect((await alpha.get(`/api/clip/${first.id}`, v.token)).status).toBe(200);
    expect((await call(HOSTS.alpha, `/api/clip/${first.id}?api_key=${alpha.key}`, { method: "DELETE", headers: { authorization: `Bearer ${v.token}` } }, app, bindings)).status).toBe(200);
    expect((await grant(v.token, ids.finished)).clip.remaining).toBe(0);
    await db.update(clips).set({ status: "failed" }).where(eq(clips.id, second.id));
    expect((await grant(v.token, ids.finished)).clip).toMatchObject({ can_clip: true, remaining: 1 });
    expect((await post(v.token, cut({ name: "again" }))).status).toBe(200);
    expect(third.id).toBeGreaterThan(first.id);

    const access = (await (await alpha.get("/api/user/access", v.token)).json()) as { data: { featureCount: { clips: number } } };
    expect(access.data.featureCount.clips).toBe(3);
  });

  it("takes the last clip once when two requests race for it", async () => {
    const v = await viewer([{ capabilities: CLIPPER, clips: 1 }]);
    const answers = await Promise.all([post(v.token, cut({ name: "a" })), post(v.token, cut({ name: "b" }))]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(await db.select().from(clips).where(eq(clips.userId, v.userId)).all()).toHaveLength(1);
  });
});

describe("listing, deleting, isolation", () => {
  it("lists the user's clips (all, one event's, one state) and the events with clips", async () => {
    const v = await viewer([{ capabilities: CLIPPER, clips: 10 }]);
    const a = await created(await post(v.token, cut({ name: "A" })));
    clock.now = T0 + 1_000;
    const b = await created(await post(v.token, cut({ name: "B", event_id: ids.live })));
    clock.now = T0;
    const mine = (await (await alpha.get("/api/clips/user", v.token)).json()) as { data: Clip[]; meta: { total: number } };
    expect(mine.data.map((c) => c.name)).toEqual(["B", "A"]);
    expect(mine.meta.total).toBe(2);
    const ofEvent = (await (await alpha.get(`/api/clips/event/${ids.finished}`, v.token)).json()) as { data: Clip[] };
    expect(ofEvent.data.map((c) => c.id)).toEqual([a.id]);
    const queued = (await (await alpha.get(`/api/clips/user?status=ready`, v.token)).json()) as { data: Clip[] };
    expect(queued.data).toEqual([]);
    const withClip = (await (await alpha.get("/api/events/with_clip", v.token)).json()) as { data: EventWithClips[] };
    expect(withClip.data.map((e) => [e.id, e.clips_count])).toEqual([
      [ids.live, 1],
      [ids.finished, 1],
    ]);
    expect(b.event_id).toBe(ids.live);
    expect((await alpha.get("/api/events/with_clip")).status).toBe(401);
    expect((await alpha.get("/api/clips/user?status=nope", v.token)).status).toBe(422);
  });

  it("another user's or channel's clip is a 404, whatever the call", async () => {
    const owner = await viewer([{ capabilities: CLIPPER, clips: 5 }]);
    const clip = await created(await post(owner.token, cut()));
    const other = await viewer([{ capabilities: CLIPPER, clips: 5 }]);
    const del = (c: Client, token: string) => call(c.host, `/api/clip/${clip.id}?api_key=${c.key}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } }, app, bindings);
    expect((await alpha.get(`/api/clip/${clip.id}`, other.token)).status).toBe(404);
    expect((await alpha.get(`/api/clip/download/${clip.id}`, other.token)).status).toBe(404);
    expect((await del(alpha, other.token)).status).toBe(404);
    expect(((await (await alpha.get(`/api/clips/event/${ids.finished}`, other.token)).json()) as { data: Clip[] }).data).toEqual([]);
    // The same user id's token does not exist on beta; a beta user sees nothing of alpha's either.
    const betaUser = await viewer([], beta);
    expect((await beta.get(`/api/clip/${clip.id}`, betaUser.token)).status).toBe(404);
    expect((await del(beta, betaUser.token)).status).toBe(404);
    expect((await beta.get(`/api/shared-clip/${clip.id}?uuid=${clip.uuid}`)).status).toBe(404);
    // The owner still has it.
    expect((await alpha.get(`/api/clip/${clip.id}`, owner.token)).status).toBe(200);
  });
});

describe("clip media", () => {
  it("plays at once from a slice of the source, then from its file; downloads and shares with signed URLs; delete ends them", async () => {
    const v = await viewer([{ capabilities: CLIPPER, clips: 5 }]);
    const clip = await created(await post(v.token, cut()));

    // Phase one: a static manifest over source segments 2–4, starting at 0.
    const manifest = await follow(clip.preview!.url);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("content-type")).toBe("application/dash+xml");
    const mpd = await manifest.text();
    expect(mpd).toContain('type="static"');
    expect(mpd).toContain('mediaPresentationDuration="PT6S"');
    expect(mpd).toContain('startNumber="2" presentationTimeOffset="2000"');
    const token = new URL(clip.preview!.url).searchParams.get("token")!;
    const seg = (file: string) => follow(`http://alpha.localhost/api/media/clip/${clip.id}/${file}?token=${encodeURIComponent(token)}`);
    expect((await seg("chunk-stream1-00002.m4s")).status).toBe(200);
    expect((await seg("init-stream2.m4s")).status).toBe(200);
    expect((await seg("chunk-stream1-00005.m4s")).status).toBe(404);
    expect((await seg("chunk-stream1-00001.m4s")).status).toBe(404);
    expect((await seg("clip.mp4")).status).toBe(404);
    // Another clip's token opens nothing here.
    expect((await follow(clip.preview!.url.replace(`/clip/${clip.id}/`, `/clip/${clip.id + 1000}/`))).status).toBe(403);

    // Phase two: the consumer builds the file.
    expect(await run(clip)).toEqual({ done: true });
    const ready = ((await (await alpha.get(`/api/clip/${clip.id}`, v.token)).json()) as { data: Clip }).data;
    expect(ready).toMatchObject({ status: "ready", progress: 100, can_download: true });
    expect(ready.file!.size).toBeGreaterThan(10_000);
    const file = await follow(ready.file!.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("video/mp4");
    expect(file.headers.get("accept-ranges")).toBe("bytes");
    const etag = file.headers.get("etag")!;
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(bytes.byteLength).toBe(ready.file!.size);
    expect(moovTracks(bytes)).toEqual([
      { id: 1, handler: "vide" },
      { id: 2, handler: "soun" },
    ]);
    expect(walk(bytes)[0].type).toBe("ftyp");
    const frags = fragments(bytes);
    expect(frags.flatMap((f) => f.trafs).filter((t) => t.trackId === 1)[0].time).toBe(0n);
    const range = await follow(ready.file!.url, { range: "bytes=0-99" });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-range")).toBe(`bytes 0-99/${ready.file!.size}`);
    expect((await range.arrayBuffer()).byteLength).toBe(100);
    expect((await follow(ready.file!.url, { "if-none-match": etag })).status).toBe(304);
    const poster = await follow(ready.poster!.url);
    expect(poster.status).toBe(200);
    expect(poster.headers.get("content-type")).toBe("image/jpeg");

    // Download: an attachment URL, with the capability.
    const dl = ((await (await alpha.get(`/api/clip/download/${clip.id}`, v.token)).json()) as { data: ClipDownload }).data;
    expect(dl.filename).toBe("great-save.mp4");
    expect(dl.url).toMatch(new RegExp(`/api/media/clip-download/${clip.id}/clip\\.mp4\\?token=`));
    const attachment = await follow(dl.url);
    expect(attachment.status).toBe(200);
    expect(attachment.headers.get("content-disposition")).toBe('attachment; filename="great-save.mp4"');
    // The viewing token does not open the attachment path, nor the other way round.
    expect((await follow(ready.file!.url.replace("/media/clip/", "/media/clip-download/"))).status).toBe(403);

    // Share: anyone with the id and uuid, no account; a wrong uuid is a 404.
    const shared = await alpha.get(`/api/shared-clip/${clip.id}?uuid=${clip.uuid}`);
    expect(shared.status).toBe(200);
    const share = ((await shared.json()) as { data: SharedClip }).data;
    expect(share).toMatchObject({ id: clip.id, name: "Great save", duration: 6, source_title: "Clip Final", event_id: ids.finished });
    expect((await follow(share.file.url)).status).toBe(200);
    expect((await alpha.get(`/api/shared-clip/${clip.id}?uuid=${crypto.randomUUID()}`)).status).toBe(404);
    expect((await alpha.get(`/api/shared-clip/${clip.id}?uuid=nope`)).status).toBe(422);

    // Delete: gone from the lists, the share link and every media URL answer 404, the objects leave R2.
    const del = await call(HOSTS.alpha, `/api/clip/${clip.id}?api_key=${alpha.key}`, { method: "DELETE", headers: { authorization: `Bearer ${v.token}` } }, app, bindings);
    expect(del.status).toBe(200);
    expect((await alpha.get(`/api/shared-clip/${clip.id}?uuid=${clip.uuid}`)).status).toBe(404);
    expect((await follow(share.file.url)).status).toBe(404);
    expect((await follow(dl.url)).status).toBe(404);
    expect((await alpha.get(`/api/clip/${clip.id}`, v.token)).status).toBe(404);
    const row = (await db.select().from(clips).where(eq(clips.id, clip.id)).get())!;
    expect(await env.MEDIA.head(row.fileKey!)).toBeNull();
    expect(await env.MEDIA.head(row.posterKey!)).toBeNull();
  });

  it("needs `download_clip` to download, and a ready clip", async () => {
    const v = await viewer([{ capabilities: ["watch", "clipping"], clips: 5 }]);
    const clip = await created(await post(v.token, cut()));
    const notReady = await alpha.get(`/api/clip/download/${clip.id}`, v.token);
    expect(notReady.status).toBe(403);
    expect(await notReady.json()).toEqual({ message: "Your passes do not include clip downloads." });
    await run(clip);
    expect(((await (await alpha.get(`/api/clip/${clip.id}`, v.token)).json()) as { data: Clip }).data.can_download).toBe(false);
    expect((await alpha.get(`/api/clip/download/${clip.id}`, v.token)).status).toBe(403);

    const d = await viewer([{ capabilities: CLIPPER, clips: 5 }]);
    const queued = await created(await post(d.token, cut()));
    const early = await alpha.get(`/api/clip/download/${queued.id}`, d.token);
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ message: "This clip is not ready yet." });
  });
});

describe("account deletion", () => {
  it("takes the user's clips and their files with the account", async () => {
    const v = await viewer([{ capabilities: CLIPPER, clips: 5 }]);
    const clip = await created(await post(v.token, cut()));
    await run(clip);
    const row = (await db.select().from(clips).where(eq(clips.id, clip.id)).get())!;
    expect(await env.MEDIA.head(row.fileKey!)).not.toBeNull();
    const user = (await db.select().from(users).where(eq(users.id, v.userId)).get())!;
    expect((await alpha.post("/api/auth/delete-account-request", {}, v.token)).status).toBe(200);
    const { params } = await lastLink(alpha, user.email, "delete_account");
    expect((await alpha.post("/api/delete-account-confirm", params)).status).toBe(200);
    expect(await db.select().from(clips).where(eq(clips.userId, v.userId)).all()).toEqual([]);
    expect(await env.MEDIA.head(row.fileKey!)).toBeNull();
    expect(await env.MEDIA.head(row.posterKey!)).toBeNull();
  });
});
