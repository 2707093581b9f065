// Concurrent streams (issue 13): playback grants of paid items count one stream per signed-in device against the
// passes' simultaneous-logins limit, in the account's Durable Object; heartbeats, expiry, stopping another device's
// stream, release, and isolation. Real local D1, R2 and Durable Objects, with a clock the test moves.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Playback } from "@api/contract/media";
import { STREAM_TTL_MS, type StreamEnded, type StreamInfo, type StreamLimitDenied } from "@api/contract/streams";
import { getDb } from "@api/db/client";
import { and, eq } from "drizzle-orm";
import { channelSettings, events, orders, products, vodMediaItems } from "@api/db/schema";
import { type Client, client, clockedApi, type Data, env, freshEmail, json, PASSWORD, registerUser } from "./auth-helpers";
import { call, type Fixtures, seedChannels } from "./fixtures";

const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);
const ASSET = "streamclip";
const { app, clock } = clockedApi(T0);
let fx: Fixtures;
let alpha: Client;
let beta: Client;
const ids = { paid: 0, paid2: 0, free: 0, register: 0, vodPass: 0, vodOpen: 0, one: 0, two: 0, betaPaid: 0 };

async function putAsset() {
  const media = {
    segment_duration_s: 2,
    segment_count: 3,
    duration_s: 6,
    streams: [{ id: 0, kind: "video", width: 640, height: 360, bandwidth: 800000, codecs: "avc1.64001e", init: "init-stream$RepresentationID$.m4s", chunk_template: "chunk-stream$RepresentationID$-$Number%05d$.m4s" }],
  };
  await env.MEDIA.put(`media/${ASSET}/media.json`, JSON.stringify(media));
}

beforeAll(async () => {
  fx = await seedChannels();
  await putAsset();
  const db = getDb(env.DB);
  const ev = (channelId: number, key: string, accessType: "free" | "register" | "paid" | "ppv") => ({
    channelId,
    key,
    name: { en: `Game ${key}`, fr: `Match ${key}` },
    accessType,
    type: accessType === "paid" || accessType === "ppv" ? ("paid" as const) : ("free" as const),
    eventUtcTs: T0 - H,
    endUtcTs: T0 + H,
    timeZone: "UTC",
    mediaKey: ASSET,
  });
  [ids.paid, ids.paid2, ids.free, ids.register, ids.betaPaid] = (
    await db
      .insert(events)
      .values([ev(fx.alpha.id, "paid", "paid"), ev(fx.alpha.id, "paid2", "ppv"), ev(fx.alpha.id, "free", "free"), ev(fx.alpha.id, "register", "register"), ev(fx.beta.id, "beta", "paid")])
      .returning({ id: events.id })
  ).map((r) => r.id);
  const vod = (title: string, requiresVodMedia: boolean) => ({ channelId: fx.alpha.id, key: title.toLowerCase().replace(" ", "-"), title: { en: title }, searchText: title.toLowerCase(), date: T0 - 24 * H, requiresVodMedia, mediaKey: ASSET, durationS: 6 });
  [ids.vodPass, ids.vodOpen] = (await db.insert(vodMediaItems).values([vod("Pass video", true), vod("Open video", false)]).returning({ id: vodMediaItems.id })).map((r) => r.id);
  const pass = (key: string, simultaneousLogins: number | null) => ({
    channelId: fx.alpha.id,
    key,
    kind: "subscription" as const,
    name: { en: key },
    price: 1000,
    basePrice: 1000,
    currency: "USD" as const,
    capabilities: ["watch", "vod_media"],
    simultaneousLogins,
  });
  [ids.one, ids.two] = (await db.insert(products).values([pass("one-stream", 1), pass("two-streams", 2)]).returning({ id: products.id })).map((r) => r.id);
  alpha = await client(app, "alpha");
  beta = await client(app, "beta");
});

beforeEach(() => {
  clock.now = T0;
});

