// Reminders (issue 12) against real local D1: "Remind me" and its list, the SPEC's login message and the contract's
// validation messages, another channel's event, and the run that mails each user once per event — whatever asked
// for it (the event, a followed team, school or sport with reminders on) and however many runs overlap — with the
// watch, calendar and unsubscribe links, in the user's language and the event's time zone.
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@api/db/client";
import { FAVORITE_MESSAGES, REMINDER_LEAD_MS, REMINDER_MAIL_KIND, type Reminder, type ReminderRunReport } from "@api/contract/favorites";
import { eventCategories, events, participantGroups, participants, users } from "@api/db/schema";
import { eventReminders, favorites, reminderDeliveries } from "@api/db/favorites-schema";
import { mailOutbox } from "@api/db/auth-schema";
import { sendDueReminders } from "@api/services/reminder-run";
import { client, clockedApi, env, freshEmail, json, registerUser, type Client, type Data } from "./auth-helpers";
import { call, seedChannels, type Fixtures } from "./fixtures";

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const { app } = clockedApi(T0);
const db = getDb(env.DB);
const bindings = { ...env, JOBS: { send: async () => undefined, sendBatch: async () => undefined } } as unknown as Env;
const BASE = new URL("http://alpha.localhost:8792");

let fx: Fixtures;
let alpha: Client;
let beta: Client;
const ev = { soon: 0, later: 0, started: 0, other: 0, overlap: 0, beta: 0, nextGame: 0 };
const team = { home: 0, away: 0, other: 0 };
const school = { home: 0, away: 0 };
const sport = { parent: 0, child: 0 };

interface TestUser {
  id: number;
  token: string;
  email: string;
}

async function user(c: Client = alpha, extra: Record<string, unknown> = {}): Promise<TestUser> {
  const s = await registerUser(c, freshEmail("rem"), extra);
  return { id: s.user.id, token: s.token, email: s.user.email };
}

const follow = (u: TestUser, channelId: number, type: "participant" | "group" | "category", id: number, remind = true) =>
  db.insert(favorites).values({ channelId, userId: u.id, favoritableType: type, favoritableId: id, remind, createdAt: T0 });

const remind = (u: TestUser, eventId: number | string, c: Client = alpha) => c.post("/api/reminder", { event_id: eventId }, u.token);
const del = (c: Client, path: string, token?: string) =>
  call(c.host, `${path}?api_key=${c.key}`, { method: "DELETE", headers: token ? { authorization: `Bearer ${token}` } : {} }, app, bindings);
