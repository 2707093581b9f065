// Media delivery (issue 5): the playback call, signed tokens, generated live/finished manifests and R2 segments with
// ranges, against real local D1/R2 and a clock the test moves (createApi({ now })).
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Playback, PlaybackDenied } from "@api/contract/media";
import { getDb } from "@api/db/client";
import { channelSettings, events, liveInputs } from "@api/db/schema";
import { authSecret } from "@api/lib/secrets";
import { clearChannelCache } from "@api/middleware/tenant";
import { mintMediaToken } from "@api/services/media-token";
import { chunkEnds } from "@api/services/cmaf-chunks";
import { client, clockedApi, env, registerUser } from "./auth-helpers";
import { chunkedSegment, chunkTimes, initSegment, mediaSegment, segmentTimes } from "../fixtures/fmp4-boxes";
import { call, type Fixtures, HOSTS, seedChannels } from "./fixtures";

const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const START = T0 + H;
const END = START + 2 * H;
const ASSET = "testclip";
const { app, clock } = clockedApi(T0);
let fx: Fixtures;
const ids = { free: 0, paid: 0, register: 0, noMedia: 0, beta: 0 };

// A tiny asset: 3 chunks of 2 s per stream, a few bytes each, so looping and slicing are easy to see.
const mediaJson = {
  segment_duration_s: 2,
  segment_count: 3,
  duration_s: 6,
  poster: "poster.jpg",
  streams: [
    { id: 0, kind: "video", width: 640, height: 360, bandwidth: 800000, codecs: "avc1.64001e", init: "init-stream$RepresentationID$.m4s", chunk_template: "chunk-stream$RepresentationID$-$Number%05d$.m4s" },
    { id: 1, kind: "audio", bandwidth: 128000, codecs: "mp4a.40.2", init: "init-stream$RepresentationID$.m4s", chunk_template: "chunk-stream$RepresentationID$-$Number%05d$.m4s" },
  ],
};

async function putAsset() {
  await env.MEDIA.put(`media/${ASSET}/media.json`, JSON.stringify(mediaJson));
  await env.MEDIA.put(`media/${ASSET}/poster.jpg`, "jpeg-bytes");
  for (const s of [0, 1]) {
    await env.MEDIA.put(`media/${ASSET}/init-stream${s}.m4s`, `init-${s}`);
    for (const n of [1, 2, 3]) await env.MEDIA.put(`media/${ASSET}/chunk-stream${s}-0000${n}.m4s`, `chunk-${s}-${n}:0123456789`);
  }
}

beforeAll(async () => {
  fx = await seedChannels();
  await putAsset();
  const db = getDb(env.DB);
  const ev = (channelId: number, key: string, accessType: "free" | "register" | "paid" | "ppv", mediaKey: string | null = ASSET) => ({
    channelId,
    key,
    name: { en: key },
    accessType,
    type: accessType === "paid" || accessType === "ppv" ? ("paid" as const) : ("free" as const),
    eventUtcTs: START,
    endUtcTs: END,
    timeZone: "UTC",
    mediaKey,
  });
  const rows = await db
    .insert(events)
    .values([ev(fx.alpha.id, "free", "free"), ev(fx.alpha.id, "paid", "paid"), ev(fx.alpha.id, "register", "register"), ev(fx.alpha.id, "no-media", "free", null), ev(fx.beta.id, "beta-free", "free")])
    .returning({ id: events.id });
  [ids.free, ids.paid, ids.register, ids.noMedia, ids.beta] = rows.map((r) => r.id);
});

const get = (path: string, host: string = HOSTS.alpha, headers: Record<string, string> = {}) => call(host, path, { headers }, app);
/** Media bodies as text (Response.text() warns on media content types). */
const text = async (res: Response) => new TextDecoder().decode(await res.arrayBuffer());
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};
/** A token straight from the secret, for cases the playback call would never mint. */
const token = (p: string, c = fx.alpha.id, e = clock.now + 5 * 60_000) => mintMediaToken(authSecret(env), { c, s: "a:test", p, e }, clock.now);

async function playback(id: number, bearer?: string, headers: Record<string, string> = {}) {
  const alpha = await client(app, "alpha");
  return alpha.post(`/api/events/${id}/playback`, {}, bearer, headers);
}
async function play(id: number): Promise<Playback> {
  const res = await playback(id);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Playback }).data;
}

