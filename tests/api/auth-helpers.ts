// Helpers for the accounts API tests: an app with a movable clock, and calls that read like the product.
import { env } from "cloudflare:workers";
import type { AuthSession, OutboxMail, User } from "@api/contract/auth";
import { createApi } from "@api/index";
import { call, CHANNEL_KEYS, HOSTS, mintKey } from "./fixtures";

export type ChannelName = "alpha" | "beta";

/** An API whose clock the test moves. */
export function clockedApi(start = Date.now()) {
  const clock = { now: start };
  const app = createApi({ now: () => clock.now });
  return { app, clock };
}

export type App = ReturnType<typeof clockedApi>["app"];

export interface Client {
  host: string;
  key: string;
  app: App;
  post: (path: string, body?: Record<string, unknown>, token?: string, headers?: Record<string, string>) => Promise<Response>;
  get: (path: string, token?: string, headers?: Record<string, string>) => Promise<Response>;
}

export async function client(app: App, channel: ChannelName, bindings: Env = env): Promise<Client> {
  const host = HOSTS[channel];
  const key = await mintKey(host, CHANNEL_KEYS[channel], app);
  const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
  return {
    host,
    key,
    app,
    post: (path, body = {}, token, headers = {}) =>
      call(host, path, { method: "POST", headers: { "content-type": "application/json", ...auth(token), ...headers }, body: JSON.stringify({ api_key: key, ...body }) }, app, bindings),
    get: (path, token, headers = {}) => call(host, `${path}${path.includes("?") ? "&" : "?"}api_key=${encodeURIComponent(key)}`, { headers: { ...auth(token), ...headers } }, app, bindings),
  };
}

let counter = 0;
/** A fresh email per call, so tests do not depend on each other. */
export const freshEmail = (prefix = "user") => `${prefix}-${Date.now().toString(36)}-${++counter}@example.test`;

// Strong enough for the password rules (zxcvbn score 3 or more, ADR 028), as any password a test sets must be.
export const PASSWORD = "Quiet-harbor-lantern-7";

export async function registerUser(c: Client, email = freshEmail(), extra: Record<string, unknown> = {}): Promise<AuthSession> {
  const res = await c.post("/api/v2/auth/register", {
    first_name: "Ada",
    last_name: "Lovelace",
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    terms: true,
    ...extra,
  });
  if (res.status !== 200) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: AuthSession }).data;
}

export async function loginUser(c: Client, email: string, password = PASSWORD): Promise<AuthSession> {
  const res = await c.post("/api/v2/auth/login", { email, password });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: AuthSession }).data;
}

export async function outbox(c: Client): Promise<OutboxMail[]> {
  const res = await c.get("/api/dev/outbox?limit=200");
  if (res.status !== 200) throw new Error(`outbox answered ${res.status}`);
  return ((await res.json()) as { data: OutboxMail[] }).data;
}

/** The newest mail of `kind` to `email`, and its link's query parameters. */
export async function lastLink(c: Client, email: string, kind: string) {
  const mail = (await outbox(c)).find((m) => m.to === email && m.kind === kind);
  if (!mail) throw new Error(`no ${kind} mail to ${email}`);
  const url = new URL(mail.links[0]);
  const params = { email: url.searchParams.get("email")!, expires: Number(url.searchParams.get("expires")), signature: url.searchParams.get("signature")! };
  return { mail, url, params };
}

export const json = async <T = unknown>(res: Response) => (await res.json()) as T;
export type Data<T> = { data: T };
export type { User };
export { env };

/** Polls `check` until it holds, within `timeoutMs`: for work the queue does in the background. */
export async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const mailsTo = async (c: Client, email: string, kind: string) => (await outbox(c)).filter((m) => m.to === email && m.kind === kind);

/** Asks for a reset link and waits for the queue to mail it (ADR 028): the newest link, as lastLink reads it. */
export async function requestResetLink(c: Client, email: string) {
  const before = (await mailsTo(c, email, "password_reset")).length;
  const res = await c.post("/api/auth/password-reset-request", { email });
  if (res.status !== 200) throw new Error(`password-reset-request answered ${res.status}: ${await res.text()}`);
  await eventually(async () => (await mailsTo(c, email, "password_reset")).length > before, `a password_reset mail to ${email}`);
  return lastLink(c, email, "password_reset");
}
