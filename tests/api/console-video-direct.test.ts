// Direct uploads (docs/decisions/025) against real local D1/R2: the console makes a resumable upload (owner or admin;
// 422 in the form's words), the browser sends the bytes with tus to the local stand-in's dev-only endpoint (offsets,
// a chunk cut short, a wrong token, production's 404) until the source is whole in R2 and the row is `uploaded` for the
// local ingest; with Stream, the adapter's tus creation against a fake Stream, and its webhook finishing a waiting row.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { LOCAL_TUS_CHUNK_BYTES, type DirectUpload, type MediaUpload } from "@api/contract/video";
import { getDb } from "@api/db/client";
import { auditLog, mediaUploads } from "@api/db/schema";
import { clockedApi, env } from "./auth-helpers";
import { call } from "./fixtures";
import { type ConsoleChannel, seedConsoleChannel } from "./console-fixtures";
import { signedWebhook } from "./stream-webhook";

const T0 = Date.UTC(2026, 10, 23, 9, 0, 0);
const { app, clock } = clockedApi(T0);
const db = getDb(env.DB);
const MiB = 1024 * 1024;
const SIZE = 2 * LOCAL_TUS_CHUNK_BYTES + 3 * MiB;
const WEBHOOK_SECRET = "5d1f0c2b8e7a4c6d9e0f1a2b3c4d5e6f";
const stream = { ...env, CLOUDFLARE_STREAM_ACCOUNT_ID: "acc", CLOUDFLARE_STREAM_API_TOKEN: "tok", CLOUDFLARE_STREAM_WEBHOOK_SECRET: WEBHOOK_SECRET } as Env;
const production = { ...env, APP_ENV: "production" } as Env;
let ch: ConsoleChannel;
let other: ConsoleChannel;
let channelId = 0;

const direct = (token: string | undefined, body: Record<string, unknown>, bindings: Env = env, channel = () => ch) =>
  call(channel().host, "/api/console/uploads/direct", { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify({ api_key: channel().key, ...body }) }, app, bindings);
const film = { title_en: "Final, full game", title_fr: "Finale, match complet", file_name: "final.mp4", file_size: SIZE, file_type: "video/mp4" };
const data = async <T>(res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
};
const errors = async (res: Response) => ((await res.json()) as { message: string; errors: Record<string, string[]> });
/** The tus calls, as the browser makes them, on the URL the API answered (same origin). */
const tus = (url: string, init: RequestInit = {}, bindings: Env = env) => {
  const u = new URL(url);
  return call(u.host, u.pathname, { ...init, headers: { "Tus-Resumable": "1.0.0", ...(init.headers as Record<string, string>) } }, app, bindings);
};
const patch = (url: string, offset: number, bytes: Uint8Array<ArrayBuffer>, type = "application/offset+octet-stream", bindings: Env = env) =>
  tus(url, { method: "PATCH", headers: { "Upload-Offset": String(offset), "Content-Type": type }, body: bytes }, bindings);
