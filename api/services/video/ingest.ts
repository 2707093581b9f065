// What the local ingest process (scripts/ingest-local.ts) reports about a live input (issue 16), and what follows
// for the event. An event fed by an encoder follows its broadcast: it starts when the first segment is in R2 and
// plays the encoder's asset from then on (livesim's `live` asset, never looped); while segments keep coming it stays
// live; when the stream stops it ends, and the recording (the same asset, now complete) is the finished event's
// media over exactly its length. The schedule was the plan; the broadcast is what happened.
import { and, eq, inArray } from "drizzle-orm";
import { channelSettingsSchema } from "../../contract/settings";
import type { IngestProgress, IngestWork } from "../../contract/video";
import type { Db } from "../../db/client";
import { channels, channelSettings, events, liveInputs, mediaUploads } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { localIngestPort } from "../../providers/video/local";
import { findDefinition } from "../../db/repos/definitions";
import { changeLatest } from "../console/definition";
import { auditQuery, channelChanged, type ConsoleScope } from "../console/scope";
import { eventChanged } from "../event-live";
import { LIVE_SEGMENT_S, type LiveInputRow } from "./wire";
import { loadMediaInfo, saveMediaInfo } from "../media-asset";

/** While segments keep arriving, the event's end stays at least this far ahead, so it is live until the stream stops. */
export const LIVE_GRACE_MS = 2 * 60_000;
const SEGMENT_MS = LIVE_SEGMENT_S * 1000;

/** The channel's reconnect grace period, seconds (a bad stored value is the default). */
export async function reconnectGraceS(db: Db, channelId: number): Promise<number> {
  const row = await db
    .select({ value: channelSettings.value })
    .from(channelSettings)
    .where(and(eq(channelSettings.channelId, channelId), eq(channelSettings.key, "live.reconnect_grace_s")))
    .get();
  return channelSettingsSchema.shape["live.reconnect_grace_s"].parse(row?.value ?? undefined);
}

/** The platform acting on its own (the ingest, a provider's webhook): no user, a name in the audit log. */
export function platformScope(db: Db, env: Env, channel: ConsoleScope["channel"], now: number, who = "video-ingest"): ConsoleScope {
  return { db, env, channel, actor: { id: null, email: who }, now };
}

/** Every channel's local inputs waiting for or receiving a stream, and local uploads waiting to be packaged. */
export async function ingestWork(db: Db): Promise<IngestWork> {
  const [inputs, uploads] = await Promise.all([
    db
      .select({
        uid: liveInputs.uid,
        channel: channels.alias,
        ingestUrl: liveInputs.ingestUrl,
        streamKey: liveInputs.streamKey,
        mediaKey: liveInputs.mediaKey,
        status: liveInputs.status,
        segmentCount: liveInputs.segmentCount,
        grace: channelSettings.value,
      })
      .from(liveInputs)
      .innerJoin(channels, eq(channels.id, liveInputs.channelId))
      .leftJoin(channelSettings, and(eq(channelSettings.channelId, liveInputs.channelId), eq(channelSettings.key, "live.reconnect_grace_s")))
      .where(and(eq(liveInputs.provider, "local"), inArray(liveInputs.status, ["idle", "connected", "reconnecting"]))),
    db
      .select({ uid: mediaUploads.uid, channel: channels.alias, sourceKey: mediaUploads.sourceKey, mediaKey: mediaUploads.mediaKey })
      .from(mediaUploads)
      .innerJoin(channels, eq(channels.id, mediaUploads.channelId))
      .where(and(eq(mediaUploads.provider, "local"), inArray(mediaUploads.status, ["uploaded", "processing"]))),
  ]);
  return {
    inputs: inputs.flatMap((i) => {
      const port = localIngestPort(i.ingestUrl);
      // A bad stored grace falls back to the default, as GET /settings answers it.
      const grace = channelSettingsSchema.shape["live.reconnect_grace_s"].parse(i.grace ?? undefined);
      return port === null
        ? []
        : [{ uid: i.uid, channel: i.channel, port, stream_key: i.streamKey, media_key: i.mediaKey, status: i.status, segment_count: i.segmentCount, reconnect_grace_s: grace }];
    }),
    uploads: uploads.flatMap((u) => (u.sourceKey ? [{ uid: u.uid, channel: u.channel, source_key: u.sourceKey, media_key: u.mediaKey }] : [])),
  };
}

/** A local input by its uid, with its channel; 404 when unknown or another provider's. */
export async function localInput(db: Db, uid: string) {
  const row = await db
    .select({ input: liveInputs, channel: { id: channels.id, alias: channels.alias, name: channels.name } })
    .from(liveInputs)
    .innerJoin(channels, eq(channels.id, liveInputs.channelId))
    .where(and(eq(liveInputs.uid, uid), eq(liveInputs.provider, "local")))
    .get();
  if (!row) throw notFound();
  return row;
}