const mailsTo = (u: TestUser) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, u.email), eq(mailOutbox.kind, REMINDER_MAIL_KIND)));
const links = (text: string) => text.match(/https?:\/\/[^\s<>"]+/g) ?? [];

beforeAll(async () => {
  fx = await seedChannels();
  const a = fx.alpha.id;
  const [parent] = await db.insert(eventCategories).values({ channelId: a, alias: "rem-soccer", name: { en: "Soccer" } }).returning();
  const [child] = await db.insert(eventCategories).values({ channelId: a, alias: "rem-soccer-u18", name: { en: "Soccer U18" }, parentId: parent.id }).returning();
  Object.assign(sport, { parent: parent.id, child: child.id });
  const groups = await db
    .insert(participantGroups)
    .values([
      { channelId: a, alias: "rem-north", name: { en: "North High" } },
      { channelId: a, alias: "rem-south", name: { en: "South High" } },
    ])
    .returning();
  Object.assign(school, { home: groups[0].id, away: groups[1].id });
  const teams = await db
    .insert(participants)
    .values([
      { channelId: a, alias: "rem-north-fc", name: { en: "University of North FC" }, shortName: "North", groupId: school.home, eventCategoryId: child.id },
      { channelId: a, alias: "rem-south-fc", name: { en: "South FC" }, shortName: "South", groupId: school.away, eventCategoryId: child.id },
      { channelId: a, alias: "rem-east-fc", name: { en: "East FC" }, shortName: "East" },
    ])
    .returning();
  Object.assign(team, { home: teams[0].id, away: teams[1].id, other: teams[2].id });
  const game = (key: string, start: number, extra: Partial<typeof events.$inferInsert> = {}) => ({
    channelId: a,
    key,
    name: { en: key },
    eventUtcTs: start,
    endUtcTs: start + 2 * 3_600_000,
    timeZone: "America/New_York",
    homeTeamId: team.home,
    awayTeamId: team.away,
    eventCategoryId: child.id,
    ...extra,
  });
  const rows = await db
    .insert(events)
    .values([
      game("rem-soon", T0 + 20 * MIN),
      game("rem-later", T0 + 2 * 3_600_000),
      game("rem-started", T0 - 10 * MIN),
      game("rem-other", T0 + 25 * MIN, { homeTeamId: team.other, awayTeamId: null, eventCategoryId: null, name: { en: "East Showcase" } }),
      game("rem-overlap", T0 + 50 * MIN, { homeTeamId: team.other, awayTeamId: null, eventCategoryId: null }),
      { channelId: fx.beta.id, key: "rem-beta", name: { en: "Beta Cup", fr: "Coupe Bêta" }, eventUtcTs: T0 + 20 * MIN, endUtcTs: T0 + 3 * 3_600_000, timeZone: "America/Montreal" },
      game("rem-next", T0 + 4 * 3_600_000),
    ])
    .returning({ id: events.id });
  [ev.soon, ev.later, ev.started, ev.other, ev.overlap, ev.beta, ev.nextGame] = rows.map((r) => r.id);
  alpha = await client(app, "alpha", bindings);
  beta = await client(app, "beta", bindings);
});

describe("POST /reminder, GET /reminders, DELETE /reminder/{event_id}", () => {
  it("answers 401 with the SPEC's words when signed out", async () => {
    for (const res of [await alpha.get("/api/reminders"), await alpha.post("/api/reminder", { event_id: ev.soon }), await del(alpha, `/api/reminder/${ev.soon}`)]) {
      expect(res.status).toBe(401);
      expect(await json(res)).toEqual({ message: "user must be logged in" });
    }
  });

  it("validates its input with the contract's messages", async () => {
    const u = await user();
    const missing = await alpha.post("/api/reminder", {}, u.token);
    expect(missing.status).toBe(422);
    expect(await json(missing)).toMatchObject({ message: "The event id field is required.", errors: { event_id: ["The event id field is required."] } });
    expect((await remind(u, "abc")).status).toBe(422);
    expect((await remind(u, -3)).status).toBe(422);
    expect((await alpha.get("/api/reminders?event_id=abc", u.token)).status).toBe(422);
    expect((await del(alpha, "/api/reminder/abc", u.token)).status).toBe(422);
  });

  it("refuses another channel's event (404) and an event that has started (422)", async () => {
    const u = await user();
    expect((await remind(u, ev.beta)).status).toBe(404);
    expect((await remind(u, 99_999_999)).status).toBe(404);
    const started = await remind(u, ev.started);
    expect(started.status).toBe(422);
    expect(await json(started)).toMatchObject({ message: FAVORITE_MESSAGES.eventStarted });
  });

  it("is idempotent, lists upcoming reminders (optionally of one event) and removes them", async () => {
    const u = await user();
    const first = await remind(u, ev.later);
    expect(first.status).toBe(200);
    const again = await remind(u, ev.later);
    expect(again.status).toBe(200);
    const expected: Reminder = { event_id: ev.later, remind_at: new Date(T0 + 2 * 3_600_000 - REMINDER_LEAD_MS).toISOString(), sent_at: null };
    expect((await json<Data<Reminder>>(again)).data).toEqual(expected);
    await remind(u, ev.nextGame);
    const list = await json<Data<Reminder[]>>(await alpha.get("/api/reminders", u.token));
    expect(list.data.map((r) => r.event_id)).toEqual([ev.later, ev.nextGame]);
    const one = await json<Data<Reminder[]>>(await alpha.get(`/api/reminders?event_id=${ev.nextGame}`, u.token));
    expect(one.data).toHaveLength(1);
    // Another user sees none of them; the other channel neither.
    expect((await json<Data<Reminder[]>>(await alpha.get("/api/reminders", (await user()).token))).data).toEqual([]);

    expect((await del(alpha, `/api/reminder/${ev.later}`, u.token)).status).toBe(200);
    expect((await del(alpha, `/api/reminder/${ev.later}`, u.token)).status).toBe(200);
    expect((await json<Data<Reminder[]>>(await alpha.get("/api/reminders", u.token))).data.map((r) => r.event_id)).toEqual([ev.nextGame]);
  });
});

describe("the reminder run", () => {
  it("mails once per user and event, whatever asked for it, and only within the lead time", async () => {
    const asked = await user();
    const teamFan = await user();
    const schoolFan = await user();
    const parentSportFan = await user();
    const sportFan = await user();
    const both = await user();
    const muted = await user();
    const unrelated = await user();
    const betaUser = await user(beta);
    await remind(asked, ev.soon);
    await remind(both, ev.soon);
    await follow(teamFan, fx.alpha.id, "participant", team.home);
    await follow(schoolFan, fx.alpha.id, "group", school.away);
    await follow(parentSportFan, fx.alpha.id, "category", sport.parent);
    await follow(sportFan, fx.alpha.id, "category", sport.child);
    await follow(both, fx.alpha.id, "participant", team.away);
    await follow(muted, fx.alpha.id, "participant", team.home, false);
    await follow(unrelated, fx.alpha.id, "participant", team.other, false);
    // A row naming alpha's team on beta's channel is not a follow of it.
    await follow(betaUser, fx.beta.id, "participant", team.home);

    const report = await sendDueReminders(bindings, T0, BASE);
    expect(report.events).toBeGreaterThanOrEqual(2);
    for (const u of [asked, teamFan, schoolFan, parentSportFan, sportFan, both]) {
      const mails = await mailsTo(u);
      expect(mails, u.email).toHaveLength(1);
      expect(links(mails[0].text)[0]).toBe(`http://alpha.localhost:8792/watch/${ev.soon}`);
    }
    for (const u of [muted, unrelated, betaUser]) expect(await mailsTo(u), u.email).toHaveLength(0);
    const source = await db.select().from(reminderDeliveries).where(and(eq(reminderDeliveries.userId, both.id), eq(reminderDeliveries.eventId, ev.soon))).get();
    expect(source?.source).toBe("event");

    // Two more runs, one of them later but still before the start: nothing new.
    await sendDueReminders(bindings, T0, BASE);
    await sendDueReminders(bindings, T0 + 10 * MIN, BASE);
    for (const u of [asked, teamFan, both]) expect(await mailsTo(u)).toHaveLength(1);
    // The reminder now says when it went out.
    const [r] = (await json<Data<Reminder[]>>(await alpha.get(`/api/reminders?event_id=${ev.soon}`, asked.token))).data;
    expect(r.sent_at).toBe(new Date(T0).toISOString());
    // "rem-later" (2 h away) and "rem-next" were outside every run's window.
    expect(await db.select().from(reminderDeliveries).where(eq(reminderDeliveries.eventId, ev.later))).toEqual([]);
  });

  it("two overlapping runs send one mail per user and event", async () => {
    const users = await Promise.all([user(), user(), user()]);
    for (const u of users) await remind(u, ev.overlap);
    const now = T0 + 25 * MIN;
    const reports = await Promise.all([sendDueReminders(bindings, now, BASE), sendDueReminders(bindings, now, BASE), sendDueReminders(bindings, now + MIN, BASE)]);
    expect(reports.every((r) => r.events >= 1)).toBe(true);
    for (const u of users) expect(await mailsTo(u)).toHaveLength(1);
  });

  it("writes the event, its start in its own time zone, and working watch, calendar and unsubscribe links", async () => {
    const u = await user();
    await remind(u, ev.nextGame);
    await follow(u, fx.alpha.id, "participant", team.home);
    const start = T0 + 4 * 3_600_000;
    const runAt = start - 20 * MIN;
    await sendDueReminders(bindings, runAt, BASE);
    const [mail] = await mailsTo(u);
    expect(mail.language).toBe("en");
    expect(mail.subject).toContain("South @ North");
    // 16:00 UTC is 11:00 in New York (EST).
    expect(mail.text).toContain("11:00");
    expect(mail.text).toContain("America/New_York");
    expect(mail.html).toContain("South @ North");
    const [watch, calendar, unsubscribeUrl] = links(mail.text).map((l) => new URL(l));
    expect(watch.pathname).toBe(`/watch/${ev.nextGame}`);
    expect(calendar.pathname).toBe(`/calendar/event/${ev.nextGame}.ics`);
    expect(unsubscribeUrl.origin).toBe("http://alpha.localhost:8792");
    expect(unsubscribeUrl.pathname).toBe("/reminders/unsubscribe");
    const userId = unsubscribeUrl.searchParams.get("user")!;
    const signature = unsubscribeUrl.searchParams.get("signature")!;
    expect(Number(userId)).toBe(u.id);
    expect(mail.html).toContain(`href="${unsubscribeUrl.toString().replaceAll("&", "&#38;")}"`);

    // A tampered or foreign link is refused in the contract's words; nothing changes.
    for (const body of [{ user: userId, signature: signature.slice(0, -2) + (signature.endsWith("AA") ? "BB" : "AA") }, { user: String(u.id + 1), signature }, { user: userId }, {}]) {
      const res = await alpha.post("/api/reminders/unsubscribe", body);
      expect(res.status).toBe(422);
      expect((await json<{ message: string }>(res)).message).toBe(FAVORITE_MESSAGES.unsubscribeInvalid);
    }
    expect((await beta.post("/api/reminders/unsubscribe", { user: userId, signature })).status).toBe(422);

    // The link works signed out, twice; the pending reminder goes and the favourite stops reminding.
    await remind(u, ev.later);
    for (let i = 0; i < 2; i++) {
      const res = await alpha.post("/api/reminders/unsubscribe", { user: userId, signature });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ data: { unsubscribed: true } });
    }
    expect((await json<Data<Reminder[]>>(await alpha.get("/api/reminders", u.token))).data).toEqual([]);
    expect((await db.select().from(favorites).where(eq(favorites.userId, u.id))).map((f) => f.remind)).toEqual([false]);
    // A later game of the followed team: no mail any more.
    await sendDueReminders(bindings, T0 + 2 * 3_600_000 - 20 * MIN, BASE);
    expect(await mailsTo(u)).toHaveLength(1);
  });

  it("writes in the user's language (French on beta) with the event's zone", async () => {
    const u = await user(beta);
    expect((await remind(u, ev.beta, beta)).status).toBe(200);
    await sendDueReminders(bindings, T0, new URL("http://beta.localhost:8792"));
    const [mail] = await mailsTo(u);
    expect(mail.language).toBe("fr");
    expect(mail.subject).toContain("Coupe Bêta");
    expect(mail.text).toContain("commence bientôt");
    expect(mail.text).toContain("America/Montreal");
    expect(links(mail.text)[0]).toBe(`http://beta.localhost:8792/watch/${ev.beta}`);
  });

  it("POST /dev/reminders/run-due runs it with the given clock", async () => {
    const u = await user();
    await remind(u, ev.other);
    const res = await alpha.post("/api/dev/reminders/run-due", { now: new Date(T0 + 5 * MIN).toISOString() });
    expect(res.status).toBe(200);
    const { data } = await json<Data<ReminderRunReport>>(res);
    expect(data.now).toBe(new Date(T0 + 5 * MIN).toISOString());
    expect(data.sent).toBeGreaterThanOrEqual(1);
    const [mail] = await mailsTo(u);
    expect(mail.subject).toContain("East Showcase");
    // The link points at the host the run was asked on.
    expect(links(mail.text)[0]).toBe(`http://alpha.localhost/watch/${ev.other}`);
    expect((await alpha.post("/api/dev/reminders/run-due", { now: "yesterday" })).status).toBe(422);
    const prod = await call(alpha.host, "/api/dev/reminders/run-due", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ api_key: alpha.key }) }, app, { ...bindings, APP_ENV: "production" } as Env);
    expect(prod.status).toBe(404);
  });

  it("a deleted account takes its reminders and deliveries with it", async () => {
    const u = await user();
    await remind(u, ev.nextGame);
    await db.insert(reminderDeliveries).values({ channelId: fx.alpha.id, userId: u.id, eventId: ev.soon, source: "event", sentAt: T0 });
    await db.delete(users).where(eq(users.id, u.id));
    expect(await db.select().from(eventReminders).where(eq(eventReminders.userId, u.id))).toEqual([]);
    expect(await db.select().from(reminderDeliveries).where(eq(reminderDeliveries.userId, u.id))).toEqual([]);
  });
});