describe("upcoming → live → finished", () => {
  it("has nothing to play before the start", async () => {
    clock.now = T0;
    const res = await playback(ids.free);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: expect.any(String) });
    const t = await token(`event/${ids.free}`);
    expect((await get(`/api/media/event/${ids.free}/manifest.mpd?token=${t}`)).status).toBe(404);
    expect((await get(`/api/media/event/${ids.free}/master.m3u8?token=${t}`)).status).toBe(404);
  });

  it("is a dynamic MPD and a sliding HLS playlist while live, with numbers from the clock", async () => {
    clock.now = START + 65_000;
    const p = await play(ids.free);
    expect(p.dash).toBe(`http://${HOSTS.alpha}/api/media/event/${ids.free}/manifest.mpd?token=${p.token}`);
    expect(Date.parse(p.expires_at)).toBe(clock.now + 10 * 60_000);
    expect(p.poster).toBe(`http://${HOSTS.alpha}/api/media/event/${ids.free}/poster.jpg?token=${p.token}`);

    const mpd = await get(pathOf(p.dash));
    expect(mpd.status).toBe(200);
    expect(mpd.headers.get("content-type")).toBe("application/dash+xml");
    expect(mpd.headers.get("cache-control")).toBe("private, no-cache");
    const xml = await text(mpd);
    expect(xml).toContain('type="dynamic"');
    expect(xml).toContain(`availabilityStartTime="${new Date(START).toISOString()}"`);
    expect(xml).toContain(`chunk-stream0-$Number%05d$.m4s?token=${p.token}`);

    const master = await get(pathOf(p.hls));
    expect(master.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    expect(await text(master)).toContain(`media_0.m3u8?token=${p.token}`);
    const media = await text(await get(`/api/media/event/${ids.free}/media_0.m3u8?token=${p.token}`));
    expect(media).toContain("#EXT-X-MEDIA-SEQUENCE:1");
    expect(media).toContain(`chunk-stream0-00032.m4s?token=${p.token}`);
    expect(media).not.toContain("#EXT-X-ENDLIST");

    // Segment 32 plays asset chunk ((32 - 1) % 3) + 1 = 2; one past the edge is tolerated, two are not.
    const seg = await get(`/api/media/event/${ids.free}/chunk-stream0-00032.m4s?token=${p.token}`);
    expect(seg.status).toBe(200);
    expect(seg.headers.get("content-type")).toBe("video/iso.segment");
    expect(seg.headers.get("cache-control")).toBe("private, max-age=86400, immutable");
    expect(await text(seg)).toBe("chunk-0-2:0123456789");
    expect((await get(`/api/media/event/${ids.free}/chunk-stream1-00001.m4s?token=${p.token}`)).status).toBe(200);
    expect((await get(`/api/media/event/${ids.free}/chunk-stream0-00034.m4s?token=${p.token}`)).status).toBe(404);
    const init = await get(`/api/media/event/${ids.free}/init-stream1.m4s?token=${p.token}`);
    expect(await text(init)).toBe("init-1");
    expect((await get(pathOf(p.poster!))).headers.get("content-type")).toBe("image/jpeg");
  });

  it("is a static MPD and a VOD playlist of the whole event once finished", async () => {
    clock.now = END + 1000;
    const p = await play(ids.free);
    const mpd = await get(pathOf(p.dash));
    expect(mpd.headers.get("cache-control")).toBe("private, max-age=60");
    const xml = await text(mpd);
    expect(xml).toContain('type="static"');
    expect(xml).toContain('mediaPresentationDuration="PT7200S"');
    const media = await text(await get(`/api/media/event/${ids.free}/media_1.m3u8?token=${p.token}`));
    expect(media.match(/#EXTINF/g)).toHaveLength(3600);
    expect(media).toContain("#EXT-X-ENDLIST");
    expect((await get(`/api/media/event/${ids.free}/chunk-stream0-03600.m4s?token=${p.token}`)).status).toBe(200);
    expect((await get(`/api/media/event/${ids.free}/chunk-stream0-03601.m4s?token=${p.token}`)).status).toBe(404);
  });
});

describe("looping", () => {
  it("moves a looped chunk's timestamps forward by whole loops, so the event's timeline is continuous", async () => {
    // Asset chunk 2 (2 s in) replayed as event segment 32 (62 s in): 10 loops of 6 s later.
    await env.MEDIA.put(`media/${ASSET}/init-stream0.m4s`, initSegment([1, 12800], [2, 48000]));
    await env.MEDIA.put(`media/${ASSET}/chunk-stream0-00002.m4s`, mediaSegment(2n * 12800n, 2 * 48000));
    try {
      clock.now = START + 65_000;
      const { token: t } = await play(ids.free);
      const res = await get(`/api/media/event/${ids.free}/chunk-stream0-00032.m4s?token=${t}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("etag")).toMatch(/-60"$/);
      expect(segmentTimes(new Uint8Array(await res.arrayBuffer()))).toEqual({ video: 62n * 12800n, audio: 62 * 48000, sidx: 62 * 12800 });
      const first = await get(`/api/media/event/${ids.free}/chunk-stream0-00002.m4s?token=${t}`);
      expect(segmentTimes(new Uint8Array(await first.arrayBuffer()))).toEqual({ video: 2n * 12800n, audio: 2 * 48000, sidx: 2 * 12800 });
    } finally {
      await putAsset();
    }
  });
});

describe("a simulated live made of CMAF chunks (issue 26)", () => {
  it("is low-latency DASH, and the segment the clock is writing comes chunk by chunk as each one's time comes", async () => {
    // Three 2-s segments of four half-second chunks (video 12800 Hz, audio 48 kHz), looped under the event.
    const asset = "testll";
    const chunk = (n: number) => chunkedSegment([0, 1, 2, 3].map((k) => [BigInt(((n - 1) * 2 + k * 0.5) * 12800), ((n - 1) * 2 + k * 0.5) * 48000]), 2000);
    await env.MEDIA.put(`media/${asset}/media.json`, JSON.stringify({ ...mediaJson, chunk_duration_s: 0.5 }));
    await env.MEDIA.put(`media/${asset}/init-stream0.m4s`, initSegment([1, 12800], [2, 48000]));
    for (const n of [1, 2, 3]) await env.MEDIA.put(`media/${asset}/chunk-stream0-0000${n}.m4s`, chunk(n));
    const [{ id }] = await getDb(env.DB)
      .insert(events)
      .values({ channelId: fx.alpha.id, key: "ll-demo", name: { en: "ll" }, accessType: "free", eventUtcTs: START, endUtcTs: END, timeZone: "UTC", mediaKey: asset })
      .returning({ id: events.id });

    // 62.6 s in: segment 32 (62–64 s) is being written; its first chunk ended at 62.5 s, the next ends at 63 s.
    clock.now = START + 62_600;
    const p = await play(id);
    expect(await text(await get(pathOf(p.dash)))).toContain('availabilityTimeOffset="1.5"');
    const res = await get(`/api/media/event/${id}/chunk-stream0-00032.m4s?token=${p.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const whole = chunk(2);
    const reader = res.body!.getReader();
    const received: Uint8Array[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) received.push(r.value);
    // Sent as it was due: the first chunk alone (with the segment's styp) first, then one chunk at a time.
    expect(received[0].byteLength).toBe(chunkEnds(whole)[0]);
    const body = new Uint8Array(Buffer.concat(received));
    expect(body.byteLength).toBe(whole.byteLength);
    // Segment 32 plays asset chunk 2 on its 11th loop: every chunk's times moved on by 10 × 6 s.
    expect(chunkTimes(body).map((t) => t.video)).toEqual([0, 1, 2, 3].map((k) => BigInt((62 + k * 0.5) * 12800)));

    // A complete segment is the stored one, at once.
    const done = await get(`/api/media/event/${id}/chunk-stream0-00031.m4s?token=${p.token}`);
    expect(done.headers.get("cache-control")).toBe("private, max-age=86400, immutable");
  });
});

describe("tokens", () => {
  const seg = (id: number, t: string, host: string = HOSTS.alpha) => get(`/api/media/event/${id}/chunk-stream0-00001.m4s?token=${t}`, host);

  it("refuses a segment or manifest without a token, or with a tampered one", async () => {
    clock.now = START + 10 * 60_000;
    const { token: t } = await play(ids.free);
    expect((await seg(ids.free, t)).status).toBe(200);
    const none = await get(`/api/media/event/${ids.free}/chunk-stream0-00001.m4s`);
    expect(none.status).toBe(403);
    expect(await none.json()).toEqual({ message: expect.any(String) });
    expect((await get(`/api/media/event/${ids.free}/manifest.mpd`)).status).toBe(403);
    const [body, sig] = t.split(".");
    const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
    expect((await seg(ids.free, `${flip(body)}.${sig}`)).status).toBe(403);
    expect((await seg(ids.free, `${body}.${flip(sig)}`)).status).toBe(403);
  });

  it("refuses an expired token", async () => {
    clock.now = START + 10 * 60_000;
    const { token: t } = await play(ids.free);
    clock.now += 10 * 60_000;
    expect((await seg(ids.free, t)).status).toBe(403);
  });

  it("refuses a token of another asset, and of another channel's host", async () => {
    clock.now = START + 10 * 60_000;
    const { token: t } = await play(ids.free);
    expect((await seg(ids.register, t)).status).toBe(403);
    expect((await get(`/api/media/${ASSET}/chunk-stream0-00001.m4s?token=${t}`)).status).toBe(403);
    expect((await seg(ids.free, t, HOSTS.beta)).status).toBe(403);
    // A beta token naming an alpha event: the event is not beta's.
    expect((await seg(ids.free, await token(`event/${ids.free}`, fx.beta.id), HOSTS.beta)).status).toBe(404);
  });
});

describe("playback access", () => {
  it("asks an anonymous visitor to log in for paid and register events, and a user without a pass to buy", async () => {
    clock.now = START + 60_000;
    for (const id of [ids.paid, ids.register]) {
      const res = await playback(id);
      expect(res.status).toBe(403);
      expect((await res.json()) as PlaybackDenied).toEqual({ message: expect.any(String), reason: "login" });
    }
    const alpha = await client(app, "alpha");
    const { token: bearer } = await registerUser(alpha);
    const paid = await playback(ids.paid, bearer);
    expect(((await paid.json()) as PlaybackDenied).reason).toBe("purchase");
    const register = await playback(ids.register, bearer);
    expect(register.status).toBe(200);
    expect(((await register.json()) as { data: Playback }).data.token).toBeTruthy();
  });

  it("refuses a blocked country, and answers 404 for unknown events and another channel's", async () => {
    clock.now = START + 60_000;
    const db = getDb(env.DB);
    await db.insert(channelSettings).values({ channelId: fx.alpha.id, key: "geo.blocked_countries", value: ["FR"] });
    clearChannelCache();
    try {
      const res = await playback(ids.free, undefined, { "x-simulate-country": "FR" });
      expect(res.status).toBe(403);
      expect(((await res.json()) as PlaybackDenied).reason).toBe("geo");
      expect((await playback(ids.free, undefined, { "x-simulate-country": "CA" })).status).toBe(200);
    } finally {
      await db.delete(channelSettings).where(eq(channelSettings.key, "geo.blocked_countries"));
      clearChannelCache();
    }
    expect((await playback(ids.beta)).status).toBe(404);
    expect((await playback(999_999)).status).toBe(404);
  });
});

describe("plain assets", () => {
  const url = async (file: string) => `/api/media/${ASSET}/${file}?token=${await token(ASSET)}`;

  it("serves ranges (206 slice, suffix, open-ended) and refuses unsatisfiable ones (416)", async () => {
    clock.now = T0;
    const full = await get(await url("chunk-stream0-00001.m4s"));
    expect(full.status).toBe(200);
    expect(full.headers.get("accept-ranges")).toBe("bytes");
    expect(await text(full)).toBe("chunk-0-1:0123456789");
    const part = await get(await url("chunk-stream0-00001.m4s"), HOSTS.alpha, { range: "bytes=10-13" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 10-13/20");
    expect(await text(part)).toBe("0123");
    const tail = await get(await url("chunk-stream0-00001.m4s"), HOSTS.alpha, { range: "bytes=-3" });
    expect(await text(tail)).toBe("789");
    const open = await get(await url("chunk-stream0-00001.m4s"), HOSTS.alpha, { range: "bytes=18-" });
    expect(await text(open)).toBe("89");
    const bad = await get(await url("chunk-stream0-00001.m4s"), HOSTS.alpha, { range: "bytes=20-" });
    expect(bad.status).toBe(416);
    expect(bad.headers.get("content-range")).toBe("bytes */20");
  });

  it("revalidates with ETag, types by extension, and 404s a missing file", async () => {
    clock.now = T0;
    const first = await get(await url("poster.jpg"));
    expect(first.headers.get("content-type")).toBe("image/jpeg");
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect((await get(await url("poster.jpg"), HOSTS.alpha, { "if-none-match": etag })).status).toBe(304);
    expect((await get(await url("media.json"))).headers.get("content-type")).toBe("application/json");
    expect((await get(await url("nope.m4s"))).status).toBe(404);
    expect((await get(`/api/media/${ASSET}/poster.jpg`)).status).toBe(403);
  });
});

describe("a game without a picture (issue 26)", () => {
  it("waits on air (the slate's 409), plays when its video arrives, and has none once finished", async () => {
    clock.now = START + 5 * 60_000;
    const waiting = await playback(ids.noMedia);
    expect(waiting.status).toBe(409);
    expect(await waiting.json()).toEqual({ message: "The broadcast will start soon.", reason: "waiting" });
    // Before the start it is the countdown's 409, which names no reason.
    clock.now = START - 60_000;
    expect(await (await playback(ids.noMedia)).json()).toEqual({ message: "This event has not started yet." });
    clock.now = END + H;
    const finished = await playback(ids.noMedia);
    expect(finished.status).toBe(404);
    expect(await finished.json()).toMatchObject({ message: "This event has no video." });

    // The encoder's first segments arrive as the event's media (ingest.ts names its asset): the grant follows.
    const db = getDb(env.DB);
    const [row] = await db
      .insert(events)
      .values({ channelId: fx.alpha.id, key: "picture-arrives", name: { en: "Picture arrives" }, accessType: "free", type: "free", eventUtcTs: START, endUtcTs: END, timeZone: "UTC", mediaKey: null })
      .returning({ id: events.id });
    clock.now = START + 10 * 60_000;
    expect((await playback(row.id)).status).toBe(409);
    await db.update(events).set({ mediaKey: ASSET }).where(eq(events.id, row.id));
    expect((await play(row.id)).dash).toContain(`/api/media/event/${row.id}/manifest.mpd`);
  });
});

describe("an encoder's broadcast that stops arriving (issue 26)", () => {
  it("plays while segments keep coming, and is 'interrupted' once the last is 15 s old; never a black live player", async () => {
    const db = getDb(env.DB);
    const asset = "live-stalls";
    await env.MEDIA.put(`media/${asset}/media.json`, JSON.stringify({ ...mediaJson, live: true }));
    const started = START + 10 * 60_000;
    const [row] = await db
      .insert(events)
      .values({ channelId: fx.alpha.id, key: "stalls", name: { en: "Stalls" }, accessType: "free", type: "free", eventUtcTs: started, endUtcTs: END, timeZone: "UTC", mediaKey: asset })
      .returning({ id: events.id });
    // The ingest reported 30 segments of 2 s: the broadcast's edge is 60 s after its start.
    await db.insert(liveInputs).values({ channelId: fx.alpha.id, eventId: row.id, provider: "local", uid: "local-stalls", ingestUrl: "rtmp://127.0.0.1:1935/live", streamKey: "k-stalls", status: "connected", mediaKey: asset, startedAt: started, segmentCount: 30, createdAt: started - H });
    const edge = started + 60_000;
    clock.now = edge + 14_000;
    expect((await playback(row.id)).status).toBe(200);
    clock.now = edge + 16_000;
    const stalled = await playback(row.id);
    expect(stalled.status).toBe(409);
    expect(await stalled.json()).toEqual({ message: "The broadcast was interrupted. It will resume here.", reason: "interrupted" });
    // The next segments arrive: it plays again.
    await db.update(liveInputs).set({ segmentCount: 38 }).where(eq(liveInputs.uid, "local-stalls"));
    expect((await playback(row.id)).status).toBe(200);
  });
});