/**
 * The broadcast's start from the ingest's reading of when the picture began (`elapsed_ms` ago), if it has one and it
 * is plausible: never later than the `count` complete segments allow, nor more than two segments earlier.
 */
function pictureStart(now: number, count: number, elapsedMs: number | undefined): number {
  const counted = count * SEGMENT_MS;
  const elapsed = elapsedMs !== undefined && elapsedMs >= counted && elapsedMs <= counted + 2 * SEGMENT_MS ? elapsedMs : counted;
  return now - elapsed;
}

/**
 * Segments are in R2 (`connected`), the encoder went away (`dropped`: the ingest listens for it during the channel's
 * grace period), or the stream is over (`ended`). The first report starts the broadcast: its start is set so the
 * clock's live edge is the segment just reported (livesim computes the edge from the start). The first report after
 * a drop continues it: the segments go on from the last one, so the start moves later by the time the encoder was
 * away, kept as a gap of the broadcast (where in the recording, how long).
 */
export async function reportLiveProgress(scope: ConsoleScope, input: LiveInputRow, report: IngestProgress): Promise<LiveInputRow> {
  const { db, now } = scope;
  // An ended input stays ended: a late or repeated report changes nothing.
  if (input.status === "ended") return input;
  const count = Math.max(input.segmentCount, report.segment_count);
  if (report.status === "connected" && count === 0) return input;
  const target = `events/${input.eventId}`;
  const encoder = report.encoder ? { encoder: report.encoder } : {};
  const ofEvent = and(eq(events.channelId, input.channelId), eq(events.id, input.eventId));

  if (report.status === "dropped") {
    if (input.status !== "connected") return input;
    const event = await db.select({ end: events.endUtcTs }).from(events).where(ofEvent).get();
    if (!event) throw notFound();
    // Live until the grace period is over (the ingest then reports the end), as the slate says "interrupted".
    const graceMs = (await reconnectGraceS(db, input.channelId)) * 1000;
    const [[row]] = await db.batch([
      db.update(liveInputs).set({ status: "reconnecting", droppedAt: now, segmentCount: count }).where(eq(liveInputs.id, input.id)).returning(),
      db.update(events).set({ endUtcTs: Math.max(event.end, now + graceMs + LIVE_GRACE_MS) }).where(ofEvent),
      auditQuery(scope, { action: "live_input.drop", target, before: { status: "connected" }, after: { status: "reconnecting", segment_count: count, grace_s: graceMs / 1000 } }),
    ]);
    await eventChanged({ env: scope.env, channelId: scope.channel.id }, input.eventId, "interrupted");
    return row;
  }

  if (report.status === "ended") {
    if (input.startedAt === null || count === 0) {
      // The encoder connected but sent nothing whole: the event keeps its schedule and its media.
      const [[row]] = await db.batch([
        db.update(liveInputs).set({ status: "ended", endedAt: now }).where(eq(liveInputs.id, input.id)).returning(),
        auditQuery(scope, { action: "live_input.end", target, before: { status: input.status }, after: { status: "ended", segment_count: 0 } }),
      ]);
      return row;
    }
    const end = input.startedAt + count * SEGMENT_MS;
    if (input.provider === "local") await closeRecording(scope.env.MEDIA, input.mediaKey, count, now);
    await followBroadcast(scope, input.eventId, { start: input.startedAt, end, mediaKey: input.mediaKey });
    const [[row]] = await db.batch([
      db.update(liveInputs).set({ status: "ended", endedAt: now, segmentCount: count }).where(eq(liveInputs.id, input.id)).returning(),
      auditQuery(scope, {
        action: "live_input.end",
        target,
        before: { status: input.status },
        after: { status: "ended", segment_count: count, recording: input.mediaKey, event_start: new Date(input.startedAt).toISOString(), event_end: new Date(end).toISOString() },
      }),
    ]);
    await channelChanged(scope.env, scope.channel.alias);
    await eventChanged({ env: scope.env, channelId: scope.channel.id }, input.eventId, "ended", { start: input.startedAt, end, now });
    return row;
  }

  const event = await db.select({ end: events.endUtcTs }).from(events).where(ofEvent).get();
  if (!event) throw notFound();
  const endAtLeast = Math.max(event.end, now + LIVE_GRACE_MS);
  if (input.status === "reconnecting" && input.startedAt !== null) {
    if (count <= input.segmentCount) return input;
    const startedAt = Math.max(input.startedAt, pictureStart(now, count, report.elapsed_ms));
    const gap = { at_s: input.segmentCount * LIVE_SEGMENT_S, gap_s: Math.round((startedAt - input.startedAt) / 100) / 10 };
    await followBroadcast(scope, input.eventId, { start: startedAt, endAtLeast: now + LIVE_GRACE_MS });
    const [[row]] = await db.batch([
      db.update(liveInputs).set({ status: "connected", startedAt, droppedAt: null, segmentCount: count, gaps: [...input.gaps, gap], ...encoder }).where(eq(liveInputs.id, input.id)).returning(),
      auditQuery(scope, { action: "live_input.reconnect", target, before: { status: "reconnecting" }, after: { status: "connected", gap_at_s: gap.at_s, gap_s: gap.gap_s, event_start: new Date(startedAt).toISOString() } }),
    ]);
    await channelChanged(scope.env, scope.channel.alias);
    await eventChanged({ env: scope.env, channelId: scope.channel.id }, input.eventId, "live");
    return row;
  }
  if (input.status === "idle") {
    const startedAt = pictureStart(now, count, report.elapsed_ms);
    await followBroadcast(scope, input.eventId, { start: startedAt, endAtLeast: now + LIVE_GRACE_MS, mediaKey: input.mediaKey });
    const [[row]] = await db.batch([
      db.update(liveInputs).set({ status: "connected", startedAt, segmentCount: count, ...encoder }).where(eq(liveInputs.id, input.id)).returning(),
      auditQuery(scope, { action: "live_input.connect", target, before: { status: "idle" }, after: { status: "connected", media_key: input.mediaKey, event_start: new Date(startedAt).toISOString() } }),
    ]);
    await channelChanged(scope.env, scope.channel.alias);
    await eventChanged({ env: scope.env, channelId: scope.channel.id }, input.eventId, "live");
    return row;
  }
  // While it lasts, the end moves with the stream in the row alone: a report comes every segment, and a console
  // save of the events (which writes the stored end) is set right again by the next one.
  const [[row]] = await db.batch([
    db.update(liveInputs).set({ segmentCount: count, ...encoder }).where(eq(liveInputs.id, input.id)).returning(),
    db.update(events).set({ endUtcTs: endAtLeast }).where(ofEvent),
  ]);
  return row;
}

