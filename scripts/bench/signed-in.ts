/// <reference types="node" />
// Signed-in routes (issue 12): home as a viewer who follows teams, a school and a sport, so the root loader's
// GET /favorites and home's "Your teams" rail (GET /favorites and GET /events/favorite live and upcoming) are part of
// what is measured. Once the server is up, per channel: sign the demo viewer in through the API (as clip-ready.ts
// does), remove whatever it follows, follow exactly the route's count (a school, a sport and the rest teams, all with
// games, live and upcoming ones first, so the rail has games to show), check GET /favorites lists that many, and
// check the page, requested with the session cookie, is the signed-in one (it has the "Your teams" section). Every
// request of the target then carries `Cookie: sid=<token>` (app/server/session.server.ts SESSION_COOKIE).
import http from "node:http";
import type { EventCategory, Event, Participant, ParticipantGroup } from "../../api/contract/catalogue-types";
import type { Favorite, FavoritableType } from "../../api/contract/favorites";
import { HOST_IP } from "./server";
import type { Target } from "./types";
import { apiCall, apiKeyFor } from "./watch-targets";

/** The demo viewer of each channel (tenants/<alias>/users.json), as clip-ready.ts signs in. */
const viewer = (channel: string) => ({ email: `viewer@${channel}.test`, password: "Password123!" });
/** The web session cookie's name (app/server/session.server.ts SESSION_COOKIE). */
const SESSION_COOKIE = "sid";
/** What only a signed-in home page has: the "Your teams" rail (app/features/favorites/YourTeams.tsx). */
export const SIGNED_IN_MARKER = 'data-section="your-teams"';
const TIMEOUT_MS = 15_000;
/** Of the favourites, one school and one sport; the rest are teams. */
const GROUPS = 1;
const CATEGORIES = 1;

interface Pick {
  favoritable_type: FavoritableType;
  favoritable_id: number;
  name: string;
}

/**
 * What has games on the channel, in the order its events come: live ones first, then upcoming, then finished (API
 * order within each), so the rail has games to show. Each kind is checked against its own list, as a viewer finds it:
 * teams in GET /participants?no_limit=1, schools in GET /participant-groups, sports in GET /events-categories (whose
 * "All" entry, id 0, is no sport).
 */
async function candidates(port: number, channel: string, apiKey: string): Promise<Record<FavoritableType, Pick[]>> {
  const key = `api_key=${encodeURIComponent(apiKey)}`;
  const [participants, groups, categories] = await Promise.all([
    apiCall<Participant[]>(port, channel, "GET", "/api/participants?no_limit=1"),
    apiCall<ParticipantGroup[]>(port, channel, "GET", "/api/participant-groups"),
    apiCall<EventCategory[]>(port, channel, "GET", `/api/events-categories?${key}`),
  ]);
  const names = {
    participant: new Map<number, string>(),
    group: new Map(groups.map((g) => [g.id, g.name])),
    category: new Map<number, string>(),
  };
  for (const p of participants) for (const q of [p, ...p.children]) names.participant.set(q.id, q.name);
  const walk = (list: EventCategory[]): void => {
    for (const c of list) {
      if (c.id > 0) names.category.set(c.id, c.name);
      walk(c.children);
    }
  };
  walk(categories);
  const found: Record<FavoritableType, Map<number, Pick>> = { participant: new Map(), group: new Map(), category: new Map() };
  const add = (favoritable_type: FavoritableType, id: number | null | undefined): void => {
    const name = id ? names[favoritable_type].get(id) : undefined;
    if (id && name !== undefined && !found[favoritable_type].has(id)) found[favoritable_type].set(id, { favoritable_type, favoritable_id: id, name });
  };
  for (const status of ["live", "upcoming", "finished"]) {
    const q = new URLSearchParams({ api_key: apiKey, status, limit: "100" });
    for (const e of await apiCall<Event[]>(port, channel, "GET", `/api/events?${q}`)) {
      add("category", e.event_category_id);
      for (const p of e.participants) {
        add("participant", p.id);
        add("group", p.group?.id);
      }
    }
  }
  return { participant: [...found.participant.values()], group: [...found.group.values()], category: [...found.category.values()] };
}

/** Exactly `count` favourites with games: GROUPS schools, CATEGORIES sports, and teams for the rest. */
async function choose(port: number, channel: string, apiKey: string, count: number): Promise<Pick[]> {
  const all = await candidates(port, channel, apiKey);
  const groupCount = Math.min(GROUPS, count);
  const categoryCount = Math.min(CATEGORIES, count - groupCount);
  const want: [FavoritableType, number][] = [
    ["participant", count - groupCount - categoryCount],
    ["group", groupCount],
    ["category", categoryCount],
  ];
  for (const [type, n] of want) {
    if (all[type].length < n) throw new Error(`${channel}: only ${all[type].length} ${type}s with games, the route wants ${n}`);
  }
  return want.flatMap(([type, n]) => all[type].slice(0, n));
}

