// Media Cloudflare Stream holds (ADR 022) through the real calls, on real local D1/R2, with the Worker's Stream calls
// going to the local stand-in (stream.global-setup.ts) through CLOUDFLARE_API_BASE: the playback grants of a Stream
// live input, its recording once the webhook says the stream ended, and a Stream upload's library video answer
// Stream's signed URLs only to viewers the existing rules let in; another channel's is a 404; media in R2 plays as
// before; event downloads of a recording come from Stream's MP4.
import { beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DownloadTicket, Playback, PlaybackDenied } from "@api/contract/media";
import { getDb } from "@api/db/client";
import { channelSettings, clips, eventDownloads, events, liveInputs, mediaUploads, orders, prerolls, products, users, vodMediaItems } from "@api/db/schema";
import { clearChannelCache } from "@api/middleware/tenant";
import type { StreamCall } from "./stream.global-setup";
import { fakeStreamMp4 } from "./stream-fake-mp4";
import { client, clockedApi, env, freshEmail, json, PASSWORD, registerUser, type Client, type Data } from "./auth-helpers";
import { call, HOSTS, seedChannels, type Fixtures } from "./fixtures";
import { signedWebhook, streamBindings } from "./stream-webhook";

const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);
const TOKEN_TTL_MS = 10 * 60_000;
const ACCOUNT = "acc-stream-playback";
const WEBHOOK_SECRET = "5d2e7f0c4a9b8e1d3c6f5a4b7e8d9c0a";
const STREAM_HOST = "https://customer-abc42.cloudflarestream.com";
const ASSET = "streamtest";
const api = inject("streamApi");
const stream = streamBindings(env, { account: ACCOUNT, secret: WEBHOOK_SECRET, api }) as Env;
const { app, clock } = clockedApi(T0);
const db = getDb(env.DB);
let fx: Fixtures;
let alpha: Client;
let alphaLocal: Client;
let beta: Client;
const ids = { live: 0, paid: 0, ending: 0, finished: 0, r2: 0, broken: 0, beta: 0, vod: 0, vodMembers: 0, vodProcessing: 0, vodBeta: 0, oneStream: 0 };

const mediaJson = {
  segment_duration_s: 2,
  segment_count: 3,
  duration_s: 6,
  streams: [{ id: 0, kind: "video", width: 640, height: 360, bandwidth: 800000, codecs: "avc1.64001e", init: "init-stream$RepresentationID$.m4s", chunk_template: "chunk-stream$RepresentationID$-$Number%05d$.m4s" }],
};

