// Channels for the console tests, written the way setup and the console write them (api/channels): a definition
// through the loader, with an owner, a viewer and, on the first, a platform admin.
import { env } from "cloudflare:workers";
import { parseTenantDefinition } from "@api/channels/definition";
import { loadTenant } from "@api/channels/loader";
import { hashPassword } from "@api/services/auth/passwords";
import { clearChannelCache } from "@api/middleware/tenant";
import { call, mintKey } from "./fixtures";

export const CONSOLE_PASSWORD = "Console-Pass-2026";

/** A small but complete definition: settings, colours, a menu pointing at a page, a catalogue and a product. */
export function consoleDefinition(alias: string) {
  return {
    name: `Console ${alias}`,
    channel_key: `ck_${alias.replaceAll("-", "_")}_console_test`,
    settings: { language: "en", title: `Console ${alias}` },
    colors: { web: { primary: "#1d4ed8", "primary-contrast": "#ffffff", background: "#ffffff", text: "#111111" } },
    menu: [
      { key: "home", placement: "header", kind: "link", name: "Home", url: "/" },
      { key: "about", placement: "both", kind: "page", name: { en: "About", fr: "À propos" }, url: "/about" },
    ],
    pages: [{ url: "/about", name: { en: "About", fr: "À propos" }, content: { en: "# About", fr: "# À propos" } }],
    faq: [{ key: "what", question: "What is this?", answer: "A test channel." }],
    catalogue: {
      time_zone: "America/Chicago",
      sports: [{ alias: "hockey", name: "Hockey" }],
      schools: [
        { alias: "north", name: "North High", short_name: "North" },
        { alias: "south", name: "South High", short_name: "South" },
      ],
      teams: [
        { alias: "north-hockey", name: "North Hockey", short_name: "North", school: "north", sport: "hockey", gender: "men" },
        { alias: "south-hockey", name: "South Hockey", short_name: "South", school: "south", sport: "hockey", gender: "men" },
      ],
      events: [{ key: "opener", access_type: "free", start: { days: 2, at: "19:00" }, duration: 120, sport: "hockey", home: "north-hockey", away: "south-hockey" }],
    },
    products: {
      currency: "USD",
      products: [{ key: "season", kind: "package", type: "category", name: "Season pass", price: 49.99, sports: ["hockey"] }],
    },
  };
}

export interface ConsoleChannel {
  alias: string;
  host: string;
  key: string;
  ownerToken: string;
  viewerToken: string;
  adminToken?: string;
}

const users = async (alias: string, admin: boolean) => {
  const hash = await hashPassword(CONSOLE_PASSWORD);
  const base = { password_hash: hash, email_verified: true };
  return [
    { ...base, email: `owner@${alias}.test`, first_name: "Olive", last_name: "Owner", role: "owner" },
    { ...base, email: `viewer@${alias}.test`, first_name: "Vera", last_name: "Viewer" },
    ...(admin ? [{ ...base, email: `admin@${alias}.test`, first_name: "Ada", last_name: "Admin", role: "admin" }] : []),
  ];
};

/** Loads the channel (again: idempotent) and signs its people in. `raw` replaces parts of the definition. */
export async function seedConsoleChannel(alias: string, options: { admin?: boolean; raw?: Record<string, unknown>; now?: number } = {}): Promise<ConsoleChannel> {
  const raw = { ...consoleDefinition(alias), ...options.raw, users: await users(alias, options.admin ?? false) };
  await env.DB.prepare("DELETE FROM channels WHERE alias = ?").bind(alias).run();
  await loadTenant(env.DB, env.MEDIA, parseTenantDefinition(raw, alias), [], { cache: env.CACHE, now: options.now });
  clearChannelCache();
  const host = `${alias}.localhost`;
  const key = await mintKey(host, raw.channel_key);
  const login = async (email: string) => {
    const res = await call(host, "/api/v2/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ api_key: key, email, password: CONSOLE_PASSWORD }) });
    if (res.status !== 200) throw new Error(`login ${email} answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { data: { token: string } }).data.token;
  };
  return {
    alias,
    host,
    key,
    ownerToken: await login(`owner@${alias}.test`),
    viewerToken: await login(`viewer@${alias}.test`),
    adminToken: options.admin ? await login(`admin@${alias}.test`) : undefined,
  };
}

type Method = "GET" | "PUT" | "POST" | "DELETE";

/** A console call on the channel's host, as the holder of `token` (none: anonymous). */
export function consoleCall(ch: Pick<ConsoleChannel, "host" | "key">, method: Method, path: string, token?: string, body?: Record<string, unknown>) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (method === "GET" || method === "DELETE") {
    return call(ch.host, `${path}${path.includes("?") ? "&" : "?"}api_key=${encodeURIComponent(ch.key)}`, { method, headers });
  }
  return call(ch.host, path, { method, headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ api_key: ch.key, ...body }) });
}

export async function data<T>(res: Response): Promise<T> {
  if (res.status >= 300) throw new Error(`answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}
