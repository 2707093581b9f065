/// <reference types="node" />
// Finds the event each watch route plays, once the server is up: seeded ids and statuses depend on when setup ran,
// so the bench asks the API the way a client would (as tests/e2e/watch.spec.ts does) and takes, deterministically,
// the first free event of the wanted status in the API's order that no preroll could precede. A preroll would put
// an ad's frames before the programme's and time the ad instead of the player.
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

/** One JSON call to 127.0.0.1 with the channel's Host header (Node's fetch would drop it). */
function call<T>(port: number, channel: string, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { host: `${channel}.localhost:${port}`, accept: "application/json" };
  if (payload) headers["content-type"] = "application/json";
  return new Promise((resolve, reject) => {
    const req = http.request({ host: HOST_IP, port, path, method, headers, timeout: TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        if (res.statusCode !== 200) return reject(new Error(`${method} ${path} on ${channel}: HTTP ${res.statusCode} ${text.slice(0, 200)}`));
        try {
          resolve((JSON.parse(text) as { data: T }).data);
        } catch {
          reject(new Error(`${method} ${path} on ${channel}: not JSON`));
        }
      });
    });
    req.on("timeout", () => req.destroy(new Error(`${method} ${path} on ${channel}: timeout`)));
    req.on("error", reject);
    req.end(payload);
  });
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

async function findEvent(root: string, port: number, channel: string, kind: WatchKind): Promise<number> {
  const { channel_key } = JSON.parse(readFileSync(join(root, "tenants", channel, "channel.json"), "utf8")) as { channel_key: string };
  const { api_key } = await call<{ api_key: string }>(port, channel, "POST", "/api/get_api_key", { channel_key });
  const settings = await call<{ prerolls?: ApiPreroll[] }>(port, channel, "GET", "/api/settings");
  const q = new URLSearchParams({ api_key, status: kind, access_type: "free", limit: String(CANDIDATES) });
  const events = await call<ApiEvent[]>(port, channel, "GET", `/api/events?${q}`);
  const event = events.find((e) => !mayHavePreroll(e, kind, settings.prerolls ?? []));
  if (!event) throw new Error(`${channel}: no free ${kind} event without a preroll among the first ${events.length}`);
  return event.id;
}

/** Replaces each watch target's label path with `/watch/<id>`; one lookup per channel and kind. */
export async function resolveWatchTargets(root: string, port: number, targets: Target[]): Promise<void> {
  const found = new Map<string, Promise<number>>();
  for (const t of targets) {
    if (!t.watch) continue;
    const key = `${t.channel}:${t.watch}`;
    if (!found.has(key)) found.set(key, findEvent(root, port, t.channel, t.watch));
    t.path = `/watch/${await found.get(key)!}`;
  }
}