beforeAll(async () => {
  fx = await seedChannels();
  await env.MEDIA.put(`media/${ASSET}/media.json`, JSON.stringify(mediaJson));
  const ev = (channelId: number, key: string, accessType: "free" | "paid", start: number, end: number) => ({
    channelId,
    key,
    name: { en: key },
    accessType,
    type: accessType,
    eventUtcTs: start,
    endUtcTs: end,
    timeZone: "UTC",
    mediaKey: ASSET,
  });
  [ids.live, ids.paid, ids.ending, ids.finished, ids.r2, ids.broken, ids.beta] = (
    await db
      .insert(events)
      .values([
        ev(fx.alpha.id, "Stream live", "free", T0 - H, T0 + H),
        ev(fx.alpha.id, "Stream paid", "paid", T0 - H, T0 + H),
        ev(fx.alpha.id, "Stream ending", "free", T0 - H, T0 + H),
        ev(fx.alpha.id, "Cup Final", "free", T0 - 3 * H, T0 - H),
        ev(fx.alpha.id, "R2 live", "free", T0 - H, T0 + H),
        ev(fx.alpha.id, "Stream broken", "free", T0 - H, T0 + H),
        ev(fx.beta.id, "Beta live", "free", T0 - H, T0 + H),
      ])
      .returning({ id: events.id })
  ).map((r) => r.id);
  const input = (channelId: number, eventId: number, uid: string, over: Partial<typeof liveInputs.$inferInsert> = {}) => ({
    channelId,
    eventId,
    provider: "cloudflare" as const,
    uid,
    ingestUrl: "rtmps://live.cloudflare.com:443/live/",
    streamKey: `key-${uid}`,
    status: "idle" as const,
    mediaKey: `live-${uid}`,
    createdAt: T0 - 2 * H,
    ...over,
  });
  await db.insert(liveInputs).values([
    input(fx.alpha.id, ids.live, "in-live"),
    input(fx.alpha.id, ids.paid, "in-paid"),
    input(fx.alpha.id, ids.ending, "in-ending"),
    input(fx.alpha.id, ids.finished, "in-final", { status: "ended", endedAt: T0 - H, recordingUid: "rec-final" }),
    input(fx.alpha.id, ids.broken, "broken-input"),
    input(fx.beta.id, ids.beta, "in-beta"),
  ]);
  const upload = (channelId: number, uid: string, mediaKey: string, status: "ready" | "processing") => ({
    channelId,
    provider: "cloudflare" as const,
    uid,
    status,
    mediaKey,
    title: { en: mediaKey },
    vodKey: mediaKey,
    createdAt: T0 - H,
    updatedAt: T0 - H,
  });
  await db.insert(mediaUploads).values([upload(fx.alpha.id, "vid-up1", "upload-s1", "ready"), upload(fx.alpha.id, "vid-up2", "upload-s2", "processing"), upload(fx.beta.id, "vid-beta", "upload-sb", "ready")]);
  const item = (channelId: number, key: string, mediaKey: string, requiresVodMedia = false) => ({ channelId, key, title: { en: key }, searchText: key, date: T0 - H, durationS: 60, mediaKey, requiresVodMedia });
  [ids.vod, ids.vodMembers, ids.vodProcessing, ids.vodBeta] = (
    await db
      .insert(vodMediaItems)
      .values([item(fx.alpha.id, "stream-upload", "upload-s1"), item(fx.alpha.id, "stream-members", "upload-s1", true), item(fx.alpha.id, "stream-processing", "upload-s2"), item(fx.beta.id, "beta-upload", "upload-sb")])
      .returning({ id: vodMediaItems.id })
  ).map((r) => r.id);
  [ids.oneStream] = (
    await db
      .insert(products)
      .values({ channelId: fx.alpha.id, key: "one-stream", kind: "subscription", name: { en: "One stream" }, price: 1000, basePrice: 1000, currency: "USD", capabilities: ["watch"], simultaneousLogins: 1 })
      .returning({ id: products.id })
  ).map((r) => r.id);
  await db.insert(prerolls).values({ channelId: fx.alpha.id, key: "stream-preroll", url: "media:promo/preroll.mp4", weight: 1, locationId: null, eventCategories: [], forVod: true, forLive: true });
  alpha = await client(app, "alpha", stream);
  alphaLocal = await client(app, "alpha");
  beta = await client(app, "beta", stream);
});

beforeEach(() => {
  clock.now = T0;
});

/** What the Worker asked the stand-in, since `from` (each test reads its own slice). */
async function streamCalls(): Promise<StreamCall[]> {
  return (await fetch(`${new URL(api).origin}/__calls/${ACCOUNT}`)).json();
}
const setDownload = (uid: string, status: string, percentComplete: number) =>
  fetch(`${new URL(api).origin}/__downloads/${ACCOUNT}/${uid}`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ status, percentComplete }) });

/** A signed-in viewer of alpha, holding a pass with these capabilities (and product) when given. */
async function viewer(pass?: { capabilities: string[]; limits?: { downloads?: number; clips?: number }; productId?: number }) {
  const email = freshEmail("stream");
  const session = await registerUser(alpha, email);
  const user = (await db.select().from(users).where(and(eq(users.channelId, fx.alpha.id), eq(users.email, email))).get())!;
  if (pass) {
    await db.insert(orders).values({
      channelId: fx.alpha.id,
      userId: user.id,
      type: "subscription",
      productId: pass.productId ?? null,
      status: "paid",
      activityStatus: "active",
      capabilities: pass.capabilities,
      limits: pass.limits ?? {},
      startsAt: T0 - 24 * H,
      endsAt: T0 + 24 * H,
      createdAt: T0,
      updatedAt: T0,
    });
  }
  return { email, token: session.token, userId: user.id };
}

