// The whole Worker (web app and API, worker.ts) inside workerd, for checks that need no browser: each test loads a
// channel of its own from a template through the dev-only POST /api/dev/channels, as the e2e tests do
// (tests/e2e/support/channels.ts), then sends requests through the Worker's own fetch and reads status, headers and
// server-rendered HTML.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { inject } from "vitest";
import worker from "../../worker";
import { parseTenantDefinition, type TenantFile } from "@api/channels/definition";
import { loadTenant } from "@api/channels/loader";
import type { Template } from "./templates.global-setup";

export type { Template } from "./templates.global-setup";
export type Role = "fan" | "coach" | "viewer" | "owner" | "admin";
export type Lang = "en" | "fr";

const templates = inject("templates");

let templatesLoaded: Promise<unknown> | undefined;
/**
 * The templates under their own alias, as `npm run setup` loads them (without their custom domains, which are for
 * the test channels that ask for one), once per test file: a test channel copies its template's images from there
 * (`images_from`). Loading is idempotent, so files running side by side may both do it.
 */
function loadTemplates(): Promise<unknown> {
  templatesLoaded ??= Promise.all(
    Object.entries(templates).map(([alias, source]) => {
      const definition = parseTenantDefinition({ ...source.definition, domains: [] }, alias, `template ${alias}`);
      const files: TenantFile[] = source.images.map((i) => ({ path: i.path, contentType: i.contentType, bytes: Uint8Array.from(atob(i.base64), (c) => c.charCodeAt(0)) }));
      return loadTenant(env.DB, env.MEDIA, definition, files);
    }),
  );
  return templatesLoaded;
}

/** How a test wants its channel: changes to the template's definition, before it is loaded. */
export interface ChannelSetup {
  /** Epoch ms the relative times count from (default: now). */
  now?: number;
  /** Settings merged over the template's. */
  settings?: Record<string, unknown>;
  /** Custom domains (default: none; the template's belong to the template). */
  domains?: string[];
}

export interface TestChannel {
  template: Template;
  alias: string;
  id: number;
  channelKey: string;
  /** The channel's default language. */
  lang: Lang;
  /** `alpha-x1y2….localhost`: the host that names it. */
  host: string;
  /** `http://alpha-x1y2….localhost`. */
  origin: string;
  /** A page of the channel. */
  url(path?: string): string;
  /** The channel's api key (POST /api/get_api_key with its channel key), asked once. */
  apiKey(): Promise<string>;
  /** A demo account of the template (`fan`, `viewer`…). */
  user(who: Role): { email: string; password: string };
  /** The definition as loaded. */
  definition: Record<string, unknown>;
}

/**
 * A request to the Worker, as a visitor's browser sends it, answered by the Worker's own fetch handler; what it left
 * to finish after answering (`ctx.waitUntil`) is done before the test goes on. The handler is called directly: through
 * `exports.default` (SELF) each request re-enters the test runner's module loader, and a file's requests got
 * slower one after another (17 ms to 140 ms within 200 requests, where a direct call stays flat).
 */
export async function send(url: string, init: RequestInit = {}): Promise<Response> {
  // The request.cf the e2e server fixes (scripts/lib/local-server.ts), as Cloudflare's edge would add it.
  const request = new Request(url, { redirect: "manual", cf: { country: "US", colo: "LOCAL", timezone: "UTC" }, ...init }) as Request<unknown, IncomingRequestCfProperties>;
  // A browser always names the host (Remix compares it with the Origin of a form post); a Request made here does not.
  if (!request.headers.has("host")) request.headers.set("host", new URL(url).host);
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** Loads a channel of the test's own from a template. */
export async function loadChannel(template: Template = "alpha", setup: ChannelSetup = {}): Promise<TestChannel> {
  await loadTemplates();
  const { alias: _alias, channel_key: _key, ...rest } = structuredClone(templates[template].definition);
  const definition: Record<string, unknown> = { ...rest, domains: setup.domains ?? [] };
  if (setup.settings) definition.settings = { ...(definition.settings as object), ...setup.settings };
  const res = await send("http://127.0.0.1/api/dev/channels", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ definition, alias_prefix: template, images_from: template, now: setup.now ?? Date.now() }),
  });
  if (res.status !== 201) throw new Error(`loading a ${template} channel: ${res.status} ${await res.text()}`);
  const loaded = ((await res.json()) as { data: { id: number; alias: string; channel_key: string } }).data;

  const host = `${loaded.alias}.localhost`;
  const origin = `http://${host}`;
  let key: Promise<string> | undefined;
  const ch: TestChannel = {
    template,
    alias: loaded.alias,
    id: loaded.id,
    channelKey: loaded.channel_key,
    lang: ((definition.settings as { language?: Lang }).language ?? "en") as Lang,
    host,
    origin,
    url: (path = "/") => `${origin}${path}`,
    apiKey() {
      key ??= api<{ api_key: string }>(ch, "POST", "get_api_key", { body: { channel_key: loaded.channel_key }, key: false }).then((d) => d.api_key);
      return key;
    },
    user(who) {
      const user = templates[template].users.find((u) => u.email.startsWith(`${who}@`));
      if (!user) throw new Error(`${who}: no such account in the ${template} channel`);
      return { email: user.email, password: user.password };
    },
    definition,
  };
  return ch;
}

