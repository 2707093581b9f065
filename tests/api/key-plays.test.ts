// Key plays become clips (issue 27) against real local D1 and R2: a key play's tap marks the timeline the channel's
// lead before it and queues a clip that waits until its moment is recorded, then is built by the clip pipeline and
// listed on the event's key plays, shared like a shared clip; the owner hides or deletes one, and every page is told;
// the scorekeeper's own clips never list it. A game whose live stream Stream holds gets its clips from Stream's
// recording once its webhook says it is ready (the Stream stand-in of stream.global-setup.ts). Jobs go to a stand-in
// queue, so the test runs the consumer itself.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { and, eq, isNotNull } from "drizzle-orm";
import { getDb } from "@api/db/client";
import type { FollowedKeyPlay, GameAnswer, KeyPlay, KeyPlaysAnswer, TapAction } from "@api/contract/scores";
import type { Clip, SharedClip } from "@api/contract/clips";
import { channelSettings, clips, eventCategories, events, liveInputs, participantGroups, participants, users } from "@api/db/schema";
import { videoProvider } from "@api/providers/video";
import { processClip } from "@api/services/clips/process";
import { grantScorekeeper } from "@api/db/repos/scores";
import { client, clockedApi, env, freshEmail, json, registerUser, type Client, type Data } from "./auth-helpers";
import { call, seedChannels, type Fixtures } from "./fixtures";
import { signedWebhook, streamBindings } from "./stream-webhook";

const T0 = Date.UTC(2026, 11, 5, 19, 0, 0);
const ASSET = "keyplaydemo";
/** The demo asset's segments are 2 s long; the test holds its chunks 1–6 (12 s). */
const SEGMENT_S = 2;
const LEAD_S = 2;
const { app, clock } = clockedApi(T0);
const db = getDb(env.DB);
const sent: { body: { kind: string; clipId?: number }; options?: { delaySeconds?: number } }[] = [];
const bindings = {
  ...env,
  JOBS: { send: async (body: { kind: string }, options?: { delaySeconds?: number }) => void sent.push({ body, options }), sendBatch: async () => undefined },
} as unknown as Env;

let fx: Fixtures;
let alpha: Client;
let beta: Client;
const ev = { live: 0, finished: 0, beta: 0 };
const who = { owner: "", keeper: "", keeperId: 0, fan: "", betaOwner: "" };

const tap = (atMs: number, action: TapAction) => ({ id: crypto.randomUUID(), at: atMs, action });
const keyPlay = (atMs: number, extra: Partial<Extract<TapAction, { kind: "key_play" }>> = {}) => tap(atMs, { kind: "key_play", side: "home", player: "23", ...extra });
const send = async (eventId: number, taps: unknown[], token: string) => {
  const res = await alpha.post(`/api/events/${eventId}/score/taps`, { taps }, token);
  expect(res.status, await res.clone().text()).toBe(200);
};
const keyPlays = async (eventId: number, token?: string, c: Client = alpha) => {
  const res = await c.get(`/api/events/${eventId}/key-plays`, token);
  expect(res.status).toBe(200);
  return (await json<Data<KeyPlaysAnswer>>(res)).data.key_plays;
};
const change = (method: "PATCH" | "DELETE", path: string, token: string, body?: unknown, c: Client = alpha, withBindings: Env = bindings) =>
  call(
    c.host,
    // The api_key travels in the query for DELETE, in the body otherwise (SPEC §7).
    method === "DELETE" ? `${path}?api_key=${encodeURIComponent(c.key)}` : path,
    { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify({ api_key: c.key, ...(body as object) }) },
    app,
    withBindings,
  );
const run = (clipId: number) => processClip({ db, bucket: env.MEDIA, now: () => clock.now }, { channelId: fx.alpha.id, clipId }, 1);

async function account(c: Client, role?: "owner"): Promise<{ id: number; token: string }> {
  const s = await registerUser(c, freshEmail("keyplay"));
  if (role) await db.update(users).set({ role }).where(eq(users.id, s.user.id));
  return { id: s.user.id, token: s.token };
}

