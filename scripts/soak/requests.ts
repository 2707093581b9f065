/// <reference types="node" />
// What the soak sends: a weighted mix of six categories of requests to the two demo channels. Every request is built
// afresh (random channel, path and variant) by `pick`; `label` names its route for the per-route counts.

export const CATEGORIES = ["page", "api", "malformed", "no-action", "cross-channel", "oversized"] as const;
export type Category = (typeof CATEGORIES)[number];

/** How much of the mix each category is. Oversized requests are also capped in flight (soak.ts). */
export const WEIGHTS: Record<Category, number> = { page: 35, api: 25, malformed: 15, "no-action": 8, "cross-channel": 10, oversized: 7 };

export const MiB = 1024 * 1024;
export const OVERSIZED_SIZES = [2 * MiB, 8 * MiB, 64 * MiB];

export interface BigBody {
  /** Total bytes sent: prefix, filler ('a'), suffix. */
  size: number;
  /** With a Content-Length header, or Transfer-Encoding: chunked (no declared length). */
  framing: "length" | "chunked";
  prefix: string;
  suffix: string;
}

export interface SoakRequest {
  category: Category;
  /** The route, for the per-route counts (ids and keys left out). */
  label: string;
  method: string;
  host: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  big?: BigBody;
  /** Oversized only: "<target kind> <size> <framing>", one row of the oversized table. */
  variant?: string;
}

export interface Channel {
  alias: string;
  /** `<alias>.localhost:<port>`: the Host header. */
  host: string;
  /** `http://<host>`: the Origin of a same-site form post. */
  origin: string;
  channelKey: string;
  apiKey: string;
  eventIds: number[];
}

export interface World {
  channels: [Channel, Channel];
}

const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";
const BROWSER = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-language": "en-US,en;q=0.9,fr;q=0.8",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) soak",
};
const API_HEADERS = { accept: JSON_TYPE, "user-agent": "streamhub-soak" };

const rnd = (n: number) => Math.floor(Math.random() * n);
const oneOf = <T>(xs: readonly T[]): T => xs[rnd(xs.length)];
const q = (s: string) => encodeURIComponent(s);

/** A weighted choice among [weight, value] pairs. */
function weighted<T>(entries: readonly (readonly [number, T])[]): T {
  const total = entries.reduce((s, [w]) => s + w, 0);
  let x = Math.random() * total;
  for (const [w, v] of entries) {
    if ((x -= w) < 0) return v;
  }
  return entries[entries.length - 1][1];
}

/** A channel and the other one. */
function pair(world: World): [Channel, Channel] {
  return Math.random() < 0.5 ? [world.channels[0], world.channels[1]] : [world.channels[1], world.channels[0]];
}

type Make = (own: Channel, other: Channel) => Omit<SoakRequest, "category" | "host"> & { host?: string };

const get = (label: string, path: string, headers: Record<string, string> = BROWSER) => ({ label, method: "GET", path, headers });
const post = (label: string, path: string, type: string | null, body: string | Buffer, extra: Record<string, string> = {}) => ({
  label,
  method: "POST",
  path,
  headers: { ...API_HEADERS, ...(type ? { "content-type": type } : {}), ...extra },
  body,
});
const formPost = (label: string, own: Channel, path: string, type: string | null, body: string | Buffer) =>
  post(label, path, type, body, { ...BROWSER, origin: own.origin });

// --- page: what a visitor's browser asks for, on both channels --------------------------------------------------------
const PAGES = ["/", "/schedule", "/upcoming", "/vod_library", "/live", "/about", "/faq", "/contacts", "/login", "/registration", "/packages", "/vod", "/privacy_policy", "/robots.txt", "/sitemap.xml"];
const SEARCH_WORDS = ["north", "river", "basket", "final", "lake", "école", "match"];
const page: (readonly [number, Make])[] = [
  [6, () => get("GET /", "/")],
  [12, () => { const p = oneOf(PAGES); return get(`GET ${p}`, p); }],
  [6, (own) => get("GET /watch/:id", `/watch/${oneOf(own.eventIds)}`)],
  [2, () => get("GET /search?q=", `/search?q=${q(oneOf(SEARCH_WORDS))}`)],
  [1, () => get("GET /?lang=fr", "/?lang=fr")],
];

