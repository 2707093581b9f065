// Clips of media Cloudflare Stream holds (ADR 022) through the real calls, on real local D1/R2, with the Worker's
// Stream calls going to the local stand-in (stream.global-setup.ts), which is also Stream's delivery host here
// (CLOUDFLARE_STREAM_DELIVERY_BASE): a viewer allowed to clip cuts a Stream recording or upload; the clip job asks
// Stream's clip API for the cut; Stream's webhook says the clip's video is ready; its MP4 is copied into R2 and the
// clip plays, shares and downloads as any other clip. A failed clip video fails the clip; a live input's stream, a
// source Stream lost and another channel's event are refused as the R2 path refuses. Jobs go to a stand-in queue,
// and the test runs the consumer itself with the test's clock.
import { beforeAll, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@api/db/client";
import { CLIP_MESSAGES, type Clip, type ClipDownload, type SharedClip } from "@api/contract/clips";
import type { Playback } from "@api/contract/media";
import { clips, events, liveInputs, mediaUploads, orders, users, vodMediaItems } from "@api/db/schema";
import { videoProvider } from "@api/providers/video";
import { processClip, STREAM_CLIP_POLL_S } from "@api/services/clips/process";
import type { StreamCall } from "./stream.global-setup";
import { fakeStreamMp4 } from "./stream-fake-mp4";
import { client, clockedApi, env, freshEmail, json, registerUser, type Client, type Data } from "./auth-helpers";
import { call, HOSTS, seedChannels, type Fixtures } from "./fixtures";
import { signedWebhook, streamBindings } from "./stream-webhook";

const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 24, 12, 0, 0);
const ACCOUNT = "acc-stream-clips";
const WEBHOOK_SECRET = "0b7c1e2d3f4a5b6c7d8e9f0a1b2c3d4e";
const api = inject("streamApi");
const sent: { kind: string; channelId: number; clipId: number }[] = [];
const stream = {
  ...streamBindings(env, { account: ACCOUNT, secret: WEBHOOK_SECRET, api, delivery: true }),
  JOBS: { send: async (body: (typeof sent)[number]) => void sent.push(body), sendBatch: async () => undefined },
} as unknown as Env;
const { app, clock } = clockedApi(T0);
const db = getDb(env.DB);
let fx: Fixtures;
let alpha: Client;
let beta: Client;
const ids = { final: 0, live: 0, lost: 0, beta: 0, vod: 0 };

beforeAll(async () => {
  fx = await seedChannels();
  // No media of ours in R2: every clip here can only come from Stream.
  const ev = (channelId: number, key: string, start: number, end: number) => ({ channelId, key, name: { en: key }, accessType: "free" as const, type: "free" as const, eventUtcTs: start, endUtcTs: end, timeZone: "UTC", mediaKey: null });
  [ids.final, ids.live, ids.lost, ids.beta] = (
    await db
      .insert(events)
      .values([ev(fx.alpha.id, "Clip Cup Final", T0 - 3 * H, T0 - H), ev(fx.alpha.id, "Clip live", T0 - H, T0 + H), ev(fx.alpha.id, "Clip lost", T0 - 3 * H, T0 - H), ev(fx.beta.id, "Clip beta", T0 - 3 * H, T0 - H)])
      .returning({ id: events.id })
  ).map((r) => r.id);
  const input = (channelId: number, eventId: number, uid: string, recordingUid: string | null) => ({
    channelId,
    eventId,
    provider: "cloudflare" as const,
    uid,
    ingestUrl: "rtmps://live.cloudflare.com:443/live/",
    streamKey: `key-${uid}`,
    status: recordingUid ? ("ended" as const) : ("idle" as const),
    endedAt: recordingUid ? T0 - H : null,
    recordingUid,
    mediaKey: `live-${uid}`,
    createdAt: T0 - 4 * H,
  });
  await db.insert(liveInputs).values([
    input(fx.alpha.id, ids.final, "in-clip-final", "rec-clip-final"),
    input(fx.alpha.id, ids.live, "in-clip-live", null),
    input(fx.alpha.id, ids.lost, "in-clip-lost", "missing-rec"),
    input(fx.beta.id, ids.beta, "in-clip-beta", "rec-clip-beta"),
  ]);
  await db.insert(mediaUploads).values({ channelId: fx.alpha.id, provider: "cloudflare", uid: "vid-clip-up", status: "ready", mediaKey: "upload-clip", title: { en: "upload-clip" }, vodKey: "upload-clip", createdAt: T0 - H, updatedAt: T0 - H });
  [ids.vod] = (await db.insert(vodMediaItems).values({ channelId: fx.alpha.id, key: "stream-clip-upload", title: { en: "Stream highlights" }, searchText: "stream", date: T0 - H, durationS: 60, mediaKey: "upload-clip" }).returning({ id: vodMediaItems.id })).map((r) => r.id);
  alpha = await client(app, "alpha", stream);
  beta = await client(app, "beta", stream);
});

