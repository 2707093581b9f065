// Game day (issue 27) against real local D1: the game an event's taps make (public like the event), the taps of the
// channel's owner and of a granted scorekeeper, the refusals in the rules' words, resends, offline queues that land
// late, hidden key plays, and another channel's event.
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@api/db/client";
import { SCORE_MESSAGES as M, SCOREKEEPER_MESSAGES, type GameAnswer, type Scorekeeper, type TapAction, type TapsAnswer } from "@api/contract/scores";
import { auditLog, eventCategories, events, scoreTaps, users } from "@api/db/schema";
import { grantScorekeeper } from "@api/db/repos/scores";
import { client, clockedApi, env, freshEmail, json, registerUser, type Client, type Data } from "./auth-helpers";
import type { LiveMessage } from "@api/contract/event-live";
import { call, HOSTS, seedChannels, type Fixtures } from "./fixtures";

const T0 = Date.UTC(2026, 10, 28, 18, 0, 0);
const { app } = clockedApi(T0);
const db = getDb(env.DB);

let fx: Fixtures;
let alpha: Client;
let beta: Client;
const ev = { hoops: 0, hoops2: 0, chess: 0, hidden: 0, volley: 0, beta: 0 };
const who = { owner: "", keeper: "", seasonKeeper: "", fan: "", betaOwner: "" };

/** A tap made `s` seconds after T0, with a fresh id. */
const tap = (s: number, action: TapAction) => ({ id: crypto.randomUUID(), at: T0 + s * 1000, action });
const score = (side: "home" | "away", play: string) => ({ kind: "score", side, play }) as const;

const send = (eventId: number, taps: unknown[], token?: string, c: Client = alpha) => c.post(`/api/events/${eventId}/score/taps`, { taps }, token);
const game = async (eventId: number, token?: string, c: Client = alpha) => {
  const res = await c.get(`/api/events/${eventId}/score`, token);
  expect(res.status).toBe(200);
  return (await json<Data<GameAnswer>>(res)).data;
};

async function account(c: Client, role?: "owner"): Promise<{ id: number; token: string; email: string }> {
  const s = await registerUser(c, freshEmail("score"));
  if (role) await db.update(users).set({ role }).where(eq(users.id, s.user.id));
  return { id: s.user.id, token: s.token, email: s.user.email };
}

beforeAll(async () => {
  fx = await seedChannels();
  const a = fx.alpha.id;
  const [hoops] = await db.insert(eventCategories).values({ channelId: a, alias: "score-basketball", name: { en: "Boys basketball" } }).returning();
  // A sport named by its parent: "Girls varsity" under "volleyball".
  const [volley] = await db.insert(eventCategories).values({ channelId: a, alias: "volleyball", name: { en: "Volleyball" } }).returning();
  const [girls] = await db.insert(eventCategories).values({ channelId: a, alias: "score-girls-varsity", name: { en: "Girls varsity" }, parentId: volley.id }).returning();
  const [chess] = await db.insert(eventCategories).values({ channelId: a, alias: "score-chess", name: { en: "Chess" } }).returning();
  // The basketball sport's alias does not name a sport: it is one by its parent.
  const [parent] = await db.insert(eventCategories).values({ channelId: a, alias: "basketball", name: { en: "Basketball" } }).returning();
  await db.update(eventCategories).set({ parentId: parent.id }).where(eq(eventCategories.id, hoops.id));
  const game = (key: string, categoryId: number, extra: Partial<typeof events.$inferInsert> = {}) => ({
    channelId: a,
    key,
    name: { en: key },
    eventUtcTs: T0 - 600_000,
    endUtcTs: T0 + 2 * 3_600_000,
    timeZone: "America/New_York",
    eventCategoryId: categoryId,
    ...extra,
  });
  const rows = await db
    .insert(events)
    .values([
      game("score-hoops", hoops.id),
      game("score-hoops-2", hoops.id),
      game("score-chess", chess.id),
      game("score-hidden", hoops.id, { published: false }),
      game("score-volley", girls.id),
      { channelId: fx.beta.id, key: "score-beta", name: { en: "Beta game" }, eventUtcTs: T0, endUtcTs: T0 + 3_600_000, timeZone: "America/Montreal", eventCategoryId: null },
    ])
    .returning({ id: events.id });
  [ev.hoops, ev.hoops2, ev.chess, ev.hidden, ev.volley, ev.beta] = rows.map((r) => r.id);
  alpha = await client(app, "alpha");
  beta = await client(app, "beta");
  const owner = await account(alpha, "owner");
  const keeper = await account(alpha);
  const seasonKeeper = await account(alpha);
  const fan = await account(alpha);
  const betaOwner = await account(beta, "owner");
  await grantScorekeeper(db, a, keeper.id, ev.hoops, T0);
  await grantScorekeeper(db, a, seasonKeeper.id, null, T0);
  Object.assign(who, { owner: owner.token, keeper: keeper.token, seasonKeeper: seasonKeeper.token, fan: fan.token, betaOwner: betaOwner.token });
});