// --- api: reads with the channel's own publishable api key -------------------------------------------------------------
const api: (readonly [number, Make])[] = [
  [5, (own) => get("GET /api/events", `/api/events?api_key=${own.apiKey}&limit=20`, API_HEADERS)],
  [2, (own) => get("GET /api/events?status=", `/api/events?api_key=${own.apiKey}&status=${oneOf(["live", "upcoming", "finished"])}`, API_HEADERS)],
  [4, (own) => get("GET /api/events/:id", `/api/events/${oneOf(own.eventIds)}?api_key=${own.apiKey}`, API_HEADERS)],
  [2, (own) => get("GET /api/events-for-homepage", `/api/events-for-homepage?api_key=${own.apiKey}`, API_HEADERS)],
  [2, (own) => get("GET /api/search", `/api/search?q=${q(oneOf(SEARCH_WORDS))}&api_key=${own.apiKey}`, API_HEADERS)],
  [1, (own) => get("GET /api/events-categories", `/api/events-categories?api_key=${own.apiKey}`, API_HEADERS)],
  [1, (own) => get("GET /api/participant-group-properties", `/api/participant-group-properties?api_key=${own.apiKey}`, API_HEADERS)],
  [2, () => get("GET /api/settings", "/api/settings", API_HEADERS)],
  [1, () => get("GET /api/menu", "/api/menu", API_HEADERS)],
  [1, () => get("GET /api/participants", "/api/participants", API_HEADERS)],
  [1, () => get("GET /api/channel-config", "/api/channel-config", API_HEADERS)],
  [1, () => get("GET /api/faq", "/api/faq", API_HEADERS)],
  // The handshake itself, now and then (it mints a key each time).
  [0.5, (own) => post("POST /api/get_api_key", "/api/get_api_key", JSON_TYPE, JSON.stringify({ channel_key: own.channelKey }))],
];

// --- malformed: what broken clients and scanners send -----------------------------------------------------------------
const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));
const INVALID_UTF8 = [0xff, 0xfe, 0xc3, 0x28, 0xe2, 0x82];
const long = (n: number, c = "q") => c.repeat(n);
const malformed: (readonly [number, Make])[] = [
  // Bad JSON.
  [2, (own) => post("bad json: POST /api/v2/auth/login", "/api/v2/auth/login", JSON_TYPE, `{"api_key":"${own.apiKey}","email":"a@b.c","password":`)],
  [1, () => post("bad json: POST /api/get_api_key", "/api/get_api_key", JSON_TYPE, '{"channel_key": ')],
  [1, () => post("bad json: POST /api/datalake/event/", "/api/datalake/event/", JSON_TYPE, '[{"batch": nope}')],
  [1, (own) => post("json array: POST /api/custom-forms/contact", "/api/custom-forms/contact", JSON_TYPE, `[1,2,"${own.apiKey}"]`)],
  // Wrong content types.
  [1, (own) => post("text/plain: POST /api/get_api_key", "/api/get_api_key", "text/plain", JSON.stringify({ channel_key: own.channelKey }))],
  [1, (own) => formPost("json to a form: POST /login", own, "/login", JSON_TYPE, '{"email":"fan@alpha.test"}')],
  [1, (own) => formPost("xml to a form: POST /contacts", own, "/contacts", "application/xml", "<contact><name>x</name></contact>")],
  [1, (own) => formPost("no type: POST /registration", own, "/registration", null, "email=a%40b.c")],
  [1, (own) => formPost("no boundary: POST /login", own, "/login", "multipart/form-data", "--x\r\nContent-Disposition: form-data; name=\"email\"\r\n\r\na\r\n")],
  [1, (own) => post("no boundary: POST /api/v2/auth/login", "/api/v2/auth/login", "multipart/form-data", `api_key=${own.apiKey}`)],
  // Huge query strings and headers (past 64 KiB the server answers 431).
  [1, () => get("8 KiB query: GET /", `/?x=${long(8 * 1024)}`)],
  [1, () => get("32 KiB query: GET /search", `/search?q=${long(32 * 1024)}`)],
  [1, (own) => get("32 KiB query: GET /api/events", `/api/events?api_key=${own.apiKey}&x=${long(32 * 1024)}`, API_HEADERS)],
  [1, () => get("128 KiB query: GET /schedule", `/schedule?x=${long(128 * 1024)}`)],
  [1, () => get("24 KiB cookie: GET /", "/", { ...BROWSER, cookie: `sid=${long(24 * 1024, "c")}` })],
  // Invalid UTF-8: raw bytes in the request line, headers and bodies, and percent-encoded.
  [1, () => get("raw 0xff path: GET /watch/…", `/watch/${bytes(INVALID_UTF8).toString("latin1")}`)],
  [1, () => get("raw 0xff query: GET /search", `/search?q=${bytes(INVALID_UTF8).toString("latin1")}`)],
  [1, () => get("raw 0xff cookie: GET /", "/", { ...BROWSER, cookie: `sid=${bytes(INVALID_UTF8).toString("latin1")}; lang=\xff` })],
  [1, () => get("raw 0xff accept-language: GET /", "/", { ...BROWSER, "accept-language": bytes(INVALID_UTF8).toString("latin1") })],
  [1, () => get("%FF path: GET /watch/%FF%FE", "/watch/%FF%FE%C3%28")],
  [1, () => get("bad %-escape: GET /vod_library/%E0%A4%A", "/vod_library/%E0%A4%A")],
  [1, (own) => get("%FF query: GET /api/search", `/api/search?q=%C3%28%FF&api_key=${own.apiKey}`, API_HEADERS)],
  [1, (own) => post("0xff json: POST /api/v2/auth/login", "/api/v2/auth/login", JSON_TYPE, bytes(`{"api_key":"${own.apiKey}","email":"`, INVALID_UTF8, '","password":"x"}'))],
  [1, (own) => formPost("0xff form: POST /login", own, "/login", FORM, bytes("email=", INVALID_UTF8, "&password=%FF%FE"))],
  // Missing or wrong api key.
  [1, () => get("no api key: GET /api/events", "/api/events", API_HEADERS)],
  [1, (own) => get("no api key: GET /api/events/:id", `/api/events/${oneOf(own.eventIds)}`, API_HEADERS)],
  [1, () => get("bad api key: GET /api/search", `/api/search?q=north&api_key=${long(43, "Z")}`, API_HEADERS)],
  [1, () => post("no api key: POST /api/v2/auth/login", "/api/v2/auth/login", JSON_TYPE, '{"email":"fan@alpha.test","password":"Password123!"}')],
  // Bad ids.
  [1, (own) => get("bad id: GET /api/events/:id", `/api/events/${oneOf(["abc", "-1", "1.5", "99999999999999999999", "0x10", "%00"])}?api_key=${own.apiKey}`, API_HEADERS)],
  [1, () => get("bad id: GET /watch/:id", `/watch/${oneOf(["abc", "0", "-1", "99999999", "1e3", "%2e%2e"])}`)],
  [1, () => get("bad id: GET /vod_library/:id", `/vod_library/${oneOf(["xyz", "0", "99999999"])}`)],
  [1, () => get("bad id: GET /api/participants", "/api/participants?participant_group_id=abc&offset=-5", API_HEADERS)],
  // Methods a route does not take.
  [1, () => ({ label: "PUT /schedule", method: "PUT", path: "/schedule", headers: { ...BROWSER, "content-type": JSON_TYPE }, body: "{}" })],
  [1, () => ({ label: "DELETE /api/settings", method: "DELETE", path: "/api/settings", headers: API_HEADERS })],
];

