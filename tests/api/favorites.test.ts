// Favourites (issue 12) against local D1: the contract of GET /favorites, POST /favorite, PATCH and DELETE
// /favorite/{id} and GET /events/favorite, the SPEC's messages, and isolation between users and channels.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@api/db/client";
import type { Favorite, FavoriteEvent } from "@api/contract/favorites";
import { FAVORITE_MESSAGES, FAVORITES_MAX } from "@api/contract/favorites";
import { eventCategories, events, favorites, participantGroups, participants } from "@api/db/schema";
import { client, clockedApi, env, registerUser, type Client } from "./auth-helpers";
import { seedChannels, type Fixtures } from "./fixtures";

const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);
const H = 3_600_000;
const { app } = clockedApi(T0);
const db = getDb(env.DB);
let fx: Fixtures;
let alpha: Client;
let beta: Client;
const id = { sport: 0, subSport: 0, otherSport: 0, school: 0, otherSchool: 0, team: 0, rival: 0, schoolmate: 0, stranger: 0, betaTeam: 0 };
const ev = { liveTeam: 0, upcomingTeam: 0, finishedTeam: 0, schoolmate: 0, subSport: 0, unrelated: 0, beta: 0 };

beforeAll(async () => {
  fx = await seedChannels();
  const a = fx.alpha.id;
  const insertId = async <T extends { id: number }>(q: Promise<T[]>) => (await q).map((r) => r.id);
  [id.sport, id.otherSport] = await insertId(
    db
      .insert(eventCategories)
      .values([
        { channelId: a, alias: "fav-hockey", name: { en: "Hockey", fr: "Hockey sur glace" } },
        { channelId: a, alias: "fav-chess", name: { en: "Chess" } },
      ])
      .returning({ id: eventCategories.id }),
  );
  [id.subSport] = await insertId(
    db.insert(eventCategories).values({ channelId: a, alias: "fav-hockey-3on3", name: { en: "3-on-3" }, parentId: id.sport }).returning({ id: eventCategories.id }),
  );
  [id.school, id.otherSchool] = await insertId(
    db
      .insert(participantGroups)
      .values([
        { channelId: a, alias: "fav-north", name: { en: "North University" }, images: { logo: "/api/assets/north.svg" }, color: "#003366" },
        { channelId: a, alias: "fav-south", name: { en: "South College" } },
      ])
      .returning({ id: participantGroups.id }),
  );
  const team = (channelId: number, alias: string, groupId: number | null) => ({ channelId, alias, name: { en: alias }, shortName: alias, groupId, images: { logo: `/api/assets/${alias}.svg` } });
  [id.team, id.rival, id.schoolmate, id.stranger] = await insertId(
    db
      .insert(participants)
      .values([team(a, "fav-north-hockey", id.school), team(a, "fav-south-hockey", id.otherSchool), team(a, "fav-north-soccer", id.school), team(a, "fav-lone", null)])
      .returning({ id: participants.id }),
  );
  [id.betaTeam] = await insertId(db.insert(participants).values(team(fx.beta.id, "fav-beta-team", null)).returning({ id: participants.id }));
  const game = (channelId: number, key: string, start: number, end: number, home: number | null, away: number | null, sport: number | null) => ({
    channelId,
    key,
    name: { en: key },
    accessType: "free" as const,
    type: "free" as const,
    eventUtcTs: start,
    endUtcTs: end,
    timeZone: "America/New_York",
    homeTeamId: home,
    awayTeamId: away,
    eventCategoryId: sport,
  });
  [ev.liveTeam, ev.upcomingTeam, ev.finishedTeam, ev.schoolmate, ev.subSport, ev.unrelated, ev.beta] = await insertId(
    db
      .insert(events)
      .values([
        game(a, "fav-live", T0 - H, T0 + H, id.team, id.rival, id.otherSport),
        game(a, "fav-upcoming", T0 + 2 * H, T0 + 4 * H, id.rival, id.team, id.otherSport),
        game(a, "fav-finished", T0 - 30 * H, T0 - 28 * H, id.team, id.stranger, id.otherSport),
        game(a, "fav-schoolmate", T0 + 5 * H, T0 + 7 * H, id.schoolmate, id.stranger, id.otherSport),
        game(a, "fav-sub-sport", T0 + 6 * H, T0 + 8 * H, id.stranger, null, id.subSport),
        game(a, "fav-unrelated", T0 + 3 * H, T0 + 5 * H, id.stranger, null, id.otherSport),
        game(fx.beta.id, "fav-beta", T0 + 2 * H, T0 + 4 * H, id.betaTeam, null, null),
      ])
      .returning({ id: events.id }),
  );
  alpha = await client(app, "alpha");
  beta = await client(app, "beta");
});

