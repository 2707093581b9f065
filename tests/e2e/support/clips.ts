// Clips made through the API as a signed-in account (issue 11), for specs that need a clip to exist: cut, wait until
// it is ready, delete.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import type { Clip, ClipInput } from "../../../api/contract/clips";
import { ORDER_POLL_MS } from "../../../api/contract/constants";
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

/**
 * Waits until a clip a page lists (its `clip-item`) shows ready: made, through the API (waitReady), then shown by the
 * page's list, which asks again every ORDER_POLL_MS while a clip is unfinished. The page's clock then runs one
 * interval, so the list asks now rather than on its own time; it is installed before the page loaded.
 */
export async function expectListedReady(page: Page, request: APIRequestContext, ch: TestChannel, token: string, listed: Locator): Promise<Clip> {
  await expect(listed).toHaveAttribute("data-clip-id", /^\d+$/);
  const clip = await waitReady(request, ch, token, Number(await listed.getAttribute("data-clip-id")));
  await page.clock.runFor(ORDER_POLL_MS);
  await expect(listed).toHaveAttribute("data-status", "ready");
  return clip;
}
