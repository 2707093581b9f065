// The clip job (issue 11) on real local D1 and R2: a queued clip becomes a ready MP4 (both tracks from 0) with its
// poster; deliveries are idempotent; a gone source fails at once with its reason; other failures are retried with
// backoff and fail after the last attempt; a clip deleted mid-build leaves nothing behind; the sweep resends lost jobs.
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@api/db/client";
import { CLIP_MAX_ATTEMPTS, CLIP_MESSAGES, CLIP_QUEUE_TIMEOUT_MS } from "@api/contract/clips";
import { clips, users } from "@api/db/schema";
import { consumeBatch } from "@api/jobs/queue";
import { clipRetryDelayS, processClip, sweepClips } from "@api/services/clips/process";
import { client, clockedApi, env, freshEmail, registerUser } from "./auth-helpers";
import { seedChannels, type Fixtures } from "./fixtures";
import { moovTracks, fragments } from "../fixtures/mp4-walk";

const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);
const ASSET = "clipjob";
const db = getDb(env.DB);
let fx: Fixtures;
let userId = 0;

beforeAll(async () => {
  fx = await seedChannels();
  for (const [file, base64] of Object.entries(inject("demoMedia"))) {
    await env.MEDIA.put(`media/${ASSET}/${file}`, Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0)));
  }
  const { app } = clockedApi(T0);
  const alpha = await client(app, "alpha");
  const email = freshEmail("job");
  await registerUser(alpha, email);
  userId = (await db.select().from(users).where(and(eq(users.channelId, fx.alpha.id), eq(users.email, email))).get())!.id;
});

/** A queued clip of segments first…last of the test asset (or of another asset). */
async function queued(first = 2, last = 4, asset = ASSET) {
  return db
    .insert(clips)
    .values({
      channelId: fx.alpha.id,
      userId,
      uuid: crypto.randomUUID(),
      name: "clip",
      tags: ["goal"],
      requestedStartMs: (first - 1) * 2000,
      requestedDurationMs: (last - first + 1) * 2000,
      startMs: (first - 1) * 2000,
      durationMs: (last - first + 1) * 2000,
      asset,
      firstSegment: first,
      lastSegment: last,
      createdAt: T0,
      updatedAt: T0,
    })
    .returning()
    .get();
}

const scope = (bucket: R2Bucket = env.MEDIA, now = T0) => ({ db, bucket, now: () => now });
const rowOf = async (id: number) => (await db.select().from(clips).where(eq(clips.id, id)).get())!;
const job = (id: number) => ({ channelId: fx.alpha.id, clipId: id });

/** A JPEG's size, from its start-of-frame marker. */
function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  for (let i = 2; i + 9 < b.length; ) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    const length = (b[i + 2] << 8) | b[i + 3];
    if (marker >= 0xc0 && marker <= 0xc2) return { height: (b[i + 5] << 8) | b[i + 6], width: (b[i + 7] << 8) | b[i + 8] };
    i += 2 + length;
  }
  return null;
}

/** The bucket, but every put fails (a storage outage). */
const failingPuts = () => ({ ...env.MEDIA, get: env.MEDIA.get.bind(env.MEDIA), list: env.MEDIA.list.bind(env.MEDIA), head: env.MEDIA.head.bind(env.MEDIA), put: () => Promise.reject(new Error("r2 down")) }) as unknown as R2Bucket;