const play = (id: number, token?: string, c: Client = alpha, headers: Record<string, string> = {}) => c.post(`/api/events/${id}/playback`, {}, token, headers);
const playVod = (id: number, token?: string, c: Client = alpha) => c.post(`/api/vod-media-items/${id}/playback`, {}, token);
const granted = async (res: Response) => {
  expect(res.status).toBe(200);
  return (await json<Data<Playback>>(res)).data;
};
const exp = () => Math.floor((clock.now + TOKEN_TTL_MS) / 1000);
const signedUrls = (uid: string) => {
  const token = `tk.${uid}.${exp()}`;
  return { token, dash: `${STREAM_HOST}/${token}/manifest/video.mpd`, hls: `${STREAM_HOST}/${token}/manifest/video.m3u8` };
};

async function webhook(body: Record<string, unknown>) {
  return call("127.0.0.1:8787", "/api/video/webhook", await signedWebhook(WEBHOOK_SECRET, JSON.stringify(body), clock.now), app, stream);
}

describe("an event's Stream live input", () => {
  it("answers Stream's signed DASH and HLS URLs, signed by Stream for the token's life, with the preroll kept", async () => {
    const before = (await streamCalls()).length;
    const grant = await granted(await play(ids.live));
    expect(grant).toMatchObject({ ...signedUrls("in-live"), token_place: "path", expires_at: new Date(T0 + TOKEN_TTL_MS).toISOString(), download: null });
    // The live input plays Stream's low-latency HLS (issue 26); a recording does not (below).
    expect(grant.low_latency).toBe(`${STREAM_HOST}/tk.in-live.${exp()}/manifest/video.m3u8?protocol=llhls`);
    expect(grant.poster).toBe(`${STREAM_HOST}/tk.in-live.${exp()}/thumbnails/thumbnail.jpg`);
    // The seek preview's frames: Stream's thumbnail at a second, signed with the same token.
    expect(grant.thumbnails).toEqual({ interval_s: 10, width: 320, height: 180, url: `${STREAM_HOST}/tk.in-live.${exp()}/thumbnails/thumbnail.jpg?time={s}s&height=180` });
    expect(grant.preroll?.url).toMatch(/^http:\/\/alpha\.localhost\/api\/media\/promo\/preroll\.mp4\?token=/);
    expect(grant.clip).toMatchObject({ can_clip: false, reason: "login" });
    const calls = (await streamCalls()).slice(before);
    expect(calls).toEqual([{ method: "POST", path: "/in-live/token", auth: "Bearer stream-token", body: { exp: exp() } }]);
  });

  it("refuses the same viewers as before (geo, login, purchase) without asking Stream, and 409 before the start", async () => {
    const before = (await streamCalls()).length;
    await db.insert(channelSettings).values({ channelId: fx.alpha.id, key: "geo.blocked_countries", value: ["FR"] });
    clearChannelCache();
    try {
      const geo = await play(ids.live, undefined, alpha, { "x-simulate-country": "FR" });
      expect(geo.status).toBe(403);
      expect((await json<PlaybackDenied>(geo)).reason).toBe("geo");
    } finally {
      await db.delete(channelSettings).where(eq(channelSettings.key, "geo.blocked_countries"));
      clearChannelCache();
    }
    const anonymous = await play(ids.paid);
    expect(anonymous.status).toBe(403);
    expect((await json<PlaybackDenied>(anonymous)).reason).toBe("login");
    const noPass = await viewer();
    const refused = await play(ids.paid, noPass.token);
    expect(refused.status).toBe(403);
    expect((await json<PlaybackDenied>(refused)).reason).toBe("purchase");
    clock.now = T0 - 2 * H;
    expect((await play(ids.live)).status).toBe(409);
    expect((await streamCalls()).slice(before)).toEqual([]);
  });

  it("plays to a viewer whose pass covers it, and the pass's stream limit still stops a second device", async () => {
    const subscriber = await viewer({ capabilities: ["watch"], productId: ids.oneStream });
    const grant = await granted(await play(ids.paid, subscriber.token));
    expect(grant).toMatchObject({ ...signedUrls("in-paid"), token_place: "path", stream: { heartbeat_s: 30 } });
    const login = await alpha.post("/api/v2/auth/login", { email: subscriber.email, password: PASSWORD }, undefined, { "user-agent": "Mozilla/5.0 (SMART-TV; Linux; Tizen 7.0) AppleWebKit/537.36 SamsungBrowser/5.0 TV Safari/537.36" });
    const tv = (await json<Data<{ token: string }>>(login)).data.token;
    const second = await play(ids.paid, tv);
    expect(second.status).toBe(403);
    expect(JSON.stringify(await second.json())).not.toContain(STREAM_HOST);
  });

  it("answers 404 for another channel's event, and 502 in clear words when Stream fails", async () => {
    expect((await play(ids.beta)).status).toBe(404);
    expect((await play(ids.live, undefined, beta)).status).toBe(404);
    const broken = await play(ids.broken);
    expect(broken.status).toBe(502);
    expect(await broken.json()).toEqual({ message: "The video service did not answer. Please try again in a moment." });
    // Beta's own event plays from beta's host.
    expect(await granted(await play(ids.beta, undefined, beta))).toMatchObject(signedUrls("in-beta"));
  });

  it("plays the recording once the webhook says the stream ended", async () => {
    expect(await granted(await play(ids.ending))).toMatchObject(signedUrls("in-ending"));
    clock.now = T0 + 30 * 60_000;
    const res = await webhook({ uid: "rec-ending", readyToStream: true, status: { state: "ready" }, duration: 3600, liveInput: "in-ending" });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ data: { handled: "live_input" } });
    expect(await db.select({ status: liveInputs.status, recordingUid: liveInputs.recordingUid }).from(liveInputs).where(eq(liveInputs.uid, "in-ending")).get()).toEqual({ status: "ended", recordingUid: "rec-ending" });
    expect(await granted(await play(ids.ending))).toMatchObject({ ...signedUrls("rec-ending"), token_place: "path", low_latency: null });
    // The finished event is the recording: an hour (its length) up to now, the broadcast's start not being known.
    expect(await db.select({ start: events.eventUtcTs, end: events.endUtcTs }).from(events).where(eq(events.id, ids.ending)).get()).toEqual({ start: T0 - 30 * 60_000, end: T0 + 30 * 60_000 });
    // After the scheduled end too.
    clock.now = T0 + 2 * H;
    expect(await granted(await play(ids.ending))).toMatchObject(signedUrls("rec-ending"));
  });

  it("keeps the event's own media when the recording failed", async () => {
    const [{ id }] = await db.insert(events).values({ channelId: fx.alpha.id, key: "failed-rec", name: { en: "failed" }, accessType: "free", type: "free", eventUtcTs: T0 - H, endUtcTs: T0 + H, timeZone: "UTC", mediaKey: ASSET }).returning({ id: events.id });
    await db.insert(liveInputs).values({ channelId: fx.alpha.id, eventId: id, provider: "cloudflare", uid: "in-failing", ingestUrl: "rtmps://x/live/", streamKey: "k", status: "connected", mediaKey: "live-failing", createdAt: T0 });
    const res = await webhook({ uid: "rec-bad", readyToStream: false, status: { state: "error", errorReasonText: "no video" }, liveInput: "in-failing" });
    expect(res.status).toBe(200);
    const grant = await granted(await play(id));
    expect(grant.token_place).toBe("query");
    expect(new URL(grant.dash).pathname).toBe(`/api/media/event/${id}/manifest.mpd`);
  });
});

