/// <reference types="node" />
// Finds the event each watch route plays, once the server is up: seeded ids and statuses depend on when setup ran,
// so the bench asks the API the way a client would (as tests/e2e/watch.spec.ts does) and takes, deterministically,
// the first free event of the wanted status in the API's order that no preroll could precede. A preroll would put
// an ad's frames before the programme's and time the ad instead of the player. The clip measurement (clip-ready.ts)
// cuts its clips from the same finished event, through the same API helpers.
import http from "node:http";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { HOST_IP } from "./server";
import type { Target, WatchKind } from "./types";

const TIMEOUT_MS = 15_000;
/** The API's own maximum page: plenty to get past the few events a preroll covers. */
const CANDIDATES = 100;

interface ApiEvent {
  id: number;
  location_id: number | null;
}

interface ApiPreroll {
  weight: number;
  location_id: number | null;
  for_live: boolean;
  for_vod: boolean;
}

/**
 * One JSON call to 127.0.0.1 with the channel's Host header (Node's fetch would drop it), answering `data`; any status
 * but 200 is an error carrying the body's start. `token` signs the call in (`Authorization: Bearer`).
 */
export function apiCall<T>(port: number, channel: string, method: "GET" | "POST" | "DELETE", path: string, body?: unknown, token?: string): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { host: `${channel}.localhost:${port}`, accept: "application/json" };
  if (payload) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const what = `${method} ${path.split("?")[0]} on ${channel}`; // errors leave the query (api_key) out
  return new Promise((resolve, reject) => {
    const req = http.request({ host: HOST_IP, port, path, method, headers, timeout: TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        if (res.statusCode !== 200) return reject(new Error(`${what}: HTTP ${res.statusCode} ${text.slice(0, 200)}`));
        try {
          resolve((JSON.parse(text) as { data: T }).data);
        } catch {
          reject(new Error(`${what}: not JSON`));
        }
      });
    });
    req.on("timeout", () => req.destroy(new Error(`${what}: timeout`)));
    req.on("error", reject);
    req.end(payload);
  });
}

/** The channel's api key, from its channel key in tenants/<alias>/channel.json (`POST /api/get_api_key`). */
export async function apiKeyFor(root: string, port: number, channel: string): Promise<string> {
  const { channel_key } = JSON.parse(readFileSync(join(root, "tenants", channel, "channel.json"), "utf8")) as { channel_key: string };
  return (await apiCall<{ api_key: string }>(port, channel, "POST", "/api/get_api_key", { channel_key })).api_key;
}

/**
 * Whether a preroll could play before this event. Categories are left out on purpose: they only narrow a preroll,
 * so ignoring them can skip an event needlessly but never let a preroll through.
 */
function mayHavePreroll(event: ApiEvent, kind: WatchKind, prerolls: ApiPreroll[]): boolean {
  return prerolls.some(
    (p) => p.weight > 0 && (kind === "live" ? p.for_live : p.for_vod) && (p.location_id === null || p.location_id === event.location_id),
  );
}

async function lookUpEvent(root: string, port: number, channel: string, kind: WatchKind): Promise<number> {
  const api_key = await apiKeyFor(root, port, channel);
  const settings = await apiCall<{ prerolls?: ApiPreroll[] }>(port, channel, "GET", "/api/settings");
  const q = new URLSearchParams({ api_key, status: kind, access_type: "free", limit: String(CANDIDATES) });
  const events = await apiCall<ApiEvent[]>(port, channel, "GET", `/api/events?${q}`);
  const event = events.find((e) => !mayHavePreroll(e, kind, settings.prerolls ?? []));
  if (!event) throw new Error(`${channel}: no free ${kind} event without a preroll among the first ${events.length}`);
  return event.id;
}

/** One lookup per server, channel and kind: the watch routes and the clip measurement get the same event. */
const found = new Map<string, Promise<number>>();

/**
 * The channel's first free event of this status, in the API's order, that no preroll could precede (the event a
 * watch route of that kind plays).
 */
export function findEvent(root: string, port: number, channel: string, kind: WatchKind): Promise<number> {
  const key = `${port}:${channel}:${kind}`;
  if (!found.has(key)) found.set(key, lookUpEvent(root, port, channel, kind));
  return found.get(key)!;
}

/** Replaces each watch target's label path with `/watch/<id>`; one lookup per channel and kind. */
export async function resolveWatchTargets(root: string, port: number, targets: Target[]): Promise<void> {
  for (const t of targets) {
    if (t.watch) t.path = `/watch/${await findEvent(root, port, t.channel, t.watch)}`;
  }
}