const head = (url: string) => tus(url, { method: "HEAD" });
const digest = async (bytes: ArrayBuffer | Uint8Array<ArrayBuffer>) => [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
const row = (id: number) => db.select().from(mediaUploads).where(eq(mediaUploads.id, id)).get();
const audits = (mediaKey: string) => db.select().from(auditLog).where(and(eq(auditLog.channelId, channelId), eq(auditLog.target, `uploads/${mediaKey}`))).orderBy(desc(auditLog.id));

beforeAll(async () => {
  ch = await seedConsoleChannel("vid-direct", { now: T0 });
  other = await seedConsoleChannel("vid-direct-other", { now: T0 });
  channelId = (await env.DB.prepare("SELECT id FROM channels WHERE alias = 'vid-direct'").first<{ id: number }>())!.id;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("making a direct upload", () => {
  it("refuses a visitor (401) and a viewer (403)", async () => {
    expect((await direct(undefined, film)).status).toBe(401);
    const viewer = await direct(ch.viewerToken, film);
    expect(viewer.status).toBe(403);
    expect(await viewer.json()).toEqual({ message: "Only the channel's owner can do this." });
  });

  it("says what is wrong in clear words: a title, a file, its type, its size", async () => {
    const noTitle = await direct(ch.ownerToken, { ...film, title_en: " " });
    expect(noTitle.status).toBe(422);
    expect((await errors(noTitle)).errors.title_en).toEqual(["Field is required"]);
    const noFile = await direct(ch.ownerToken, { title_en: "Final" });
    expect(noFile.status).toBe(422);
    expect((await errors(noFile)).errors).toMatchObject({ file_name: ["Choose a video file to upload."], file_size: ["Choose a video file to upload."] });
    const text = await direct(ch.ownerToken, { ...film, file_name: "notes.txt", file_type: "text/plain" });
    expect(text.status).toBe(422);
    expect(await text.json()).toEqual({ message: "Upload an MP4, MOV, WebM or MKV video.", errors: { file: ["Upload an MP4, MOV, WebM or MKV video."] } });
    const huge = await direct(ch.ownerToken, { ...film, file_size: 30 * 1024 ** 3 + 1 });
    expect(huge.status).toBe(422);
    expect(await huge.json()).toEqual({ message: "The video is larger than 30 GB.", errors: { file: ["The video is larger than 30 GB."] } });
    expect(await db.select().from(mediaUploads).where(eq(mediaUploads.channelId, channelId))).toEqual([]);
  });

  it("is not offered in production without Stream (the local tus endpoint does not exist there)", async () => {
    expect((await direct(ch.ownerToken, film, production)).status).toBe(404);
  });
});

describe("the local tus endpoint", () => {
  const bytes = new Uint8Array(SIZE);
  for (let i = 0; i < SIZE; i++) bytes[i] = (i * 7 + (i >>> 13)) % 251;
  let made: DirectUpload;

  it("is answered with a waiting upload, a same-origin URL with its own token, and a fixed chunk size; audited", async () => {
    made = await data<DirectUpload>(await direct(ch.ownerToken, film));
    expect(made.chunk_bytes).toBe(5 * MiB);
    expect(made.upload_url).toMatch(new RegExp(`^http://${ch.host}/api/dev/tus/local-[A-Za-z0-9_-]{16}/[A-Za-z0-9_-]{32}$`));
    expect(made.upload).toMatchObject({ provider: "local", status: "waiting", title: { en: "Final, full game", fr: "Finale, match complet" } });
    const [audit] = await audits(made.upload.media_key);
    expect(audit).toMatchObject({ action: "upload.create", actorEmail: "owner@vid-direct.test", after: { file: "final.mp4", bytes: SIZE, direct: true } });
    // Another channel's owner finds no such upload; waiting uploads are not the ingest's yet.
    const get = await call(other.host, `/api/console/uploads/${made.upload.id}?api_key=${encodeURIComponent(other.key)}`, { headers: { authorization: `Bearer ${other.ownerToken}` } }, app);
    expect(get.status).toBe(404);
  });

  it("keeps where to resume while it waits: its owner's console reads the target and the file (after a reload)", async () => {
    const get = await call(ch.host, `/api/console/uploads/${made.upload.id}?api_key=${encodeURIComponent(ch.key)}`, { headers: { authorization: `Bearer ${ch.ownerToken}` } }, app);
    expect((await data<MediaUpload>(get)).resume).toEqual({ upload_url: made.upload_url, chunk_bytes: made.chunk_bytes, file_name: "final.mp4", file_size: SIZE });
    expect(made.upload.resume).toEqual({ upload_url: made.upload_url, chunk_bytes: made.chunk_bytes, file_name: "final.mp4", file_size: SIZE });
  });

  it("answers its offset and length; a wrong token or an unknown upload is a 404, and production has none of it", async () => {
    const res = await head(made.upload_url);
    expect(res.status).toBe(200);
    expect(Object.fromEntries(["upload-offset", "upload-length", "tus-resumable", "cache-control"].map((h) => [h, res.headers.get(h)]))).toEqual({ "upload-offset": "0", "upload-length": String(SIZE), "tus-resumable": "1.0.0", "cache-control": "no-store" });
    const wrong = made.upload_url.replace(/\/[^/]+$/, "/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect((await head(wrong)).status).toBe(404);
    expect((await patch(wrong, 0, bytes.subarray(0, LOCAL_TUS_CHUNK_BYTES))).status).toBe(404);
    expect((await head(made.upload_url.replace(/local-[^/]+/, "local-unknownunknown"))).status).toBe(404);
    expect((await tus(made.upload_url, { method: "HEAD" }, production)).status).toBe(404);
    expect((await patch(made.upload_url, 0, bytes.subarray(0, LOCAL_TUS_CHUNK_BYTES), undefined, production)).status).toBe(404);
    expect((await head(made.upload_url)).headers.get("upload-offset")).toBe("0");
  });

  it("appends a whole chunk at the current offset only: 409 elsewhere, 415 untyped, and a chunk cut short is sent again", async () => {
    const chunk1 = bytes.subarray(0, LOCAL_TUS_CHUNK_BYTES);
    expect((await patch(made.upload_url, LOCAL_TUS_CHUNK_BYTES, chunk1)).status).toBe(409);
    expect((await patch(made.upload_url, 0, chunk1, "application/octet-stream")).status).toBe(415);
    // The connection dropped mid-chunk: what arrived is refused, and the offset stays where it was.
    const cut = await patch(made.upload_url, 0, chunk1.subarray(0, 3 * MiB));
    expect(cut.status).toBe(400);
    expect((await head(made.upload_url)).headers.get("upload-offset")).toBe("0");
    const first = await patch(made.upload_url, 0, chunk1);
    expect(first.status).toBe(204);
    expect(first.headers.get("upload-offset")).toBe(String(LOCAL_TUS_CHUNK_BYTES));
    // The client resumes: HEAD, then the next chunk from there.
    const offset = Number((await head(made.upload_url)).headers.get("upload-offset"));
    expect(offset).toBe(LOCAL_TUS_CHUNK_BYTES);
    expect((await patch(made.upload_url, 0, chunk1)).status).toBe(409);
    expect((await patch(made.upload_url, offset, bytes.subarray(offset, offset + LOCAL_TUS_CHUNK_BYTES))).headers.get("upload-offset")).toBe(String(2 * LOCAL_TUS_CHUNK_BYTES));
    expect((await row(made.upload.id))?.status).toBe("waiting");
  });

  it("completes with the last byte: the source in R2 is the file, byte for byte, and the row is the ingest's", async () => {
    clock.now = T0 + 60_000;
    const offset = 2 * LOCAL_TUS_CHUNK_BYTES;
    const last = await patch(made.upload_url, offset, bytes.subarray(offset));
    expect(last.status).toBe(204);
    expect(last.headers.get("upload-offset")).toBe(String(SIZE));
    const done = (await row(made.upload.id))!;
    expect(done).toMatchObject({ status: "uploaded", updatedAt: clock.now });
    const source = await env.MEDIA.get(done.sourceKey!);
    expect(done.sourceKey).toBe(`uploads/${done.uid}/source.mp4`);
    expect(source?.size).toBe(SIZE);
    expect(await digest(await source!.arrayBuffer())).toBe(await digest(bytes));
    // Nothing is left to resume once every byte is there.
    const get = await call(ch.host, `/api/console/uploads/${made.upload.id}?api_key=${encodeURIComponent(ch.key)}`, { headers: { authorization: `Bearer ${ch.ownerToken}` } }, app);
    expect((await data<MediaUpload>(get)).resume).toBeNull();
    const [audit] = await audits(done.mediaKey);
    expect(audit).toMatchObject({ action: "upload.uploaded", actorEmail: "video-upload", before: { status: "waiting" }, after: { status: "uploaded", bytes: SIZE } });
    // HEAD after a lost answer says it is all there; nothing more is taken.
    expect((await head(made.upload_url)).headers.get("upload-offset")).toBe(String(SIZE));
    expect((await patch(made.upload_url, SIZE, new Uint8Array(1))).status).toBe(409);
    const work = await call("127.0.0.1:8787", "/api/dev/ingest/work", { headers: { authorization: "Bearer dev-only-ingest-secret-do-not-use-in-production" } }, app);
    expect(((await work.json()) as { data: { uploads: { uid: string; source_key: string }[] } }).data.uploads).toContainEqual(expect.objectContaining({ uid: done.uid, source_key: done.sourceKey }));
  });

  it("takes a file of one chunk or less in a single PATCH", async () => {
    const small = await data<DirectUpload>(await direct(ch.adminToken ?? ch.ownerToken, { ...film, file_name: "clip.webm", file_type: "", file_size: 1000 }));
    const res = await patch(small.upload_url, 0, new Uint8Array(1000).fill(7));
    expect(res.status).toBe(204);
    expect((await row(small.upload.id))?.status).toBe("uploaded");
  });
});

describe("with Cloudflare Stream", () => {
  const UID = "ea95132c15732412d22c1476fa83f27a";
  const LOCATION = `https://upload.videodelivery.net/tus/${UID}?tusv2=true`;

  const signed = (body: string) => signedWebhook(WEBHOOK_SECRET, body, clock.now);

  it("asks Stream for a tus upload and answers its one-time URL; Stream's webhook then makes the waiting row ready", async () => {
    const seen: Request[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      seen.push(new Request(input, init));
      return new Response(null, { status: 201, headers: { Location: LOCATION, "stream-media-id": UID, "Tus-Resumable": "1.0.0" } });
    });
    const made = await data<DirectUpload>(await direct(ch.ownerToken, { ...film, file_size: 20 * 1024 ** 3 }, stream));
    expect(made).toMatchObject({ upload_url: LOCATION, chunk_bytes: 50 * MiB, upload: { provider: "cloudflare", status: "waiting" } });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(["POST https://api.cloudflare.com/client/v4/accounts/acc/stream?direct_user=true"]);
    expect(seen[0]!.headers.get("upload-length")).toBe(String(20 * 1024 ** 3));
    expect((await row(made.upload.id))).toMatchObject({ uid: UID, sourceKey: null, status: "waiting" });
    expect((await audits(made.upload.media_key))[0]).toMatchObject({ action: "upload.create", after: { uid: UID, direct: true } });

    const body = JSON.stringify({ uid: UID, readyToStream: true, status: { state: "ready" }, duration: 5400 });
    const res = await call("127.0.0.1:8787", "/api/video/webhook", await signed(body), app, stream);
    expect(await data(res)).toEqual({ handled: "upload" });
    expect((await row(made.upload.id))?.status).toBe("ready");
    expect((await audits(made.upload.media_key)).map((a) => a.action)).toEqual(["upload.ready", "upload.create"]);
  });

  it("answers 502 in plain words when Stream refuses, and records nothing", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify({ success: false, errors: [{ code: 10000, message: "Authentication error" }] }), { status: 403 }));
    const before = (await db.select().from(mediaUploads).where(eq(mediaUploads.channelId, channelId))).length;
    const res = await direct(ch.ownerToken, film, stream);
    expect(res.status).toBe(502);
    expect(((await res.json()) as { message: string }).message).toBe("The video service did not answer. Please try again in a moment.");
    expect((await db.select().from(mediaUploads).where(eq(mediaUploads.channelId, channelId))).length).toBe(before);
  });
});