beforeAll(async () => {
  fx = await seedChannels();
  for (const [file, base64] of Object.entries(inject("demoMedia"))) {
    await env.MEDIA.put(`media/${ASSET}/${file}`, Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0)));
  }
  const a = fx.alpha.id;
  const [hoops] = await db.insert(eventCategories).values({ channelId: a, alias: "basketball", name: { en: "Basketball" } }).returning();
  const game = (channelId: number, key: string, start: number, end: number) => ({ channelId, key, name: { en: key }, eventUtcTs: start, endUtcTs: end, timeZone: "America/New_York", eventCategoryId: hoops.id, mediaKey: ASSET });
  const rows = await db
    .insert(events)
    .values([game(a, "kp-live", T0, T0 + 3_600_000), game(a, "kp-finished", T0 - 7_200_000, T0 - 7_200_000 + 12_000), { ...game(fx.beta.id, "kp-beta", T0, T0 + 3_600_000), eventCategoryId: null }])
    .returning({ id: events.id });
  [ev.live, ev.finished, ev.beta] = rows.map((r) => r.id);
  await db.insert(channelSettings).values({ channelId: a, key: "scores.key_play_lead_s", value: LEAD_S });
  alpha = await client(app, "alpha", bindings);
  beta = await client(app, "beta", bindings);
  const owner = await account(alpha, "owner");
  const keeper = await account(alpha);
  // A scorekeeper for the season: the key plays are theirs to tap, not their clips.
  await grantScorekeeper(db, a, keeper.id, null, T0);
  who.owner = owner.token;
  who.keeper = keeper.token;
  who.keeperId = keeper.id;
  who.fan = (await account(alpha)).token;
  who.betaOwner = (await account(beta, "owner")).token;
});

describe("a key play of a live game", () => {
  it("is marked the channel's lead before its tap, and its clip waits until the moment is recorded, then plays", async () => {
    clock.now = T0 + 6_000;
    sent.length = 0;
    const kp = keyPlay(T0 + 6_000, { note: "Steal and dunk" });
    await send(ev.live, [kp], who.keeper);

    const [listed] = await keyPlays(ev.live);
    expect(listed).toMatchObject({ id: kp.id, at: kp.at, side: "home", player: "23", note: "Steal and dunk", marker_s: 6 - LEAD_S, hidden: false });
    expect(listed.clip).toMatchObject({ status: "queued", file: null, share_path: null });
    // From the marker to 5 s after the tap, on the segments: [4 s, 11 s] → segments 3–6, 8 s.
    expect(listed.clip!.duration).toBe(8);
    // Its job is sent to come back once segment 6 (ending 12 s in) is recorded.
    const job = sent.find((j) => j.body.kind === "clip.process" && j.body.clipId === listed.clip!.id)!;
    expect(job.options?.delaySeconds).toBeGreaterThanOrEqual(6);

    // Delivered early (a queue without delays): it waits, spending no attempt.
    expect(await run(listed.clip!.id)).toEqual({ done: false, retryAfterS: expect.any(Number) });
    const waiting = await db.select().from(clips).where(eq(clips.id, listed.clip!.id)).get();
    expect(waiting).toMatchObject({ status: "queued", attempts: 0 });

    clock.now = T0 + 15_000;
    expect(await run(listed.clip!.id)).toEqual({ done: true });
    const [ready] = await keyPlays(ev.live);
    expect(ready.clip).toMatchObject({ status: "ready", share_path: expect.stringMatching(new RegExp(`^/share/${listed.clip!.id}/[0-9a-f-]{36}$`)) });
    expect(ready.clip!.file!.size).toBeGreaterThan(1000);
    // Shared like a viewer's shared clip: anyone with the page plays it.
    const uuid = ready.clip!.share_path!.split("/")[3];
    const shared = await alpha.get(`/api/shared-clip/${listed.clip!.id}?uuid=${uuid}`);
    expect(shared.status).toBe(200);
    expect((await json<Data<SharedClip>>(shared)).data).toMatchObject({ duration: 8, key_play_id: kp.id, event_id: ev.live });
    const url = new URL(ready.clip!.file!.url);
    const file = await call(alpha.host, url.pathname + url.search, {}, app, bindings);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("video/mp4");
  });

  it("is the event's: never among the scorekeeper's own clips, nor counted on the account", async () => {
    const res = await alpha.get("/api/clips/user", who.keeper);
    expect(res.status).toBe(200);
    expect((await json<Data<Clip[]>>(res)).data).toEqual([]);
    const keeper = await db.select({ clipCount: users.clipCount }).from(users).where(eq(users.id, who.keeperId)).get();
    expect(keeper?.clipCount ?? 0).toBe(0);
  });

  it("a resent key play keeps its one clip", async () => {
    clock.now = T0 + 8_000;
    const kp = keyPlay(T0 + 8_000);
    await send(ev.live, [kp], who.keeper);
    await send(ev.live, [kp], who.keeper);
    const rows = await db.select().from(clips).where(eq(clips.keyPlayTapId, kp.id)).all();
    expect(rows).toHaveLength(1);
  });
});

