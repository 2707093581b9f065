// Clips made through the API as a signed-in account (issue 11), for specs that need a clip to exist: cut, wait until
// it is ready, delete.
import type { APIRequestContext } from "@playwright/test";
import { expect } from "@playwright/test";
import type { Clip, ClipInput } from "../../../api/contract/clips";
import { apiDelete, apiGet, apiPost } from "./api";
import type { TestChannel } from "./channels";

/** POST /clip; the clip answers queued. */
export const createClip = (request: APIRequestContext, ch: TestChannel, token: string, body: ClipInput) => apiPost<Clip>(request, ch, "clip", { ...body }, { token });

/** GET /clip/{id}, as its owner. */
export const getClip = (request: APIRequestContext, ch: TestChannel, token: string, id: number) => apiGet<Clip>(request, ch, `clip/${id}`, { token });

/** Polls the clip until the queue consumer has made it (ready), failing at once if it failed. */
export async function waitReady(request: APIRequestContext, ch: TestChannel, token: string, id: number, timeout = 60_000): Promise<Clip> {
  let clip: Clip | undefined;
  await expect
    .poll(async () => (clip = await getClip(request, ch, token, id)).status, { message: `clip ${id} made`, timeout, intervals: [250, 500, 1000] })
    .toMatch(/^(ready|failed)$/);
  expect(clip!.status, `clip ${id}: ${clip!.failure_reason}`).toBe("ready");
  return clip!;
}

/** DELETE /clip/{id}: its share link answers 404 from then on. */
export const deleteClip = (request: APIRequestContext, ch: TestChannel, token: string, id: number) => apiDelete(request, ch, `clip/${id}`, { token });

/** The share page's path of a clip (SPEC §2 /share/{id}/{uuid}). */
export const sharePath = (clip: Pick<Clip, "id" | "uuid">) => `/share/${clip.id}/${clip.uuid}`;
