// A test channel's API from Node (which does not resolve *.localhost: 127.0.0.1 with the channel's Host header),
// for the data a test arranges or looks up before it opens a page.
import type { APIRequestContext } from "@playwright/test";
import { expect } from "@playwright/test";
import type { TestChannel } from "./channels";

export interface CallOptions {
  /** A signed-in account's session token (Bearer). */
  token?: string;
  /** The status the call must answer (default 200). */
  status?: number;
}

const headersOf = (ch: TestChannel, token?: string) => ({ ...ch.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) });

/** GET `path` with the channel's api key; answers `data`. */
export async function apiGet<T>(request: APIRequestContext, ch: TestChannel, path: string, options: CallOptions = {}): Promise<T> {
  const key = await ch.apiKey();
  const res = await request.get(ch.apiUrl(`${path}${path.includes("?") ? "&" : "?"}api_key=${key}`), { headers: headersOf(ch, options.token) });
  expect(res.status(), `GET ${path}: ${await res.text()}`).toBe(options.status ?? 200);
  return ((await res.json()) as { data: T }).data;
}

/** POST `path` with the api key in the body; answers `data`. */
export async function apiPost<T>(request: APIRequestContext, ch: TestChannel, path: string, body: Record<string, unknown> = {}, options: CallOptions = {}): Promise<T> {
  const key = await ch.apiKey();
  const res = await request.post(ch.apiUrl(path), { headers: headersOf(ch, options.token), data: { api_key: key, ...body } });
  expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(options.status ?? 200);
  return ((await res.json()) as { data: T }).data;
}

/** DELETE `path` with the api key in the query. */
export async function apiDelete(request: APIRequestContext, ch: TestChannel, path: string, options: CallOptions = {}): Promise<void> {
  const key = await ch.apiKey();
  const res = await request.delete(ch.apiUrl(`${path}${path.includes("?") ? "&" : "?"}api_key=${key}`), { headers: headersOf(ch, options.token) });
  expect(res.status(), `DELETE ${path}: ${await res.text()}`).toBe(options.status ?? 200);
}

/** Signs an account in through the API (no browser): its session token. */
export async function apiSignIn(request: APIRequestContext, ch: TestChannel, email: string, password: string): Promise<string> {
  return (await apiPost<{ token: string }>(request, ch, "v2/auth/login", { email, password })).token;
}
