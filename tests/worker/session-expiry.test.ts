// A session the API no longer knows (signed out elsewhere, revoked), seen through the Worker (issue 25: the viewer's
// API bound once in the load context reports its 401 in one place). A signed-in page sends the visitor to log in and
// back, a page open to everyone shows them signed out, a client-side navigation and the player's heartbeat say so
// too, and every one of those answers clears the `sid` cookie. A temporary password still holds its user on the
// profile edit page.
import { beforeAll, describe, expect, it } from "vitest";
import { api, loadChannel, select, send, signIn, visit, type TestChannel } from "./harness";

const CLEARED = /^sid=;.*Max-Age=0/i;
const clearsSession = (headers: Headers) => headers.getSetCookie().some((c) => CLEARED.test(c));

describe("a revoked session", () => {
  let ch: TestChannel;
  let token: string;

  beforeAll(async () => {
    ch = await loadChannel("alpha");
    token = await signIn(ch, "fan");
    // Signed in: the profile is theirs, and nothing touches the cookie.
    const profile = await visit(ch, "/profile", { session: token });
    expect(profile.status).toBe(200);
    expect(clearsSession(profile.headers)).toBe(false);
    await api(ch, "POST", "auth/logout", { token });
  });

  it("sends a signed-in page's visitor to log in and back here, and clears the cookie", async () => {
    const page = await visit(ch, "/profile/clips?page=2", { session: token });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/profile/clips?page=2")}`);
    expect(clearsSession(page.headers)).toBe(true);
  });

  it("does the same on a client-side navigation (a data request)", async () => {
    const res = await send(ch.url(`/profile/following?_data=${encodeURIComponent("routes/profile.following")}`), { headers: { cookie: `sid=${token}` } });
    expect(res.status).toBe(204);
    expect(res.headers.get("x-remix-redirect")).toBe(`/login?redirectTo=${encodeURIComponent("/profile/following")}`);
    expect(clearsSession(res.headers)).toBe(true);
  });

  it("shows a page open to everyone signed out, and clears the cookie", async () => {
    const page = await visit(ch, "/", { session: token });
    expect(page.status).toBe(200);
    expect(clearsSession(page.headers)).toBe(true);
    expect(await select(page.html, "header details.user-menu")).toHaveLength(0);
    expect(await select(page.html, "header a.user-links__login")).toHaveLength(1);
  });

  it("answers the player's heartbeat signed_out, and clears the cookie", async () => {
    const res = await send(ch.url("/action/streams"), {
      method: "POST",
      headers: { origin: ch.origin, cookie: `sid=${token}`, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=beat",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ state: "signed_out" });
    expect(clearsSession(res.headers)).toBe(true);
  });
});

describe("a visitor without a session", () => {
  it("goes to log in from a signed-in page, with no cookie to clear", async () => {
    const ch = await loadChannel("alpha");
    const page = await visit(ch, "/profile");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/login?redirectTo=%2Fprofile");
    expect(page.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(false);
  });
});

describe("a temporary-password user", () => {
  it("is held on the profile edit page, which they may visit", async () => {
    const ch = await loadChannel("alpha");
    const token = await signIn(ch, "coach");
    const away = await visit(ch, "/profile", { session: token });
    expect(away.status).toBe(302);
    expect(away.headers.get("location")).toBe("/profile/edit");
    expect(clearsSession(away.headers)).toBe(false);
    expect((await visit(ch, "/profile/edit", { session: token })).status).toBe(200);
  });
});