/** A user holding a subscription to `productId` (null: a pass without a product, so without a limit). */
async function subscriber(productId: number | null, c: Client = alpha, channelId = fx.alpha.id) {
  const email = freshEmail("streams");
  const first = await registerUser(c, email);
  await getDb(env.DB)
    .insert(orders)
    .values({
      channelId,
      userId: first.user.id,
      type: "subscription",
      productId,
      status: "paid",
      activityStatus: "active",
      capabilities: ["watch", "vod_media"],
      startsAt: T0 - 24 * H,
      endsAt: T0 + 24 * H,
      createdAt: T0,
      updatedAt: T0,
    });
  return { email, tokens: [first.token] as string[] };
}

/** Another signed-in device of the same account, with its own user agent. */
async function device(c: Client, email: string, userAgent: string): Promise<string> {
  const res = await c.post("/api/v2/auth/login", { email, password: PASSWORD }, undefined, { "user-agent": userAgent });
  expect(res.status).toBe(200);
  return (await json<Data<{ token: string }>>(res)).data.token;
}

const play = (token: string | undefined, id: number, c: Client = alpha, lang = "en") => c.post(`/api/events/${id}/playback?lang=${lang}`, {}, token);
const playVod = (token: string, id: number) => alpha.post(`/api/vod-media-items/${id}/playback`, {}, token);
const beat = (token: string) => alpha.post("/api/streams/heartbeat", {}, token);
const granted = async (res: Response) => {
  expect(res.status).toBe(200);
  return (await json<Data<Playback>>(res)).data;
};

describe("the limit of the passes", () => {
  it("refuses the second device at 1, names the limit and the other stream, and lets it stop that stream", async () => {
    const { email, tokens } = await subscriber(ids.one);
    const [phone] = tokens;
    const tv = await device(alpha, email, "Mozilla/5.0 (SMART-TV; Linux; Tizen 7.0) AppleWebKit/537.36 SamsungBrowser/5.0 TV Safari/537.36");
    const first = await granted(await play(phone, ids.paid));
    expect(first.stream).toEqual({ heartbeat_s: 30 });

    const refused = await play(tv, ids.paid2, alpha, "fr");
    expect(refused.status).toBe(403);
    const body = await json<StreamLimitDenied>(refused);
    expect(body).toMatchObject({ reason: "streams", limit: 1, message: "Your pass allows 1 simultaneous stream. Stop a stream on another device to watch here." });
    expect(body.streams).toEqual([{ id: expect.any(Number), device: "web", name: { kind: "browser", browser: null, os: null, model: null }, browser: null, os: null, title: "Match paid", started_at: new Date(T0).toISOString(), current: false }]);

    // The TV stops the phone's stream and plays; the phone's next heartbeat says why it stopped.
    expect((await alpha.post(`/api/streams/${body.streams[0].id}/stop`, {}, tv)).status).toBe(204);
    await granted(await play(tv, ids.paid2));
    const ended = await beat(phone);
    expect(ended.status).toBe(409);
    expect(await json<StreamEnded>(ended)).toEqual({ reason: "stopped", message: "Playback stopped because another device on your account started watching." });
    // The phone asking again is refused in turn, with the TV named.
    const back = await json<StreamLimitDenied>(await play(phone, ids.paid));
    expect(back.streams.map((s) => [s.device, s.title, s.browser, s.os])).toEqual([["web", "Game paid2", "Samsung Internet", "Tizen"]]);
    // Named as the Devices tab names it (issue 28).
    expect(back.streams[0].name).toEqual({ kind: "browser", browser: "Samsung Internet", os: "Tizen", model: null });
  });

  it("allows two devices at 2 and refuses the third, for events and pass-only videos alike", async () => {
    const { email, tokens } = await subscriber(ids.two);
    const second = await device(alpha, email, "agent two");
    const third = await device(alpha, email, "agent three");
    await granted(await play(tokens[0], ids.paid));
    expect((await granted(await playVod(second, ids.vodPass))).stream).toEqual({ heartbeat_s: 30 });
    const refused = await playVod(third, ids.vodPass);
    expect(refused.status).toBe(403);
    const body = await json<StreamLimitDenied>(refused);
    expect(body.limit).toBe(2);
    expect(body.streams.map((s) => s.title).sort()).toEqual(["Game paid", "Pass video"]);
    expect((await play(third, ids.paid)).status).toBe(403);
  });

  it("counts a device once: renewals and switching items do not take another slot", async () => {
    const { tokens } = await subscriber(ids.one);
    await granted(await play(tokens[0], ids.paid));
    // The player confirms every 30 s; the media token is renewed before its 10 minutes are up.
    for (let i = 0; i < 18; i++) {
      clock.now += 30_000;
      expect((await beat(tokens[0])).status).toBe(204);
    }
    await granted(await play(tokens[0], ids.paid));
    await granted(await play(tokens[0], ids.paid2));
    const list = await json<Data<StreamInfo[]>>(await alpha.get("/api/streams?lang=en", tokens[0]));
    expect(list.data).toEqual([expect.objectContaining({ title: "Game paid2", current: true, started_at: new Date(T0).toISOString() })]);
  });

  it("counts nothing for free and sign-in events, open videos, or passes without a limit", async () => {
    const limited = await subscriber(ids.one);
    const other = await device(alpha, limited.email, "agent other");
    await granted(await play(limited.tokens[0], ids.paid));
    for (const res of [await play(other, ids.free), await play(other, ids.register), await playVod(other, ids.vodOpen)]) {
      expect((await granted(res)).stream).toBeNull();
    }
    const unlimited = await subscriber(null);
    const again = await device(alpha, unlimited.email, "agent again");
    expect((await granted(await play(unlimited.tokens[0], ids.paid))).stream).toBeNull();
    expect((await granted(await play(again, ids.paid))).stream).toBeNull();
    expect((await json<Data<StreamInfo[]>>(await alpha.get("/api/streams", again))).data).toEqual([]);
  });
});

