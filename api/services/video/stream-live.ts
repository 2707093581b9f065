// What Cloudflare Stream says about its live inputs (issue 16), through Cloudflare Notifications ("Stream Live
// Input": connected, disconnected, errored), and what follows for the event. Like the local ingest's reports
// (ingest.ts), an event fed by an encoder follows its broadcast: the first connection starts it, and it stays live
// while the encoder streams (the Cron Trigger moves its end ahead, as each local report does). A disconnection leaves
// it live for STREAM_LIVE_GRACE_MS, for the encoder to come back; the recording Stream makes of the input, announced by its
// webhook (routes/video-webhook.ts), ends the input and is the finished event's media.
import { eq } from "drizzle-orm";
import type { StreamLiveNotification } from "../../contract/video";
import type { Db } from "../../db/client";
import { extendEventEnds, streamingEvents } from "../../db/repos/live-inputs";
import { liveInputs } from "../../db/schema";
import { auditQuery, channelChanged, type ConsoleScope } from "../console/scope";
import { followBroadcast } from "./ingest";
import { eventChanged } from "../event-live";
import type { LiveInputRow } from "./wire";

/**
 * While a Stream encoder is connected its event ends at least this far ahead. The Cron Trigger runs every 5 minutes
 * (wrangler.toml), so one missed run still leaves the event live; the recording sets the true end.
 */
export const STREAM_LIVE_GRACE_MS = 11 * 60_000;

export type StreamLiveOutcome = "connected" | "disconnected" | "errored" | "ignored";

/** When the provider says the change happened: its `updated_at`, never later than now; now when absent or unreadable. */
export function notifiedAt(notification: StreamLiveNotification, now: number): number {
  const at = Date.parse(notification.data?.updated_at ?? "");
  return Number.isFinite(at) ? Math.min(at, now) : now;
}

type LiveNotification = StreamLiveNotification & { data: NonNullable<StreamLiveNotification["data"]> };

export async function reportStreamConnection(scope: ConsoleScope, input: LiveInputRow, notification: LiveNotification): Promise<StreamLiveOutcome> {
  const { db, now } = scope;
  const type = notification.data.event_type;
  const at = notifiedAt(notification, now);
  const target = `events/${input.eventId}`;
  // An ended input (its recording is the event's media) stays ended; a notification older than the broadcast's start
  // arrived late and says nothing new.
  if (input.status === "ended") return "ignored";
  if (input.startedAt !== null && at < input.startedAt) return "ignored";

  if (type === "live_input.connected") {
    if (input.status === "connected") return "ignored";
    // A reconnection keeps the broadcast's first start: the recording runs from there.
    const startedAt = input.startedAt ?? at;
    // Stream serves the broadcast (media-source.ts); the event keeps its own asset for before and, failing a
    // recording, after.
    await followBroadcast(scope, input.eventId, { start: startedAt, endAtLeast: now + STREAM_LIVE_GRACE_MS });
    await db.batch([
      db.update(liveInputs).set({ status: "connected", startedAt }).where(eq(liveInputs.id, input.id)),
      auditQuery(scope, {
        action: "live_input.connect",
        target,
        before: { status: input.status },
        after: { status: "connected", event_start: new Date(startedAt).toISOString(), reconnected: input.startedAt !== null },
      }),
    ]);
    await channelChanged(scope.env, scope.channel.alias);
    await eventChanged({ env: scope.env, channelId: scope.channel.id }, input.eventId, "live");
    return "connected";
  }

  if (type === "live_input.disconnected") {
    if (input.status !== "connected") return "ignored";
    await db.batch([
      db.update(liveInputs).set({ status: "idle" }).where(eq(liveInputs.id, input.id)),
      auditQuery(scope, { action: "live_input.disconnect", target, before: { status: "connected" }, after: { status: "idle", at: new Date(at).toISOString() } }),
    ]);
    await eventChanged({ env: scope.env, channelId: scope.channel.id }, input.eventId, "disconnected");
    return "disconnected";
  }

  if (type === "live_input.errored") {
    // Nothing changes state (the encoder may still be connected); the owner sees the provider's words in the log.
    const { input_id: _id, event_type: _type, ...details } = notification.data;
    await auditQuery(scope, { action: "live_input.error", target, before: null, after: { status: input.status, ...details } });
    return "errored";
  }
  return "ignored";
}

/**
 * The Cron Trigger's part: every event a Stream encoder is streaming to stays live at least STREAM_LIVE_GRACE_MS ahead (the
 * row alone, as the local ingest's per-segment reports do). Stream sends no progress, only connect and disconnect.
 */
export async function keepStreamEventsLive(db: Db, now: number): Promise<number> {
  const rows = await streamingEvents(db, "cloudflare");
  if (rows.length === 0) return 0;
  return extendEventEnds(db, rows.map((r) => r.eventId), now + STREAM_LIVE_GRACE_MS);
}