beforeEach(() => {
  clock.now = T0;
  sent.length = 0;
});

/** The clip jobs sent (signing up sends mail jobs too). */
const clipJobs = () => sent.filter((j) => j.kind === "clip.process");

async function streamCalls(): Promise<StreamCall[]> {
  return (await fetch(`${new URL(api).origin}/__calls/${ACCOUNT}`)).json();
}
const setDownload = (uid: string, status: string, percentComplete: number) =>
  fetch(`${new URL(api).origin}/__downloads/${ACCOUNT}/${uid}`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ status, percentComplete }) });

async function viewer(capabilities = ["watch", "clipping", "download_clip"], clipsLimit = 3) {
  const email = freshEmail("sclip");
  const session = await registerUser(alpha, email);
  const user = (await db.select().from(users).where(and(eq(users.channelId, fx.alpha.id), eq(users.email, email))).get())!;
  await db.insert(orders).values({ channelId: fx.alpha.id, userId: user.id, type: "subscription", status: "paid", activityStatus: "active", capabilities, limits: { clips: clipsLimit }, startsAt: T0 - 24 * H, endsAt: T0 + 24 * H, createdAt: T0, updatedAt: T0 });
  return { token: session.token, userId: user.id };
}

async function webhook(body: Record<string, unknown>) {
  return call("127.0.0.1:8787", "/api/video/webhook", await signedWebhook(WEBHOOK_SECRET, JSON.stringify(body), clock.now), app, stream);
}

/** Runs the clip's job as the queue consumer would, at the test's clock. */
const runJob = (clipId: number, attempts = 1) => processClip({ db, bucket: env.MEDIA, now: () => clock.now, video: () => videoProvider(stream, db) }, { channelId: fx.alpha.id, clipId }, attempts);
const rowOf = async (id: number) => (await db.select().from(clips).where(eq(clips.id, id)).get())!;
const cut = (token: string, body: Record<string, unknown>) => alpha.post("/api/clip", { name: "Great save", tags: ["save"], ...body }, token);
const created = async (res: Response) => {
  expect(res.status).toBe(200);
  return (await json<Data<Clip>>(res)).data;
};
/** A media URL of this API, fetched as the browser would. */
const fetchMedia = (url: string) => call(HOSTS.alpha, new URL(url).pathname + new URL(url).search, {}, app, stream);

