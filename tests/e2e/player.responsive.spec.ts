// The player as a viewer meets it (issue 15), at desktop (1366×900) and phone (390×844) sizes: controls that hide
// after 3 s of inactivity and never cover the picture on a phone, captions with a CC toggle and a remembered language,
// the seek-bar thumbnail preview, the channel's seek step, muted autoplay with "Tap to unmute", and no cast button
// when no receiver is around. Each test plays an event of its own channel, live unless it says; screenshots of each state are kept
// with the run's artifacts. The French channel's player is in french.spec.ts.
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { readFileSync } from "node:fs";
import { HIDE_AFTER_MS } from "../../app/features/player/auto-hide";
import { CAST_SENDER_SCRIPT, expect, expectAccessible, test, visit, type TestChannel } from "./fixtures";
import { copy, fill } from "./support/copy";
import { findEvent } from "./support/events";
import { currentTime, expectPlaying, player, seekStepOf, video } from "./support/player";

const t = copy("en", "player");
/** Events away from the preroll locations: these tests are about the player alone. */
const plain = { noPreroll: true };

const isMobile = (testInfo: TestInfo) => testInfo.project.name === "mobile";
const controlsBox = (page: Page) => page.locator(".player__controls");

/** How much of the picture (the video's box) the control bar covers, 0–1. */
async function coverage(page: Page): Promise<number> {
  const picture = await page.locator(".player__screen").boundingBox();
  const bar = await controlsBox(page).boundingBox();
  if (!picture || !bar) throw new Error("no picture or bar");
  const w = Math.max(0, Math.min(picture.x + picture.width, bar.x + bar.width) - Math.max(picture.x, bar.x));
  const h = Math.max(0, Math.min(picture.y + picture.height, bar.y + bar.height) - Math.max(picture.y, bar.y));
  return (w * h) / (picture.width * picture.height);
}

const barOpacity = (page: Page) => controlsBox(page).evaluate((el) => Number(getComputedStyle(el).opacity));

/** The page's clock moves on by the product's delay: the controls, left alone, hide. */
async function idle(page: Page) {
  await page.clock.fastForward(HIDE_AFTER_MS);
  await expect(player(page)).toHaveAttribute("data-controls", "hidden");
  await expect.poll(() => barOpacity(page)).toBe(0);
}

async function expectShown(page: Page) {
  await expect(player(page)).toHaveAttribute("data-controls", "shown");
  await expect.poll(() => barOpacity(page)).toBe(1);
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.locator(".watch__stage").screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), animations: "disabled" });
}

/** A free live event of the channel, away from preroll locations, playing. */
async function openLive(page: Page, request: APIRequestContext, ch: TestChannel) {
  const id = await findEvent(request, ch, "live", "free", plain);
  await visit(page, ch.url(`/watch/${id}`));
  await expectPlaying(page);
  return id;
}

const cueLines = (lang: string) =>
  readFileSync(`media/demo/captions/${lang}.vtt`, "utf8")
    .split("\n")
    .filter((l) => / — /.test(l));