describe("a key play of a finished game (a queue that was offline)", () => {
  it("is cut at once: its moment is recorded", async () => {
    clock.now = T0;
    sent.length = 0;
    const kp = keyPlay(T0 - 7_200_000 + 7_000);
    await send(ev.finished, [kp], who.owner);
    const [listed] = await keyPlays(ev.finished);
    expect(listed.marker_s).toBe(7 - LEAD_S);
    const job = sent.find((j) => j.body.clipId === listed.clip!.id)!;
    expect(job.options).toBeUndefined();
    expect(await run(listed.clip!.id)).toEqual({ done: true });
    expect((await keyPlays(ev.finished))[0].clip!.status).toBe("ready");
  });
});

describe("the owner hides or deletes a key play", () => {
  it("a hidden key play leaves the public list and the play-by-play, the owner still sees it, and it comes back", async () => {
    clock.now = T0 + 9_000;
    const kp = keyPlay(T0 + 9_000, { note: "Hide me" });
    await send(ev.live, [kp], who.owner);
    const patched = await change("PATCH", `/api/events/${ev.live}/key-plays/${kp.id}`, who.owner, { hidden: true });
    expect(patched.status).toBe(200);
    expect((await json<Data<KeyPlay>>(patched)).data).toMatchObject({ id: kp.id, hidden: true });
    expect((await keyPlays(ev.live)).map((k) => k.id)).not.toContain(kp.id);
    expect((await keyPlays(ev.live, who.fan)).map((k) => k.id)).not.toContain(kp.id);
    expect((await keyPlays(ev.live, who.owner)).find((k) => k.id === kp.id)).toMatchObject({ hidden: true });
    const score = await alpha.get(`/api/events/${ev.live}/score`);
    expect((await json<Data<GameAnswer>>(score)).data.plays.map((p) => p.id)).not.toContain(kp.id);

    expect((await change("PATCH", `/api/events/${ev.live}/key-plays/${kp.id}`, who.owner, { hidden: false })).status).toBe(200);
    expect((await keyPlays(ev.live)).map((k) => k.id)).toContain(kp.id);
  });

  it("a deleted key play is gone with its clip, whose share link answers 404", async () => {
    clock.now = T0 + 5_000;
    const kp = keyPlay(T0 + 5_000);
    await send(ev.live, [kp], who.owner);
    const clip = (await keyPlays(ev.live)).find((k) => k.id === kp.id)!.clip!;
    clock.now = T0 + 20_000;
    await run(clip.id);
    const ready = (await keyPlays(ev.live)).find((k) => k.id === kp.id)!.clip!;
    const uuid = ready.share_path!.split("/")[3];
    expect((await change("DELETE", `/api/events/${ev.live}/key-plays/${kp.id}`, who.owner)).status).toBe(200);
    expect((await keyPlays(ev.live, who.owner)).map((k) => k.id)).not.toContain(kp.id);
    expect((await alpha.get(`/api/shared-clip/${clip.id}?uuid=${uuid}`)).status).toBe(404);
    expect(await env.MEDIA.head(`clips/${fx.alpha.id}/${clip.id}-${uuid}/clip.mp4`)).toBeNull();
  });

  it("is the owner's: a viewer gets 403, another channel's owner 404, a tap that is not a key play 404, a bad body 422", async () => {
    clock.now = T0 + 10_000;
    const kp = keyPlay(T0 + 10_000);
    const basket = tap(T0 + 10_001, { kind: "score", side: "away", play: "three" });
    await send(ev.live, [kp, basket], who.owner);
    expect((await change("PATCH", `/api/events/${ev.live}/key-plays/${kp.id}`, who.fan, { hidden: true })).status).toBe(403);
    expect((await change("DELETE", `/api/events/${ev.live}/key-plays/${kp.id}`, who.fan)).status).toBe(403);
    expect((await change("PATCH", `/api/events/${ev.live}/key-plays/${kp.id}`, who.betaOwner, { hidden: true }, beta)).status).toBe(404);
    expect((await change("PATCH", `/api/events/${ev.live}/key-plays/${basket.id}`, who.owner, { hidden: true })).status).toBe(404);
    expect((await change("PATCH", `/api/events/${ev.live}/key-plays/${kp.id}`, who.owner, { hidden: "yes" })).status).toBe(422);
    expect((await change("PATCH", `/api/events/${ev.live}/key-plays/not-a-tap`, who.owner, { hidden: true })).status).toBe(422);
    expect((await keyPlays(ev.live)).find((k) => k.id === kp.id)).toMatchObject({ hidden: false });
  });

  it("tells the owner, and only the owner, that they may hide and delete", async () => {
    const answer = async (token?: string) => (await json<Data<KeyPlaysAnswer>>(await alpha.get(`/api/events/${ev.live}/key-plays`, token))).data.can_manage;
    expect(await answer(who.owner)).toBe(true);
    expect(await answer(who.keeper)).toBe(false);
    expect(await answer(who.fan)).toBe(false);
    expect(await answer()).toBe(false);
  });

  it("another channel's event is 404", async () => {
    expect((await beta.get(`/api/events/${ev.live}/key-plays`)).status).toBe(404);
  });
});

