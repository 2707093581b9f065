// The console's video calls (issue 16) against real local D1/R2/KV: roles (401 signed out, 403 for a viewer, 404 for
// another channel's event or upload), validation (422 with the field), the audit log of every change, and what the
// local ingest's reports do to the event (its start, end and media, and the channel's caches).
import { beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import type { LiveEventRow, LiveInput, MediaUpload } from "@api/contract/video";
import { getDb } from "@api/db/client";
import { auditLog, channelSettings, eventCategories, events, liveInputs, mediaUploads, users } from "@api/db/schema";
import { clockedApi, type Client, client, env, freshEmail, registerUser } from "./auth-helpers";
import { call, type Fixtures, HOSTS, seedChannels } from "./fixtures";
import { type ConsoleChannel, seedConsoleChannel } from "./console-fixtures";
import { serveGrowingSegment } from "@api/services/timeline-files";
import { signedWebhook } from "./stream-webhook";

const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const { app, clock } = clockedApi(T0);
const db = getDb(env.DB);
const SECRET = "dev-only-ingest-secret-do-not-use-in-production";
let fx: Fixtures;
let alpha: Client;
let beta: Client;
const tokens = { owner: "", admin: "", viewer: "", betaOwner: "" };
const ids = { upcoming: 0, live: 0, finished: 0, beta: 0 };

async function userWithRole(c: Client, role: "owner" | "admin" | "viewer") {
  const email = freshEmail(role);
  const session = await registerUser(c, email);
  await db.update(users).set({ role }).where(eq(users.email, email));
  return session.token;
}

const del = (c: Client, path: string, token?: string) =>
  call(c.host, `${path}?api_key=${encodeURIComponent(c.key)}`, { method: "DELETE", headers: token ? { authorization: `Bearer ${token}` } : {} }, app);
const data = async <T>(res: Response) => ((await res.json()) as { data: T }).data;
const lastAudit = (channelId: number) => db.select().from(auditLog).where(eq(auditLog.channelId, channelId)).orderBy(desc(auditLog.id)).get();
const ingest = (path: string, init: RequestInit = {}, secret = SECRET, bindings: Env = env) =>
  call("127.0.0.1:8787", `/api/dev/ingest${path}`, { ...init, headers: { authorization: `Bearer ${secret}`, ...(init.headers as Record<string, string>) } }, app, bindings);
const report = (uid: string, body: unknown) => ingest(`/inputs/${uid}/progress`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

beforeAll(async () => {
  fx = await seedChannels();
  clock.now = T0;
  const ev = (channelId: number, key: string, start: number) => ({ channelId, key, name: { en: key }, accessType: "free" as const, eventUtcTs: start, endUtcTs: start + 2 * H, timeZone: "UTC", mediaKey: "demo" });
  const rows = await db
    .insert(events)
    .values([ev(fx.alpha.id, "v-upcoming", T0 + 5 * H), ev(fx.alpha.id, "v-live", T0 - H / 2), ev(fx.alpha.id, "v-finished", T0 - 5 * H), ev(fx.beta.id, "v-beta", T0 + 5 * H)])
    .returning({ id: events.id });
  [ids.upcoming, ids.live, ids.finished, ids.beta] = rows.map((r) => r.id);
  // Sports: the upcoming game's keeps a score itself, the live one's through its parent, the finished one's not at all.
  const sport = async (alias: string, parentId: number | null = null) =>
    (await db.select().from(eventCategories).where(and(eq(eventCategories.channelId, fx.alpha.id), eq(eventCategories.alias, alias))).get()) ??
    (await db.insert(eventCategories).values({ channelId: fx.alpha.id, alias, name: { en: alias }, parentId }).returning().get());
  const volleyball = await sport("volleyball");
  const sports = [await sport("basketball"), await sport("cv-beach-volleyball", volleyball.id), await sport("cv-swimming")];
  for (const [i, id] of [ids.upcoming, ids.live, ids.finished].entries()) await db.update(events).set({ eventCategoryId: sports[i].id }).where(eq(events.id, id));
  alpha = await client(app, "alpha");
  beta = await client(app, "beta");
  tokens.owner = await userWithRole(alpha, "owner");
  tokens.admin = await userWithRole(alpha, "admin");
  tokens.viewer = await userWithRole(alpha, "viewer");
  tokens.betaOwner = await userWithRole(beta, "owner");
});

describe("who may manage live inputs", () => {
  it("refuses a visitor (401), a viewer (403), and another channel's owner (401 on this host, 404 for this event)", async () => {
    expect((await alpha.post(`/api/console/events/${ids.upcoming}/live-input`)).status).toBe(401);
    const viewer = await alpha.post(`/api/console/events/${ids.upcoming}/live-input`, {}, tokens.viewer);
    expect(viewer.status).toBe(403);
    expect(await viewer.json()).toEqual({ message: "Only the channel's owner can do this." });
    expect((await alpha.get("/api/console/live", tokens.viewer)).status).toBe(403);
    expect((await alpha.get("/api/console/uploads", tokens.viewer)).status).toBe(403);
    // A beta session means nothing on alpha's host; on beta's host, alpha's event does not exist.
    expect((await alpha.get("/api/console/live", tokens.betaOwner)).status).toBe(401);
    expect((await beta.post(`/api/console/events/${ids.upcoming}/live-input`, {}, tokens.betaOwner)).status).toBe(404);
    expect((await beta.get(`/api/console/events/${ids.upcoming}/live-input`, tokens.betaOwner)).status).toBe(404);
    expect((await del(beta, `/api/console/events/${ids.upcoming}/live-input`, tokens.betaOwner)).status).toBe(404);
    expect(await db.select().from(liveInputs).where(eq(liveInputs.eventId, ids.upcoming))).toEqual([]);
  });

  it("answers 422 for an id that is not one, 404 for an unknown event, 409 for a finished one", async () => {
    const bad = await alpha.post("/api/console/events/abc/live-input", {}, tokens.owner);
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty("id");
    expect((await alpha.post("/api/console/events/999999/live-input", {}, tokens.owner)).status).toBe(404);
    const over = await alpha.post(`/api/console/events/${ids.finished}/live-input`, {}, tokens.owner);
    expect(over.status).toBe(409);
    expect(((await over.json()) as { message: string }).message).toMatch(/This event is over/);
  });
});

describe("a live input's life", () => {
  let input: LiveInput;

  it("is created for an upcoming event with an RTMP URL and a stream key, and audited without the key", async () => {
    const res = await alpha.post(`/api/console/events/${ids.upcoming}/live-input`, {}, tokens.owner);
    expect(res.status).toBe(200);
    input = await data<LiveInput>(res);
    expect(input).toMatchObject({ event_id: ids.upcoming, provider: "local", status: "idle", rtmp_url: "rtmp://127.0.0.1:1935/live", srt_url: null, segment_count: 0 });
    expect(input.stream_key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(input.publish_url).toBe(`rtmp://127.0.0.1:1935/live/${input.stream_key}`);
    const audit = await lastAudit(fx.alpha.id);
    expect(audit).toMatchObject({ action: "live_input.create", target: `events/${ids.upcoming}`, actorUserId: expect.any(Number), before: null });
    expect(JSON.stringify(audit?.after)).not.toContain(input.stream_key);
    expect((await alpha.post(`/api/console/events/${ids.upcoming}/live-input`, {}, tokens.admin)).status).toBe(409);
  });

  it("takes the next port for the next input, and the list shows both events with their inputs", async () => {
    const second = await data<LiveInput>(await alpha.post(`/api/console/events/${ids.live}/live-input`, {}, tokens.admin));
    expect(second.rtmp_url).toBe("rtmp://127.0.0.1:1936/live");
    const list = await data<LiveEventRow[]>(await alpha.get("/api/console/live?lang=en", tokens.owner));
    expect(list.find((e) => e.id === ids.upcoming)?.input?.id).toBe(input.id);
    // Its key, as the console's events list names it (the list's "Keep score" links).
    expect(list.find((e) => e.id === ids.live)).toMatchObject({ key: "v-live", stream_status: "live", input: { id: second.id } });
    expect(list.some((e) => e.id === ids.beta)).toBe(false);
    // Whether its sport keeps a score (the console offers "Keep score" for those only): by the sport or its parent.
    expect(Object.fromEntries(list.filter((e) => [ids.upcoming, ids.live, ids.finished].includes(e.id)).map((e) => [e.key, e.scoring]))).toEqual({
      "v-upcoming": "basketball",
      "v-live": "volleyball",
      "v-finished": null,
    });
  });

  it("is listed for the local ingest, which needs the secret and is refused in production", async () => {
    expect((await ingest("/work", {}, "wrong")).status).toBe(401);
    expect((await ingest("/work", {}, SECRET, { ...env, APP_ENV: "production" } as Env)).status).toBe(404);
    const work = await data<{ inputs: { uid: string; port: number; stream_key: string; media_key: string }[] }>(await ingest("/work"));
    const row = await db.select().from(liveInputs).where(eq(liveInputs.id, input.id)).get();
    expect(work.inputs).toContainEqual(expect.objectContaining({ uid: row!.uid, port: 1935, stream_key: input.stream_key, media_key: row!.mediaKey }));
  });

  it("lets the ingest write its own asset only, and the first segments start the event with the encoder's media", async () => {
    const row = (await db.select().from(liveInputs).where(eq(liveInputs.id, input.id)).get())!;
    expect((await ingest(`/media/demo/media.json`, { method: "PUT", body: "{}" })).status).toBe(404);
    expect((await ingest(`/media/${row.mediaKey}/chunk-stream0-00001.m4s`, { method: "PUT", body: "bytes" })).status).toBe(200);
    expect(await (await env.MEDIA.get(`media/${row.mediaKey}/chunk-stream0-00001.m4s`))?.text()).toBe("bytes");

    await env.CACHE.put("bootstrap:alpha:en", "{}");
    clock.now = T0 + 60_000;
    const connected = await report(row.uid, { segment_count: 3, status: "connected" });
    expect(connected.status).toBe(200);
    expect(await data<LiveInput>(connected)).toMatchObject({ status: "connected", segment_count: 3, started_at: new Date(clock.now - 6_000).toISOString() });
    const event = (await db.select().from(events).where(eq(events.id, ids.upcoming)).get())!;
    expect(event).toMatchObject({ eventUtcTs: clock.now - 6_000, mediaKey: row.mediaKey });
    expect(await env.CACHE.get("bootstrap:alpha:en")).toBeNull();
    expect((await lastAudit(fx.alpha.id))?.action).toBe("live_input.connect");
    // While the encoder streams, the input cannot be deleted.
    const busy = await del(alpha, `/api/console/events/${ids.upcoming}/live-input`, tokens.owner);
    expect(busy.status).toBe(409);
  });

  it("keeps the event live while segments arrive, and ends it at the recording's length when the stream stops", async () => {
    const row = (await db.select().from(liveInputs).where(eq(liveInputs.id, input.id)).get())!;
    clock.now = T0 + 10 * H;
    await report(row.uid, { segment_count: 7, status: "connected" });
    expect((await db.select().from(events).where(eq(events.id, ids.upcoming)).get())!.endUtcTs).toBeGreaterThan(clock.now);
    const ended = await data<LiveInput>(await report(row.uid, { segment_count: 8, status: "ended" }));
    expect(ended).toMatchObject({ status: "ended", segment_count: 8 });
    const event = (await db.select().from(events).where(eq(events.id, ids.upcoming)).get())!;
    expect(event.endUtcTs - event.eventUtcTs).toBe(16_000);
    expect(event.mediaKey).toBe(row.mediaKey);
    expect(await lastAudit(fx.alpha.id)).toMatchObject({ action: "live_input.end", actorEmail: "video-ingest" });
    // Ended is final, and an ended input is no longer the ingest's to write to.
    expect(await data<LiveInput>(await report(row.uid, { segment_count: 1, status: "connected" }))).toMatchObject({ status: "ended", segment_count: 8 });
    expect((await ingest(`/media/${row.mediaKey}/media.json`, { method: "PUT", body: "{}" })).status).toBe(404);
  });

  it("refuses a malformed report (422) and an unknown input (404)", async () => {
    const row = (await db.select().from(liveInputs).where(eq(liveInputs.id, input.id)).get())!;
    expect((await report(row.uid, { segment_count: -1, status: "connected" })).status).toBe(422);
    expect((await report(row.uid, { segment_count: 1, status: "dancing" })).status).toBe(422);
    expect((await report("local-doesnotexist", { segment_count: 1, status: "connected" })).status).toBe(404);
  });

  it("is deleted once not streaming, with an audit entry, and is then gone", async () => {
    const res = await del(alpha, `/api/console/events/${ids.upcoming}/live-input`, tokens.owner);
    expect(res.status).toBe(200);
    expect(await lastAudit(fx.alpha.id)).toMatchObject({ action: "live_input.delete", target: `events/${ids.upcoming}`, after: null });
    expect((await alpha.get(`/api/console/events/${ids.upcoming}/live-input`, tokens.owner)).status).toBe(404);
    expect((await del(alpha, `/api/console/events/${ids.upcoming}/live-input`, tokens.owner)).status).toBe(404);
  });
});

function uploadForm(fields: Record<string, string>, file?: File): RequestInit {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set("file", file, file.name);
  return { method: "POST", body: form };
}
const clip = () => new File([new Uint8Array(2048)], "match.mp4", { type: "video/mp4" });

// Uploads end in the library, which lives in the channel's stored definition: a channel loaded as setup loads one.
describe("uploads", () => {
  let ch: ConsoleChannel;
  let channelId: number;
  let upload: MediaUpload;
  const postUpload = (token: string | undefined, fields: Record<string, string>, file?: File) =>
    call(ch.host, "/api/console/uploads", { ...uploadForm({ api_key: ch.key, ...fields }, file), headers: token ? { authorization: `Bearer ${token}` } : {} }, app);

  beforeAll(async () => {
    ch = await seedConsoleChannel("vid-up", { now: clock.now });
    channelId = (await env.DB.prepare("SELECT id FROM channels WHERE alias = 'vid-up'").first<{ id: number }>())!.id;
  });

  it("refuses a visitor (401) and a viewer (403)", async () => {
    expect((await postUpload(undefined, { title_en: "Final" }, clip())).status).toBe(401);
    expect((await postUpload(ch.viewerToken, { title_en: "Final" }, clip())).status).toBe(403);
  });

  it("says what is wrong at the field: a missing title, no file, a file that is not a video", async () => {
    const noTitle = await postUpload(ch.ownerToken, { title_en: " " }, clip());
    expect(noTitle.status).toBe(422);
    expect(((await noTitle.json()) as { errors: Record<string, string[]> }).errors.title_en).toEqual(["Field is required"]);
    const noFile = await postUpload(ch.ownerToken, { title_en: "Final" });
    expect(noFile.status).toBe(422);
    expect(await noFile.json()).toEqual({ message: "Choose a video file to upload.", errors: { file: ["Choose a video file to upload."] } });
    const text = await postUpload(ch.ownerToken, { title_en: "Final" }, new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect(text.status).toBe(422);
    expect(((await text.json()) as { errors: Record<string, string[]> }).errors.file).toEqual(["Upload an MP4, MOV, WebM or MKV video."]);
    expect(await db.select().from(mediaUploads).where(eq(mediaUploads.channelId, channelId))).toEqual([]);
  });

  it("stores the file, answers its status, and audits it", async () => {
    const res = await postUpload(ch.ownerToken, { title_en: "Final highlights", title_fr: "Résumé de la finale" }, clip());
    expect(res.status).toBe(200);
    upload = await data<MediaUpload>(res);
    expect(upload).toMatchObject({ provider: "local", status: "uploaded", title: { en: "Final highlights", fr: "Résumé de la finale" }, error: null });
    expect(upload.media_key).toMatch(/^upload-[a-f0-9]{20}$/);
    const row = (await db.select().from(mediaUploads).where(eq(mediaUploads.id, upload.id)).get())!;
    expect((await env.MEDIA.head(row.sourceKey!))?.size).toBe(2048);
    expect(await lastAudit(channelId)).toMatchObject({ action: "upload.create", target: `uploads/${upload.media_key}` });
    const get = (path: string, token: string) => call(ch.host, `${path}?api_key=${encodeURIComponent(ch.key)}`, { headers: { authorization: `Bearer ${token}` } }, app);
    expect((await data<MediaUpload[]>(await get("/api/console/uploads", ch.ownerToken))).map((u) => u.id)).toEqual([upload.id]);
    expect(await data<MediaUpload>(await get(`/api/console/uploads/${upload.id}`, ch.ownerToken))).toEqual(upload);
    // Another channel's owner, on their own channel, finds no such upload.
    expect((await alpha.get(`/api/console/uploads/${upload.id}`, tokens.owner)).status).toBe(404);
  });

  it("goes processing then ready through the ingest's reports, joins the library, and its uploaded file is dropped", async () => {
    const row = (await db.select().from(mediaUploads).where(eq(mediaUploads.id, upload.id)).get())!;
    const work = await data<{ uploads: { uid: string; source_key: string }[] }>(await ingest("/work"));
    expect(work.uploads).toContainEqual(expect.objectContaining({ uid: row.uid, source_key: row.sourceKey }));
    const source = await ingest(`/uploads/${row.uid}/source`);
    expect((await source.arrayBuffer()).byteLength).toBe(2048);
    const send = (body: unknown) => ingest(`/uploads/${row.uid}/progress`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await send({ status: "ready" })).status).toBe(422);
    expect(await data<MediaUpload>(await send({ status: "processing" }))).toMatchObject({ status: "processing" });
    expect(await data<MediaUpload>(await send({ status: "ready", duration_s: 12.5 }))).toMatchObject({ status: "ready", error: null });
    expect(await env.MEDIA.head(row.sourceKey!)).toBeNull();
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.channelId, channelId), eq(auditLog.target, `uploads/${row.mediaKey}`))).orderBy(desc(auditLog.id));
    expect(audit.map((a) => a.action)).toEqual(["upload.ready", "upload.processing", "upload.create"]);
    const rails = await data<{ vod_media_items: { title: string }[] }[]>(await call(ch.host, `/api/vod-media-rails?api_key=${encodeURIComponent(ch.key)}&lang=fr`, {}, app));
    expect(rails.flatMap((r) => r.vod_media_items.map((i) => i.title))).toContain("Résumé de la finale");
    expect(await data<MediaUpload>(await send({ status: "failed", error: "late" }))).toMatchObject({ status: "ready" });
  });

  describe("the Stream webhook", () => {
    const WEBHOOK_SECRET = "85011ed3a913c6ad5f9cf6c5573cc0a7";
    const stream = { ...env, CLOUDFLARE_STREAM_ACCOUNT_ID: "acc", CLOUDFLARE_STREAM_API_TOKEN: "tok", CLOUDFLARE_STREAM_WEBHOOK_SECRET: WEBHOOK_SECRET } as Env;
    const signed = (body: string) => signedWebhook(WEBHOOK_SECRET, body, clock.now);

    it("refuses an unsigned request, and any request while the local provider is in use", async () => {
      expect((await call(HOSTS.alpha, "/api/video/webhook", { method: "POST", body: "{}" }, app, stream)).status).toBe(401);
      const body = JSON.stringify({ uid: "x", readyToStream: true, status: { state: "ready" } });
      expect((await call(HOSTS.alpha, "/api/video/webhook", await signed(body), app)).status).toBe(401);
    });

    it("makes a Stream upload ready (audited as the webhook), and ignores videos it did not create", async () => {
      const [row] = await db
        .insert(mediaUploads)
        .values({ channelId, provider: "cloudflare", uid: "cf-video-1", status: "processing", mediaKey: "upload-cf1", title: { en: "Stream clip" }, vodKey: "upload-cf1", createdAt: clock.now, updatedAt: clock.now })
        .returning();
      const body = JSON.stringify({ uid: "cf-video-1", readyToStream: true, status: { state: "ready" }, duration: 42 });
      const res = await call("127.0.0.1:8787", "/api/video/webhook", await signed(body), app, stream);
      expect(res.status).toBe(200);
      expect(await data(res)).toEqual({ handled: "upload" });
      expect((await db.select().from(mediaUploads).where(eq(mediaUploads.id, row.id)).get())?.status).toBe("ready");
      const audits = await db.select().from(auditLog).where(and(eq(auditLog.channelId, channelId), eq(auditLog.target, "uploads/upload-cf1")));
      expect(audits).toContainEqual(expect.objectContaining({ action: "upload.ready", actorEmail: "video-webhook" }));
      const other = await call("127.0.0.1:8787", "/api/video/webhook", await signed(JSON.stringify({ uid: "elsewhere", status: { state: "ready" }, readyToStream: true })), app, stream);
      expect(await data(other)).toEqual({ handled: null });
    });
  });
});