const data = async <T>(res: Response, status = 200) => {
  expect(res.status, await res.clone().text()).toBe(status);
  return ((await res.json()) as { data: T }).data;
};
const del = (c: Client, path: string, token?: string) =>
  c.app.fetch(new Request(`http://${c.host}${path}?api_key=${encodeURIComponent(c.key)}`, { method: "DELETE", headers: token ? { authorization: `Bearer ${token}` } : {} }), env);
const patch = (c: Client, path: string, body: unknown, token?: string) =>
  c.app.fetch(
    new Request(`http://${c.host}${path}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ api_key: c.key, ...(body as object) }),
    }),
    env,
  );
const follow = (token: string, type: string, favoritableId: number, c: Client = alpha, extra: Record<string, unknown> = {}) =>
  c.post("/api/favorite", { favoritable_type: type, favoritable_id: favoritableId, ...extra }, token);
const fan = async (c: Client = alpha) => (await registerUser(c)).token;

describe("signed out", () => {
  it.each([
    ["GET /favorites", () => alpha.get("/api/favorites")],
    ["POST /favorite", () => follow("", "participant", id.team)],
    ["PATCH /favorite/1", () => patch(alpha, "/api/favorite/1", { remind: true })],
    ["DELETE /favorite/1", () => del(alpha, "/api/favorite/1")],
    ["GET /events/favorite", () => alpha.get("/api/events/favorite")],
  ])("%s is refused with the SPEC's words", async (_name, send) => {
    const res = await send();
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "user must be logged in" });
  });
});

describe("POST /favorite", () => {
  it("follows a team, a school and a sport and lists them, oldest first, with their landing and live state", async () => {
    const token = await fan();
    const team = await data<Favorite>(await follow(token, "participant", id.team));
    expect(team).toMatchObject({
      favoritable_type: "participant",
      favoritable_id: id.team,
      remind: false,
      live_now: true,
      favoritable: { id: id.team, name: "fav-north-hockey", alias: "fav-north-hockey", image: "/api/assets/fav-north-hockey.svg", path: "/upcoming?team=fav-north-hockey" },
    });
    await data(await follow(token, "group", id.otherSchool));
    await data(await follow(token, "category", id.sport, alpha, { remind: true }));
    const list = await data<Favorite[]>(await alpha.get("/api/favorites?lang=fr", token));
    expect(list.map((f) => [f.favoritable_type, f.favoritable.name, f.favoritable.path, f.live_now, f.remind])).toEqual([
      ["participant", "fav-north-hockey", "/upcoming?team=fav-north-hockey", true, false],
      // South College's team plays the live game too.
      ["group", "South College", "/upcoming?school=fav-south", true, false],
      ["category", "Hockey sur glace", "/upcoming?sport=fav-hockey", false, true],
    ]);
  });

  it("tells a sport is live by its games, and a school by its teams' games", async () => {
    const token = await fan();
    const sport = await data<Favorite>(await follow(token, "category", id.otherSport));
    const school = await data<Favorite>(await follow(token, "group", id.school));
    expect([sport.live_now, school.live_now]).toEqual([true, true]);
    await data(await follow(token, "participant", id.stranger));
    const list = await data<Favorite[]>(await alpha.get("/api/favorites", token));
    expect(list.map((f) => [f.favoritable_id, f.live_now])).toEqual([
      [id.otherSport, true],
      [id.school, true],
      [id.stranger, false],
    ]);
  });

  it("is idempotent: following twice keeps one favourite, and `remind` updates it", async () => {
    const token = await fan();
    const first = await data<Favorite>(await follow(token, "participant", id.rival));
    const again = await data<Favorite>(await follow(token, "participant", id.rival, alpha, { remind: true }));
    expect(again.id).toBe(first.id);
    expect(again.remind).toBe(true);
    expect(await data<Favorite[]>(await alpha.get("/api/favorites", token))).toHaveLength(1);
  });

  it.each([
    [{ favoritable_type: "team", favoritable_id: 1 }, "favoritable_type", FAVORITE_MESSAGES.typeInvalid],
    [{ favoritable_type: 7, favoritable_id: 1 }, "favoritable_type", FAVORITE_MESSAGES.typeInvalid],
    [{ favoritable_id: 1 }, "favoritable_type", FAVORITE_MESSAGES.typeInvalid],
    [{ favoritable_type: "participant" }, "favoritable_id", FAVORITE_MESSAGES.idInvalid],
    [{ favoritable_type: "participant", favoritable_id: "abc" }, "favoritable_id", FAVORITE_MESSAGES.idInvalid],
    [{ favoritable_type: "participant", favoritable_id: -3 }, "favoritable_id", FAVORITE_MESSAGES.idInvalid],
  ])("refuses %j with a 4xx naming the allowed values", async (body, field, message) => {
    const token = await fan();
    const res = await alpha.post("/api/favorite", body, token);
    expect(res.status).toBe(422);
    const answer = (await res.json()) as { errors: Record<string, string[]> };
    expect(answer.errors[field]).toContain(message);
  });

  it("says which values are allowed", () => {
    expect(FAVORITE_MESSAGES.typeInvalid).toBe("The favoritable type field must be equal to one of: participant, group, category.");
  });

  it("answers 404 for an unknown id or another channel's team", async () => {
    const token = await fan();
    expect((await follow(token, "participant", id.betaTeam)).status).toBe(404);
    expect((await follow(token, "group", 999_999)).status).toBe(404);
    // The same id read as another kind is looked up as that kind.
    expect((await follow(token, "category", id.team + 100_000)).status).toBe(404);
  });

  it(`keeps at most ${FAVORITES_MAX} favourites, yet following one already followed still answers`, async () => {
    const token = await fan();
    const first = await data<Favorite>(await follow(token, "participant", id.team));
    const userId = (await db.select().from(favorites).all()).find((f) => f.id === first.id)!.userId;
    const filler = Array.from({ length: FAVORITES_MAX - 1 }, (_, i) => ({ channelId: fx.alpha.id, userId, favoritableType: "category" as const, favoritableId: 500_000 + i, createdAt: T0 }));
    // D1 binds at most 100 values per statement.
    for (let i = 0; i < filler.length; i += 10) await db.insert(favorites).values(filler.slice(i, i + 10));
    // A full list still answers (no id list is ever bound into a query).
    expect(await data<Favorite[]>(await alpha.get("/api/favorites", token))).toHaveLength(1);
    expect((await alpha.get("/api/events/favorite", token)).status).toBe(200);
    const res = await follow(token, "participant", id.rival);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe(FAVORITE_MESSAGES.tooMany);
    expect((await follow(token, "participant", id.team)).status).toBe(200);
  });
});

describe("PATCH and DELETE /favorite/{id}", () => {
  it("turns reminders on and off, and unfollows", async () => {
    const token = await fan();
    const fav = await data<Favorite>(await follow(token, "group", id.school));
    expect((await data<Favorite>(await patch(alpha, `/api/favorite/${fav.id}`, { remind: true }, token))).remind).toBe(true);
    expect((await patch(alpha, `/api/favorite/${fav.id}`, { remind: "yes" }, token)).status).toBe(422);
    expect(await data(await del(alpha, `/api/favorite/${fav.id}`, token))).toEqual({ deleted: true });
    expect(await data<Favorite[]>(await alpha.get("/api/favorites", token))).toEqual([]);
    expect((await del(alpha, `/api/favorite/${fav.id}`, token)).status).toBe(404);
  });

  it("answers 404 for another user's or another channel's favourite", async () => {
    const owner = await fan();
    const fav = await data<Favorite>(await follow(owner, "participant", id.team));
    const other = await fan();
    expect((await del(alpha, `/api/favorite/${fav.id}`, other)).status).toBe(404);
    expect((await patch(alpha, `/api/favorite/${fav.id}`, { remind: true }, other)).status).toBe(404);
    const betaUser = await fan(beta);
    expect((await del(beta, `/api/favorite/${fav.id}`, betaUser)).status).toBe(404);
    // Still there for its owner.
    expect(await data<Favorite[]>(await alpha.get("/api/favorites", owner))).toHaveLength(1);
    // Another channel's user does not see it either.
    expect(await data<Favorite[]>(await beta.get("/api/favorites", betaUser))).toEqual([]);
  });
});

describe("GET /events/favorite", () => {
  it("is empty when nothing is followed", async () => {
    const token = await fan();
    const res = await alpha.get("/api/events/favorite", token);
    expect(await res.json()).toEqual({ data: [], meta: { total: 0, offset: 0, limit: 12 } });
  });

  it("lists the events of followed teams, schools' teams and sports (sub-sports too), naming the favourites each is there for", async () => {
    const token = await fan();
    const team = await data<Favorite>(await follow(token, "participant", id.team));
    const school = await data<Favorite>(await follow(token, "group", id.school));
    const sport = await data<Favorite>(await follow(token, "category", id.sport));
    const res = await alpha.get("/api/events/favorite?limit=50", token);
    const body = (await res.json()) as { data: FavoriteEvent[]; meta: { total: number } };
    const byId = new Map(body.data.map((e) => [e.id, e.favorite_ids.sort()]));
    expect([...byId.keys()]).toEqual([ev.finishedTeam, ev.liveTeam, ev.upcomingTeam, ev.schoolmate, ev.subSport]);
    expect(byId.get(ev.liveTeam)).toEqual([team.id, school.id].sort());
    expect(byId.get(ev.schoolmate)).toEqual([school.id]);
    expect(byId.get(ev.subSport)).toEqual([sport.id]);
    expect(body.meta.total).toBe(5);
    expect(byId.has(ev.unrelated)).toBe(false);
    expect(byId.has(ev.beta)).toBe(false);
  });

  it("filters by stream_status and dates, sorts and pages (SPEC §7 parameters)", async () => {
    const token = await fan();
    await follow(token, "participant", id.team);
    const ids = async (q: string) => ((await (await alpha.get(`/api/events/favorite?${q}`, token)).json()) as { data: FavoriteEvent[] }).data.map((e) => e.id);
    expect(await ids("stream_status=live")).toEqual([ev.liveTeam]);
    expect(await ids("stream_status=upcoming")).toEqual([ev.upcomingTeam]);
    expect(await ids("stream_status=finished")).toEqual([ev.finishedTeam]);
    // What is on now and next, in start order: the live game first.
    expect(await ids("stream_status=live,upcoming")).toEqual([ev.liveTeam, ev.upcomingTeam]);
    expect(await ids("sort_direction=desc")).toEqual([ev.upcomingTeam, ev.liveTeam, ev.finishedTeam]);
    expect(await ids("start_date=2026-11-25&end_date=2026-11-25")).toEqual([ev.liveTeam, ev.upcomingTeam]);
    expect(await ids("offset=1&limit=1")).toEqual([ev.liveTeam]);
    expect(await ids("sort_field=name&sort_direction=desc")).toEqual([ev.upcomingTeam, ev.liveTeam, ev.finishedTeam]);
  });

  it("refuses bad parameters with a 4xx", async () => {
    const token = await fan();
    for (const q of ["stream_status=soon", "stream_status=live,soon", "stream_status=", "limit=0", "limit=500", "start_date=tomorrow", "sort_field=price"]) {
      expect((await alpha.get(`/api/events/favorite?${q}`, token)).status, q).toBe(422);
    }
  });
});