describe("a clip of a Stream recording", () => {
  it("is cut by Stream's clip API, copied into R2 once the webhook says it is ready, and plays, shares and downloads", async () => {
    const v = await viewer();
    const grant = (await json<Data<Playback>>(await alpha.post(`/api/events/${ids.final}/playback`, {}, v.token))).data;
    expect(grant.clip).toEqual({ can_clip: true, reason: null, remaining: 3, max_duration_s: 300, segment_duration_s: 1, covering_passes: [] });

    const clip = await created(await cut(v.token, { event_id: ids.final, start_time: 12.4, duration: 20 }));
    expect(clip).toMatchObject({ event_id: ids.final, start_time: 12, duration: 20, status: "queued", preview: null, file: null, source_title: "Clip Cup Final" });
    expect(await rowOf(clip.id)).toMatchObject({ sourceVideoUid: "rec-clip-final", streamUid: null, asset: "", firstSegment: 13, lastSegment: 32 });
    expect(clipJobs()).toEqual([{ kind: "clip.process", channelId: fx.alpha.id, clipId: clip.id }]);

    // The job asks Stream for the cut, on whole seconds, and keeps the new video's uid.
    const before = (await streamCalls()).length;
    expect(await runJob(clip.id)).toEqual({ done: true });
    const [asked] = (await streamCalls()).slice(before);
    expect(asked).toEqual({
      method: "POST",
      path: "/clip",
      auth: "Bearer stream-token",
      body: { clippedFromVideoUID: "rec-clip-final", startTimeSeconds: 12, endTimeSeconds: 32, requireSignedURLs: true, meta: { name: "Great save" } },
    });
    const processing = await rowOf(clip.id);
    expect(processing).toMatchObject({ status: "processing", progress: 10, attempts: 1 });
    const uid = processing.streamUid!;
    expect(uid).toMatch(/^clip\d+$/);

    // Stream's webhook: the clip's video is ready, and its job is sent again (the webhook answers at once).
    sent.length = 0;
    clock.now = T0 + 60_000;
    const ready = await webhook({ uid, readyToStream: true, status: { state: "ready" }, duration: 20 });
    expect(ready.status).toBe(200);
    expect(await json(ready)).toEqual({ data: { handled: "clip" } });
    expect(clipJobs()).toEqual([{ kind: "clip.process", channelId: fx.alpha.id, clipId: clip.id }]);

    // Stream is still making its MP4: asked again later, the progress told.
    expect(await runJob(clip.id)).toEqual({ done: false, retryAfterS: STREAM_CLIP_POLL_S });
    expect(await rowOf(clip.id)).toMatchObject({ status: "processing", progress: 40, fileKey: null });

    await setDownload(uid, "ready", 100);
    const copying = (await streamCalls()).length;
    expect(await runJob(clip.id, 2)).toEqual({ done: true });
    const expected = fakeStreamMp4(uid);
    const row = await rowOf(clip.id);
    expect(row).toMatchObject({ status: "ready", progress: 100, fileKey: `clips/${fx.alpha.id}/${clip.id}-${clip.uuid}/clip.mp4`, fileSize: expected.byteLength, posterKey: null, readyAt: T0 + 60_000 });
    const object = (await env.MEDIA.get(row.fileKey!))!;
    expect(object.httpMetadata?.contentType).toBe("video/mp4");
    expect(new Uint8Array(await object.arrayBuffer())).toEqual(expected);
    // The MP4 is fetched with a downloadable token, and Stream's copy is then let go.
    expect((await streamCalls()).slice(copying)).toEqual([
      { method: "POST", path: `/${uid}/downloads`, auth: "Bearer stream-token", body: null },
      { method: "POST", path: `/${uid}/token`, auth: "Bearer stream-token", body: { exp: Math.floor((T0 + 60_000 + 10 * 60_000) / 1000), downloadable: true } },
      { method: "DELETE", path: `/${uid}`, auth: "Bearer stream-token", body: null },
    ]);

    // The clip as the web sees it: ready, its file served from R2, byte-identical; shared and downloaded the same.
    const mine = (await json<Data<Clip>>(await alpha.get(`/api/clip/${clip.id}`, v.token))).data;
    expect(mine).toMatchObject({ status: "ready", progress: 100, can_download: true, file: { size: expected.byteLength }, poster: null });
    const played = await fetchMedia(mine.file!.url);
    expect(played.status).toBe(200);
    expect(new Uint8Array(await played.arrayBuffer())).toEqual(expected);
    const download = (await json<Data<ClipDownload>>(await alpha.get(`/api/clip/download/${clip.id}`, v.token))).data;
    expect(download.filename).toBe("great-save.mp4");
    const file = await fetchMedia(download.url);
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="great-save.mp4"');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(expected);
    const shared = (await json<Data<SharedClip>>(await alpha.get(`/api/shared-clip/${clip.id}?uuid=${clip.uuid}`))).data;
    expect(new Uint8Array(await (await fetchMedia(shared.file.url)).arrayBuffer())).toEqual(expected);

    // A second delivery of a ready clip changes nothing, and asks Stream nothing.
    const settled = (await streamCalls()).length;
    expect(await runJob(clip.id, 3)).toEqual({ done: true });
    expect(await rowOf(clip.id)).toEqual(row);
    expect((await streamCalls()).length).toBe(settled);
  });

  it("fails with its reason when Stream's clip video fails, and gives the pass's clip back", async () => {
    const v = await viewer(["watch", "clipping"], 1);
    const clip = await created(await cut(v.token, { event_media_id: ids.vod, start_time: 0, duration: 10 }));
    expect(await rowOf(clip.id)).toMatchObject({ sourceVideoUid: "vid-clip-up", vodItemId: ids.vod });
    await runJob(clip.id);
    const uid = (await rowOf(clip.id)).streamUid!;
    const vodGrant = (await json<Data<Playback>>(await alpha.post(`/api/vod-media-items/${ids.vod}/playback`, {}, v.token))).data;
    expect(vodGrant.clip).toMatchObject({ can_clip: false, reason: "limit", remaining: 0 });

    vi.spyOn(console, "error").mockImplementation(() => {});
    const failed = await webhook({ uid, readyToStream: false, status: { state: "error", errorReasonText: "clip out of range" } });
    vi.restoreAllMocks();
    expect(await json(failed)).toEqual({ data: { handled: "clip" } });
    expect(clipJobs()).toEqual([{ kind: "clip.process", channelId: fx.alpha.id, clipId: clip.id }]);
    const mine = (await json<Data<Clip>>(await alpha.get(`/api/clip/${clip.id}`, v.token))).data;
    expect(mine).toMatchObject({ status: "failed", failure_reason: CLIP_MESSAGES.processingFailed, file: null, preview: null });
    // The failed clip counts no more: the pass can cut another.
    expect((await json<Data<Playback>>(await alpha.post(`/api/vod-media-items/${ids.vod}/playback`, {}, v.token))).data.clip).toMatchObject({ can_clip: true, remaining: 1 });
    // A late job for it does nothing.
    expect(await runJob(clip.id, 2)).toEqual({ done: true });
    expect(await rowOf(clip.id)).toMatchObject({ status: "failed" });
  });

  it("fails at once when Stream no longer has the source, or cannot make the MP4", async () => {
    const v = await viewer();
    const lost = await created(await cut(v.token, { event_id: ids.lost, start_time: 0, duration: 5 }));
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await runJob(lost.id)).toEqual({ done: true });
    expect(await rowOf(lost.id)).toMatchObject({ status: "failed", failureReason: CLIP_MESSAGES.sourceGone, streamUid: null });

    const broken = await created(await cut(v.token, { event_id: ids.final, start_time: 0, duration: 5 }));
    await runJob(broken.id);
    const uid = (await rowOf(broken.id)).streamUid!;
    await setDownload(uid, "error", 0);
    expect(await runJob(broken.id)).toEqual({ done: true });
    vi.restoreAllMocks();
    expect(await rowOf(broken.id)).toMatchObject({ status: "failed", failureReason: CLIP_MESSAGES.processingFailed, fileKey: null });
  });
});