describe("GET /events/{id}/score", () => {
  it("answers the game at 0–0 to anyone, and whether the caller may keep score", async () => {
    const signedOut = await game(ev.hoops2);
    expect(signedOut).toMatchObject({ state: { sport: "basketball", home: 0, away: 0, period: 1, final: false, clock: { direction: "down", running: false, ms: 8 * 60_000 } }, plays: [], can_keep_score: false });
    expect((await game(ev.hoops2, who.fan)).can_keep_score).toBe(false);
    expect((await game(ev.hoops2, who.owner)).can_keep_score).toBe(true);
    expect((await game(ev.hoops2, who.seasonKeeper)).can_keep_score).toBe(true);
    // The event grant is for another event.
    expect((await game(ev.hoops2, who.keeper)).can_keep_score).toBe(false);
  });

  it("is 404 for an unpublished event and another channel's, and 422 for a sport without scoring", async () => {
    for (const [c, id] of [[alpha, ev.hidden], [alpha, ev.beta], [beta, ev.hoops]] as const) expect((await c.get(`/api/events/${id}/score`)).status).toBe(404);
    const res = await alpha.get(`/api/events/${ev.chess}/score`);
    expect(res.status).toBe(422);
    expect(await json(res)).toEqual({ message: M.noSport });
  });
});