// --- no-action: posts to pages and API routes that take none ----------------------------------------------------------
const NO_ACTION_PAGES = ["/", "/about", "/schedule", "/upcoming", "/vod_library", "/faq", "/search", "/packages", "/live"];
const noAction: (readonly [number, Make])[] = [
  [5, (own) => { const p = oneOf(NO_ACTION_PAGES); return formPost(`POST ${p} (form)`, own, p, FORM, "name=x&message=hello"); }],
  [1, (own) => formPost("POST /about (json)", own, "/about", JSON_TYPE, '{"a":1}')],
  [1, (own) => formPost("POST /schedule (empty)", own, "/schedule", null, "")],
  [1, () => post("POST /api/settings", "/api/settings", JSON_TYPE, "{}")],
  [1, (own) => post("POST /api/events", "/api/events", JSON_TYPE, `{"api_key":"${own.apiKey}"}`)],
];

// --- cross-channel: one channel's key, ids or origin on the other's host ----------------------------------------------
const cross: (readonly [number, Make])[] = [
  [2, (own, other) => get("other's key: GET /api/events", `/api/events?api_key=${other.apiKey}&limit=5`, API_HEADERS)],
  [2, (own, other) => get("other's key: GET /api/events/:id", `/api/events/${oneOf(own.eventIds)}?api_key=${other.apiKey}`, API_HEADERS)],
  [2, (own, other) => get("other's event: GET /api/events/:id", `/api/events/${oneOf(other.eventIds)}?api_key=${own.apiKey}`, API_HEADERS)],
  [2, (own, other) => get("other's event: GET /watch/:id", `/watch/${oneOf(other.eventIds)}`)],
  [1, (own, other) => post("other's event: POST /api/events/:id/playback", `/api/events/${oneOf(other.eventIds)}/playback`, JSON_TYPE, JSON.stringify({ api_key: own.apiKey }))],
  [1, (own, other) => post("other's channel key: POST /api/get_api_key", "/api/get_api_key", JSON_TYPE, JSON.stringify({ channel_key: other.channelKey }))],
  [1, (own, other) => post("other's key: POST /api/v2/auth/login", "/api/v2/auth/login", JSON_TYPE, JSON.stringify({ api_key: other.apiKey, email: `fan@${own.alias}.test`, password: "Password123!" }))],
  [1, (own, other) => post("other's origin: POST /login", "/login", FORM, "email=fan%40alpha.test&password=x", { ...BROWSER, origin: other.origin })],
  [1, () => ({ ...get("unknown host: GET /", "/"), host: "nosuch.localhost" })],
];

