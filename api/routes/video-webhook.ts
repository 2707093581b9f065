// Cloudflare Stream's webhook (issue 16): a video finished processing or failed. An upload's video becomes ready
// (and goes into the library) or failed; a live input's recording being ready means its stream stopped, so the input
// ends and the recording (its uid kept on the input) is the event's media from then on, and the event's key plays are
// cut from it. Stream sends every account notification to one URL, so this is mounted before the host's channel is
// resolved and finds the upload or input by its uid; a clip Stream cut is found by its video's uid too. Unsigned,
// stale or tampered requests get 401.
import { and, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../context";
import { VIDEO_MESSAGES } from "../contract/video";
import { channels, liveInputs, mediaUploads } from "../db/schema";
import { ApiError } from "../lib/errors";
import { readTextCapped } from "../lib/validate";
import { videoProvider } from "../providers/video";
import { auditQuery, channelChanged } from "../services/console/scope";
import { eventChanged } from "../services/event-live";
import { followBroadcast, platformScope } from "../services/video/ingest";
import { addLibraryItem } from "../services/console/library";
import { reportUploadProgress } from "../services/video/uploads";
import { CLIP_MESSAGES } from "../contract/clips";
import { clipByStreamUid, markFailed, refreshClipCount } from "../db/repos/clips";
import { enqueue } from "../services/clips/clips";
import { cutRecordedKeyPlays, type KeyPlayScope } from "../services/scores/key-plays";

const channelColumns = { id: channels.id, alias: channels.alias, name: channels.name };

/** The input's channel as key plays are cut in it: the webhook belongs to no host, so the channel is the input's. */
const keyPlayScope = (c: Context<AppEnv>, channelId: number, now: number): KeyPlayScope => ({
  db: c.get("db"),
  env: c.env,
  bucket: c.env.MEDIA,
  channelId,
  now,
  send: async (job, options) => void (await c.env.JOBS.send(job, options)),
});

export const videoWebhookRoutes = new Hono<AppEnv>().post("/video/webhook", async (c) => {
  const db = c.get("db");
  const now = c.get("now")();
  const provider = videoProvider(c.env, db);
  const event = await provider.verifyWebhook(await readTextCapped(c.req), c.req.raw.headers, now);
  if (!event) throw new ApiError(401, VIDEO_MESSAGES.badSignature);
  c.header("Cache-Control", "no-store");

  const upload = await db
    .select({ upload: mediaUploads, channel: channelColumns })
    .from(mediaUploads)
    .innerJoin(channels, eq(channels.id, mediaUploads.channelId))
    .where(and(eq(mediaUploads.uid, event.uid), eq(mediaUploads.provider, provider.name)))
    .get();
  if (upload) {
    const scope = platformScope(db, c.env, upload.channel, now, "video-webhook");
    const report =
      event.kind === "video.ready"
        ? { status: "ready" as const, duration_s: event.durationS ?? 1 }
        : event.kind === "video.failed"
          ? { status: "failed" as const, error: event.error }
          : { status: "processing" as const };
    await reportUploadProgress(scope, upload.upload, report, addLibraryItem);
    return c.json({ data: { handled: "upload" } });
  }

  // A clip Stream cut (services/clips/process.ts): ready, its job copies the MP4 (sent through the queue, so this
  // answers at once; a lost send is resent by the sweep); failed, the clip fails as our own clips do.
  const clip = await clipByStreamUid(db, event.uid);
  if (clip) {
    if (clip.deletedAt === null && (clip.status === "queued" || clip.status === "processing")) {
      if (event.kind === "video.ready") {
        await enqueue({ channelId: clip.channelId, send: async (job) => void (await c.env.JOBS.send(job)) }, clip);
      } else if (event.kind === "video.failed") {
        console.error("Stream could not make clip", clip.id, event.error);
        await markFailed(db, clip.channelId, clip.id, CLIP_MESSAGES.processingFailed, now);
        await refreshClipCount(db, clip.channelId, clip.id);
      }
    }
    return c.json({ data: { handled: "clip" } });
  }

  const liveInputUid = event.kind === "video.processing" ? null : event.liveInputUid;
  const input =
    liveInputUid &&
    (await db
      .select({ input: liveInputs, channel: channelColumns })
      .from(liveInputs)
      .innerJoin(channels, eq(channels.id, liveInputs.channelId))
      .where(and(eq(liveInputs.uid, liveInputUid), eq(liveInputs.provider, provider.name)))
      .get());
  if (input && input.input.status !== "ended") {
    const scope = platformScope(db, c.env, input.channel, now, "video-webhook");
    // A ready recording is the event's media from now on (services/video/media-source.ts); a failed one is not.
    const recordingUid = event.kind === "video.ready" ? event.uid : null;
    // The finished event is the recording: from the broadcast's start (Stream's live notifications; else the
    // recording's length back from now) for exactly its length.
    const durationS = event.kind === "video.ready" ? event.durationS : null;
    if (durationS && durationS > 0) {
      const start = input.input.startedAt ?? now - Math.round(durationS * 1000);
      await followBroadcast(scope, input.input.eventId, { start, end: start + Math.round(durationS * 1000) });
    }
    await db.batch([
      db.update(liveInputs).set({ status: "ended", endedAt: now, recordingUid }).where(eq(liveInputs.id, input.input.id)),
      auditQuery(scope, {
        action: "live_input.end",
        target: `events/${input.input.eventId}`,
        before: { status: input.input.status },
        after: { status: "ended", recording: recordingUid, duration_s: durationS, ...(event.kind === "video.failed" ? { error: event.error } : {}) },
      }),
    ]);
    await channelChanged(c.env, input.channel.alias);
    await eventChanged({ env: c.env, channelId: input.channel.id }, input.input.eventId, "ended");
    // The key plays tapped while Stream held the stream get their clips from the recording (issue 27). After the input
    // ends: a tap arriving meanwhile either sees the recording and is cut at once, or is stored before this reads.
    if (recordingUid) await cutRecordedKeyPlays(keyPlayScope(c, input.channel.id, now), input.input.eventId, recordingUid);
    return c.json({ data: { handled: "live_input" } });
  }
  // Stream sends a notification again when it took the first for lost: the key plays are cut again, so one that failed
  // to be cut gets its clip, and a tap that has one keeps it (one clip per tap).
  if (input && event.kind === "video.ready" && input.input.recordingUid === event.uid) {
    await cutRecordedKeyPlays(keyPlayScope(c, input.channel.id, now), input.input.eventId, event.uid);
    return c.json({ data: { handled: "live_input" } });
  }
  // Videos this platform did not create (made in Stream's dashboard) are acknowledged and ignored.
  return c.json({ data: { handled: null } });
});
