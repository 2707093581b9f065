// Live inputs looked up across channels (issue 16): a provider's notification names an input by its uid alone, and
// the Cron Trigger keeps every streaming event live. Console reads, which name the channel, stay in the service.
import { and, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../client";
import { channels, events, liveInputs } from "../schema";
import type { VideoProviderName } from "../../contract/video";

const channelColumns = { id: channels.id, alias: channels.alias, name: channels.name };

/** The input a provider knows by `uid`, with its channel; undefined when this platform did not create it. */
export function inputByProviderUid(db: Db, provider: VideoProviderName, uid: string) {
  return db
    .select({ input: liveInputs, channel: channelColumns })
    .from(liveInputs)
    .innerJoin(channels, eq(channels.id, liveInputs.channelId))
    .where(and(eq(liveInputs.uid, uid), eq(liveInputs.provider, provider)))
    .get();
}

/** Events a provider's encoder is streaming to now. */
export function streamingEvents(db: Db, provider: VideoProviderName) {
  return db
    .select({ eventId: events.id, channelAlias: channels.alias })
    .from(liveInputs)
    .innerJoin(events, and(eq(events.channelId, liveInputs.channelId), eq(events.id, liveInputs.eventId)))
    .innerJoin(channels, eq(channels.id, liveInputs.channelId))
    .where(and(eq(liveInputs.provider, provider), eq(liveInputs.status, "connected")));
}

/** Moves the end of events that are still streaming to at least `endAtLeast` (the row only, as the local reports do). */
export async function extendEventEnds(db: Db, ids: number[], endAtLeast: number): Promise<number> {
  const moved = await db
    .update(events)
    .set({ endUtcTs: endAtLeast })
    .where(and(inArray(events.id, ids), lt(events.endUtcTs, endAtLeast)))
    .returning({ id: events.id });
  return moved.length;
}