/**
 * The event as broadcast: its start, end and media (when the broadcast is packaged into our R2; a provider that
 * hosts playback leaves the event's own asset, see services/video/media-source.ts) written into the channel's stored definition (the loader's own
 * events section writes the row), so a later edit in the console keeps them. A channel loaded before definitions
 * were stored has only its rows.
 */
/**
 * An encoder tried to publish with a wrong stream key (issue 29): the ingest refused it, and the console tells the
 * owner when (a typo in the encoder's key is the commonest reason a broadcast never starts). An ended input is left
 * alone. Audited without the key it sent (the ingest never reports it).
 */
export async function reportRefusedPublish(scope: ConsoleScope, input: LiveInputRow): Promise<LiveInputRow> {
  if (input.status === "ended") return input;
  const [[row]] = await scope.db.batch([
    scope.db.update(liveInputs).set({ refusedAt: scope.now }).where(eq(liveInputs.id, input.id)).returning(),
    auditQuery(scope, { action: "live_input.refused", target: `events/${input.eventId}`, before: null, after: { reason: "wrong_stream_key" } }),
  ]);
  return row;
}

export async function followBroadcast(scope: ConsoleScope, eventId: number, b: { start: number; mediaKey?: string } & ({ end: number } | { endAtLeast: number })): Promise<void> {
  const event = await scope.db
    .select({ key: events.key, start: events.eventUtcTs, end: events.endUtcTs })
    .from(events)
    .where(and(eq(events.channelId, scope.channel.id), eq(events.id, eventId)))
    .get();
  if (!event) throw notFound();
  // Ended: exactly the recording. Started: the planned length from now, or longer while the stream lasts.
  const seconds = (plannedMinutes: number) =>
    "end" in b ? Math.max(1, Math.round((b.end - b.start) / 1000)) : Math.max(Math.round(plannedMinutes * 60), Math.ceil((b.endAtLeast - b.start) / 1000));
  if (!(await findDefinition(scope.db, scope.channel.id))) {
    const planned = (event.end - event.start) / 60_000;
    await scope.db
      .update(events)
      .set({ eventUtcTs: b.start, endUtcTs: b.start + seconds(planned) * 1000, ...(b.mediaKey ? { mediaKey: b.mediaKey } : {}) })
      .where(eq(events.id, eventId));
    return;
  }
  await changeLatest(scope, [
    {
      name: "events",
      change: {
        kind: "update",
        id: event.key,
        update: (item) => ({ ...item, start: { utc: new Date(b.start).toISOString() }, duration: seconds(Number(item?.duration)) / 60, ...(b.mediaKey ? { media_key: b.mediaKey } : {}) }),
      },
    },
  ]);
}

/**
 * An encoder's recording once its broadcast is over: media.json no longer `live`, as long as every stream has. The
 * ingest writes the same when it ends a broadcast itself; an owner's End (whose ingest is then refused any write), or
 * an ingest restarted while the encoder was away, leave it to this.
 */
async function closeRecording(bucket: R2Bucket, asset: string, count: number, now: number): Promise<void> {
  const info = await loadMediaInfo(bucket, asset, now);
  if (!info?.live) return;
  await saveMediaInfo(bucket, asset, { ...info, live: false, segment_count: count, duration_s: count * info.segment_duration_s });
}
