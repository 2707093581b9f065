// The owner's side of going live, as the e2e tests do it: in /console/live (the owner already signed in), create the
// game's live input and read where the encoder publishes from the page.
import type { Page } from "@playwright/test";
import { acceptCookies, expect, visit } from "../fixtures";
import type { TestChannel } from "./channels";
import { copy } from "./copy";

const v = copy("en", "video");

/** The game's row in the console's live list, and the URL an encoder publishes to (server URL + stream key). */
export async function createLiveInput(page: Page, ch: TestChannel, eventId: number) {
  await visit(page, ch.url("/console/live"));
  await acceptCookies(page);
  const row = page.locator(`li[data-event-id="${eventId}"]`);
  await row.getByRole("button", { name: v.live.create }).click();
  await expect(row.locator("[data-status]")).toHaveAttribute("data-status", "idle");
  const rtmp = await row.getByLabel(v.live.rtmpUrl).inputValue();
  const key = await row.getByLabel(v.live.streamKey).inputValue();
  return { row, publishUrl: `${rtmp}/${key}` };
}