// --- oversized: bodies far past every limit, declared or chunked ------------------------------------------------------
interface OversizedTarget {
  kind: "form" | "no-action" | "api";
  path: string;
  type: string;
  prefix: (own: Channel) => string;
  suffix: string;
  /** Same-site form post: sends the channel's Origin. */
  origin?: boolean;
}
const OVERSIZED_TARGETS: OversizedTarget[] = [
  { kind: "form", path: "/login", type: FORM, prefix: () => "email=", suffix: "&password=x", origin: true },
  { kind: "form", path: "/contacts", type: FORM, prefix: () => "name=x&email=a%40b.c&message=", suffix: "", origin: true },
  { kind: "form", path: "/registration", type: FORM, prefix: () => "email=", suffix: "&password=x", origin: true },
  { kind: "no-action", path: "/about", type: FORM, prefix: () => "x=", suffix: "", origin: true },
  { kind: "no-action", path: "/", type: FORM, prefix: () => "x=", suffix: "", origin: true },
  { kind: "no-action", path: "/schedule", type: JSON_TYPE, prefix: () => '{"x":"', suffix: '"}', origin: true },
  { kind: "api", path: "/api/v2/auth/login", type: JSON_TYPE, prefix: (c) => `{"api_key":"${c.apiKey}","email":"`, suffix: '","password":"x"}' },
  { kind: "api", path: "/api/v2/auth/register", type: FORM, prefix: (c) => `api_key=${c.apiKey}&email=`, suffix: "&password=x" },
  { kind: "api", path: "/api/get_api_key", type: JSON_TYPE, prefix: () => '{"channel_key":"', suffix: '"}' },
  { kind: "api", path: "/api/datalake/event/", type: JSON_TYPE, prefix: () => '{"batch":[{"x":"', suffix: '"}]}' },
  { kind: "api", path: "/api/stripe/webhook", type: JSON_TYPE, prefix: () => '{"id":"evt_soak","data":"', suffix: '"}' },
];

export const OVERSIZED_VARIANTS: string[] = (["form", "no-action", "api"] as const).flatMap((kind) =>
  OVERSIZED_SIZES.flatMap((size) => (["length", "chunked"] as const).map((f) => variantName(kind, size, f))),
);

function variantName(kind: string, size: number, framing: BigBody["framing"]): string {
  return `${kind} ${size / MiB} MiB ${framing === "length" ? "Content-Length" : "chunked"}`;
}

/**
 * Oversized requests so far. They go round the 18 variants in turn, ordered so that every 6 in a row hold each kind,
 * each size and each framing (a short run sees them all): size i mod 3, framing i mod 2, kind (i + ⌊i/6⌋) mod 3.
 */
let oversizedSent = 0;

function oversized(own: Channel): SoakRequest {
  const i = oversizedSent++ % 18;
  const size = OVERSIZED_SIZES[i % 3];
  const framing = (["length", "chunked"] as const)[i % 2];
  const kind = (["form", "no-action", "api"] as const)[(i + Math.floor(i / 6)) % 3];
  const t = oneOf(OVERSIZED_TARGETS.filter((x) => x.kind === kind));
  return {
    category: "oversized",
    label: `POST ${t.path} (${t.kind})`,
    method: "POST",
    host: own.host,
    path: t.path,
    headers: { ...(t.origin ? { ...BROWSER, origin: own.origin } : API_HEADERS), "content-type": t.type },
    big: { size, framing, prefix: t.prefix(own), suffix: t.suffix },
    variant: variantName(t.kind, size, framing),
  };
}

const MAKERS: Record<Exclude<Category, "oversized">, (readonly [number, Make])[]> = {
  page,
  api,
  malformed,
  "no-action": noAction,
  "cross-channel": cross,
};

/** One request of the mix, from the given categories (null when there are none). */
export function pick(world: World, categories: readonly Category[]): SoakRequest | null {
  if (categories.length === 0) return null;
  const category = weighted(categories.map((c) => [WEIGHTS[c], c] as const));
  const [own, other] = pair(world);
  if (category === "oversized") return oversized(own);
  const made = weighted(MAKERS[category])(own, other);
  return { category, host: own.host, ...made };
}