const shared = new Map<Template, Promise<TestChannel>>();
/**
 * A channel the file's tests share, for tests that only read what was loaded and write nothing (a refused post, a
 * page, a feed): one load per test file and template, as the e2e `sharedChannel` is one per worker.
 */
export function sharedChannel(template: Template = "alpha"): Promise<TestChannel> {
  let found = shared.get(template);
  if (!found) {
    found = loadChannel(template);
    shared.set(template, found);
  }
  return found;
}

interface ApiOptions {
  /** A signed-in account's session token (Bearer). */
  token?: string;
  /** The JSON body of a POST. */
  body?: Record<string, unknown>;
  /** Send the channel's api key (default true). */
  key?: boolean;
}

/** A call of the channel's API that must succeed (200, or 201 for a POST); answers `data`. */
export async function api<T>(ch: TestChannel, method: "GET" | "POST" | "DELETE", path: string, options: ApiOptions = {}): Promise<T> {
  const apiKey = options.key === false ? undefined : await ch.apiKey();
  const url = new URL(`/api/${path.replace(/^\//, "")}`, ch.origin);
  if (apiKey && method !== "POST") url.searchParams.set("api_key", apiKey);
  const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
  let body: string | undefined;
  if (method === "POST") {
    headers["content-type"] = "application/json";
    body = JSON.stringify({ ...(apiKey ? { api_key: apiKey } : {}), ...options.body });
  }
  const res = await send(url.toString(), { method, headers, body });
  const text = await res.text();
  if (res.status !== 200 && !(method === "POST" && res.status === 201)) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** Signs an account in through the API (POST /v2/auth/login): its session token, the web app's `sid` cookie. */
export async function signIn(ch: TestChannel, who: Role): Promise<string> {
  const { email, password } = ch.user(who);
  return (await api<{ token: string }>(ch, "POST", "v2/auth/login", { body: { email, password } })).token;
}

export interface Page {
  status: number;
  headers: Headers;
  html: string;
}

/** A page of the channel as the server renders it, for a visitor or (with `session`) a signed-in account. */
export async function visit(ch: TestChannel, path: string, options: { session?: string; headers?: Record<string, string> } = {}): Promise<Page> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.session) headers.cookie = `sid=${options.session}`;
  const res = await send(ch.url(path), { headers });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

/** An element of a server-rendered page: its attributes and its text, as a browser would read them. */
export interface PageElement {
  attributes: Record<string, string>;
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
    e[0] === "#" ? String.fromCodePoint(e[1].toLowerCase() === "x" ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e] ?? m),
  );

/** Elements that have no end tag (and so no text). */
const VOID_ELEMENTS = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

/** The elements of a server-rendered page that a CSS selector matches, read by workerd's own HTML parser. */
export async function select(html: string, selector: string): Promise<PageElement[]> {
  const found: PageElement[] = [];
  const open: PageElement[] = [];
  await new HTMLRewriter()
    .on(selector, {
      element(el) {
        // HTMLRewriter's attributes are [name, value] pairs (the DOM lib's Element type says otherwise).
        const attributes = [...(el.attributes as unknown as Iterable<[string, string]>)];
        const element: PageElement = { attributes: Object.fromEntries(attributes.map(([k, v]) => [k, decode(v)])), text: "" };
        found.push(element);
        open.push(element);
        if (VOID_ELEMENTS.has(el.tagName)) open.pop();
        else el.onEndTag(() => void open.splice(open.indexOf(element), 1));
      },
    })
    .onDocument({
      text(chunk) {
        for (const element of open) element.text += decode(chunk.text);
      },
    })
    .transform(new Response(html))
    .text();
  return found;
}