describe("POST /events/{id}/score/taps", () => {
  it("scores for the owner and a scorekeeper; the game and its play-by-play follow", async () => {
    const three = tap(10, score("home", "three"));
    let res = await send(ev.hoops, [three, tap(20, { kind: "clock", action: "start" })], who.keeper);
    expect(res.status).toBe(200);
    expect((await json<Data<TapsAnswer>>(res)).data.results).toEqual([
      { id: three.id, status: "accepted" },
      { id: expect.any(String), status: "accepted" },
    ]);
    res = await send(ev.hoops, [tap(30, score("away", "field_goal")), tap(40, { kind: "key_play", side: "home", player: "23", note: "Steal and dunk" })], who.owner);
    expect(res.status).toBe(200);
    const now = await game(ev.hoops);
    expect(now.state).toMatchObject({ home: 3, away: 2, clock: { running: true, ms: 8 * 60_000, at: T0 + 20_000 } });
    expect(now.plays.map((p) => [p.action.kind, p.points, p.home, p.away])).toEqual([
      ["score", 3, 3, 0],
      ["score", 2, 3, 2],
      ["key_play", null, 3, 2],
    ]);
    expect(now.plays[2].action).toEqual({ kind: "key_play", side: "home", player: "23", note: "Steal and dunk" });
    // Who tapped is never told.
    expect(JSON.stringify(now)).not.toMatch(/user/i);
  });

  it("stores a resent tap once", async () => {
    const t = tap(50, score("home", "free_throw"));
    await send(ev.hoops, [t], who.owner);
    const res = await send(ev.hoops, [t], who.owner);
    expect((await json<Data<TapsAnswer>>(res)).data.results).toEqual([{ id: t.id, status: "duplicate" }]);
    const rows = await db.select().from(scoreTaps).where(eq(scoreTaps.tapId, t.id));
    expect(rows).toHaveLength(1);
  });

  it("refuses a bad tap with the rule's words, 422, and keeps the taps around it", async () => {
    const before = (await game(ev.hoops)).state;
    const good = tap(60, score("away", "three"));
    const bad = tap(61, { kind: "adjust", side: "home", points: -9 });
    const after = tap(62, score("away", "free_throw"));
    const res = await send(ev.hoops, [good, bad, after], who.owner);
    expect(res.status).toBe(422);
    const body = await json<{ message: string; data: TapsAnswer }>(res);
    expect(body.message).toBe(M.belowZero);
    expect(body.data.results.map((r) => r.status)).toEqual(["accepted", "refused", "accepted"]);
    expect(body.data.game.state).toMatchObject({ home: before.home, away: before.away + 4 });
  });

  it("refuses a play of another sport, and an undo of nothing", async () => {
    let res = await send(ev.hoops, [tap(70, score("home", "touchdown"))], who.owner);
    expect(res.status).toBe(422);
    expect((await json<{ message: string }>(res)).message).toBe(M.unknownPlay);
    res = await send(ev.hoops, [tap(70, { kind: "undo", target: crypto.randomUUID() })], who.owner);
    expect((await json<{ message: string }>(res)).message).toBe(M.nothingToUndo);
  });

  it("places a queued tap by its own time, so the story reads in game order", async () => {
    // Tapped at 100 s and 110 s on a phone that was offline; a tap at 120 s from the owner arrived first.
    await send(ev.hoops2, [tap(120, score("away", "three"))], who.owner);
    const basket = tap(100, score("home", "field_goal"));
    const undo = tap(110, { kind: "undo", target: basket.id });
    const res = await send(ev.hoops2, [tap(90, score("home", "three")), basket, undo], who.seasonKeeper);
    expect(res.status).toBe(200);
    const now = await game(ev.hoops2);
    expect(now.plays.map((p) => [p.at - T0, p.home, p.away])).toEqual([
      [90_000, 3, 0],
      [120_000, 3, 3],
    ]);
  });

  it("puts the taps of a phone whose clock is minutes off into the server's time, and leaves a phone within a second alone", async () => {
    const hoops = (await db.select().from(events).where(eq(events.id, ev.hoops)).get())!;
    const [{ id }] = await db
      .insert(events)
      .values({ ...hoops, id: undefined, key: "score-skewed-phone", eventCategoryId: hoops.eventCategoryId })
      .returning({ id: events.id });
    const storedAt = async (tapId: string) => (await db.select().from(scoreTaps).where(eq(scoreTaps.tapId, tapId)).get())?.at;
    // Five minutes slow: a basket 20 s before the batch left (by the phone's clock) was 20 s before the server's now.
    const slow = T0 - 5 * 60_000;
    const basket = { id: crypto.randomUUID(), at: slow - 20_000, action: score("home", "field_goal") };
    let res = await alpha.post(`/api/events/${id}/score/taps`, { taps: [basket], sent_at: slow }, who.seasonKeeper);
    expect(res.status).toBe(200);
    expect(await storedAt(basket.id)).toBe(T0 - 20_000);
    // Two minutes fast, the same the other way.
    const fast = T0 + 2 * 60_000;
    const three = { id: crypto.randomUUID(), at: fast - 5_000, action: score("away", "three") };
    res = await alpha.post(`/api/events/${id}/score/taps`, { taps: [three], sent_at: fast }, who.seasonKeeper);
    expect(await storedAt(three.id)).toBe(T0 - 5_000);
    // 400 ms is the network, not the phone: the tap keeps its own time.
    const free = { id: crypto.randomUUID(), at: T0 - 1_000, action: score("home", "free_throw") };
    res = await alpha.post(`/api/events/${id}/score/taps`, { taps: [free], sent_at: T0 - 400 }, who.seasonKeeper);
    expect(await storedAt(free.id)).toBe(T0 - 1_000);
    expect((await game(id)).plays.map((p) => p.action.kind === "score" && p.action.play)).toEqual(["field_goal", "three", "free_throw"]);
    const bad = await alpha.post(`/api/events/${id}/score/taps`, { taps: [tap(1, score("home", "three"))], sent_at: "yesterday" }, who.seasonKeeper);
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty("sent_at");
  });

  it("answers 401 signed out, 403 to a viewer and to a scorekeeper of another event, 404 on another channel's event", async () => {
    expect((await send(ev.hoops, [tap(1, score("home", "three"))])).status).toBe(401);
    for (const token of [who.fan, who.keeper]) {
      const res = await send(ev.hoops2, [tap(1, score("home", "three"))], token);
      expect(res.status).toBe(403);
      expect(await json(res)).toEqual({ message: M.notScorekeeper });
    }
    expect((await send(ev.hoops, [tap(1, score("home", "three"))], who.betaOwner, beta)).status).toBe(404);
    expect((await send(ev.beta, [tap(1, score("home", "three"))], who.owner)).status).toBe(404);
  });

  it("refuses malformed taps with a 422 that names the field, and a queue past the limit", async () => {
    const bad = [
      [{ id: "not-a-uuid", at: T0, action: score("home", "three") }],
      [{ id: crypto.randomUUID(), at: -1, action: score("home", "three") }],
      [{ id: crypto.randomUUID(), at: T0, action: { kind: "score", side: "middle", play: "three" } }],
      [{ id: crypto.randomUUID(), at: T0, action: { kind: "key_play", player: "twenty" } }],
      [{ id: crypto.randomUUID(), at: T0, action: { kind: "key_play", note: "x".repeat(141) } }],
      [],
      Array.from({ length: 51 }, (_, i) => tap(i, score("home", "three"))),
    ];
    for (const taps of bad) {
      const res = await send(ev.hoops, taps, who.owner);
      expect(res.status, JSON.stringify(taps).slice(0, 80)).toBe(422);
      const body = await json<{ message: string; errors: Record<string, string[]> }>(res);
      expect(Object.keys(body.errors).every((k) => k.startsWith("taps")), JSON.stringify(body)).toBe(true);
    }
  });

  it("tells every page of the event the new board at once, watch pages and cards, and no page of another event", async () => {
    const open = async (eventId: number, role = "") => {
      const res = await call(HOSTS.alpha, `/api/events/${eventId}/live${role}`, { headers: { upgrade: "websocket" } }, app);
      expect(res.status).toBe(101);
      const ws = res.webSocket!;
      const got: LiveMessage[] = [];
      ws.addEventListener("message", (e) => got.push(JSON.parse(e.data as string) as LiveMessage));
      ws.accept();
      return { ws, boards: () => got.flatMap((m) => (m.type === "score" ? [m.board] : [])) };
    };
    const watch = await open(ev.hoops2);
    const card = await open(ev.hoops2, "?role=card");
    const other = await open(ev.hoops);
    const before = (await game(ev.hoops2)).state;
    const res = await send(ev.hoops2, [tap(200, score("home", "three"))], who.owner);
    expect(res.status).toBe(200);
    for (const page of [watch, card]) {
      await expect.poll(() => page.boards().length).toBe(1);
      expect(page.boards()[0].state).toMatchObject({ home: before.home + 3, away: before.away });
      expect(page.boards()[0].plays.at(-1)).toMatchObject({ points: 3, home: before.home + 3 });
      // The board is everyone's: nothing of the caller in it.
      expect(page.boards()[0]).not.toHaveProperty("can_keep_score");
    }
    // A refused tap changes nothing, and tells nobody.
    await send(ev.hoops2, [tap(201, { kind: "adjust", side: "away", points: -9 })], who.owner);
    await send(ev.hoops2, [tap(202, score("away", "free_throw"))], who.owner);
    await expect.poll(() => watch.boards().length).toBe(2);
    expect(watch.boards()[1].state.away).toBe(before.away + 1);
    expect(other.boards()).toEqual([]);
    for (const page of [watch, card, other]) page.ws.close();
  });

  it("keeps volleyball's sets for a sport named by its parent", async () => {
    const points = (side: "home" | "away", n: number, from: number) => Array.from({ length: n }, (_, i) => tap(from + i, score(side, "point")));
    const res = await send(ev.volley, [...points("home", 25, 0), ...points("away", 23, 30), tap(60, { kind: "period" }), tap(61, score("away", "point"))], who.owner);
    expect(res.status).toBe(200);
    expect((await game(ev.volley)).state).toMatchObject({ sport: "volleyball", sets: { home: 1, away: 0 }, home: 0, away: 1, period: 2, clock: null });
  });
});

