// Each test owns its channel (issue 24): a tenant folder (a demo channel of tenants/ or a fixture tenant of
// tests/fixtures/tenants/) read once per worker and loaded through the dev-only POST /api/dev/channels under a fresh
// alias, at the `now` the test gives. A test that edits, schedules, streams or clips then changes nothing another
// test reads, and its live events are exactly as old as it asked, however long the run has lasted.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { hashTenantUsers } from "../../../api/channels/users";
import { readTenant } from "../../../scripts/lib/tenant-reader";

export const PORT = Number(process.env.E2E_PORT ?? 8788);
const ROOT = path.resolve(import.meta.dirname, "../../..");

/** The demo channels (tenants/) and the fixture tenants (tests/fixtures/tenants/) a test channel can be made from. */
export type Template = "alpha" | "beta" | "offline";
export type Role = "fan" | "coach" | "viewer" | "owner" | "admin";
export type Lang = "en" | "fr";

/** Where a template's folder is. */
function templateDir(template: Template): string {
  const demo = path.join(ROOT, "tenants", template);
  return existsSync(path.join(demo, "channel.json")) ? demo : path.join(ROOT, "tests/fixtures/tenants", template);
}

interface TemplateUser {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  role?: string;
}

/** A demo account of the template, with its plain-text password (users.json). */
export interface ChannelUser {
  email: string;
  password: string;
  name: string;
}

// One read (and one PBKDF2 hash per demo account) per worker and template.
const definitions = new Map<Template, Promise<Record<string, unknown>>>();
function templateDefinition(template: Template): Promise<Record<string, unknown>> {
  let found = definitions.get(template);
  if (!found) {
    found = readTenant(templateDir(template)).then(({ definition }) => {
      // The alias is the new channel's; the template's domains and key stay the template's.
      const { alias: _alias, domains: _domains, channel_key: _key, ...rest } = definition;
      return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
    });
    definitions.set(template, found);
  }
  return found;
}

function templateUsers(template: Template): TemplateUser[] {
  const file = path.join(templateDir(template), "users.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as TemplateUser[]) : [];
}

/** An extra account a test puts in its channel (users.json's fields; the password in plain text). */
export interface ExtraUser {
  email: string;
  password?: string;
  first_name?: string;
  last_name?: string;
  email_verified?: boolean;
  temporary_password?: boolean;
  role?: "viewer" | "owner" | "admin";
  language?: Lang;
  orders?: { product: string; valid_days?: number }[];
}

export const PASSWORD = "Password123!";

/** How a test wants its channel: changes to the template's definition, before it is loaded. */
export interface ChannelSetup {
  /** Epoch ms the relative times count from (default: now, when the test starts). */
  now?: number;
  /** Settings merged over the template's (`"prerolls.skip_after_s": 1`…). */
  settings?: Record<string, unknown>;
  /** Custom domains (default: none; the template's belong to the template). */
  domains?: string[];
  /** Accounts added to the template's demo accounts. */
  users?: ExtraUser[];
  /** Any other change, made on a copy of the definition (catalogue, products, prerolls…). */
  edit?: (definition: Record<string, unknown>) => void;
}

export interface TestChannel {
  template: Template;
  alias: string;
  id: number;
  channelKey: string;
  /** The channel's default language. */
  lang: Lang;
  /** Epoch ms its relative times were resolved from. */
  loadedAt: number;
  /** `alpha-x1y2….localhost:8788`: the Host header that names it. */
  host: string;
  /** `http://alpha-x1y2….localhost:8788`. */
  origin: string;
  /** A page of the channel, as the browser addresses it. */
  url(path?: string): string;
  /** An API call of the channel from Node (which does not resolve *.localhost): 127.0.0.1 and `headers`. */
  apiUrl(path: string): string;
  headers: { host: string };
  /** The channel's api key (POST /get_api_key with its channel key), asked once. */
  apiKey(): Promise<string>;
  /** A demo account of the template (`fan`, `viewer`…), or an extra one by email. */
  user(who: Role | string): ChannelUser;
  /** The definition as loaded (after `setup`): settings, catalogue, products. */
  definition: Record<string, unknown>;
}

const hashed = new Map<string, Promise<unknown[]>>();
/** Extra users with their passwords hashed as users.json's are (cached per worker: the same list hashes once). */
function hashUsers(users: ExtraUser[]): Promise<unknown[]> {
  const key = JSON.stringify(users);
  let found = hashed.get(key);
  if (!found) {
    found = hashTenantUsers(
      users.map((u) => ({
        first_name: "Test",
        last_name: "Viewer",
        email_verified: true,
        temporary_password: false,
        capabilities: [],
        language: "en" as const,
        role: "viewer" as const,
        ...u,
        password: u.password ?? PASSWORD,
        orders: (u.orders ?? []).map((o) => ({ ...o })),
      })),
    );
    hashed.set(key, found);
  }
  return found;
}

/** Loads a channel of its own from a template, through the dev-only API route. */
export async function loadChannel(request: APIRequestContext, template: Template, setup: ChannelSetup = {}): Promise<TestChannel> {
  const definition = structuredClone(await templateDefinition(template));
  if (setup.settings) definition.settings = { ...(definition.settings as object), ...setup.settings };
  definition.domains = setup.domains ?? [];
  if (setup.users?.length) definition.users = [...((definition.users as unknown[]) ?? []), ...(await hashUsers(setup.users))];
  setup.edit?.(definition);

  const res = await request.post(`http://127.0.0.1:${PORT}/api/dev/channels`, {
    data: { definition, alias_prefix: template, images_from: template, now: setup.now ?? Date.now() },
    maxRetries: 2,
  });
  if (res.status() !== 201) throw new Error(`loading a ${template} channel: ${res.status()} ${await res.text()}`);
  const loaded = ((await res.json()) as { data: { id: number; alias: string; channel_key: string; now: number } }).data;

  const host = `${loaded.alias}.localhost:${PORT}`;
  const origin = `http://${host}`;
  const headers = { host };
  let key: Promise<string> | undefined;
  const users = templateUsers(template);
  const extra = setup.users ?? [];
  const settings = (definition.settings ?? {}) as { language?: Lang };
  return {
    template,
    alias: loaded.alias,
    id: loaded.id,
    channelKey: loaded.channel_key,
    lang: settings.language ?? "en",
    loadedAt: loaded.now,
    host,
    origin,
    url: (p = "/") => `${origin}${p}`,
    apiUrl: (p) => `http://127.0.0.1:${PORT}/api/${p.replace(/^\//, "")}`,
    headers,
    apiKey() {
      key ??= (async () => {
        const r = await request.post(`http://127.0.0.1:${PORT}/api/get_api_key`, { headers, data: { channel_key: loaded.channel_key }, maxRetries: 2 });
        if (r.status() !== 200) throw new Error(`api key of ${loaded.alias}: ${r.status()} ${await r.text()}`);
        return ((await r.json()) as { data: { api_key: string } }).data.api_key;
      })();
      return key;
    },
    user(who) {
      const byRole = users.find((u) => u.email.startsWith(`${who}@`));
      if (byRole) return { email: byRole.email, password: byRole.password, name: `${byRole.first_name} ${byRole.last_name}` };
      const added = extra.find((u) => u.email === who);
      if (added) return { email: added.email, password: added.password ?? PASSWORD, name: `${added.first_name ?? "Test"} ${added.last_name ?? "Viewer"}` };
      throw new Error(`${who}: no such account in the ${template} channel`);
    },
    definition,
  };
}