describe("heartbeats, expiry and release", () => {
  it("keeps a confirmed stream and frees one that stopped confirming", async () => {
    const { email, tokens } = await subscriber(ids.one);
    const tv = await device(alpha, email, "agent tv");
    await granted(await play(tokens[0], ids.paid));
    for (let i = 0; i < 10; i++) {
      clock.now += 30_000;
      expect((await beat(tokens[0])).status).toBe(204);
    }
    expect((await play(tv, ids.paid)).status).toBe(403);
    clock.now += STREAM_TTL_MS;
    expect((await json<StreamEnded>(await beat(tokens[0]))).reason).toBe("expired");
    await granted(await play(tv, ids.paid));
  });

  it("frees the slot at once when the player releases it", async () => {
    const { email, tokens } = await subscriber(ids.one);
    const tv = await device(alpha, email, "agent tv");
    await granted(await play(tokens[0], ids.paid));
    expect((await alpha.post("/api/streams/release", {}, tokens[0])).status).toBe(204);
    await granted(await play(tv, ids.paid));
  });

  it("needs a signed-in user", async () => {
    expect((await beat("nope")).status).toBe(401);
    expect((await alpha.get("/api/streams")).status).toBe(401);
    expect((await alpha.post("/api/streams/1/stop", {})).status).toBe(401);
  });
});

