// The signed-in user's sessions (issue 13, Devices): GET /sessions, DELETE /sessions/{id}, POST /sessions/end-others,
// the country each sign-in path records, and the password change that offers to end the other sessions.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DEVICE_GRANT_TYPE, type DeviceAuthorization } from "@api/contract/devices";
import { SESSION_MESSAGES, type EndedOthers, type EndedSession, type Session } from "@api/contract/sessions";
import { SESSION_TOUCH_MS } from "@api/contract/constants";
import { getDb } from "@api/db/client";
import { channelSettings, sessions } from "@api/db/schema";
import { call, seedChannels, type Fixtures } from "./fixtures";
import { client, clockedApi, freshEmail, json, PASSWORD, registerUser, type Client, type Data } from "./auth-helpers";

const { app, clock } = clockedApi(Date.UTC(2026, 10, 25, 12));
let alpha: Client;
let beta: Client;
let fx: Fixtures;

const WINDOWS_CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const IPHONE_SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const MAC_FIREFOX = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0";
const TV = "Mozilla/5.0 (Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SMART-TV Safari/537.36";

beforeAll(async () => {
  fx = await seedChannels();
  await getDb(env.DB).insert(channelSettings).values({ channelId: fx.alpha.id, key: "auth.remote_auth", value: 1 });
  alpha = await client(app, "alpha");
  beta = await client(app, "beta");
});

const later = (ms: number) => (clock.now += ms);
let address = 0;
/** A request from a browser in a country, from an address of its own (sign-in limits count per address). */
const from = (userAgent: string, country: string) => ({ "user-agent": userAgent, "cf-ipcountry": country, "cf-connecting-ip": `198.51.100.${++address}` });

async function signIn(c: Client, email: string, headers: Record<string, string>): Promise<string> {
  const res = await c.post("/api/v2/auth/login", { email, password: PASSWORD }, undefined, headers);
  expect(res.status).toBe(200);
  return (await json<Data<{ token: string }>>(res)).data.token;
}

/** One user signed in on two browsers, the phone seen last. */
async function twoDevices(c: Client = alpha) {
  const email = freshEmail("sessions");
  const res = await c.post("/api/v2/auth/register", { first_name: "Ada", last_name: "Lovelace", email, password: PASSWORD, password_confirmation: PASSWORD, terms: true }, undefined, from(WINDOWS_CHROME, "FR"));
  expect(res.status).toBe(200);
  const laptop = (await json<Data<{ token: string }>>(res)).data.token;
  later(SESSION_TOUCH_MS);
  const phone = await signIn(c, email, from(IPHONE_SAFARI, "ca"));
  return { email, laptop, phone };
}

