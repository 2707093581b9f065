// The API bound to the request's viewer in the load context (issue 25) and the guards that hand it out: the cookie's
// token on every call, one place where a 401 signs the visitor out (user dropped, cookie cleared, login with the way
// back), the viewer id on a signed-out visitor's grants, and the temporary-password hold. A fake transport answers.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it, vi } from "vitest";
import { analyticsEndpoints } from "~/server/api/analytics.server";
import { authEndpoints } from "~/server/api/auth.server";
import { viewerCatalogueEndpoints } from "~/server/api/catalogue.server";
import { viewerSearchEndpoints } from "~/server/api/search.server";
import { clipsEndpoints } from "~/server/api/clips.server";
import type { ApiClientOptions } from "~/server/api/client.server";
import { commerceEndpoints } from "~/server/api/commerce.server";
import { consoleEndpoints } from "~/server/api/console.server";
import { devicesEndpoints } from "~/server/api/devices.server";
import { domainsEndpoints } from "~/server/api/domains.server";
import { favoritesEndpoints } from "~/server/api/favorites.server";
import { ordersEndpoints } from "~/server/api/orders.server";
import { playbackEndpoints } from "~/server/api/playback.server";
import { remindersEndpoints } from "~/server/api/reminders.server";
import { scoresEndpoints } from "~/server/api/scores.server";
import { sessionsEndpoints } from "~/server/api/sessions.server";
import { streamsEndpoints } from "~/server/api/streams.server";
import { videoEndpoints } from "~/server/api/video.server";
import { optionalUser, requireUser } from "~/server/guards.server";
import { applyExpiredSession, loadViewerId } from "~/server/session.server";
import type { ReadyTenant } from "~/server/tenant.server";
import { loadViewer } from "~/server/viewer-api.server";

const ORIGIN = "http://alpha.localhost";
const TOKEN = "tok_abcdefghijklmnopqrstuvwxyz012345";
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const user = (extra: Record<string, unknown> = {}) => ({ id: 7, email: "fan@alpha.test", temporary_password: false, ...extra });
const grant = { data: { manifest: "https://media.test/m.mpd", token: "t" } };

