// The site's player as tests watch it: the main video, its position, and "playing" as any advance of the position.
import type { FrameLocator, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import type { TestChannel } from "./channels";

type Scope = Page | FrameLocator;
export const player = (scope: Scope) => scope.locator(".player");
export const video = (scope: Scope) => scope.locator("video.player__video");
export const currentTime = (scope: Scope) => video(scope).evaluate((v: HTMLVideoElement) => v.currentTime);

/** The channel's seek step (`player.seek_step_s`, 10 when unset). */
export const seekStepOf = (ch: TestChannel) => ((ch.definition.settings ?? {}) as { "player.seek_step_s"?: number })["player.seek_step_s"] ?? 10;

/**
 * Waits until the player is ready and its video plays: the position moves past where it was first seen. Any advance
 * is playing; a test that needs a length of time watched says how much (`seconds`).
 */
export async function expectPlaying(scope: Scope, seconds = 0) {
  await expect(player(scope)).toHaveAttribute("data-status", "ready", { timeout: 20_000 });
  await expect.poll(() => currentTime(scope), { timeout: 20_000 }).toBeGreaterThan(0);
  const from = await currentTime(scope);
  await expect.poll(() => currentTime(scope), { timeout: 20_000, intervals: [100, 250] }).toBeGreaterThan(from + seconds);
}

/**
 * Pauses the page's videos, before axe where the test is done watching: on a busy machine axe takes three to five
 * times as long on a page whose video plays.
 */
export const pauseVideos = (scope: Page) => scope.evaluate(() => document.querySelectorAll("video").forEach((v) => v.pause()));
