/// <reference types="node" />
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { ClipCut, SignedInSpec, WatchKind } from "./types";

export interface RouteSpec {
  /** Channel slug: requests go to `<channel>.localhost:<port>`. */
  channel: string;
  /** Path (and query) on that channel; for a watch route, a label (`/watch/{live}`) until its event is found. */
  path: string;
  /** A watch page: the channel's first free event of this status without a preroll (watch-targets.ts). */
  watch?: WatchKind;
  /** Pages that must not load the player: the bench fails if any shaka chunk comes with them. */
  noPlayer?: boolean;
  /**
   * Requested signed in as the channel's demo viewer (`viewer@<channel>.test`), who the bench makes follow exactly
   * this many favourites first (signed-in.ts); every request of the route sends its session cookie.
   */
  signedIn?: SignedInSpec;
}

/**
 * What the tables print and `--only` matches: the path, and for a signed-in route `/ (signed in, 10 favourites)`.
 */
export function routeLabel(r: Pick<RouteSpec, "path" | "signedIn">): string {
  return r.signedIn ? `${r.path} (signed in, ${r.signedIn.favorites} favourites)` : r.path;
}

/**
 * Whether `--only <arg>` picks this route: its label (`/`, `/watch/{live}`, `/ (signed in, 10 favourites)`), or for a
 * signed-in route the short form `<path> (signed in)`. `--only /` therefore picks the anonymous home only.
 */
export function routeMatches(r: RouteSpec, arg: string): boolean {
  return arg === routeLabel(r) || (r.signedIn !== undefined && arg === `${r.path} (signed in)`);
}

/**
 * Routes the bench measures, in order. Add new pages here; every route gets load, server timing, JS-size and
 * Lighthouse measurements, and watch routes time to first frame too. Event ids change with every seed, so watch
 * routes name the kind of event and the bench finds one through the API once the server is up. Signed-in routes
 * (issue 12: home with the "Your teams" rail and the root loader's favourites) are measured the same way with the
 * demo viewer's session cookie, next to their anonymous twin.
 */
export const ROUTES: RouteSpec[] = [
  { channel: "alpha", path: "/", noPlayer: true },
  { channel: "beta", path: "/", noPlayer: true },
  { channel: "alpha", path: "/", noPlayer: true, signedIn: { favorites: 10 } },
  { channel: "beta", path: "/", noPlayer: true, signedIn: { favorites: 10 } },
  { channel: "alpha", path: "/upcoming", noPlayer: true },
  { channel: "beta", path: "/upcoming", noPlayer: true },
  { channel: "alpha", path: "/vod_library" },
  { channel: "beta", path: "/vod_library" },
  { channel: "alpha", path: "/login" },
  { channel: "beta", path: "/registration" },
  { channel: "alpha", path: "/watch/{live}", watch: "live" },
  { channel: "alpha", path: "/watch/{finished}", watch: "finished" },
  { channel: "beta", path: "/watch/{finished}", watch: "finished" },
];

/**
 * Clips the clip-ready measurement cuts (clip-ready.ts) from the channel's finished event (the one its
 * `/watch/{finished}` plays), as its demo viewer: a short one and the longest allowed (300 s, SPEC §9), starting off
 * the 2-s segment grid as a viewer's cut would. They run whatever `--only` says (it picks pages); `--no-clip-ready`
 * skips them.
 */
export const CLIPS: ({ channel: string } & ClipCut)[] = [
  { channel: "alpha", startS: 37.3, durationS: 30 },
  { channel: "alpha", startS: 61.1, durationS: 300 },
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
