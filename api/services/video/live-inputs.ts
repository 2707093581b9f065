// Live inputs in the console (issue 16): the owner creates one for an upcoming or live event and gives its RTMP URL
// and stream key to the encoder. Every change is audited in the batch that makes it.
import { and, asc, eq, gt, isNotNull, or } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { VIDEO_MESSAGES, type LiveEventRow, type LiveInput } from "../../contract/video";
import { eventCategories, events, liveInputs } from "../../db/schema";
import { ApiError, notFound } from "../../lib/errors";
import type { Language } from "../../contract/constants";
import { type LocalizedText, localize } from "../localize";
import { videoProvider, VideoProviderError } from "../../providers/video";
import { streamStatus } from "../event-status";
import { auditQuery, type ConsoleScope } from "../console/scope";
import { reconnectGraceS, reportLiveProgress } from "./ingest";
import { liveInputWire, newMediaKey } from "./wire";
import { scoringOf } from "../scores/rules";

/** How long a finished event stays in the console's live list (its input's "ended" state is still worth seeing). */
const RECENT_MS = 24 * 3_600_000;
const LIST_LIMIT = 100;

const inputOf = (scope: ConsoleScope, eventId: number) =>
  scope.db
    .select()
    .from(liveInputs)
    .where(and(eq(liveInputs.channelId, scope.channel.id), eq(liveInputs.eventId, eventId)))
    .get();

const eventOf = (scope: ConsoleScope, eventId: number) =>
  scope.db
    .select({ id: events.id, name: events.name, start: events.eventUtcTs, end: events.endUtcTs })
    .from(events)
    .where(and(eq(events.channelId, scope.channel.id), eq(events.id, eventId)))
    .get();

/**
 * Upcoming and live events (and those that ended in the last day or have an input), soonest first, with inputs and
 * whether their sport (or its parent) has scoring rules.
 */
const sport = alias(eventCategories, "sport");
const parent = alias(eventCategories, "parent_sport");

export async function listLiveEvents(scope: ConsoleScope, lang: Language): Promise<LiveEventRow[]> {
  const rows = await scope.db
    .select({ event: { id: events.id, key: events.key, name: events.name, start: events.eventUtcTs, end: events.endUtcTs }, input: liveInputs, sport: sport.alias, parentSport: parent.alias })
    .from(events)
    .leftJoin(liveInputs, and(eq(liveInputs.channelId, events.channelId), eq(liveInputs.eventId, events.id)))
    .leftJoin(sport, and(eq(sport.channelId, events.channelId), eq(sport.id, events.eventCategoryId)))
    .leftJoin(parent, and(eq(parent.channelId, events.channelId), eq(parent.id, sport.parentId)))
    .where(and(eq(events.channelId, scope.channel.id), or(gt(events.endUtcTs, scope.now - RECENT_MS), isNotNull(liveInputs.id))))
    .orderBy(asc(events.eventUtcTs), asc(events.id))
    .limit(LIST_LIMIT);
  return rows.map(({ event, input, sport, parentSport }) => ({
    id: event.id,
    key: event.key,
    name: localize(event.name as LocalizedText, lang, "en"),
    starts_at: new Date(event.start).toISOString(),
    ends_at: new Date(event.end).toISOString(),
    stream_status: streamStatus(event, scope.now),
    input: input ? liveInputWire(input) : null,
    scoring: scoringOf(sport === null ? null : { alias: sport }, parentSport === null ? null : { alias: parentSport }),
  }));
}

export async function getLiveInput(scope: ConsoleScope, eventId: number): Promise<LiveInput> {
  if (!(await eventOf(scope, eventId))) throw notFound();
  const input = await inputOf(scope, eventId);
  if (!input) throw notFound(VIDEO_MESSAGES.noInput);
  return liveInputWire(input);
}