/** A channel whose API answers `routes` (path after /api/ → response), recording every request. */
function channel(routes: Record<string, () => Response>) {
  const requests: Request[] = [];
  const options: ApiClientOptions = {
    origin: ORIGIN,
    keys: { get: async () => "key-1", clear: () => {} },
    transport: async (request) => {
      requests.push(request);
      const route = routes[new URL(request.url).pathname.replace(/^\/api\//, "")];
      return route ? route() : json({ message: "Not found" }, 404);
    },
  };
  const tenant = {
    kind: "ok",
    lang: "en",
    origin: ORIGIN,
    bootstrap: { settings: {} },
    auth: authEndpoints(options),
    viewerCatalogue: viewerCatalogueEndpoints(options, "en"),
    viewerSearch: viewerSearchEndpoints(options, "en"),
    orders: ordersEndpoints(options, "en"),
    commerce: commerceEndpoints(options, "en"),
    playback: playbackEndpoints(options, "en"),
    clips: clipsEndpoints(options, "en"),
    favorites: favoritesEndpoints(options, "en"),
    reminders: remindersEndpoints(options),
    scores: scoresEndpoints(options, "en"),
    devices: devicesEndpoints(options),
    sessions: sessionsEndpoints(options),
    streams: streamsEndpoints(options),
    analytics: analyticsEndpoints(options, "en"),
    console: consoleEndpoints(options),
    domains: domainsEndpoints(options),
    video: videoEndpoints(options, "en"),
  } as unknown as ReadyTenant;
  return { tenant, requests, calls: (path: string) => requests.filter((r) => new URL(r.url).pathname === `/api/${path}`) };
}

/** The load context of a request to `path`, as getLoadContext makes it. */
async function contextFor(tenant: ReadyTenant, path: string, cookie?: string) {
  const request = new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
  const viewer = loadViewerId(request);
  const { session, api } = await loadViewer(request, tenant, viewer);
  const context = { tenant, session, api, viewer, path: new URL(request.url).pathname, referer: null } as unknown as AppLoadContext;
  return { request, context, session, viewer };
}

/** The Response a guard throws. */
function thrown(guard: () => unknown): Response {
  try {
    guard();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  return expect.unreachable("the guard should throw");
}

describe("the viewer's API", () => {
  it("loads the user once with the cookie's token, which every later call carries as Bearer", async () => {
    const { tenant, requests, calls } = channel({ profile: () => json({ data: user() }), favorites: () => json({ data: [] }), "clips/user": () => json({ data: [], meta: {} }) });
    const { context, session } = await contextFor(tenant, "/profile/following", `sid=${TOKEN}`);
    expect(session).toEqual({ user: user(), expired: false });

    const { user: signedIn, api } = requireUser(context, new Request(`${ORIGIN}/profile/following`));
    expect(signedIn.id).toBe(7);
    expect(api.hasSession).toBe(true);
    await api.favorites.list();
    await api.clips.list();
    expect(calls("profile")).toHaveLength(1);
    expect(requests.map((r) => r.headers.get("authorization"))).toEqual(Array(3).fill(`Bearer ${TOKEN}`));
  });

  it("a refused token on the profile signs the visitor out: the cookie goes, and a signed-in page sends them to log in and back", async () => {
    const { tenant } = channel({ profile: () => json({ message: "Unauthenticated." }, 401) });
    const { context, session, request } = await contextFor(tenant, "/profile/clips?page=2", `sid=${TOKEN}`);
    expect(session).toEqual({ user: null, expired: true });

    const redirect = thrown(() => requireUser(context, request));
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/profile/clips?page=2")}`);
    expect(redirect.headers.get("set-cookie")).toMatch(/^sid=;.*Max-Age=0/);

    // A page that works signed out shows the visitor signed out, and its response clears the cookie.
    expect(optionalUser(context).user).toBeNull();
    const headers = new Headers();
    applyExpiredSession(headers, request, session);
    expect(headers.get("set-cookie")).toMatch(/^sid=;.*Max-Age=0/);
  });

  it("a 401 on any later call (the session revoked meanwhile) does the same, from the one place", async () => {
    const { tenant } = channel({ profile: () => json({ data: user() }), orders: () => json({ message: "Unauthenticated." }, 401) });
    const { context, session, request } = await contextFor(tenant, "/profile", `sid=${TOKEN}`);
    const { api } = requireUser(context, request);
    await expect(api.commerce.orders()).rejects.toMatchObject({ kind: "unauthenticated" });
    expect(session).toEqual({ user: null, expired: true });
    expect(thrown(() => requireUser(context, request)).headers.get("set-cookie")).toMatch(/^sid=;/);
  });

  it("without a cookie: no profile call, anonymous calls, and the grant carries the viewer id", async () => {
    const { tenant, requests } = channel({ "events/5/playback": () => json(grant), simulate: () => json({ data: { options: [] } }) });
    const { context, session, request, viewer } = await contextFor(tenant, "/watch/5");
    expect(session).toEqual({ user: null, expired: false });

    const { user: visitor, api } = optionalUser(context);
    expect(visitor).toBeNull();
    expect(api.hasSession).toBe(false);
    expect(await api.playback.event(5)).toMatchObject({ kind: "allowed" });
    await api.orders.simulate({ event_id: 5 });
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(["/api/events/5/playback", "/api/simulate"]);
    expect(requests.map((r) => r.headers.get("authorization"))).toEqual([null, null]);
    expect(requests[0].headers.get("x-viewer-id")).toBe(viewer.id);
    expect(requests[1].headers.get("x-viewer-id")).toBeNull();

    // A signed-out visitor on a signed-in page goes to log in; there is no cookie to clear.
    const redirect = thrown(() => requireUser(context, request));
    expect(redirect.headers.get("location")).toBe("/login?redirectTo=%2Fwatch%2F5");
    expect(redirect.headers.get("set-cookie")).toBeNull();
  });

  it("signed in, the grant and the preroll report go as the user, without the viewer id", async () => {
    const { tenant, requests } = channel({ profile: () => json({ data: user() }), "events/5/playback": () => json(grant), "prerolls/3/played": () => new Response(null, { status: 204 }) });
    const { context, viewer } = await contextFor(tenant, "/watch/5", `sid=${TOKEN}`);
    const { api } = optionalUser(context);
    await api.playback.event(5);
    await api.playback.prerollPlayed(3);
    for (const r of requests.slice(1)) {
      expect(r.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
      expect(r.headers.get("x-viewer-id")).toBeNull();
    }
    expect(viewer.used).toBe(false);
  });

  it("an API outage on the profile leaves the visitor signed out for this request only, the cookie kept", async () => {
    const { tenant } = channel({ profile: () => json({ message: "Server Error" }, 500) });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { context, session } = await contextFor(tenant, "/", `sid=${TOKEN}`);
    expect(logged).toHaveBeenCalledWith("user load failed:", "Server Error");
    logged.mockRestore();
    expect(session).toEqual({ user: null, expired: false });
    // The token is still held: logout and the stream heartbeat still go as it.
    expect(optionalUser(context).api.hasSession).toBe(true);
  });
});

describe("the guards hold a temporary-password user on the profile edit page", () => {
  it("redirects every other page there, signed-in or not, and lets the edit page and the form actions through", async () => {
    const { tenant } = channel({ profile: () => json({ data: user({ temporary_password: true }) }) });
    for (const path of ["/profile", "/watch/5"]) {
      const { context, request } = await contextFor(tenant, path, `sid=${TOKEN}`);
      expect(thrown(() => requireUser(context, request)).headers.get("location")).toBe("/profile/edit");
      expect(thrown(() => optionalUser(context)).headers.get("location")).toBe("/profile/edit");
    }
    for (const path of ["/profile/edit", "/action/logout"]) {
      const { context, request } = await contextFor(tenant, path, `sid=${TOKEN}`);
      expect(requireUser(context, request).user.temporary_password).toBe(true);
    }
  });
});