test("the controls hide after 3 s of inactivity, never cover a phone's picture, and come back on move, key and focus", async ({ page, request, ownChannel: ch }, testInfo) => {
  // Many steps, an accessibility check and screenshots: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  // The hide timer runs on the page's clock: it ticks as usual while the video starts (and axe runs: axe needs
  // timers), then stands still and moves on only when the test says, so each state is seen however slow the machine.
  await page.clock.install();
  // A finished game: the player's timers stand still with the clock, so the picture plays on from its buffer alone,
  // and a recording's 20 s of buffer outlast the test (a live one at low latency holds about 2 s, issue 26).
  const id = await findEvent(request, ch, "finished", "free", plain);
  await visit(page, ch.url(`/watch/${id}`));
  await expectPlaying(page);
  await expectAccessible(page);
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => (v.buffered.length ? v.buffered.end(v.buffered.length - 1) - v.currentTime : 0))).toBeGreaterThan(15);
  // A few seconds ahead of now: later than the command can reach a busy page, and the controls' state is set below.
  await page.clock.pauseAt(Date.now() + 10_000);

  // Focus shows them (a keyboard user's Tab into the player).
  await player(page).focus();
  await expectShown(page);
  await shot(page, testInfo, "controls-shown");
  const covered = await coverage(page);
  if (isMobile(testInfo)) expect(covered, "share of the picture under the bar").toBe(0);
  else expect(covered, "share of the picture under the bar").toBeLessThan(0.2);

  await idle(page);
  await shot(page, testInfo, "controls-hidden");
  // A key shows them.
  await page.keyboard.press("Shift");
  await expectShown(page);
  await idle(page);
  if (isMobile(testInfo)) {
    // A tap on the picture shows them, another hides them.
    await video(page).tap();
    await expectShown(page);
    await video(page).tap();
    await expect(player(page)).toHaveAttribute("data-controls", "hidden");
  } else {
    // Moving the mouse shows them; the cursor hides with them.
    await page.mouse.move(700, 320);
    await expectShown(page);
    await idle(page);
    expect(await player(page).evaluate((el) => getComputedStyle(el).cursor)).toBe("none");
  }
  // Hidden controls stay reachable: focusing one shows the bar.
  await page.getByRole("button", { name: t.controls.pause }).focus();
  await expectShown(page);
});

test("captions: the CC button shows cues of the page's language, the choice is remembered and the language can change", async ({ page, request, ownChannel: ch }, testInfo) => {
  // Three rounds of cues that come every 4 s, and a reload: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  await openLive(page, request, ch);
  const cc = page.getByRole("button", { name: t.controls.captions, exact: true });
  await expect(cc).toHaveAttribute("aria-pressed", "false");
  await expect(player(page)).toHaveAttribute("data-captions", "off");
  await cc.click();
  await expect(cc).toHaveAttribute("aria-pressed", "true");
  await expect(player(page)).toHaveAttribute("data-captions", "en");
  const text = page.locator(".player .shaka-text-container");
  // A cue of the page's language, word for word from the demo's caption file (cues come every 4 s).
  const showing = (lang: string) => async () => cueLines(lang).includes((await text.innerText()).trim());
  await expect.poll(showing("en"), { timeout: 15_000 }).toBe(true);
  await shot(page, testInfo, "captions");

  // Remembered in this browser.
  await page.reload();
  await expect(player(page)).toHaveAttribute("data-status", "ready", { timeout: 20_000 });
  await expect(player(page)).toHaveAttribute("data-captions", "en");
  await expect.poll(showing("en"), { timeout: 15_000 }).toBe(true);

  // The other language, from the settings menu.
  await page.getByRole("button", { name: t.controls.settings, exact: true }).click();
  const menu = page.getByRole("group", { name: t.controls.settings, exact: true });
  await menu.getByLabel(t.controls.captionsLanguage).selectOption("fr");
  await expect(player(page)).toHaveAttribute("data-captions", "fr");
  await expect.poll(showing("fr"), { timeout: 15_000 }).toBe(true);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();

  // Off again: no cue shows.
  await cc.click();
  await expect(cc).toHaveAttribute("aria-pressed", "false");
  await expect(player(page)).toHaveAttribute("data-captions", "off");
  // shaka takes its text box out of the picture when captions are off.
  await expect(text.filter({ hasText: " — " })).toHaveCount(0);
});

