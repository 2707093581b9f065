// Cloudflare Stream's live notifications (issue 16) against real local D1: an encoder connecting to a Stream-held
// input starts its event (through the stored definition), the Cron Trigger keeps it live while it streams, a
// disconnection stops that, a reconnection keeps the first start, errors are logged, and nothing is taken without the
// destination's secret or from an input this platform did not create.
import { env } from "cloudflare:workers";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@api/db/client";
import { auditLog, channels, events, liveInputs } from "@api/db/schema";
import { bootstrapKey } from "@api/lib/cache-keys";
import { keepStreamEventsLive, STREAM_LIVE_GRACE_MS } from "@api/services/video/stream-live";
import { clockedApi } from "./auth-helpers";
import { call } from "./fixtures";
import { type ConsoleChannel, seedConsoleChannel } from "./console-fixtures";

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const SECRET = "notification-secret-for-tests";
const { app, clock } = clockedApi(T0);
const db = getDb(env.DB);
const stream = { ...env, CLOUDFLARE_STREAM_ACCOUNT_ID: "acc", CLOUDFLARE_STREAM_API_TOKEN: "tok", CLOUDFLARE_STREAM_NOTIFICATION_SECRET: SECRET } as Env;
let ch: ConsoleChannel;
let channelId = 0;
let eventId = 0;
let inputId = 0;

const notify = (body: unknown, secret: string | null = SECRET, bindings: Env = stream) =>
  call("127.0.0.1:8787", "/api/video/live-notifications", { method: "POST", headers: { "content-type": "application/json", ...(secret === null ? {} : { "cf-webhook-auth": secret }) }, body: typeof body === "string" ? body : JSON.stringify(body) }, app, bindings);
const live = (type: string, at: number, extra: Record<string, unknown> = {}, input = "cf-input-1") => ({
  name: "Stream live",
  text: `Notification type: Stream Live Input\nInput ID: ${input}\nEvent type: ${type}`,
  data: { notification_name: "Stream Live Input", input_id: input, event_type: type, updated_at: new Date(at).toISOString().replace("Z", "855717Z"), ...extra },
  ts: Math.floor(at / 1000),
});
const handled = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: { handled: string | null } }).data.handled;
};
const inputRow = () => db.select().from(liveInputs).where(eq(liveInputs.id, inputId)).get();
const eventRow = () => db.select({ start: events.eventUtcTs, end: events.endUtcTs, media: events.mediaKey }).from(events).where(eq(events.id, eventId)).get();
const audits = () => db.select().from(auditLog).where(and(eq(auditLog.channelId, channelId), eq(auditLog.target, `events/${eventId}`))).orderBy(desc(auditLog.id));

beforeAll(async () => {
  ch = await seedConsoleChannel("con-stream", { now: T0 });
  channelId = (await db.select({ id: channels.id }).from(channels).where(eq(channels.alias, "con-stream")).get())!.id;
});

beforeEach(async () => {
  clock.now = T0;
  await db.delete(liveInputs).where(eq(liveInputs.channelId, channelId));
  // The opener is two days ahead at load: put it back there, planned for 120 minutes.
  const opener = (await db.select({ id: events.id }).from(events).where(and(eq(events.channelId, channelId), eq(events.key, "opener"))).get())!;
  eventId = opener.id;
  await db.update(events).set({ eventUtcTs: T0 + 2 * 24 * 60 * MIN, endUtcTs: T0 + 2 * 24 * 60 * MIN + 120 * MIN, mediaKey: "demo" }).where(eq(events.id, eventId));
  const [row] = await db
    .insert(liveInputs)
    .values({ channelId, eventId, provider: "cloudflare", uid: "cf-input-1", ingestUrl: "rtmps://live.cloudflare.com:443/live/", streamKey: "k", srtUrl: null, mediaKey: "live-cfinput1", createdAt: T0 })
    .returning({ id: liveInputs.id });
  inputId = row.id;
});

describe("who may notify", () => {
  it("refuses a request without the destination's secret, with a wrong one, and any while Stream is not configured", async () => {
    expect((await notify(live("live_input.connected", T0), null)).status).toBe(401);
    expect((await notify(live("live_input.connected", T0), "wrong")).status).toBe(401);
    const local = { ...env, CLOUDFLARE_STREAM_NOTIFICATION_SECRET: SECRET } as Env;
    const res = await notify(live("live_input.connected", T0), SECRET, local);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: "The notification secret is missing or wrong." });
    expect((await inputRow())?.status).toBe("idle");
  });

  it("acknowledges the destination's test message and inputs it did not create; a malformed one is a 4xx, never a 500", async () => {
    expect(await handled(await notify({ text: "Hello World! This is a test message sent from https://cloudflare.com." }))).toBeNull();
    expect(await handled(await notify(live("live_input.connected", T0, {}, "made-in-the-dashboard")))).toBeNull();
    expect((await notify({ data: { event_type: "live_input.connected" } })).status).toBe(422);
    expect((await notify("{not json")).status).toBe(400);
    expect((await inputRow())?.status).toBe("idle");
  });
});

