// VOD playback (issue 5): POST /api/vod-media-items/{id}/playback and the item's media under /api/media/vod/{id},
// against real local D1 and the REAL demo asset's files in local R2, with a clock the test owns.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Playback, PlaybackDenied } from "@api/contract/media";
import { getDb } from "@api/db/client";
import { channelSettings, orders, users, vodMediaItems } from "@api/db/schema";
import { authSecret } from "@api/lib/secrets";
import { clearChannelCache } from "@api/middleware/tenant";
import { mintMediaToken } from "@api/services/media-token";
import demoUsers from "../../tenants/alpha/users.json";
import { client, clockedApi, env, freshEmail, registerUser, type Client } from "./auth-helpers";
import { call, HOSTS, seedChannels, type Fixtures } from "./fixtures";

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const ASSET = "voddemo";
const { app, clock } = clockedApi(T0);
const db = getDb(env.DB);
let fx: Fixtures;
let alpha: Client;
const ids = { free: 0, members: 0, assetLength: 0, noMedia: 0, short: 0, beta: 0 };

beforeAll(async () => {
  fx = await seedChannels();
  for (const [file, base64] of Object.entries(inject("demoMedia"))) {
    await env.MEDIA.put(`media/${ASSET}/${file}`, Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0)));
  }
  const item = (channelId: number, key: string, over: Partial<typeof vodMediaItems.$inferInsert> = {}) => ({
    channelId,
    key,
    title: { en: key },
    searchText: key,
    date: T0 - DAY,
    durationS: 60,
    mediaKey: ASSET,
    ...over,
  });
  const rows = await db
    .insert(vodMediaItems)
    .values([
      item(fx.alpha.id, "free-clip"),
      item(fx.alpha.id, "members-only", { requiresVodMedia: true }),
      item(fx.alpha.id, "asset-length", { durationS: null }),
      item(fx.alpha.id, "no-media", { mediaKey: null }),
      // 10 s = 5 segments of 2 s; the test R2 holds asset chunks 1–6, so chunk 6 missing means the item ended.
      item(fx.alpha.id, "short", { durationS: 10 }),
      item(fx.beta.id, "beta-clip"),
    ])
    .returning({ id: vodMediaItems.id });
  [ids.free, ids.members, ids.assetLength, ids.noMedia, ids.short, ids.beta] = rows.map((r) => r.id);
  alpha = await client(app, "alpha");
});

/** A signed-in user of alpha, holding a subscription with `capabilities` when given. */
async function signedIn(email: string, password?: string, pass?: { capabilities: string[]; limits?: { clips?: number; downloads?: number }; days: number }) {
  const session = await registerUser(alpha, email, password ? { password, password_confirmation: password } : {});
  const user = (await db.select().from(users).where(and(eq(users.channelId, fx.alpha.id), eq(users.email, email))).get())!;
  if (pass) {
    await db.insert(orders).values({
      channelId: fx.alpha.id,
      userId: user.id,
      type: "subscription",
      status: "paid",
      activityStatus: "active",
      capabilities: pass.capabilities,
      limits: pass.limits ?? {},
      startsAt: T0 - DAY,
      endsAt: T0 + pass.days * DAY,
      createdAt: T0,
      updatedAt: T0,
    });
  }
  return session.token;
}

/**
 * The demo viewer as tenants/alpha/users.json defines it (its email and subscription). It registers here with the
 * tests' password: the demo's own (seeded as a stored hash) is one registration now refuses as too easy to guess.
 */
async function demoViewer() {
  const def = demoUsers.find((u) => u.email === "viewer@alpha.test")!;
  const order = def.orders![0];
  return signedIn(def.email, undefined, { capabilities: order.capabilities, limits: order.limits, days: order.valid_days });
}

const playback = (id: number, bearer?: string, headers: Record<string, string> = {}) => alpha.post(`/api/vod-media-items/${id}/playback`, {}, bearer, headers);
async function play(id: number, bearer?: string): Promise<Playback> {
  const res = await playback(id, bearer);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Playback }).data;
}
const get = (path: string, host: string = HOSTS.alpha) => call(host, path, {}, app);
const text = async (res: Response) => new TextDecoder().decode(await res.arrayBuffer());
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};
const denial = async (res: Response) => {
  expect(res.status).toBe(403);
  const body = (await res.json()) as PlaybackDenied;
  expect(body).toEqual({ message: expect.any(String), reason: expect.any(String) });
  return body.reason;
};