test("the seek bar previews the frame and the time under the pointer", async ({ page, request, ownChannel: ch }, testInfo) => {
  test.skip(isMobile(testInfo), "hover is a desktop gesture");
  await openLive(page, request, ch);
  const seek = page.getByRole("slider", { name: t.controls.position });
  const box = (await seek.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  const preview = page.getByTestId("seek-preview");
  await expect(preview).toBeVisible();
  const img = preview.locator("img");
  await expect(img).toHaveAttribute("src", /\/api\/media\/event\/\d+\/thumb-\d+\.jpg\?token=/);
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(320);
  await expect(preview).toContainText(/^-\d+:\d\d/);
  await shot(page, testInfo, "seek-preview");
  // Elsewhere on the bar, another frame.
  const first = await img.getAttribute("src");
  await page.mouse.move(box.x + box.width * 0.05, box.y + box.height / 2);
  await expect(img).not.toHaveAttribute("src", first!);
  await page.mouse.move(box.x + box.width * 0.5, box.y - 200);
  await expect(preview).toHaveCount(0);
});

test.describe("a channel whose seek step is 15 s", () => {
  // Not the default (10 s): the step shown and used is the channel's setting.
  test.use({ channelSetup: { settings: { "player.seek_step_s": 15 } } });

  test("the seek step is the channel's: buttons, their names and the arrow keys", async ({ page, request, ownChannel: ch }) => {
    const step = seekStepOf(ch);
    expect(step).toBe(15);
    const id = await findEvent(request, ch, "finished", "free", plain);
    await visit(page, ch.url(`/watch/${id}`));
    await expectPlaying(page);
    const forward = page.getByRole("button", { name: fill(t.controls.forward, { count: step }) });
    await expect(forward).toHaveCount(1);
    await expect(forward.locator("svg text")).toHaveText(String(step));
    await expect(page.getByRole("button", { name: fill(t.controls.back, { count: step }) })).toHaveCount(1);

    await player(page).focus();
    await page.keyboard.press("k");
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    const at = await currentTime(page);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => currentTime(page)).toBeCloseTo(at + step, 0);
    await forward.click();
    await expect.poll(() => currentTime(page)).toBeCloseTo(at + 2 * step, 0);
    // Arrows belong to a focused button or slider: back on the player, they seek again.
    await player(page).focus();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => currentTime(page)).toBeCloseTo(at + step, 0);
  });
});

test("no cast button without a receiver, though the Cast SDK was asked for", async ({ page, request, ownChannel: ch }) => {
  const sdk = page.waitForRequest(CAST_SENDER_SCRIPT);
  await openLive(page, request, ch);
  await sdk;
  await expect(page.getByRole("button", { name: t.controls.settings, exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: t.controls.cast })).toHaveCount(0);
  await expect(page.locator('[data-action="cast"]')).toHaveCount(0);
});

/**
 * The browser's autoplay policy, made deterministic: play() with sound is refused (NotAllowedError) until the page
 * has had a user gesture, as Chrome and Safari do for a first visit; muted play is allowed.
 */
async function refuseSoundWithoutGesture(page: Page) {
  await page.addInitScript(() => {
    let gesture = false;
    for (const type of ["pointerdown", "keydown", "touchstart"]) window.addEventListener(type, () => (gesture = true), true);
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!this.muted && !gesture) return Promise.reject(new DOMException("play() needs a user gesture", "NotAllowedError"));
      return play.call(this);
    };
  });
}

test(`when the browser refuses sound, it plays muted with "${t.controls.tapToUnmute}", which unmutes`, async ({ page, request, ownChannel: ch }, testInfo) => {
  await refuseSoundWithoutGesture(page);
  await openLive(page, request, ch);
  const unmute = page.getByRole("button", { name: t.controls.tapToUnmute });
  await expect(unmute).toBeVisible();
  expect(await video(page).evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await expect(page.getByRole("button", { name: t.controls.unmute, exact: true })).toHaveCount(1);
  await shot(page, testInfo, "tap-to-unmute");
  await (isMobile(testInfo) ? unmute.tap() : unmute.click());
  await expect(unmute).toHaveCount(0);
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.muted || v.paused)).toBe(false);
  await expect(page.getByRole("button", { name: t.controls.mute, exact: true })).toHaveCount(1);
});

test("when the browser allows sound, it starts with sound and no unmute prompt", async ({ page, request, ownChannel: ch }) => {
  await openLive(page, request, ch);
  expect(await video(page).evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
  await expect(page.getByRole("button", { name: t.controls.tapToUnmute })).toHaveCount(0);
  await expect(page.getByRole("button", { name: t.controls.mute, exact: true })).toHaveCount(1);
});