describe("the channel's heartbeat (setting streams.heartbeat_s)", () => {
  const db = getDb(env.DB);
  const setHeartbeat = async (value: unknown) => {
    await db.delete(channelSettings).where(and(eq(channelSettings.channelId, fx.alpha.id), eq(channelSettings.key, "streams.heartbeat_s")));
    if (value !== undefined) await db.insert(channelSettings).values({ channelId: fx.alpha.id, key: "streams.heartbeat_s", value });
  };

  it("is what a counted grant tells the player, and a stream lives five of them", async () => {
    try {
      await setHeartbeat(120);
      const { email, tokens } = await subscriber(ids.one);
      const tv = await device(alpha, email, "agent tv");
      expect((await granted(await play(tokens[0], ids.paid))).stream).toEqual({ heartbeat_s: 120 });
      // Past the shortest life of a stream, fewer than five heartbeats missed: it still plays.
      clock.now += STREAM_TTL_MS + 60_000;
      expect((await beat(tokens[0])).status).toBe(204);
      expect((await play(tv, ids.paid)).status).toBe(403);
      clock.now += 5 * 120_000;
      expect((await json<StreamEnded>(await beat(tokens[0]))).reason).toBe("expired");
    } finally {
      await setHeartbeat(undefined);
    }
  });

  it("falls back to 30 s for a bad stored value", async () => {
    try {
      for (const bad of [2, 301, "often"]) {
        await setHeartbeat(bad);
        const { tokens } = await subscriber(ids.one);
        expect((await granted(await play(tokens[0], ids.paid))).stream, String(bad)).toEqual({ heartbeat_s: 30 });
      }
    } finally {
      await setHeartbeat(undefined);
    }
  });
});

describe("signing devices out", () => {
  /** A limit-1 account whose TV plays, and its phone, refused. */
  async function tvPlaying() {
    const { email, tokens } = await subscriber(ids.one);
    const tv = await device(alpha, email, "agent tv");
    await granted(await play(tv, ids.paid));
    const [held] = (await json<StreamLimitDenied>(await play(tokens[0], ids.paid))).streams;
    return { phone: tokens[0], tv, tvStream: held.id };
  }
  const changePassword = (token: string, extra: Record<string, unknown> = {}) =>
    alpha.post("/api/profile", { _method: "patch", current_password: PASSWORD, password: "Another-pass1", password_confirmation: "Another-pass1", ...extra }, token);

  it("frees the slot of a device signed out from the Devices tab at once", async () => {
    const { phone, tvStream } = await tvPlaying();
    const signOut = await call(alpha.host, `/api/sessions/${tvStream}?api_key=${alpha.key}`, { method: "DELETE", headers: { authorization: `Bearer ${phone}` } }, app);
    expect(signOut.status).toBe(200);
    await granted(await play(phone, ids.paid));
  });

  it("frees the slots of the devices signed out everywhere else, or by a new password", async () => {
    const everywhere = await tvPlaying();
    expect((await alpha.post("/api/sessions/end-others", {}, everywhere.phone)).status).toBe(200);
    await granted(await play(everywhere.phone, ids.paid));

    const reset = await tvPlaying();
    expect((await changePassword(reset.phone)).status).toBe(200);
    await granted(await play(reset.phone, ids.paid));
  });

  it("keeps the other devices' streams when the new password keeps them signed in", async () => {
    const { phone, tv } = await tvPlaying();
    expect((await changePassword(phone, { end_other_sessions: false })).status).toBe(200);
    expect((await play(phone, ids.paid)).status).toBe(403);
    expect((await beat(tv)).status).toBe(204);
  });
});

describe("isolation", () => {
  it("does not let another account, or another channel, see or stop a stream", async () => {
    const owner = await subscriber(ids.one);
    await granted(await play(owner.tokens[0], ids.paid));
    const [mine] = (await json<Data<StreamInfo[]>>(await alpha.get("/api/streams", owner.tokens[0]))).data;

    const stranger = await subscriber(ids.one);
    expect((await json<Data<StreamInfo[]>>(await alpha.get("/api/streams", stranger.tokens[0]))).data).toEqual([]);
    const stop = await alpha.post(`/api/streams/${mine.id}/stop`, {}, stranger.tokens[0]);
    expect(stop.status).toBe(404);
    expect(await stop.json()).toEqual({ message: "This stream has already ended." });
    // The stranger's own stream does not count against the owner either.
    await granted(await play(stranger.tokens[0], ids.paid));

    // The owner's token means nothing on beta.
    expect((await beta.get("/api/streams", owner.tokens[0])).status).toBe(401);
    expect((await beat(owner.tokens[0])).status).toBe(204);
    expect((await alpha.post("/api/streams/abc/stop", {}, owner.tokens[0])).status).toBe(422);
  });
});