describe("VOD playback access", () => {
  it("plays a free item for anyone, with no preroll configured and no download", async () => {
    const p = await play(ids.free);
    expect(p.dash).toMatch(new RegExp(`^http://alpha\\.localhost/api/media/vod/${ids.free}/manifest\\.mpd\\?token=`));
    expect(p.hls).toMatch(new RegExp(`/api/media/vod/${ids.free}/master\\.m3u8\\?token=`));
    expect(p.expires_at).toBe(new Date(T0 + 10 * 60_000).toISOString());
    expect(p.preroll).toBeNull();
    expect(p.download).toBeNull();
  });

  it("asks an anonymous viewer to log in and a user without vod_media to purchase an item that requires it", async () => {
    expect(await denial(await playback(ids.members))).toBe("login");
    expect(await denial(await playback(ids.members, await signedIn(freshEmail("vod"))))).toBe("purchase");
    const watcher = await signedIn(freshEmail("vod"), undefined, { capabilities: ["watch", "download"], days: 30 });
    expect(await denial(await playback(ids.members, watcher))).toBe("purchase");
  });

  it("plays it for the demo viewer, whose subscription holds vod_media", async () => {
    const p = await play(ids.members, await demoViewer());
    expect((await get(pathOf(p.dash))).status).toBe(200);
  });

  it("refuses a blocked country first", async () => {
    await db.insert(channelSettings).values({ channelId: fx.alpha.id, key: "geo.blocked_countries", value: ["FR"] });
    clearChannelCache();
    try {
      expect(await denial(await playback(ids.free, undefined, { "x-simulate-country": "FR" }))).toBe("geo");
      expect(await denial(await playback(ids.members, undefined, { "x-simulate-country": "FR" }))).toBe("geo");
      expect((await playback(ids.free, undefined, { "x-simulate-country": "CA" })).status).toBe(200);
    } finally {
      await db.delete(channelSettings).where(eq(channelSettings.key, "geo.blocked_countries"));
      clearChannelCache();
    }
  });

  it("answers 404 for another channel's item, an unknown item and an item without media", async () => {
    expect((await playback(ids.beta)).status).toBe(404);
    expect((await playback(999_999)).status).toBe(404);
    expect((await playback(ids.noMedia)).status).toBe(404);
    const beta = await client(app, "beta");
    expect((await beta.post(`/api/vod-media-items/${ids.beta}/playback`)).status).toBe(200);
  });
});

describe("VOD media", () => {
  it("is a static MPD and a closed HLS playlist of the item's duration, or of the asset's", async () => {
    const p = await play(ids.free);
    const mpd = await get(pathOf(p.dash));
    expect(mpd.headers.get("content-type")).toBe("application/dash+xml");
    const xml = await text(mpd);
    expect(xml).toContain('type="static"');
    expect(xml).toContain('mediaPresentationDuration="PT60S"');
    const media = await text(await get(`/api/media/vod/${ids.free}/media_1.m3u8?token=${encodeURIComponent(p.token)}`));
    expect(media.match(/#EXTINF/g)).toHaveLength(30);
    expect(media).toContain("#EXT-X-ENDLIST");

    const whole = await play(ids.assetLength);
    expect(await text(await get(pathOf(whole.dash)))).toContain('mediaPresentationDuration="PT120S"');
  });

  it("serves the asset's segments up to the item's end, with the item's token only", async () => {
    const p = await play(ids.free);
    const seg = (id: number, n: number, t: string, host?: string) =>
      get(`/api/media/vod/${id}/chunk-stream1-${String(n).padStart(5, "0")}.m4s?token=${encodeURIComponent(t)}`, host);
    const first = await seg(ids.free, 1, p.token);
    expect(first.status).toBe(200);
    expect((await first.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect((await get(`/api/media/vod/${ids.free}/init-stream1.m4s?token=${encodeURIComponent(p.token)}`)).status).toBe(200);
    const short = await play(ids.short);
    expect((await seg(ids.short, 5, short.token)).status).toBe(200);
    expect((await seg(ids.short, 6, short.token)).status).toBe(404);

    // A token for another item, for the event path, another channel or no token at all opens nothing here.
    const other = await play(ids.assetLength);
    expect((await seg(ids.free, 1, other.token)).status).toBe(403);
    const eventToken = await mintMediaToken(authSecret(env), { c: fx.alpha.id, s: "a:test", p: `event/${ids.free}`, e: T0 + 60_000 }, T0);
    expect((await seg(ids.free, 1, eventToken)).status).toBe(403);
    expect((await seg(ids.free, 1, p.token, HOSTS.beta)).status).toBe(403);
    expect((await get(`/api/media/vod/${ids.free}/manifest.mpd`)).status).toBe(403);
    // …and a VOD token opens no raw asset file.
    expect((await get(`/api/media/${ASSET}/media.json?token=${encodeURIComponent(p.token)}`)).status).toBe(403);
  });

  it("refuses an expired token", async () => {
    const p = await play(ids.free);
    clock.now = T0 + 10 * 60_000;
    try {
      expect((await get(pathOf(p.dash))).status).toBe(403);
    } finally {
      clock.now = T0;
    }
  });
});