/** A new upcoming game of alpha without media, with a live input the owner made for it (its row, with the uid). */
async function newInput(key: string) {
  const [row] = await db
    .insert(events)
    .values({ channelId: fx.alpha.id, key, name: { en: key }, accessType: "free", eventUtcTs: clock.now + 5 * H, endUtcTs: clock.now + 7 * H, timeZone: "UTC", mediaKey: null })
    .returning({ id: events.id });
  const input = await data<LiveInput>(await alpha.post(`/api/console/events/${row!.id}/live-input`, {}, tokens.owner));
  return { eventId: row!.id, row: (await db.select().from(liveInputs).where(eq(liveInputs.id, input.id)).get())! };
}

describe("low-latency ingest (issue 26)", () => {

  it("starts the broadcast when the ingest saw the picture begin, if that fits the segments it reports", async () => {
    clock.now = T0 + 20 * H;
    const { row: seen } = await newInput("v-ll-seen");
    const started = await data<LiveInput>(await report(seen.uid, { segment_count: 1, status: "connected", elapsed_ms: 2_650 }));
    expect(started.started_at).toBe(new Date(clock.now - 2_650).toISOString());
    // Shorter than the complete segments, or more than two segments longer: not believed, counted from the segments.
    for (const elapsed_ms of [1_999, 6_001]) {
      const { row: other } = await newInput(`v-ll-${elapsed_ms}`);
      expect((await data<LiveInput>(await report(other.uid, { segment_count: 1, status: "connected", elapsed_ms }))).started_at).toBe(new Date(clock.now - 2_000).toISOString());
    }
    expect((await report(seen.uid, { segment_count: 2, status: "connected", elapsed_ms: -1 })).status).toBe(422);
  });

  it("streams a segment still being written part by part, then the rest of the whole one", async () => {
    const key = "media/ll-test/chunk-stream0-00004.m4s";
    const whole = new Uint8Array(3_000).map((_, i) => i % 251);
    await env.MEDIA.put("media/ll-test/parts/chunk-stream0-00004.m4s.1", whole.slice(0, 1_000));
    const res = await serveGrowingSegment(env.MEDIA, key, 2);
    expect(res?.status).toBe(200);
    expect(res?.headers.get("cache-control")).toBe("private, no-store");
    const reader = res!.body!.getReader();
    // The first part is sent before the rest exists.
    const first = await reader.read();
    expect(first.value?.byteLength).toBe(1_000);
    await env.MEDIA.put("media/ll-test/parts/chunk-stream0-00004.m4s.2", whole.slice(1_000, 2_200));
    await env.MEDIA.put(key, whole);
    const rest: Uint8Array[] = [first.value!];
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest.push(r.value);
    expect(Buffer.concat(rest)).toEqual(Buffer.from(whole));
    // No part within a segment and a second: not there (404).
    expect(await serveGrowingSegment(env.MEDIA, "media/ll-test/chunk-stream0-00009.m4s", 0.2)).toBeNull();
  });
});