describe("an upload URL that expired", () => {
  const renew = (id: number, token: string | undefined, channel = ch, bindings: Env = env) =>
    call(channel.host, `/api/console/uploads/${id}/direct`, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify({ api_key: channel.key }) }, app, bindings);

  it("takes no bytes past its time (404, like Stream's); renewing gives the same upload a new URL from byte 0, and the old one is let go", async () => {
    const { LOCAL_TUS_TTL_MS } = await import("@api/providers/video/local-tus");
    clock.now = T0;
    const made = await data<DirectUpload>(await direct(ch.ownerToken, film));
    const chunk = new Uint8Array(LOCAL_TUS_CHUNK_BYTES).fill(9);
    expect((await patch(made.upload_url, 0, chunk)).status).toBe(204);
    const old = (await row(made.upload.id))!;
    expect(old.direct?.expiresAt).toBe(T0 + LOCAL_TUS_TTL_MS);
    clock.now = T0 + LOCAL_TUS_TTL_MS - 1;
    expect((await head(made.upload_url)).headers.get("upload-offset")).toBe(String(LOCAL_TUS_CHUNK_BYTES));
    clock.now = T0 + LOCAL_TUS_TTL_MS;
    expect((await head(made.upload_url)).status).toBe(404);
    expect((await patch(made.upload_url, LOCAL_TUS_CHUNK_BYTES, chunk)).status).toBe(404);

    // Only the channel's managers, and only for its own upload.
    expect((await renew(made.upload.id, undefined)).status).toBe(401);
    expect((await renew(made.upload.id, ch.viewerToken)).status).toBe(403);
    expect((await renew(made.upload.id, other.ownerToken, other)).status).toBe(404);
    expect((await row(made.upload.id))!.uid).toBe(old.uid);

    const renewed = await data<DirectUpload>(await renew(made.upload.id, ch.ownerToken));
    expect(renewed.upload).toMatchObject({ id: made.upload.id, media_key: made.upload.media_key, status: "waiting" });
    expect(renewed.upload_url).not.toBe(made.upload_url);
    expect(renewed.upload.resume).toEqual({ upload_url: renewed.upload_url, chunk_bytes: LOCAL_TUS_CHUNK_BYTES, file_name: "final.mp4", file_size: SIZE });
    const now = (await row(made.upload.id))!;
    expect(now.uid).not.toBe(old.uid);
    expect(now.direct?.expiresAt).toBe(clock.now + LOCAL_TUS_TTL_MS);
    // The old transfer and its state are gone; the new URL starts at 0 and takes the whole file.
    expect(await env.MEDIA.head(`uploads/${old.uid}/tus.json`)).toBeNull();
    expect((await head(renewed.upload_url)).headers.get("upload-offset")).toBe("0");
    const bytes = new Uint8Array(SIZE).fill(5);
    for (let offset = 0; offset < SIZE; offset += LOCAL_TUS_CHUNK_BYTES) {
      expect((await patch(renewed.upload_url, offset, bytes.subarray(offset, Math.min(SIZE, offset + LOCAL_TUS_CHUNK_BYTES)))).status).toBe(204);
    }
    const done = (await row(made.upload.id))!;
    expect(done.status).toBe("uploaded");
    expect((await env.MEDIA.head(done.sourceKey!))?.size).toBe(SIZE);
    expect((await audits(made.upload.media_key)).map((a) => a.action)).toEqual(["upload.uploaded", "upload.renew", "upload.create"]);
    expect((await audits(made.upload.media_key))[1]).toMatchObject({ actorEmail: "owner@vid-direct.test", before: { uid: old.uid }, after: { uid: now.uid, file: "final.mp4", bytes: SIZE } });

    // Once every byte is there, nothing is renewed (409, in words).
    const late = await renew(made.upload.id, ch.ownerToken);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ message: "This upload is no longer waiting for its file." });
  });

  it("with Stream: a new one-time URL is asked for, then the old video is deleted; a refusal leaves the upload as it was", async () => {
    clock.now = T0;
    const uids = ["1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d", "6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a"];
    const seen: string[] = [];
    let refuse = false;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      seen.push(`${request.method} ${request.url}`);
      if (request.method === "DELETE") return new Response(JSON.stringify({ success: true, errors: [], result: null }), { status: 200 });
      if (refuse) return new Response(JSON.stringify({ success: false, errors: [{ code: 10011, message: "Insufficient storage" }] }), { status: 400 });
      const uid = uids.shift()!;
      return new Response(null, { status: 201, headers: { Location: `https://upload.videodelivery.net/tus/${uid}`, "stream-media-id": uid } });
    });
    const made = await data<DirectUpload>(await direct(ch.ownerToken, film, stream));
    expect((await row(made.upload.id))!.direct?.expiresAt).toBeNull();
    refuse = true;
    expect((await renew(made.upload.id, ch.ownerToken, ch, stream)).status).toBe(502);
    expect((await row(made.upload.id))!.uid).toBe("1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d");
    refuse = false;
    const renewed = await data<DirectUpload>(await renew(made.upload.id, ch.ownerToken, ch, stream));
    expect(renewed.upload_url).toBe("https://upload.videodelivery.net/tus/6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a");
    expect((await row(made.upload.id))!.uid).toBe("6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a");
    expect(seen.filter((s) => s.startsWith("DELETE"))).toEqual(["DELETE https://api.cloudflare.com/client/v4/accounts/acc/stream/1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d"]);
    // An upload of the other provider (the configuration changed since) is not renewed by this one.
    expect((await renew(made.upload.id, ch.ownerToken)).status).toBe(409);
    await db.delete(mediaUploads).where(eq(mediaUploads.id, made.upload.id));
  });
});