describe("an undone key play", () => {
  it("loses its clip: the row leaves the lists, the share link answers 404 and its files leave the bucket", async () => {
    clock.now = T0;
    const kp = keyPlay(T0 - 7_200_000 + 4_000, { note: "Undo me" });
    await send(ev.finished, [kp], who.owner);
    const clip = (await keyPlays(ev.finished)).find((k) => k.id === kp.id)!.clip!;
    expect(await run(clip.id)).toEqual({ done: true });
    const ready = (await keyPlays(ev.finished)).find((k) => k.id === kp.id)!.clip!;
    const uuid = ready.share_path!.split("/")[3];
    const stored = (file: string) => env.MEDIA.head(`clips/${fx.alpha.id}/${clip.id}-${uuid}/${file}`);
    expect(await stored("clip.mp4")).not.toBeNull();
    expect(await stored("poster.jpg")).not.toBeNull();

    // The scorekeeper's undo names the key play's tap.
    await send(ev.finished, [tap(T0 - 7_200_000 + 5_000, { kind: "undo", target: kp.id })], who.owner);
    expect((await keyPlays(ev.finished, who.owner)).map((k) => k.id)).not.toContain(kp.id);
    expect(await db.select({ deletedAt: clips.deletedAt }).from(clips).where(eq(clips.id, clip.id)).get()).toEqual({ deletedAt: T0 });
    expect((await alpha.get(`/api/shared-clip/${clip.id}?uuid=${uuid}`)).status).toBe(404);
    expect(await stored("clip.mp4")).toBeNull();
    expect(await stored("poster.jpg")).toBeNull();
  });

  it("undone in the same batch (an offline queue) is never cut", async () => {
    clock.now = T0;
    sent.length = 0;
    const kp = keyPlay(T0 - 7_200_000 + 6_000);
    await send(ev.finished, [kp, tap(T0 - 7_200_000 + 6_500, { kind: "undo", target: kp.id })], who.owner);
    expect(await db.select().from(clips).where(eq(clips.keyPlayTapId, kp.id)).all()).toEqual([]);
    expect(sent).toEqual([]);
  });
});