describe("an encoder that drops and comes back (issue 26)", () => {
  const eventRow = (id: number) => db.select().from(events).where(eq(events.id, id)).get();

  it("lists the channel's grace period for the ingest: 5 minutes unless set, a bad stored value is the default", async () => {
    clock.now = T0 + 30 * H;
    const { row } = await newInput("v-grace");
    const listed = async () => (await data<{ inputs: { uid: string; reconnect_grace_s: number; segment_count: number }[] }>(await ingest("/work"))).inputs.find((i) => i.uid === row.uid);
    expect(await listed()).toMatchObject({ reconnect_grace_s: 300, segment_count: 0 });
    await db.insert(channelSettings).values({ channelId: fx.alpha.id, key: "live.reconnect_grace_s", value: 60 });
    expect(await listed()).toMatchObject({ reconnect_grace_s: 60 });
    await db.update(channelSettings).set({ value: "soon" }).where(and(eq(channelSettings.channelId, fx.alpha.id), eq(channelSettings.key, "live.reconnect_grace_s")));
    expect(await listed()).toMatchObject({ reconnect_grace_s: 300 });
    await db.delete(channelSettings).where(and(eq(channelSettings.channelId, fx.alpha.id), eq(channelSettings.key, "live.reconnect_grace_s")));
  });

  it("keeps the event live while the encoder is away, then goes on with a gap and a start moved by the time away", async () => {
    clock.now = T0 + 31 * H;
    const { eventId, row } = await newInput("v-drop");
    const encoder = { video_codec: "h264", width: 1280, height: 720, fps: 30, video_kbps: 3000, audio_codec: "aac", audio_hz: 48000, behind_s: 0.4 };
    const first = await data<LiveInput>(await report(row.uid, { segment_count: 5, status: "connected", encoder }));
    expect(first.encoder).toEqual(encoder);
    const start = Date.parse(first.started_at!);

    // 10 s of stream (5 segments), then the encoder goes at +12 s.
    clock.now += 12_000;
    const dropped = await data<LiveInput>(await report(row.uid, { segment_count: 6, status: "dropped" }));
    expect(dropped).toMatchObject({ status: "reconnecting", segment_count: 6, dropped_at: new Date(clock.now).toISOString() });
    expect((await lastAudit(fx.alpha.id))?.action).toBe("live_input.drop");
    // Live through the grace period; a viewer's grant says "interrupted" at once (media-source's rule).
    expect((await eventRow(eventId))!.endUtcTs).toBeGreaterThanOrEqual(clock.now + 300_000);
    // Still busy: it cannot be deleted.
    expect((await del(alpha, `/api/console/events/${eventId}/live-input`, tokens.owner)).status).toBe(409);

    // The audio's 7th segment and the parts of its 8th, left past the count both streams have: the ingest removes
    // them before the next connection writes those numbers; the rest stays.
    const file = (stream: number, n: number) => `chunk-stream${stream}-${String(n).padStart(5, "0")}.m4s`;
    for (const name of [file(1, 7), `parts/${file(1, 7)}.1`, `parts/${file(1, 8)}.1`, `parts/${file(1, 8)}.2`, file(1, 6)]) await env.MEDIA.put(`media/${row.mediaKey}/${name}`, "stale");
    for (const n of [7, 8]) expect((await ingest(`/media/${row.mediaKey}/${file(1, n)}`, { method: "DELETE" })).status).toBe(200);
    const left = (await env.MEDIA.list({ prefix: `media/${row.mediaKey}/` })).objects.map((o) => o.key.slice(`media/${row.mediaKey}/`.length));
    expect(left).toEqual([file(1, 6)]);
    expect((await ingest(`/media/demo/${file(1, 7)}`, { method: "DELETE" })).status).toBe(404);

    // Back 20 s later: the 7th segment is the first of the new connection, its picture began 2.2 s ago.
    clock.now += 20_000;
    const back = await data<LiveInput>(await report(row.uid, { segment_count: 7, status: "connected", elapsed_ms: 7 * 2_000 + 200 }));
    const newStart = clock.now - 14_200;
    expect(back).toMatchObject({ status: "connected", dropped_at: null, started_at: new Date(newStart).toISOString() });
    expect(back.gaps).toEqual([{ at_s: 12, gap_s: (newStart - start) / 1000 }]);
    expect((await eventRow(eventId))!.eventUtcTs).toBe(newStart);
    expect(await lastAudit(fx.alpha.id)).toMatchObject({ action: "live_input.reconnect", actorEmail: "video-ingest" });

    // The end is the new start plus every segment: the recording has no hole.
    clock.now += 6_000;
    const ended = await data<LiveInput>(await report(row.uid, { segment_count: 9, status: "ended" }));
    expect(ended).toMatchObject({ status: "ended", gaps: [{ at_s: 12 }], encoder: null });
    const event = (await eventRow(eventId))!;
    expect(event.endUtcTs - event.eventUtcTs).toBe(18_000);
  });

  it("lets the owner end a broadcast now (also one waiting for its encoder); a viewer and another channel cannot", async () => {
    clock.now = T0 + 32 * H;
    const { eventId, row } = await newInput("v-end");
    expect((await alpha.post(`/api/console/events/${eventId}/live-input/end`, {}, tokens.owner)).status).toBe(409);
    await report(row.uid, { segment_count: 3, status: "connected" });
    clock.now += 8_000;
    await report(row.uid, { segment_count: 4, status: "dropped" });
    // What the ingest last wrote of the recording: still live, with a fifth segment only one stream had.
    const mediaJson = { segment_duration_s: 2, chunk_duration_s: 0.5, segment_count: 5, duration_s: 10, live: true, streams: [{ id: 0, kind: "video", bandwidth: 1_000_000, codecs: "avc1.64001f", init: "init-stream0.m4s", chunk_template: "chunk-stream0-$Number%05d$.m4s" }] };
    await env.MEDIA.put(`media/${row.mediaKey}/media.json`, JSON.stringify(mediaJson));
    expect((await alpha.post(`/api/console/events/${eventId}/live-input/end`, {}, tokens.viewer)).status).toBe(403);
    expect((await beta.post(`/api/console/events/${eventId}/live-input/end`, {}, tokens.betaOwner)).status).toBe(404);
    const ended = await alpha.post(`/api/console/events/${eventId}/live-input/end`, {}, tokens.owner);
    expect(ended.status).toBe(200);
    expect(await data<LiveInput>(ended)).toMatchObject({ status: "ended", segment_count: 4 });
    const event = (await eventRow(eventId))!;
    expect(event.endUtcTs - event.eventUtcTs).toBe(8_000);
    expect((await lastAudit(fx.alpha.id))?.action).toBe("live_input.end");
    // The recording is closed: no longer live, as long as the broadcast.
    expect(await (await env.MEDIA.get(`media/${row.mediaKey}/media.json`))!.json()).toEqual({ ...mediaJson, live: false, segment_count: 4, duration_s: 8 });
    // Over: the ingest's late reports change nothing.
    expect(await data<LiveInput>(await report(row.uid, { segment_count: 6, status: "connected" }))).toMatchObject({ status: "ended", segment_count: 4 });
  });
});

