// Prerolls (SPEC §3 "Preroll", §4, §9) through the real calls: the preroll a playback grant carries, the played call
// and its suppression per user or viewer id, and the cached preroll list, with a clock the test moves.
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Playback, PrerollGrant } from "@api/contract/media";
import { getDb } from "@api/db/client";
import { channelSettings, eventCategories, events, locations, prerolls, users } from "@api/db/schema";
import { prerollListKey } from "@api/services/preroll-grant";
import { client, clockedApi, env, registerUser, type Client } from "./auth-helpers";
import { call, type Fixtures, HOSTS, seedChannels } from "./fixtures";

const MIN = 60_000;
const H = 60 * MIN;
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const SUPPRESS_MS = 30 * MIN;
const ASSET = "prerolltest";
const PROMO = "promotest";
const { app, clock } = clockedApi(T0);
let fx: Fixtures;
let alpha: Client;
let beta: Client;
const ev = { liveAtArena: 0, finishedAtArena: 0, liveElsewhere: 0, liveOtherSport: 0, betaLive: 0 };
const pr = { live: 0, vod: 0, unweighted: 0, beta: 0 };

/** A fresh viewer id per use, so no test sees another's suppression. */
const viewerId = () => `vid_${crypto.randomUUID().replaceAll("-", "")}`;
const vidHeader = (vid?: string): Record<string, string> => (vid ? { "x-viewer-id": vid } : {});

beforeAll(async () => {
  fx = await seedChannels();
  const db = getDb(env.DB);
  await env.MEDIA.put(`media/${ASSET}/media.json`, JSON.stringify(mediaJson));
  await env.MEDIA.put(`media/${PROMO}/preroll.mp4`, "mp4-bytes");
  const [parent] = await db.insert(eventCategories).values({ channelId: fx.alpha.id, alias: "ball", name: { en: "Ball" } }).returning();
  const [child, other] = await db
    .insert(eventCategories)
    .values([
      { channelId: fx.alpha.id, alias: "basketball", name: { en: "Basketball" }, parentId: parent.id },
      { channelId: fx.alpha.id, alias: "chess", name: { en: "Chess" } },
    ])
    .returning();
  const [arena, field] = await db
    .insert(locations)
    .values([
      { channelId: fx.alpha.id, key: "arena", name: { en: "Arena" }, city: "Salem", state: "OR" },
      { channelId: fx.alpha.id, key: "field", name: { en: "Field" }, city: "Bend", state: "OR" },
    ])
    .returning();
  const event = (channelId: number, key: string, start: number, end: number, locationId: number | null, eventCategoryId: number | null) => ({
    channelId,
    key,
    name: { en: key },
    accessType: "free" as const,
    type: "free" as const,
    eventUtcTs: start,
    endUtcTs: end,
    timeZone: "UTC",
    mediaKey: ASSET,
    locationId,
    eventCategoryId,
  });
  const live = [T0 - H, T0 + 6 * H] as const;
  const rows = await db
    .insert(events)
    .values([
      event(fx.alpha.id, "live-arena", ...live, arena.id, child.id),
      event(fx.alpha.id, "finished-arena", T0 - 5 * H, T0 - 3 * H, arena.id, child.id),
      event(fx.alpha.id, "live-field", ...live, field.id, child.id),
      event(fx.alpha.id, "live-chess", ...live, arena.id, other.id),
      event(fx.beta.id, "beta-live", ...live, null, null),
    ])
    .returning({ id: events.id });
  [ev.liveAtArena, ev.finishedAtArena, ev.liveElsewhere, ev.liveOtherSport, ev.betaLive] = rows.map((r) => r.id);
  const url = `media:${PROMO}/preroll.mp4`;
  const inserted = await db
    .insert(prerolls)
    .values([
      // Live only, at the arena, for any sport under "ball" (the events are basketball, a child of it).
      { channelId: fx.alpha.id, key: "live", url, weight: 1, locationId: arena.id, eventCategories: [parent.id], forVod: false, forLive: true },
      { channelId: fx.alpha.id, key: "vod", url, weight: 1, locationId: arena.id, eventCategories: [], forVod: true, forLive: false },
      { channelId: fx.alpha.id, key: "off", url, weight: 0, locationId: null, eventCategories: [], forVod: true, forLive: true },
      { channelId: fx.beta.id, key: "beta", url, weight: 1, locationId: null, eventCategories: [], forVod: true, forLive: true },
    ])
    .returning({ id: prerolls.id });
  [pr.live, pr.vod, pr.unweighted, pr.beta] = inserted.map((r) => r.id);
  await db.insert(channelSettings).values([
    { channelId: fx.alpha.id, key: "prerolls.suppress_ms", value: SUPPRESS_MS },
    { channelId: fx.alpha.id, key: "prerolls.skip_after_s", value: 7 },
  ]);
  [alpha, beta] = await Promise.all([client(app, "alpha"), client(app, "beta")]);
});