describe("what is refused", () => {
  it("a live input's stream (409 until its recording), another channel's event (404), and cuts past the end (422)", async () => {
    const v = await viewer();
    const live = (await json<Data<Playback>>(await alpha.post(`/api/events/${ids.live}/playback`, {}, v.token))).data;
    expect(live.clip).toMatchObject({ can_clip: false, reason: "hosted" });
    const refused = await cut(v.token, { event_id: ids.live, start_time: 0, duration: 5 });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: CLIP_MESSAGES.hosted });
    expect((await cut(v.token, { event_id: ids.beta, start_time: 0, duration: 5 })).status).toBe(404);
    // The library video runs 60 s.
    const past = await cut(v.token, { event_media_id: ids.vod, start_time: 55, duration: 10 });
    expect(past.status).toBe(422);
    expect(await db.select().from(clips).where(eq(clips.userId, v.userId))).toEqual([]);
    expect(clipJobs()).toEqual([]);
  });

  it("a viewer without the clipping capability (403), and a webhook for another account's video changes nothing", async () => {
    const plain = await viewer(["watch"]);
    const res = await cut(plain.token, { event_id: ids.final, start_time: 0, duration: 5 });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: CLIP_MESSAGES.noCapability });
    expect(await json(await webhook({ uid: "not-ours", readyToStream: true, status: { state: "ready" } }))).toEqual({ data: { handled: null } });
    expect(clipJobs()).toEqual([]);
  });

  it("beta's own recording is clipped on beta's host", async () => {
    const email = freshEmail("sclipb");
    const session = await registerUser(beta, email);
    const user = (await db.select().from(users).where(and(eq(users.channelId, fx.beta.id), eq(users.email, email))).get())!;
    await db.insert(orders).values({ channelId: fx.beta.id, userId: user.id, type: "subscription", status: "paid", activityStatus: "active", capabilities: ["watch", "clipping"], limits: { clips: 1 }, startsAt: T0 - H, endsAt: T0 + H, createdAt: T0, updatedAt: T0 });
    const res = await beta.post("/api/clip", { name: "Beta", tags: ["save"], event_id: ids.beta, start_time: 1, duration: 3 }, session.token);
    expect(res.status).toBe(200);
    const id = (await json<Data<Clip>>(res)).data.id;
    expect(await rowOf(id)).toMatchObject({ channelId: fx.beta.id, sourceVideoUid: "rec-clip-beta" });
    // Alpha's user cannot see it.
    const v = await viewer();
    expect((await alpha.get(`/api/clip/${id}`, v.token)).status).toBe(404);
  });
});