describe("an encoder refused for a wrong stream key (issue 29)", () => {
  const refused = (uid: string) => ingest(`/inputs/${uid}/refused`, { method: "POST" });

  it("is told to the owner with its time, audited without a key, until the next connection", async () => {
    clock.now = T0 + 40 * H;
    const { eventId, row } = await newInput("v-wrong-key");
    const listed = async () => (await data<LiveEventRow[]>(await alpha.get(`/api/console/live`, tokens.owner))).find((e) => e.id === eventId)!.input!;
    expect((await listed()).refused_at).toBeNull();

    clock.now += 60_000;
    const res = await refused(row.uid);
    expect(res.status).toBe(200);
    expect((await data<LiveInput>(res)).refused_at).toBe(new Date(clock.now).toISOString());
    expect((await listed()).refused_at).toBe(new Date(clock.now).toISOString());
    const audit = await lastAudit(fx.alpha.id);
    expect(audit).toMatchObject({ action: "live_input.refused", target: `events/${eventId}`, actorEmail: "video-ingest" });
    expect(JSON.stringify(audit)).not.toContain(row.streamKey);

    // The right key next: the note goes once the encoder is in.
    clock.now += 60_000;
    await report(row.uid, { segment_count: 2, status: "connected" });
    expect((await listed()).refused_at).toBeNull();
  });

  it("answers 404 for an unknown input and 422 for a malformed uid, and needs the ingest's secret", async () => {
    expect((await refused("local-doesnotexist123")).status).toBe(404);
    expect((await refused("nope")).status).toBe(422);
    const { row } = await newInput("v-wrong-key-secret");
    expect((await ingest(`/inputs/${row.uid}/refused`, { method: "POST" }, "wrong")).status).toBe(401);
  });
});