describe("processClip", () => {
  it("builds the MP4 into R2 with both tracks from 0, copies a poster frame and marks the clip ready", async () => {
    const clip = await queued(2, 4);
    expect(await processClip(scope(), job(clip.id), 1)).toEqual({ done: true });
    const row = await rowOf(clip.id);
    expect(row).toMatchObject({ status: "ready", progress: 100, attempts: 1, failureReason: null, readyAt: T0 });
    expect(row.fileKey).toBe(`clips/${fx.alpha.id}/${clip.id}-${clip.uuid}/clip.mp4`);
    const object = (await env.MEDIA.get(row.fileKey!))!;
    expect(object.httpMetadata?.contentType).toBe("video/mp4");
    const bytes = new Uint8Array(await object.arrayBuffer());
    expect(bytes.byteLength).toBe(row.fileSize);
    expect(moovTracks(bytes)).toEqual([
      { id: 1, handler: "vide" },
      { id: 2, handler: "soun" },
    ]);
    const trafs = fragments(bytes).flatMap((f) => f.trafs);
    // Three segments of four CMAF chunks (13, 13, 13 and 11 frames at 25 fps), from 0.
    // In frames (512 ticks of 12800 Hz each).
    expect(trafs.filter((t) => t.trackId === 1).map((t) => Number(t.time) / 512)).toEqual([0, 50, 100].flatMap((s) => [0, 13, 26, 39].map((c) => s + c)));
    expect(Number(trafs.find((t) => t.trackId === 2)!.time)).toBe(0);
    // The middle of 2–8 s is 5 s: the asset's first frame (one per 10 s), at full size (issue 28), not its thumbnail.
    const poster = await env.MEDIA.get(row.posterKey!);
    expect(poster?.httpMetadata?.contentType).toBe("image/jpeg");
    const posterBytes = new Uint8Array(await poster!.arrayBuffer());
    expect(posterBytes.slice(0, 2)).toEqual(new Uint8Array([0xff, 0xd8]));
    const frame = new Uint8Array(await (await env.MEDIA.get(`media/${ASSET}/frames/frame-00000.jpg`))!.arrayBuffer());
    expect(posterBytes).toEqual(frame);
    expect(jpegSize(posterBytes)).toEqual({ width: 1280, height: 720 });
  });

  it("is idempotent: a second delivery of a ready clip changes nothing", async () => {
    const clip = await queued(1, 2);
    await processClip(scope(), job(clip.id), 1);
    const before = await rowOf(clip.id);
    const etag = (await env.MEDIA.head(before.fileKey!))!.etag;
    expect(await processClip(scope(env.MEDIA, T0 + 60_000), job(clip.id), 2)).toEqual({ done: true });
    expect(await rowOf(clip.id)).toEqual(before);
    expect((await env.MEDIA.head(before.fileKey!))!.etag).toBe(etag);
    // A job for a clip that does not exist (or of another channel) is simply done.
    expect(await processClip(scope(), { channelId: fx.beta.id, clipId: clip.id }, 1)).toEqual({ done: true });
    expect(await processClip(scope(), job(9_999_999), 1)).toEqual({ done: true });
  });

  it("fails at once, with the reason, when the source is gone: no media, or a missing segment", async () => {
    const noAsset = await queued(1, 2, "no-such-asset");
    expect(await processClip(scope(), job(noAsset.id), 1)).toEqual({ done: true });
    expect(await rowOf(noAsset.id)).toMatchObject({ status: "failed", failureReason: CLIP_MESSAGES.sourceGone, fileKey: null });
    // The test asset holds chunks 1–6: segments 5–8 run out mid-file.
    const partial = await queued(5, 8);
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await processClip(scope(), job(partial.id), 1)).toEqual({ done: true });
    vi.restoreAllMocks();
    expect(await rowOf(partial.id)).toMatchObject({ status: "failed", failureReason: CLIP_MESSAGES.sourceGone });
  });

  it("retries other failures with backoff, then fails after the last attempt (the cut is kept)", async () => {
    const clip = await queued(1, 3);
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (let attempt = 1; attempt < CLIP_MAX_ATTEMPTS; attempt++) {
      expect(await processClip(scope(failingPuts()), job(clip.id), attempt)).toEqual({ done: false, retryAfterS: clipRetryDelayS(attempt) });
      expect(await rowOf(clip.id)).toMatchObject({ status: "processing", attempts: attempt });
    }
    expect([1, 2, 3, 4, 10].map(clipRetryDelayS)).toEqual([10, 20, 40, 80, 300]);
    expect(await processClip(scope(failingPuts()), job(clip.id), CLIP_MAX_ATTEMPTS)).toEqual({ done: true });
    vi.restoreAllMocks();
    expect(await rowOf(clip.id)).toMatchObject({ status: "failed", failureReason: CLIP_MESSAGES.processingFailed, firstSegment: 1, lastSegment: 3, name: "clip" });
  });

  it("leaves nothing in R2 when the clip is deleted while its file is built", async () => {
    const clip = await queued(1, 2);
    const deletingPut = {
      ...env.MEDIA,
      get: env.MEDIA.get.bind(env.MEDIA),
      list: env.MEDIA.list.bind(env.MEDIA),
      head: env.MEDIA.head.bind(env.MEDIA),
      delete: env.MEDIA.delete.bind(env.MEDIA),
      put: async (key: string, value: ReadableStream | ArrayBuffer, options?: R2PutOptions) => {
        await db.update(clips).set({ deletedAt: T0 }).where(eq(clips.id, clip.id));
        return env.MEDIA.put(key, value, options);
      },
    } as unknown as R2Bucket;
    expect(await processClip(scope(deletingPut), job(clip.id), 1)).toEqual({ done: true });
    const row = await rowOf(clip.id);
    expect(row.status).toBe("processing");
    expect(await env.MEDIA.head(`clips/${fx.alpha.id}/${clip.id}-${clip.uuid}/clip.mp4`)).toBeNull();
    expect(await env.MEDIA.head(`clips/${fx.alpha.id}/${clip.id}-${clip.uuid}/poster.jpg`)).toBeNull();
  });
});