describe("with Stream's live notifications", () => {
  const SECRET = "live-notification-secret";
  const notified = { ...stream, CLOUDFLARE_STREAM_NOTIFICATION_SECRET: SECRET } as Env;
  const notify = (type: string, at: number) =>
    call("127.0.0.1:8787", "/api/video/live-notifications", { method: "POST", headers: { "content-type": "application/json", "cf-webhook-auth": SECRET }, body: JSON.stringify({ data: { input_id: "in-notified", event_type: type, updated_at: new Date(at).toISOString() } }) }, app, notified);

  it("plays the event's own asset until an encoder connects, then Stream's stream, whose start the event takes", async () => {
    const [{ id }] = await db.insert(events).values({ channelId: fx.alpha.id, key: "notified", name: { en: "notified" }, accessType: "free", type: "free", eventUtcTs: T0 - H, endUtcTs: T0 + H, timeZone: "UTC", mediaKey: ASSET }).returning({ id: events.id });
    await db.insert(liveInputs).values({ channelId: fx.alpha.id, eventId: id, provider: "cloudflare", uid: "in-notified", ingestUrl: "rtmps://x/live/", streamKey: "k", status: "idle", mediaKey: "live-notified", createdAt: T0 - 2 * H });
    const notifiedAlpha = await client(app, "alpha", notified);
    const before = await granted(await play(id, undefined, notifiedAlpha));
    expect(before.token_place).toBe("query");
    expect(new URL(before.dash).pathname).toBe(`/api/media/event/${id}/manifest.mpd`);

    const connected = await notify("live_input.connected", T0 - 60_000);
    expect(await json(connected)).toEqual({ data: { handled: "connected" } });
    expect(await granted(await play(id, undefined, notifiedAlpha))).toMatchObject({ ...signedUrls("in-notified"), token_place: "path" });
    expect((await db.select({ start: events.eventUtcTs, media: events.mediaKey }).from(events).where(eq(events.id, id)).get())).toEqual({ start: T0 - 60_000, media: ASSET });
  });
});