/** GET the page with the cookie: status, body, and whether the answer clears the session cookie. */
export function fetchPage(port: number, t: Target): Promise<{ status: number; body: string; cleared: boolean }> {
  const headers: Record<string, string> = { host: `${t.channel}.localhost:${port}`, "accept-encoding": "identity" };
  if (t.cookie) headers.cookie = t.cookie;
  return new Promise((resolve, reject) => {
    const req = http.get({ host: HOST_IP, port, path: t.path, headers, timeout: TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const setCookie = res.headers["set-cookie"] ?? [];
        const cleared = setCookie.some((c) => c.startsWith(`${SESSION_COOKIE}=;`) || /^sid=[^;]*;.*max-age=0/i.test(c));
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), cleared });
      });
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${t.path} on ${t.channel}: timeout`)));
    req.on("error", reject);
  });
}

/** Throws unless the page, requested with the target's cookie, is the signed-in one. */
export async function checkSignedInPage(port: number, t: Target): Promise<void> {
  const page = await fetchPage(port, t);
  if (page.status !== 200) throw new Error(`${t.channel}${t.path} signed in answered HTTP ${page.status}`);
  if (page.cleared) throw new Error(`${t.channel}${t.path}: the worker cleared the session cookie (the API refused the token)`);
  if (!page.body.includes(SIGNED_IN_MARKER)) throw new Error(`${t.channel}${t.path} with the session cookie has no ${SIGNED_IN_MARKER}: not the signed-in page`);
}

/** Signs the demo viewer in and makes it follow exactly `count` favourites; answers the session cookie. */
async function prepare(root: string, port: number, channel: string, count: number): Promise<{ cookie: string; picks: Pick[] }> {
  const apiKey = await apiKeyFor(root, port, channel);
  const key = `api_key=${encodeURIComponent(apiKey)}`;
  const { token } = await apiCall<{ token: string }>(port, channel, "POST", "/api/v2/auth/login", { api_key: apiKey, ...viewer(channel) });
  const picks = await choose(port, channel, apiKey, count);
  for (const f of await apiCall<Favorite[]>(port, channel, "GET", `/api/favorites?${key}`, undefined, token)) {
    await apiCall(port, channel, "DELETE", `/api/favorite/${f.id}?${key}`, undefined, token);
  }
  for (const p of picks) {
    const body = { api_key: apiKey, favoritable_type: p.favoritable_type, favoritable_id: p.favoritable_id };
    await apiCall<Favorite>(port, channel, "POST", "/api/favorite", body, token).catch((e: Error) => {
      throw new Error(`following ${p.favoritable_type} ${p.favoritable_id} (${p.name}): ${e.message}`);
    });
  }
  const now = await apiCall<Favorite[]>(port, channel, "GET", `/api/favorites?${key}`, undefined, token);
  if (now.length !== count) throw new Error(`${channel}: GET /api/favorites lists ${now.length} favourites, expected ${count}`);
  return { cookie: `${SESSION_COOKIE}=${token}`, picks };
}

/**
 * For each signed-in target: the viewer signed in and following its count (once per channel), the cookie
 * set on the target and the page checked. Answers an error message per target that could not be prepared: the
 * caller fails that target and measures nothing for it.
 */
export async function prepareSignedInTargets(root: string, port: number, targets: Target[]): Promise<Map<Target, string>> {
  const failed = new Map<Target, string>();
  // One viewer per channel, so one count per channel: a second count would undo the first one's favourites.
  const done = new Map<string, { count: number; ready: Promise<{ cookie: string; picks: Pick[] }> }>();
  for (const t of targets.filter((x) => x.signedIn)) {
    const n = t.signedIn!.favorites;
    const first = !done.has(t.channel);
    if (first) done.set(t.channel, { count: n, ready: prepare(root, port, t.channel, n) });
    const prepared = done.get(t.channel)!;
    try {
      if (prepared.count !== n) throw new Error(`${t.channel}: one signed-in count per channel (${prepared.count} already set up, this route wants ${n})`);
      const { cookie, picks } = await prepared.ready;
      if (first) {
        const summary = picks.map((p) => `${p.favoritable_type} ${p.favoritable_id}`).join(", ");
        console.log(`${t.channel}: viewer@${t.channel}.test follows ${picks.length} (${summary})`);
      }
      t.cookie = cookie;
      await checkSignedInPage(port, t);
    } catch (e) {
      failed.set(t, (e as Error).message.split("\n")[0]);
    }
  }
  return failed;
}