describe("the queue and the sweep", () => {
  function message(body: unknown, attempts: number) {
    return { id: "m", timestamp: new Date(T0), attempts, body, ack: vi.fn(), retry: vi.fn() };
  }

  it("acks a finished clip job and retries a failing one with its delay", async () => {
    const ok = await queued(1, 2);
    const m1 = message({ kind: "clip.process", channelId: fx.alpha.id, clipId: ok.id }, 1);
    await consumeBatch({ queue: "streamhub-jobs", messages: [m1], ackAll: vi.fn(), retryAll: vi.fn() } as unknown as MessageBatch<unknown>, env);
    expect(m1.ack).toHaveBeenCalledTimes(1);
    expect((await rowOf(ok.id)).status).toBe("ready");

    const bad = await queued(1, 2);
    const m2 = message({ kind: "clip.process", channelId: fx.alpha.id, clipId: bad.id }, 2);
    vi.spyOn(console, "error").mockImplementation(() => {});
    await consumeBatch({ queue: "streamhub-jobs", messages: [m2], ackAll: vi.fn(), retryAll: vi.fn() } as unknown as MessageBatch<unknown>, { ...env, MEDIA: failingPuts() } as Env);
    vi.restoreAllMocks();
    expect(m2.retry).toHaveBeenCalledWith({ delaySeconds: clipRetryDelayS(2) });
    expect(m2.ack).not.toHaveBeenCalled();
  });

  it("resends the job of a clip left queued, and fails one that used its attempts", async () => {
    const lost = await queued(1, 2);
    const spent = await queued(1, 2);
    await db.update(clips).set({ attempts: CLIP_MAX_ATTEMPTS, status: "processing" }).where(eq(clips.id, spent.id));
    const fresh = await queued(1, 2);
    await db.update(clips).set({ updatedAt: T0 + CLIP_QUEUE_TIMEOUT_MS }).where(eq(clips.id, fresh.id));
    const sent: unknown[] = [];
    const now = T0 + CLIP_QUEUE_TIMEOUT_MS + 1;
    const report = await sweepClips(scope(env.MEDIA, now), async (j) => void sent.push(j));
    expect(sent).toContainEqual({ kind: "clip.process", channelId: fx.alpha.id, clipId: lost.id });
    expect(sent).not.toContainEqual({ kind: "clip.process", channelId: fx.alpha.id, clipId: fresh.id });
    expect(await rowOf(spent.id)).toMatchObject({ status: "failed", failureReason: CLIP_MESSAGES.processingFailed });
    expect(report.failed).toBeGreaterThanOrEqual(1);
    // Touched: the next sweep a moment later does not send it again.
    const again: unknown[] = [];
    await sweepClips(scope(env.MEDIA, now + 1_000), async (j) => void again.push(j));
    expect(again).not.toContainEqual({ kind: "clip.process", channelId: fx.alpha.id, clipId: lost.id });
  });
});