const mediaJson = {
  segment_duration_s: 2,
  segment_count: 3,
  duration_s: 6,
  streams: [
    { id: 0, kind: "video", width: 640, height: 360, bandwidth: 800000, codecs: "avc1.64001e", init: "init-stream$RepresentationID$.m4s", chunk_template: "chunk-stream$RepresentationID$-$Number%05d$.m4s" },
    { id: 1, kind: "audio", bandwidth: 128000, codecs: "mp4a.40.2", init: "init-stream$RepresentationID$.m4s", chunk_template: "chunk-stream$RepresentationID$-$Number%05d$.m4s" },
  ],
};

async function prerollOf(c: Client, eventId: number, opts: { vid?: string; bearer?: string } = {}): Promise<PrerollGrant | null> {
  const res = await c.post(`/api/events/${eventId}/playback`, {}, opts.bearer, vidHeader(opts.vid));
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Playback }).data.preroll;
}
const played = (c: Client, id: number | string, opts: { vid?: string; bearer?: string } = {}) =>
  c.post(`/api/prerolls/${id}/played`, {}, opts.bearer, vidHeader(opts.vid));
const seenKeys = async () => (await env.CACHE.list({ prefix: "preroll-seen:alpha:" })).keys.map((k) => k.name);

describe("the preroll of a playback grant", () => {
  it("is the matching one, as a signed URL of our media, with the channel's skip time", async () => {
    clock.now = T0;
    const grant = await prerollOf(alpha, ev.liveAtArena, { vid: viewerId() });
    expect(grant).toEqual({ id: pr.live, url: expect.stringMatching(`^http://${HOSTS.alpha}/api/media/${PROMO}/preroll.mp4\\?token=`), skip_after_s: 7 });
    const file = await call(HOSTS.alpha, new URL(grant!.url).pathname + new URL(grant!.url).search, {}, app);
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode(await file.arrayBuffer())).toBe("mp4-bytes");
  });

  it("follows for_live / for_vod, the location and the category ancestry", async () => {
    clock.now = T0;
    expect((await prerollOf(alpha, ev.finishedAtArena))?.id).toBe(pr.vod);
    expect(await prerollOf(alpha, ev.liveElsewhere)).toBeNull();
    expect(await prerollOf(alpha, ev.liveOtherSport)).toBeNull();
    expect((await prerollOf(beta, ev.betaLive))?.id).toBe(pr.beta);
  });

  it("is none for a user with no_ads", async () => {
    clock.now = T0;
    const session = await registerUser(alpha);
    expect((await prerollOf(alpha, ev.liveAtArena, { bearer: session.token }))?.id).toBe(pr.live);
    await getDb(env.DB).update(users).set({ capabilities: ["no_ads"] }).where(eq(users.id, session.user.id));
    expect(await prerollOf(alpha, ev.liveAtArena, { bearer: session.token })).toBeNull();
  });
});