const list = async (c: Client, token: string) => {
  const res = await c.get("/api/sessions", token);
  expect(res.status).toBe(200);
  return (await json<Data<Session[]>>(res)).data;
};
const end = (c: Client, token: string, id: number | string) =>
  call(c.host, `/api/sessions/${id}?api_key=${c.key}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } }, app);
const endOthers = (c: Client, token: string) => c.post("/api/sessions/end-others", {}, token);
const signedIn = async (c: Client, token: string) => (await c.get("/api/profile", token)).status;

describe("GET /sessions", () => {
  it("lists the user's live sessions, newest seen first: device, browser, system, country, times and which is this one", async () => {
    const { laptop, phone } = await twoDevices();
    const created = clock.now;
    const sessionsSeen = await list(alpha, phone);
    expect(sessionsSeen).toEqual([
      { id: expect.any(Number), device: "web", name: { kind: "browser", browser: "Safari", os: "iPhone", model: null }, browser: "Safari", os: "iPhone", country: "CA", created_at: new Date(created).toISOString(), last_seen_at: new Date(created).toISOString(), current: true },
      { id: expect.any(Number), device: "web", name: { kind: "browser", browser: "Chrome", os: "Windows", model: null }, browser: "Chrome", os: "Windows", country: "FR", created_at: new Date(created - SESSION_TOUCH_MS).toISOString(), last_seen_at: new Date(created - SESSION_TOUCH_MS).toISOString(), current: false },
    ]);
    // The laptop comes back later: now it is seen last, and it is its own current one.
    later(SESSION_TOUCH_MS);
    const fromLaptop = await list(alpha, laptop);
    expect(fromLaptop.map((s) => [s.browser, s.current])).toEqual([
      ["Chrome", true],
      ["Safari", false],
    ]);
    expect(fromLaptop[0].last_seen_at).toBe(new Date(clock.now).toISOString());
  });

  it("leaves out expired sessions and never shows the token, address or raw user agent", async () => {
    const { laptop } = await twoDevices();
    const other = (await list(alpha, laptop)).find((s) => !s.current)!;
    await getDb(env.DB).update(sessions).set({ expiresAt: clock.now }).where(eq(sessions.id, other.id));
    const left = await list(alpha, laptop);
    expect(left.map((s) => s.id)).not.toContain(other.id);
    expect(Object.keys(left[0]).sort()).toEqual(["browser", "country", "created_at", "current", "device", "id", "last_seen_at", "name", "os"]);
  });

  it("names every device from its user agent (issue 28); two browsers of one kind differ by their times and which is this one", async () => {
    const { email, laptop } = await twoDevices();
    later(SESSION_TOUCH_MS);
    const again = await signIn(alpha, email, from(WINDOWS_CHROME, "FR"));
    const seen = await list(alpha, again);
    expect(seen.map((s) => s.name)).toEqual([
      { kind: "browser", browser: "Chrome", os: "Windows", model: null },
      { kind: "browser", browser: "Safari", os: "iPhone", model: null },
      { kind: "browser", browser: "Chrome", os: "Windows", model: null },
    ]);
    const [mine, , first] = seen;
    expect(mine.current).toBe(true);
    expect(first.current).toBe(false);
    expect(mine.created_at).not.toBe(first.created_at);
    // The laptop's own list says the same names.
    expect((await list(alpha, laptop)).map((s) => s.name.browser).sort()).toEqual(["Chrome", "Chrome", "Safari"]);
  });

  it("needs a signed-in user", async () => {
    expect((await alpha.get("/api/sessions")).status).toBe(401);
    expect((await endOthers(alpha, "not-a-token")).status).toBe(401);
  });
});

describe("DELETE /sessions/{id}", () => {
  it("signs that device out: its token is refused from then on, the caller stays signed in", async () => {
    const { laptop, phone } = await twoDevices();
    const other = (await list(alpha, phone)).find((s) => !s.current)!;
    const res = await end(alpha, phone, other.id);
    expect(res.status).toBe(200);
    expect(await json<Data<EndedSession>>(res)).toEqual({ data: { id: other.id, current: false } });
    expect(await signedIn(alpha, laptop)).toBe(401);
    expect(await signedIn(alpha, phone)).toBe(200);
    expect((await list(alpha, phone)).map((s) => s.id)).not.toContain(other.id);
    // Gone is gone: a second time it is not found.
    expect((await end(alpha, phone, other.id)).status).toBe(404);
  });

  it("signs the caller's own session out when it names it", async () => {
    const { phone } = await twoDevices();
    const [mine] = await list(alpha, phone);
    expect(await json<Data<EndedSession>>(await end(alpha, phone, mine.id))).toEqual({ data: { id: mine.id, current: true } });
    expect(await signedIn(alpha, phone)).toBe(401);
  });

  it("answers 404 for another user's session and for another channel's, which keep working", async () => {
    const victim = await twoDevices();
    const [target] = await list(alpha, victim.phone);
    const stranger = await registerUser(alpha);
    const res = await end(alpha, stranger.token, target.id);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: SESSION_MESSAGES.notFound });

    const elsewhere = await twoDevices(beta);
    const [betaTarget] = await list(beta, elsewhere.phone);
    expect((await end(alpha, victim.phone, betaTarget.id)).status).toBe(404);
    expect((await end(beta, elsewhere.phone, target.id)).status).toBe(404);

    expect(await signedIn(alpha, victim.phone)).toBe(200);
    expect(await signedIn(beta, elsewhere.phone)).toBe(200);
  });

  it("refuses an id that is not one, in plain words", async () => {
    const { phone } = await twoDevices();
    for (const id of ["abc", "0", "1.5"]) {
      const res = await end(alpha, phone, id);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ message: SESSION_MESSAGES.badId });
    }
  });
});

describe("POST /sessions/end-others", () => {
  it("signs out every other device, says how many, and keeps this one", async () => {
    const { email, laptop, phone } = await twoDevices();
    const third = await signIn(alpha, email, from(MAC_FIREFOX, "BE"));
    const res = await endOthers(alpha, phone);
    expect(res.status).toBe(200);
    expect(await json<Data<EndedOthers>>(res)).toEqual({ data: { ended: 2 } });
    expect(await signedIn(alpha, laptop)).toBe(401);
    expect(await signedIn(alpha, third)).toBe(401);
    expect(await signedIn(alpha, phone)).toBe(200);
    expect((await list(alpha, phone)).map((s) => s.current)).toEqual([true]);
    expect(await json<Data<EndedOthers>>(await endOthers(alpha, phone))).toEqual({ data: { ended: 0 } });
  });
});

describe("a new password (ASVS 7.4.3)", () => {
  const change = (token: string, extra: Record<string, unknown>) =>
    alpha.post("/api/profile", { _method: "patch", current_password: PASSWORD, password: "Another-pass1", password_confirmation: "Another-pass1", ...extra }, token);

  it("signs the other devices out unless asked not to", async () => {
    const kept = await twoDevices();
    expect((await change(kept.phone, { end_other_sessions: false })).status).toBe(200);
    expect(await signedIn(alpha, kept.laptop)).toBe(200);

    const ended = await twoDevices();
    expect((await change(ended.phone, {})).status).toBe(200);
    expect(await signedIn(alpha, ended.laptop)).toBe(401);
    expect(await signedIn(alpha, ended.phone)).toBe(200);

    const explicit = await twoDevices();
    expect((await change(explicit.phone, { end_other_sessions: "true" })).status).toBe(200);
    expect(await signedIn(alpha, explicit.laptop)).toBe(401);
  });

  it("refuses a choice that is not yes or no", async () => {
    const { phone } = await twoDevices();
    const res = await change(phone, { end_other_sessions: "maybe" });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ errors: { end_other_sessions: ["end_other_sessions must be true or false."] } });
  });
});

describe("the country each sign-in records", () => {
  it("a linked TV gets the TV's country, not the approver's", async () => {
    const { phone } = await twoDevices();
    const tv = from(TV, "DE");
    const started = await alpha.post("/api/device/code", {}, undefined, tv);
    const auth = await json<DeviceAuthorization>(started);
    expect((await alpha.post("/api/auth/add_session", { code: auth.user_code }, phone, from(IPHONE_SAFARI, "CA"))).status).toBe(200);
    const granted = await alpha.post("/api/device/token", { grant_type: DEVICE_GRANT_TYPE, device_code: auth.device_code }, undefined, tv);
    expect(granted.status).toBe(200);
    const tvToken = (await json<{ access_token: string }>(granted)).access_token;
    const [mine] = await list(alpha, tvToken);
    expect(mine).toMatchObject({ device: "tv", name: { kind: "tv", browser: null, os: "Tizen", model: "Samsung TV" }, browser: null, os: "Tizen", country: "DE", current: true });
  });

  it("an unknown or made-up country is stored as none", async () => {
    const email = freshEmail("nowhere");
    await registerUser(alpha, email);
    const token = await signIn(alpha, email, from(MAC_FIREFOX, "XX"));
    expect((await list(alpha, token)).find((s) => s.current)).toMatchObject({ browser: "Firefox", os: "macOS", country: null });
  });
});