describe("media in R2", () => {
  it("plays our own manifests as before, with Stream on (no input) and with Stream off (even with a Stream input)", async () => {
    const before = (await streamCalls()).length;
    const r2 = await granted(await play(ids.r2));
    expect(r2.token_place).toBe("query");
    expect(r2.dash).toBe(`http://${HOSTS.alpha}/api/media/event/${ids.r2}/manifest.mpd?token=${encodeURIComponent(r2.token)}`);
    expect(r2.thumbnails).toBeNull();
    const off = await granted(await play(ids.live, undefined, alphaLocal));
    expect(off.dash).toBe(`http://${HOSTS.alpha}/api/media/event/${ids.live}/manifest.mpd?token=${encodeURIComponent(off.token)}`);
    expect((await streamCalls()).slice(before)).toEqual([]);
    const manifest = await call(HOSTS.alpha, new URL(r2.dash).pathname + new URL(r2.dash).search, {}, app, stream);
    expect(manifest.status).toBe(200);
  });
});

describe("a library video from a Stream upload", () => {
  it("answers Stream's signed URLs of the upload's video, to the viewers allowed to watch it", async () => {
    const grant = await granted(await playVod(ids.vod));
    expect(grant).toMatchObject({ ...signedUrls("vid-up1"), token_place: "path", download: null });
    expect(grant.thumbnails?.url).toBe(`${STREAM_HOST}/tk.vid-up1.${exp()}/thumbnails/thumbnail.jpg?time={s}s&height=180`);
    const members = await playVod(ids.vodMembers);
    expect(members.status).toBe(403);
    expect(JSON.stringify(await members.json())).not.toContain(STREAM_HOST);
    const member = await viewer({ capabilities: ["watch", "vod_media"] });
    expect(await granted(await playVod(ids.vodMembers, member.token))).toMatchObject(signedUrls("vid-up1"));
  });

  it("is a 404 on another channel's host, and an upload not ready yet is not Stream's", async () => {
    expect((await playVod(ids.vodBeta)).status).toBe(404);
    expect(await granted(await playVod(ids.vodBeta, undefined, beta))).toMatchObject(signedUrls("vid-beta"));
    // Still processing at Stream: the item's own asset (none in R2 here) answers, as before.
    const processing = await playVod(ids.vodProcessing);
    expect(processing.status).toBe(404);
    expect(await processing.json()).toEqual({ message: "This event has no video." });
  });
});