/** A provider failure is a 502 in clear words, never a 500. */
export async function viaProvider<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof VideoProviderError)) throw error;
    console.error("video provider:", error.message);
    throw new ApiError(502, VIDEO_MESSAGES.providerFailed);
  }
}

export async function createLiveInput(scope: ConsoleScope, eventId: number): Promise<LiveInput> {
  const event = await eventOf(scope, eventId);
  if (!event) throw notFound();
  if (streamStatus(event, scope.now) === "finished") throw new ApiError(409, VIDEO_MESSAGES.eventOver);
  if (await inputOf(scope, eventId)) throw new ApiError(409, VIDEO_MESSAGES.inputExists);
  const provider = videoProvider(scope.env, scope.db);
  const created = await viaProvider(provider.createLiveInput({ name: `${scope.channel.alias} event ${eventId}`, reconnectGraceS: await reconnectGraceS(scope.db, scope.channel.id) }));
  const values = {
    channelId: scope.channel.id,
    eventId,
    provider: provider.name,
    uid: created.uid,
    ingestUrl: created.ingestUrl,
    streamKey: created.streamKey,
    srtUrl: created.srtUrl,
    status: "idle" as const,
    mediaKey: newMediaKey("live"),
    createdAt: scope.now,
  };
  try {
    const [[row]] = await scope.db.batch([
      scope.db.insert(liveInputs).values(values).returning(),
      // The stream key is a credential: the log says an input exists, not how to publish to it.
      auditQuery(scope, { action: "live_input.create", target: `events/${eventId}`, before: null, after: { uid: created.uid, provider: provider.name, media_key: values.mediaKey } }),
    ]);
    return liveInputWire(row);
  } catch (error) {
    // Two owners creating at once: the unique index keeps one, and the provider's second input is let go.
    await provider.deleteLiveInput(created.uid).catch(() => undefined);
    if (await inputOf(scope, eventId)) throw new ApiError(409, VIDEO_MESSAGES.inputExists);
    throw error;
  }
}

/**
 * The owner ends the broadcast now (issue 26): an encoder that stopped is otherwise waited for during the channel's
 * grace period, since a drop and a stop look the same to the ingest. The event ends at what was received, and its
 * recording becomes on demand; the local ingest stops listening at its next look at its work.
 */
export async function endLiveInput(scope: ConsoleScope, eventId: number): Promise<LiveInput> {
  if (!(await eventOf(scope, eventId))) throw notFound();
  const input = await inputOf(scope, eventId);
  if (!input) throw notFound(VIDEO_MESSAGES.noInput);
  if (input.status !== "connected" && input.status !== "reconnecting") throw new ApiError(409, VIDEO_MESSAGES.notBroadcasting);
  if (input.provider !== "local") throw new ApiError(409, VIDEO_MESSAGES.endInEncoder);
  return liveInputWire(await reportLiveProgress(scope, input, { segment_count: input.segmentCount, status: "ended" }));
}

/** Deletes an input that is not streaming (idle, or ended: the recording stays the event's media). */
export async function deleteLiveInput(scope: ConsoleScope, eventId: number): Promise<void> {
  if (!(await eventOf(scope, eventId))) throw notFound();
  const input = await inputOf(scope, eventId);
  if (!input) throw notFound(VIDEO_MESSAGES.noInput);
  if (input.status === "connected" || input.status === "reconnecting") throw new ApiError(409, VIDEO_MESSAGES.inputLive);
  const provider = videoProvider(scope.env, scope.db);
  // An input of the other provider (configuration changed since) is only forgotten here.
  if (provider.name === input.provider) await viaProvider(provider.deleteLiveInput(input.uid));
  await scope.db.batch([
    scope.db.delete(liveInputs).where(eq(liveInputs.id, input.id)),
    auditQuery(scope, { action: "live_input.delete", target: `events/${eventId}`, before: { uid: input.uid, status: input.status, media_key: input.mediaKey }, after: null }),
  ]);
}