describe("the key plays of the teams a viewer follows (the home's rail)", () => {
  const rail = async (token?: string, c: Client = alpha, q = "") => c.get(`/api/key-plays/favorite${q}`, token);
  const listed = async (token: string, c: Client = alpha, q = "") => {
    const res = await rail(token, c, q);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await json<Data<FollowedKeyPlay[]>>(res)).data;
  };
  const follow = async (token: string, type: "participant" | "group" | "category", id: number, c: Client = alpha) => {
    const res = await c.post("/api/favorite", { favoritable_type: type, favoritable_id: id }, token);
    expect(res.status, await res.clone().text()).toBe(200);
  };
  /** A finished game of two teams (its whole 12 s recorded, so a key play is cut at once). */
  const finishedGame = async (channelId: number, key: string, home: number, away: number, sport: number, startedAgoMs: number) => {
    const start = T0 - startedAgoMs;
    const [row] = await db
      .insert(events)
      .values({ channelId, key, name: { en: key }, eventUtcTs: start, endUtcTs: start + 12_000, timeZone: "America/New_York", eventCategoryId: sport, mediaKey: ASSET, homeTeamId: home, awayTeamId: away })
      .returning({ id: events.id, start: events.eventUtcTs });
    return row;
  };
  /** A key play tapped `s` seconds into the game, its clip built. */
  const readyKeyPlay = async (game: { id: number; start: number }, s: number, token: string, c: Client = alpha, extra: Parameters<typeof keyPlay>[1] = {}) => {
    const kp = keyPlay(game.start + s * 1000, extra);
    const res = await c.post(`/api/events/${game.id}/score/taps`, { taps: [kp] }, token);
    expect(res.status, await res.clone().text()).toBe(200);
    const row = await db.select().from(clips).where(eq(clips.keyPlayTapId, kp.id)).get();
    await processClip({ db, bucket: env.MEDIA, now: () => clock.now }, { channelId: row!.channelId, clipId: row!.id }, 1);
    return kp;
  };

  const rs = { followed: 0 as number, school: 0, other: 0, betaTeam: 0 };
  const games = { followed: { id: 0, start: 0 }, school: { id: 0, start: 0 }, other: { id: 0, start: 0 }, beta: { id: 0, start: 0 } };
  const kps: Record<string, string> = {};
  let fan = "";
  let betaFan = "";

  beforeAll(async () => {
    clock.now = T0;
    const a = fx.alpha.id;
    const b = fx.beta.id;
    const sport = (await db.select({ id: eventCategories.id }).from(eventCategories).where(eq(eventCategories.channelId, a)).get())!.id;
    const [betaSport] = await db.insert(eventCategories).values({ channelId: b, alias: "basketball", name: { en: "Basketball" } }).returning();
    const [school] = await db.insert(participantGroups).values({ channelId: a, alias: "rail-eastgate", name: { en: "Eastgate High" } }).returning();
    const teams = await db
      .insert(participants)
      .values([
        { channelId: a, alias: "rail-northview", name: { en: "Northview Hawks", fr: "Faucons de Northview" }, shortName: "Northview" },
        { channelId: a, alias: "rail-southside", name: { en: "Southside" } },
        { channelId: a, alias: "rail-eastgate", name: { en: "Eastgate Eagles" }, groupId: school.id },
        { channelId: a, alias: "rail-westfield", name: { en: "Westfield" } },
        { channelId: b, alias: "rail-beta", name: { en: "Beta Lynx" } },
        { channelId: b, alias: "rail-beta-away", name: { en: "Beta Away" } },
      ])
      .returning({ id: participants.id });
    const [northview, southside, eastgate, westfield, betaTeam, betaAway] = teams.map((t) => t.id);
    rs.followed = northview;
    rs.school = school.id;
    rs.betaTeam = betaTeam;
    games.followed = await finishedGame(a, "rail-followed", northview, southside, sport, 3 * 3_600_000);
    games.school = await finishedGame(a, "rail-school", westfield, eastgate, sport, 5 * 3_600_000);
    games.other = await finishedGame(a, "rail-other", southside, westfield, sport, 4 * 3_600_000);
    games.beta = await finishedGame(b, "rail-beta", betaTeam, betaAway, betaSport.id, 3 * 3_600_000);

    fan = (await account(alpha)).token;
    await follow(fan, "participant", northview);
    await follow(fan, "group", school.id);
    betaFan = (await account(beta)).token;
    await follow(betaFan, "participant", betaTeam, beta);

    kps.first = (await readyKeyPlay(games.followed, 3, who.owner, alpha, { note: "Opening three" })).id;
    kps.latest = (await readyKeyPlay(games.followed, 7, who.owner, alpha, { note: "Steal and dunk", side: "away", player: "4" })).id;
    kps.school = (await readyKeyPlay(games.school, 5, who.owner)).id;
    kps.other = (await readyKeyPlay(games.other, 5, who.owner)).id;
    kps.hidden = (await readyKeyPlay(games.followed, 6, who.owner, alpha, { note: "Hidden" })).id;
    expect((await change("PATCH", `/api/events/${games.followed.id}/key-plays/${kps.hidden}`, who.owner, { hidden: true })).status).toBe(200);
    kps.beta = (await readyKeyPlay(games.beta, 5, who.betaOwner, beta)).id;
    // A key play whose clip is still being made (not yet processed) is not listed.
    const waiting = keyPlay(games.followed.start + 9_000);
    await send(games.followed.id, [waiting], who.owner);
    kps.waiting = waiting.id;
  });

  it("lists the followed teams' and schools' key plays with a ready clip, newest first, each with its game and frame", async () => {
    const list = await listed(fan);
    expect(list.map((k) => k.id)).toEqual([kps.latest, kps.first, kps.school]);
    const [latest] = list;
    expect(latest).toMatchObject({
      side: "away",
      player: "4",
      note: "Steal and dunk",
      event: {
        id: games.followed.id,
        name: "rail-followed",
        participants: [
          { side: "away", name: "Southside", short_name: null },
          { side: "home", name: "Northview Hawks", short_name: "Northview" },
        ],
      },
      clip: { duration: expect.any(Number), share_path: expect.stringMatching(/^\/share\/\d+\/[0-9a-f-]{36}$/) },
    });
    // Its frame is signed for anyone, as the event's key plays are.
    const poster = new URL(latest.clip.poster!.url);
    const frame = await call(alpha.host, poster.pathname + poster.search, {}, app, bindings);
    expect(frame.status).toBe(200);
    expect(frame.headers.get("content-type")).toBe("image/jpeg");
    // The teams' names in the language asked.
    expect((await listed(fan, alpha, "?lang=fr"))[0].event.participants[1].name).toBe("Faucons de Northview");
  });

  it("leaves out hidden key plays, other teams' games, clips not ready, and another channel's", async () => {
    const ids = (await listed(fan)).map((k) => k.id);
    for (const left of [kps.hidden, kps.other, kps.waiting, kps.beta]) expect(ids).not.toContain(left);
    // The other channel's viewer sees their own channel's only.
    expect((await listed(betaFan, beta)).map((k) => k.id)).toEqual([kps.beta]);
  });

  it("goes with the owner's hide (the clip's share link with it, until shown again) and the scorekeeper's undo", async () => {
    const share = (await listed(fan)).find((k) => k.id === kps.first)!.clip.share_path.split("/");
    const shared = () => alpha.get(`/api/shared-clip/${share[2]}?uuid=${share[3]}`);
    expect((await shared()).status).toBe(200);
    expect((await change("PATCH", `/api/events/${games.followed.id}/key-plays/${kps.first}`, who.owner, { hidden: true })).status).toBe(200);
    expect((await shared()).status).toBe(404);
    await send(games.school.id, [tap(games.school.start + 6_000, { kind: "undo", target: kps.school })], who.owner);
    expect((await listed(fan)).map((k) => k.id)).toEqual([kps.latest]);
    expect((await change("PATCH", `/api/events/${games.followed.id}/key-plays/${kps.first}`, who.owner, { hidden: false })).status).toBe(200);
    expect((await shared()).status).toBe(200);
  });

  it("a viewer who follows nothing gets none; `limit` keeps the newest", async () => {
    expect(await listed(who.fan)).toEqual([]);
    expect((await listed(fan, alpha, "?limit=1")).map((k) => k.id)).toEqual([kps.latest]);
  });

  it("is refused signed out (as the favourites are), with another channel's session, and with a bad limit", async () => {
    const out = await rail();
    expect(out.status).toBe(401);
    expect((await json<{ message: string }>(out)).message).toBe("user must be logged in");
    expect((await rail(betaFan)).status).toBe(401);
    expect((await rail(fan, alpha, "?limit=0")).status).toBe(422);
    expect((await rail(fan, alpha, "?limit=100")).status).toBe(422);
  });
});