describe("giving up an upload", () => {
  const remove = (id: number, token: string | undefined, channel = ch, bindings: Env = env) =>
    call(channel.host, `/api/console/uploads/${id}?api_key=${encodeURIComponent(channel.key)}`, { method: "DELETE", headers: token ? { authorization: `Bearer ${token}` } : {} }, app, bindings);

  it("removes a waiting upload: the open transfer and its state go, the row goes, the log keeps it; its URL is then a 404", async () => {
    clock.now = T0;
    const made = await data<DirectUpload>(await direct(ch.ownerToken, film));
    expect((await patch(made.upload_url, 0, new Uint8Array(LOCAL_TUS_CHUNK_BYTES).fill(3))).status).toBe(204);
    const waiting = (await row(made.upload.id))!;
    expect((await remove(made.upload.id, undefined)).status).toBe(401);
    expect((await remove(made.upload.id, ch.viewerToken)).status).toBe(403);
    // Another channel's owner names an upload that is not theirs: not found.
    expect((await remove(made.upload.id, other.ownerToken, other)).status).toBe(404);
    expect((await row(made.upload.id))?.status).toBe("waiting");

    expect(await data(await remove(made.upload.id, ch.ownerToken))).toEqual({ deleted: true });
    expect(await row(made.upload.id)).toBeUndefined();
    expect(await env.MEDIA.head(`uploads/${waiting.uid}/tus.json`)).toBeNull();
    expect((await head(made.upload_url)).status).toBe(404);
    expect((await audits(made.upload.media_key))[0]).toMatchObject({ action: "upload.delete", after: null, before: { uid: waiting.uid, status: "waiting" } });
    expect((await remove(made.upload.id, ch.ownerToken)).status).toBe(404);
  });

  it("refuses to remove an upload the ingest is packaging (409, in words), and asks Stream to delete its video", async () => {
    const small = await data<DirectUpload>(await direct(ch.ownerToken, { ...film, file_size: 1000 }));
    expect((await patch(small.upload_url, 0, new Uint8Array(1000).fill(1))).status).toBe(204);
    const busy = await remove(small.upload.id, ch.ownerToken);
    expect(busy.status).toBe(409);
    expect(await busy.json()).toMatchObject({ message: "This video is being packaged or is in the library: it cannot be removed here." });

    const UID = "0b7c5e0a9d2f4e1c8a6b3d5f7e9a1c2b";
    const seen: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      seen.push(`${request.method} ${request.url}`);
      if (request.method === "DELETE") return new Response(JSON.stringify({ success: true, errors: [], result: null }), { status: 200 });
      return new Response(null, { status: 201, headers: { Location: `https://upload.videodelivery.net/tus/${UID}`, "stream-media-id": UID } });
    });
    const streamed = await data<DirectUpload>(await direct(ch.ownerToken, film, stream));
    expect(await data(await remove(streamed.upload.id, ch.ownerToken, ch, stream))).toEqual({ deleted: true });
    expect(seen).toContain(`DELETE https://api.cloudflare.com/client/v4/accounts/acc/stream/${UID}`);
    expect(await row(streamed.upload.id)).toBeUndefined();
  });

  it("gives up, in the Cron Trigger's sweep, a direct upload left waiting for a day: failed with the reason, its bytes let go", async () => {
    const { sweepAbandonedUploads, UPLOAD_ABANDONED_MS } = await import("@api/services/video/uploads");
    clock.now = T0 + 1000;
    const made = await data<DirectUpload>(await direct(ch.ownerToken, film));
    const uid = (await row(made.upload.id))!.uid;
    expect(await sweepAbandonedUploads(db, env, clock.now + UPLOAD_ABANDONED_MS - 1)).toBe(0);
    expect(await sweepAbandonedUploads(db, env, clock.now + UPLOAD_ABANDONED_MS + 1)).toBeGreaterThanOrEqual(1);
    expect(await row(made.upload.id)).toMatchObject({ status: "failed", error: "The upload was not finished within 24 hours.", sourceKey: null });
    expect(await env.MEDIA.head(`uploads/${uid}/tus.json`)).toBeNull();
    expect((await audits(made.upload.media_key))[0]).toMatchObject({ action: "upload.failed", actorEmail: "video-sweep" });
    // A failed upload can then be removed from the list.
    expect(await data(await remove(made.upload.id, ch.ownerToken))).toEqual({ deleted: true });
  });
});