describe("the scorekeeper role: GET, POST /console/scorekeepers, DELETE /console/scorekeepers/{id}", () => {
  const del = (path: string, token: string) => call(HOSTS.alpha, `${path}?api_key=${alpha.key}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } }, app);

  it("an owner grants an account the role for one event, it keeps score there only, and the grant is taken back", async () => {
    const volunteer = await account(alpha);
    const res = await alpha.post("/api/console/scorekeepers", { email: volunteer.email.toUpperCase(), event_id: ev.hoops2 }, who.owner);
    expect(res.status).toBe(200);
    const list = (await json<Data<Scorekeeper[]>>(res)).data;
    const grant = list.find((k) => k.email === volunteer.email)!;
    // The grant names its event, so the console lists it without another call.
    expect(grant).toMatchObject({ event_id: ev.hoops2, event: { name: "score-hoops-2", starts_at: new Date(T0 - 600_000).toISOString() } });
    // Granted twice: still one grant.
    await alpha.post("/api/console/scorekeepers", { email: volunteer.email, event_id: ev.hoops2 }, who.owner);
    const again = (await json<Data<Scorekeeper[]>>(await alpha.get("/api/console/scorekeepers", who.owner))).data;
    expect(again.filter((k) => k.email === volunteer.email)).toHaveLength(1);

    expect((await game(ev.hoops2, volunteer.token)).can_keep_score).toBe(true);
    expect((await send(ev.hoops2, [tap(300, score("home", "free_throw"))], volunteer.token)).status).toBe(200);
    expect((await send(ev.hoops, [tap(300, score("home", "free_throw"))], volunteer.token)).status).toBe(403);

    expect((await del(`/api/console/scorekeepers/${grant.id}`, who.owner)).status).toBe(200);
    expect((await send(ev.hoops2, [tap(301, score("home", "free_throw"))], volunteer.token)).status).toBe(403);
    expect((await del(`/api/console/scorekeepers/${grant.id}`, who.owner)).status).toBe(404);
    const audit = await db.select().from(auditLog).where(eq(auditLog.target, `scorekeeper:${volunteer.email}`));
    expect(audit.map((a) => a.action).sort()).toEqual(["scorekeeper.grant", "scorekeeper.grant", "scorekeeper.revoke"]);
  });

  it("lists a season grant without an event, and names a grant's event in the language asked", async () => {
    const volunteer = await account(alpha);
    await db.update(events).set({ name: { en: "Senior night", fr: "Soirée des finissants" } }).where(eq(events.id, ev.hoops2));
    await alpha.post("/api/console/scorekeepers", { email: volunteer.email, event_id: ev.hoops2 }, who.owner);
    const res = await alpha.post("/api/console/scorekeepers", { email: volunteer.email, event_id: null }, who.owner);
    expect(res.status).toBe(200);
    const mine = (list: Scorekeeper[]) => list.filter((k) => k.email === volunteer.email);
    expect(mine((await json<Data<Scorekeeper[]>>(res)).data)).toMatchObject([
      { event_id: null, event: null, name: expect.any(String) },
      { event_id: ev.hoops2, event: { name: "Senior night" } },
    ]);
    const french = (await json<Data<Scorekeeper[]>>(await alpha.get("/api/console/scorekeepers?lang=fr", who.owner))).data;
    expect(mine(french)[1]!.event).toMatchObject({ name: "Soirée des finissants" });
    await db.update(events).set({ name: { en: "score-hoops-2" } }).where(eq(events.id, ev.hoops2));
  });

  it("refuses an email with no account on the channel, in plain words, and another channel's event", async () => {
    let res = await alpha.post("/api/console/scorekeepers", { email: "nobody-here@example.test" }, who.owner);
    expect(res.status).toBe(422);
    expect(await json(res)).toEqual({ message: SCOREKEEPER_MESSAGES.noAccount, errors: { email: [SCOREKEEPER_MESSAGES.noAccount] } });
    const volunteer = await account(alpha);
    res = await alpha.post("/api/console/scorekeepers", { email: volunteer.email, event_id: ev.beta }, who.owner);
    expect(res.status).toBe(404);
    res = await alpha.post("/api/console/scorekeepers", { email: "not an email" }, who.owner);
    expect(res.status).toBe(422);
  });

  it("is the owner's: a viewer and a scorekeeper get 403, and another channel's owner sees only their own grants", async () => {
    for (const token of [who.fan, who.keeper]) {
      expect((await alpha.get("/api/console/scorekeepers", token)).status).toBe(403);
      expect((await alpha.post("/api/console/scorekeepers", { email: "x@example.test" }, token)).status).toBe(403);
    }
    const betaList = (await json<Data<Scorekeeper[]>>(await beta.get("/api/console/scorekeepers", who.betaOwner))).data;
    expect(betaList).toEqual([]);
  });
});