describe("an encoder on a Stream input", () => {
  it("starts the event when it connects: the start, the media and the stored definition follow; caches are dropped", async () => {
    await env.CACHE.put(bootstrapKey("con-stream", "en"), "{}");
    const at = T0 - 20_000;
    expect(await handled(await notify(live("live_input.connected", at)))).toBe("connected");
    const input = await inputRow();
    expect(input).toMatchObject({ status: "connected", startedAt: at });
    // Planned for 120 minutes from the broadcast's start (the start moved, the length stays); Stream serves the
    // broadcast, so the event keeps what its definition names (nothing here: no demo stand-in, issue 26).
    expect(await eventRow()).toEqual({ start: at, end: at + 120 * MIN, media: null });
    const stored = await env.DB.prepare("SELECT definition FROM channel_definitions WHERE channel_id = ?").bind(channelId).first<{ definition: string }>();
    const opener = (JSON.parse(stored!.definition) as { catalogue: { events: { key: string; start: { utc: string }; media_key?: string }[] } }).catalogue.events.find((e) => e.key === "opener")!;
    expect(opener).toMatchObject({ start: { utc: new Date(at).toISOString() } });
    expect(opener.media_key).not.toBe("live-cfinput1");
    expect(await env.CACHE.get(bootstrapKey("con-stream", "en"))).toBeNull();
    const [audit] = await audits();
    expect(audit).toMatchObject({ action: "live_input.connect", actorEmail: "video-notifications", actorUserId: null });
    expect(audit.after).toMatchObject({ status: "connected", reconnected: false });

    // A repeated notification changes nothing.
    expect(await handled(await notify(live("live_input.connected", at + 1000)))).toBe("ignored");
    expect((await inputRow())?.startedAt).toBe(at);
  });

  it("stays live past its planned end while streaming (the Cron Trigger), and not once disconnected", async () => {
    expect(await handled(await notify(live("live_input.connected", T0)))).toBe("connected");
    clock.now = T0 + 130 * MIN; // past the planned 120 minutes
    expect(await keepStreamEventsLive(db, clock.now)).toBe(1);
    expect((await eventRow())?.end).toBe(clock.now + STREAM_LIVE_GRACE_MS);
    // An event whose end is already further ahead is left alone.
    expect(await keepStreamEventsLive(db, clock.now)).toBe(0);

    clock.now = T0 + 131 * MIN;
    expect(await handled(await notify(live("live_input.disconnected", clock.now)))).toBe("disconnected");
    expect(await inputRow()).toMatchObject({ status: "idle", startedAt: T0 });
    clock.now = T0 + 140 * MIN;
    expect(await keepStreamEventsLive(db, clock.now)).toBe(0);
    expect((await eventRow())?.end).toBe(T0 + 130 * MIN + STREAM_LIVE_GRACE_MS);
    expect((await audits())[0]).toMatchObject({ action: "live_input.disconnect", actorEmail: "video-notifications" });

    // The encoder comes back within the grace: the broadcast keeps its first start.
    expect(await handled(await notify(live("live_input.connected", clock.now)))).toBe("connected");
    expect(await inputRow()).toMatchObject({ status: "connected", startedAt: T0 });
    expect((await eventRow())?.start).toBe(T0);
    expect((await audits())[0].after).toMatchObject({ reconnected: true });
  });

  it("ignores a notification older than the broadcast, a disconnection it never saw connect, and any once the input ended", async () => {
    expect(await handled(await notify(live("live_input.disconnected", T0)))).toBe("ignored");
    expect(await handled(await notify(live("live_input.connected", T0)))).toBe("connected");
    expect(await handled(await notify(live("live_input.disconnected", T0 - MIN)))).toBe("ignored");
    expect((await inputRow())?.status).toBe("connected");
    // A notification dated in the future counts as now.
    clock.now = T0 + MIN;
    expect(await handled(await notify(live("live_input.disconnected", T0 + 60 * MIN)))).toBe("disconnected");

    await db.update(liveInputs).set({ status: "ended", endedAt: clock.now }).where(eq(liveInputs.id, inputId));
    expect(await handled(await notify(live("live_input.connected", clock.now)))).toBe("ignored");
    expect((await inputRow())?.status).toBe("ended");
  });

  it("logs an encoder error with the provider's words and changes no state", async () => {
    expect(await handled(await notify(live("live_input.connected", T0)))).toBe("connected");
    const error = { live_input_errored: { error: { code: "ERR_GOP_OUT_OF_RANGE", message: "Keyframe interval too long" } } };
    expect(await handled(await notify(live("live_input.errored", T0 + 1000, error)))).toBe("errored");
    expect((await inputRow())?.status).toBe("connected");
    const [audit] = await audits();
    expect(audit).toMatchObject({ action: "live_input.error", actorEmail: "video-notifications" });
    expect(audit.after).toMatchObject({ status: "connected", ...error });
    expect(await handled(await notify(live("live_input.something_new", T0 + 2000)))).toBe("ignored");
  });
});