describe("downloading a Stream recording", () => {
  it("waits for Stream's MP4 without counting, then answers its signed URL and counts one", async () => {
    const v = await viewer({ capabilities: ["watch", "download"], limits: { downloads: 2 } });
    const grant = await granted(await play(ids.finished, v.token));
    expect(grant).toMatchObject({ ...signedUrls("rec-final"), download: { remaining: 2, covers_s: 7200, duration_s: 7200 } });

    const before = (await streamCalls()).length;
    const preparing = await alpha.post(`/api/download-event/${ids.finished}`, {}, v.token);
    expect(preparing.status).toBe(409);
    expect(await preparing.json()).toEqual({ message: "The download is being prepared. Please try again in a few minutes." });
    expect(await db.select().from(eventDownloads).where(eq(eventDownloads.userId, v.userId))).toEqual([]);
    expect((await streamCalls()).slice(before)).toEqual([{ method: "POST", path: "/rec-final/downloads", auth: "Bearer stream-token", body: null }]);

    await setDownload("rec-final", "ready", 100);
    const ticket = await alpha.post(`/api/download-event/${ids.finished}`, {}, v.token);
    expect(ticket.status).toBe(200);
    const data = (await json<Data<DownloadTicket>>(ticket)).data;
    expect(data).toEqual({ url: `${STREAM_HOST}/dl.rec-final.${exp()}/downloads/default.mp4?filename=cup-final`, expires_at: new Date(T0 + TOKEN_TTL_MS).toISOString(), remaining: 1 });
    expect((await streamCalls()).slice(before).at(-1)).toEqual({ method: "POST", path: "/rec-final/token", auth: "Bearer stream-token", body: { exp: exp(), downloadable: true } });

    // The SPEC's GET door sends the browser to the same file, and counts the last download.
    const direct = await alpha.get(`/api/download-event/${ids.finished}`, v.token);
    expect(direct.status).toBe(302);
    expect(direct.headers.get("location")).toBe(`${STREAM_HOST}/dl.rec-final.${exp()}/downloads/default.mp4?filename=cup-final`);
    expect(await db.select().from(eventDownloads).where(eq(eventDownloads.userId, v.userId))).toHaveLength(2);
    const over = await alpha.post(`/api/download-event/${ids.finished}`, {}, v.token);
    expect(over.status).toBe(403);
    expect(await over.json()).toEqual({ message: "Download limit reached" });
  });

  it("refuses a viewer without the capability, a stream that has not ended, and another channel's event", async () => {
    const plain = await viewer({ capabilities: ["watch"] });
    expect((await alpha.post(`/api/download-event/${ids.finished}`, {}, plain.token)).status).toBe(403);
    const v = await viewer({ capabilities: ["watch", "download"], limits: { downloads: 5 } });
    // The schedule says over, but the input has not ended (no recording yet).
    clock.now = T0 + 2 * H;
    const live = await alpha.post(`/api/download-event/${ids.live}`, {}, v.token);
    expect(live.status).toBe(409);
    expect(await live.json()).toEqual({ message: "This event can be downloaded once it has ended." });
    expect((await alpha.post(`/api/download-event/${ids.beta}`, {}, v.token)).status).toBe(404);
  });
});