describe("a key play of a game whose live stream Stream holds", () => {
  const H = 3_600_000;
  const ACCOUNT = "acc-key-plays";
  const WEBHOOK_SECRET = "5e1d0c9b8a7f6e5d4c3b2a1f0e9d8c7b";
  const api = inject("streamApi");
  const streamed = streamBindings(bindings, { account: ACCOUNT, secret: WEBHOOK_SECRET, api, delivery: true }) as unknown as Env;
  /** The broadcast runs from T0 − 1 h; Stream's recording of it (70 min) is ready at T0 + 10 min. */
  const START = T0 - H;
  const READY_AT = T0 + 10 * 60_000;
  const RECORDING_S = 70 * 60;
  const game = { alpha: 0, beta: 0 };
  let alphaS: Client;
  let betaS: Client;
  const kps = { counts: keyPlay(START + 600_000, { note: "Buzzer" }), last: keyPlay(READY_AT - 2_000), undone: keyPlay(START + 700_000), hidden: keyPlay(START + 800_000), beta: keyPlay(T0) };

  const sendVia = async (c: Client, eventId: number, taps: unknown[], token: string) => {
    const res = await c.post(`/api/events/${eventId}/score/taps`, { taps }, token);
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const clipJobs = () => sent.filter((j) => j.body.kind === "clip.process");
  const eventClips = (eventId: number) => db.select().from(clips).where(and(eq(clips.eventId, eventId), isNotNull(clips.keyPlayTapId))).all();
  async function webhook(body: Record<string, unknown>) {
    return call("127.0.0.1:8787", "/api/video/webhook", await signedWebhook(WEBHOOK_SECRET, JSON.stringify(body), clock.now), app, streamed);
  }
  const recordingReady = () => webhook({ uid: "rec-kp-alpha", readyToStream: true, status: { state: "ready" }, duration: RECORDING_S, liveInput: "in-kp-alpha" });

  beforeAll(async () => {
    // Each game has our own asset too: only the Stream rule keeps its key plays from being cut from it while live.
    const sport = async (channelId: number) => (await db.select().from(eventCategories).where(and(eq(eventCategories.channelId, channelId), eq(eventCategories.alias, "basketball"))).get())!;
    const [hoops, betaHoops] = [await sport(fx.alpha.id), await sport(fx.beta.id)];
    const row = (channelId: number, key: string, categoryId: number) => ({ channelId, key, name: { en: key }, eventUtcTs: START, endUtcTs: T0 + H, timeZone: "UTC", eventCategoryId: categoryId, mediaKey: ASSET });
    [game.alpha, game.beta] = (await db.insert(events).values([row(fx.alpha.id, "kp-stream", hoops.id), row(fx.beta.id, "kp-stream-beta", betaHoops.id)]).returning({ id: events.id })).map((r) => r.id);
    const input = (channelId: number, eventId: number, uid: string) => ({ channelId, eventId, provider: "cloudflare" as const, uid, ingestUrl: "rtmps://live.cloudflare.com:443/live/", streamKey: `key-${uid}`, status: "connected" as const, mediaKey: `live-${uid}`, createdAt: START - H });
    await db.insert(liveInputs).values([input(fx.alpha.id, game.alpha, "in-kp-alpha"), input(fx.beta.id, game.beta, "in-kp-beta")]);
    alphaS = await client(app, "alpha", streamed);
    betaS = await client(app, "beta", streamed);
  });

  it("gets no clip while live; the recording's webhook cuts the counting ones from it, once", async () => {
    sent.length = 0;
    clock.now = READY_AT - 1_000;
    await sendVia(alphaS, game.alpha, [kps.counts, kps.last, kps.undone, kps.hidden], who.keeper);
    await sendVia(alphaS, game.alpha, [tap(START + 700_500, { kind: "undo", target: kps.undone.id })], who.keeper);
    expect((await change("PATCH", `/api/events/${game.alpha}/key-plays/${kps.hidden.id}`, who.owner, { hidden: true })).status).toBe(200);
    await sendVia(betaS, game.beta, [kps.beta], who.betaOwner);

    // Listed, without a clip: Stream's live input has no video to cut yet.
    const live = await keyPlays(game.alpha, who.owner, alphaS);
    expect(live.map((k) => [k.id, k.clip])).toEqual([kps.counts, kps.hidden, kps.last].map((k) => [k.id, null]));
    expect(await eventClips(game.alpha)).toEqual([]);
    expect(clipJobs()).toEqual([]);

    clock.now = READY_AT;
    const ready = await recordingReady();
    expect(await json(ready)).toEqual({ data: { handled: "live_input" } });
    // The event is the recording now: it started 70 min before the webhook, as the broadcast did.
    expect(await db.select({ start: events.eventUtcTs }).from(events).where(eq(events.id, game.alpha)).get()).toEqual({ start: START });
    const cut = await eventClips(game.alpha);
    const byTap = new Map(cut.map((c) => [c.keyPlayTapId, c]));
    expect([...byTap.keys()].sort()).toEqual([kps.counts.id, kps.last.id].sort());
    // From the marker (the lead before the tap) to 5 s after it, on whole seconds, from the recording.
    expect(byTap.get(kps.counts.id)).toMatchObject({ sourceVideoUid: "rec-kp-alpha", asset: "", status: "queued", startMs: (600 - LEAD_S) * 1000, durationMs: (LEAD_S + 5) * 1000, notBefore: null, orderId: null, userId: who.keeperId });
    // Two seconds before the recording ends: clamped to it.
    expect(byTap.get(kps.last.id)).toMatchObject({ sourceVideoUid: "rec-kp-alpha", startMs: (RECORDING_S - 2 - LEAD_S) * 1000, durationMs: (LEAD_S + 2) * 1000 });
    expect(clipJobs().map((j) => [j.body.clipId, j.options])).toEqual(expect.arrayContaining(cut.map((c) => [c.id, undefined])));
    expect(clipJobs()).toHaveLength(2);
    expect((await keyPlays(game.alpha, undefined, alphaS)).map((k) => [k.id, k.clip?.status ?? null])).toEqual([
      [kps.counts.id, "queued"],
      [kps.last.id, "queued"],
    ]);

    // Stream sends it again: nothing is cut twice, no job is sent again.
    sent.length = 0;
    clock.now = READY_AT + 60_000;
    expect(await json(await recordingReady())).toEqual({ data: { handled: "live_input" } });
    expect(await eventClips(game.alpha)).toHaveLength(2);
    expect(clipJobs()).toEqual([]);

    // The owner shows the hidden one again: it is cut from the recording then.
    sent.length = 0;
    expect((await change("PATCH", `/api/events/${game.alpha}/key-plays/${kps.hidden.id}`, who.owner, { hidden: false }, alphaS, streamed)).status).toBe(200);
    const shown = (await eventClips(game.alpha)).find((c) => c.keyPlayTapId === kps.hidden.id);
    expect(shown).toMatchObject({ sourceVideoUid: "rec-kp-alpha", startMs: (800 - LEAD_S) * 1000 });
    expect(clipJobs().map((j) => j.body.clipId)).toEqual([shown!.id]);
    // Hidden and shown once more, it keeps that clip: none is cut twice.
    sent.length = 0;
    await change("PATCH", `/api/events/${game.alpha}/key-plays/${kps.hidden.id}`, who.owner, { hidden: true }, alphaS, streamed);
    await change("PATCH", `/api/events/${game.alpha}/key-plays/${kps.hidden.id}`, who.owner, { hidden: false }, alphaS, streamed);
    expect(await eventClips(game.alpha)).toHaveLength(3);
    expect(clipJobs()).toEqual([]);

    // Another channel's game is untouched: its key play still waits for its own recording.
    expect(await eventClips(game.beta)).toEqual([]);
    expect((await keyPlays(game.beta, undefined, betaS)).map((k) => k.clip)).toEqual([null]);
    expect(await db.select({ status: liveInputs.status }).from(liveInputs).where(eq(liveInputs.uid, "in-kp-beta")).get()).toEqual({ status: "connected" });

    // The job asks Stream's clip API for the cut from the recording.
    const calls = async () => (await fetch(`${new URL(api).origin}/__calls/${ACCOUNT}`)).json() as Promise<{ path: string; body: unknown }[]>;
    const before = (await calls()).length;
    const job = await processClip({ db, bucket: env.MEDIA, now: () => clock.now, video: () => videoProvider(streamed, db) }, { channelId: fx.alpha.id, clipId: byTap.get(kps.counts.id)!.id }, 1);
    expect(job).toEqual({ done: true });
    expect((await calls()).slice(before)).toEqual([expect.objectContaining({ path: "/clip", body: expect.objectContaining({ clippedFromVideoUID: "rec-kp-alpha", startTimeSeconds: 600 - LEAD_S, endTimeSeconds: 605 }) })]);
  });

  it("tapped once the recording exists (a queue that was offline), is cut from it at once", async () => {
    sent.length = 0;
    clock.now = READY_AT + 5 * 60_000;
    const late = keyPlay(START + 1_200_000);
    await sendVia(alphaS, game.alpha, [late], who.keeper);
    const row = (await eventClips(game.alpha)).find((c) => c.keyPlayTapId === late.id)!;
    expect(row).toMatchObject({ sourceVideoUid: "rec-kp-alpha", startMs: (1200 - LEAD_S) * 1000, durationMs: (LEAD_S + 5) * 1000, notBefore: null });
    expect(clipJobs().map((j) => [j.body.clipId, j.options])).toEqual([[row.id, undefined]]);
    // A moment after the recording's end gets no clip; the key play stays.
    const after = keyPlay(READY_AT + 60_000);
    await sendVia(alphaS, game.alpha, [after], who.keeper);
    expect((await eventClips(game.alpha)).some((c) => c.keyPlayTapId === after.id)).toBe(false);
    expect((await keyPlays(game.alpha, undefined, alphaS)).find((k) => k.id === after.id)).toMatchObject({ clip: null });
  });
});
