// Clip calls made through the API as a signed-in viewer (issue 11), for specs that need a clip to exist: sign in, cut,
// wait until it is ready, delete. Node does not resolve *.localhost, so calls go to 127.0.0.1 with the channel's Host.
import type { APIRequestContext } from "@playwright/test";
import type { Clip, ClipInput } from "../../api/contract/clips";
import { PASSWORD } from "./auth-helpers";
import { PORT, expect } from "./fixtures";
import { apiKey } from "./watch-helpers";

export { apiKey };

/** An API URL on the e2e server, and the Host header that names the channel. */
export const apiUrl = (path: string) => `http://127.0.0.1:${PORT}/api/${path}`;
export const channelHost = (alias: string) => ({ host: `${alias}.localhost:${PORT}` });

/** A signed-in API caller: the channel, its api key and the user's Bearer token. */
export interface ApiUser {
  alias: string;
  key: string;
  token: string;
}

const headers = (user: ApiUser) => ({ ...channelHost(user.alias), authorization: `Bearer ${user.token}` });

/** Signs in with email and password (POST /v2/auth/login); the demo viewer by default. */
export async function signIn(request: APIRequestContext, alias: string, email = `viewer@${alias}.test`, password = PASSWORD): Promise<ApiUser> {
  const key = await apiKey(request, alias);
  const res = await request.post(apiUrl("v2/auth/login"), { headers: channelHost(alias), data: { api_key: key, email, password } });
  expect(res.status(), `login ${email}: ${await res.text()}`).toBe(200);
  return { alias, key, token: ((await res.json()) as { data: { token: string } }).data.token };
}

/** POST /clip; the clip answers queued. */
export async function createClip(request: APIRequestContext, user: ApiUser, body: ClipInput): Promise<Clip> {
  const res = await request.post(apiUrl("clip"), { headers: headers(user), data: { api_key: user.key, ...body } });
  expect(res.status(), `POST /clip: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: Clip }).data;
}

/** GET /clip/{id}, as its owner. */
export async function getClip(request: APIRequestContext, user: ApiUser, id: number): Promise<Clip> {
  const res = await request.get(apiUrl(`clip/${id}?api_key=${user.key}`), { headers: headers(user) });
  expect(res.status(), `GET /clip/${id}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: Clip }).data;
}

/** Polls the clip until the queue consumer has made it (ready), failing at once if it failed. */
export async function waitReady(request: APIRequestContext, user: ApiUser, id: number, timeout = 60_000): Promise<Clip> {
  let clip: Clip | undefined;
  await expect
    .poll(async () => (clip = await getClip(request, user, id)).status, { message: `clip ${id} made`, timeout, intervals: [250, 500, 1000] })
    .toMatch(/^(ready|failed)$/);
  expect(clip!.status, `clip ${id}: ${clip!.failure_reason}`).toBe("ready");
  return clip!;
}

/** DELETE /clip/{id}: its share link answers 404 from then on. */
export async function deleteClip(request: APIRequestContext, user: ApiUser, id: number): Promise<void> {
  const res = await request.delete(apiUrl(`clip/${id}?api_key=${user.key}`), { headers: headers(user) });
  expect(res.status(), `DELETE /clip/${id}: ${await res.text()}`).toBe(200);
}

/** The share page's path of a clip (SPEC §2 /share/{id}/{uuid}). */
export const sharePath = (clip: Pick<Clip, "id" | "uuid">) => `/share/${clip.id}/${clip.uuid}`;
