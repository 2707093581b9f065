/// <reference types="node" />
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export interface RouteSpec {
  /** Channel slug: requests go to `<channel>.localhost:<port>`. */
  channel: string;
  /** Path (and query) on that channel. */
  path: string;
}

/**
 * Routes the bench measures, in order. Add new pages here (e.g. /upcoming, /vod_library, /watch/1);
 * every route gets load, server timing and JS-size measurements.
 */
export const ROUTES: RouteSpec[] = [
  { channel: "alpha", path: "/" },
  { channel: "beta", path: "/" },
  { channel: "alpha", path: "/upcoming" },
  { channel: "beta", path: "/upcoming" },
  { channel: "alpha", path: "/vod_library" },
  { channel: "beta", path: "/vod_library" },
  { channel: "alpha", path: "/login" },
  { channel: "beta", path: "/registration" },
];

/** The static asset is requested on this channel's host (Workers assets ignore the host anyway). */
export const STATIC_CHANNEL = "alpha";

/**
 * A real file from the client build, served by Workers assets from the same wrangler/workerd:
 * /favicon.ico when present, else the smallest build/client/assets/*.js (name-sorted tie-break).
 */
export function findStaticAsset(root: string): string | null {
  const client = join(root, "build", "client");
  if (existsSync(join(client, "favicon.ico"))) return "/favicon.ico";
  const assets = join(client, "assets");
  if (!existsSync(assets)) return null;
  const js = readdirSync(assets, { withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith(".js"))
    .map((d) => ({ name: d.name, size: statSync(join(assets, d.name)).size }))
    .sort((a, b) => a.size - b.size || a.name.localeCompare(b.name));
  return js.length > 0 ? `/assets/${js[0].name}` : null;
}