describe("POST /prerolls/{id}/played", () => {
  it("suppresses prerolls for the viewer id for suppress_ms, then offers them again", async () => {
    clock.now = T0 + 10 * MIN;
    const vid = viewerId();
    const other = viewerId();
    expect((await prerollOf(alpha, ev.liveAtArena, { vid }))?.id).toBe(pr.live);
    const res = await played(alpha, pr.live, { vid });
    expect(res.status).toBe(204);
    expect(await prerollOf(alpha, ev.liveAtArena, { vid })).toBeNull();
    expect(await prerollOf(alpha, ev.finishedAtArena, { vid })).toBeNull();
    expect((await prerollOf(alpha, ev.liveAtArena, { vid: other }))?.id).toBe(pr.live);
    clock.now = T0 + 10 * MIN + SUPPRESS_MS - 1;
    expect(await prerollOf(alpha, ev.liveAtArena, { vid })).toBeNull();
    clock.now = T0 + 10 * MIN + SUPPRESS_MS;
    expect((await prerollOf(alpha, ev.liveAtArena, { vid }))?.id).toBe(pr.live);
  });

  it("suppresses per signed-in user, whatever viewer id comes along", async () => {
    clock.now = T0;
    const session = await registerUser(alpha);
    expect((await played(alpha, pr.vod, { bearer: session.token, vid: viewerId() })).status).toBe(204);
    expect(await prerollOf(alpha, ev.liveAtArena, { bearer: session.token })).toBeNull();
    expect(await prerollOf(alpha, ev.liveAtArena, { bearer: session.token, vid: viewerId() })).toBeNull();
    expect((await prerollOf(alpha, ev.liveAtArena, { vid: viewerId() }))?.id).toBe(pr.live);
    expect(await seenKeys()).toContain(`preroll-seen:alpha:u:${session.user.id}`);
  });

  it("stores nothing without a subject (no or a malformed viewer id), so the preroll plays every time", async () => {
    clock.now = T0;
    const before = await seenKeys();
    expect((await played(alpha, pr.live)).status).toBe(204);
    expect((await played(alpha, pr.live, { vid: "short" })).status).toBe(204);
    expect((await played(alpha, pr.live, { vid: `${viewerId()}!` })).status).toBe(204);
    expect(await seenKeys()).toEqual(before);
    expect((await prerollOf(alpha, ev.liveAtArena))?.id).toBe(pr.live);
    expect((await prerollOf(alpha, ev.liveAtArena, { vid: "short" }))?.id).toBe(pr.live);
  });

  it("answers 404 for another channel's or an unknown preroll, 4xx for a bad id or no api key", async () => {
    clock.now = T0;
    const vid = viewerId();
    expect((await played(alpha, pr.beta, { vid })).status).toBe(404);
    expect((await played(beta, pr.live, { vid })).status).toBe(404);
    expect((await played(alpha, 987654, { vid })).status).toBe(404);
    expect(await seenKeys()).not.toContain(`preroll-seen:alpha:v:${vid}`);
    const bad = await played(alpha, "abc", { vid });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ message: expect.any(String) });
    expect((await played(alpha, 0, { vid })).status).toBe(422);
    const noKey = await call(HOSTS.alpha, `/api/prerolls/${pr.live}/played`, { method: "POST", headers: { "x-viewer-id": vid } }, app);
    expect(noKey.status).toBe(403);
  });
});

describe("the preroll list cache", () => {
  it("is read from KV within the hour, and from D1 again after it", async () => {
    const db = getDb(env.DB);
    clock.now = T0 + 2 * H;
    expect((await prerollOf(beta, ev.betaLive))?.id).toBe(pr.beta);
    expect(await env.CACHE.get(prerollListKey({ alias: "beta", id: fx.beta.id }))).toContain(`"id":${pr.beta}`);
    await db.update(prerolls).set({ weight: 0 }).where(eq(prerolls.id, pr.beta));
    clock.now = T0 + 3 * H - 1;
    expect((await prerollOf(beta, ev.betaLive))?.id).toBe(pr.beta);
    // The played call reads the same cached list.
    expect((await played(beta, pr.beta, { vid: viewerId() })).status).toBe(204);
    clock.now = T0 + 3 * H;
    expect(await prerollOf(beta, ev.betaLive)).toBeNull();
    await db.delete(prerolls).where(eq(prerolls.id, pr.beta));
    clock.now = T0 + 4 * H;
    expect((await played(beta, pr.beta, { vid: viewerId() })).status).toBe(404);
  });
});