describe("with a Stream signing key", () => {
  it("signs playback and downloads in the Worker (no call to Stream's token endpoint), tokens Stream's delivery takes", async () => {
    // What an operator does once: POST /stream/keys, and the answer's id and jwk become two secrets.
    const made = await fetch(`${api}/accounts/${ACCOUNT}/stream/keys`, { method: "POST", headers: { authorization: "Bearer stream-token" } });
    const key = ((await made.json()) as { result: { id: string; jwk: string } }).result;
    const delivery = `${new URL(api).origin}/delivery`;
    const signed = await client(app, "alpha", { ...stream, CLOUDFLARE_STREAM_DELIVERY_BASE: delivery, CLOUDFLARE_STREAM_SIGNING_KEY_ID: key.id, CLOUDFLARE_STREAM_SIGNING_JWK: key.jwk } as Env);
    const before = (await streamCalls()).length;

    const grant = await granted(await signed.post(`/api/events/${ids.live}/playback`, {}));
    expect(grant.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(grant).toMatchObject({ dash: `${delivery}/${grant.token}/manifest/video.mpd`, token_place: "path" });
    const manifest = await fetch(grant.dash!);
    expect(manifest.status).toBe(200);
    expect(await manifest.text()).toContain("<!-- in-live -->");

    const v = await viewer({ capabilities: ["watch", "download"], limits: { downloads: 1 } });
    await setDownload("rec-final", "ready", 100);
    const ticket = await signed.post(`/api/download-event/${ids.finished}`, {}, v.token);
    expect(ticket.status).toBe(200);
    const mp4 = await fetch((await json<Data<DownloadTicket>>(ticket)).data.url);
    expect(mp4.status).toBe(200);
    expect(new Uint8Array(await mp4.arrayBuffer())).toEqual(fakeStreamMp4("rec-final"));
    // A playback token does not open the MP4.
    expect((await fetch(`${delivery}/${grant.token}/downloads/default.mp4`)).status).toBe(404);

    const calls = (await streamCalls()).slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /rec-final/downloads"]);
  });
});

describe("clips of Stream-held media", () => {
  it("are cut by Stream (tests/api/stream-clips.test.ts): the grant allows them on whole seconds, a live input's are refused", async () => {
    const v = await viewer({ capabilities: ["watch", "clipping"], limits: { clips: 3 } });
    const grant = await granted(await play(ids.finished, v.token));
    expect(grant.clip).toMatchObject({ can_clip: true, reason: null, remaining: 3, segment_duration_s: 1 });
    expect((await granted(await playVod(ids.vod, v.token))).clip).toMatchObject({ can_clip: true, segment_duration_s: 1 });
    expect((await granted(await play(ids.live, v.token))).clip).toMatchObject({ can_clip: false, reason: "hosted" });

    const cut = (body: Record<string, unknown>) => alpha.post("/api/clip", { name: "Great save", start_time: 2, duration: 6, tags: ["save"], ...body }, v.token);
    const live = await cut({ event_id: ids.live });
    expect(live.status).toBe(409);
    expect(await live.json()).toEqual({ message: "Clips of this video cannot be cut yet." });
    expect((await cut({ event_id: ids.finished })).status).toBe(200);
    expect((await cut({ event_media_id: ids.vod })).status).toBe(200);
    const rows = await db.select({ source: clips.sourceVideoUid, asset: clips.asset }).from(clips).where(eq(clips.userId, v.userId));
    expect(rows).toEqual([
      { source: "rec-final", asset: "" },
      { source: "vid-up1", asset: "" },
    ]);
    // Another channel's event is still not found, and our own media is still cut from R2 as before.
    expect((await cut({ event_id: ids.beta })).status).toBe(404);
    const own = await cut({ event_id: ids.r2 });
    expect(own.status).toBe(200);
    expect((await granted(await play(ids.r2, v.token))).clip).toMatchObject({ can_clip: false, reason: "limit", segment_duration_s: 2 });
  });
});
