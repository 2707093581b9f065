// Clips as a keyboard and phone viewer meets them (issue 28), on both channels (beta's light theme and other colours)
// at 1366×900 and on a 390×844 touch phone: the cutter takes the focus when it opens, zooms its timeline around a
// 10-s cut so the handles stay apart, shows its focused handle, and gives the focus back to the Clip button on Escape
// and once "Create clip" has made the clip (the area says so); on /profile/clips a thumbnail clicked before the page's
// script has run still plays the clip; on a phone the picture fills its 16:9 stage when the controls hide; the
// player's focus ring and buffering spinner are white on black whatever the channel's colours. axe on the
// cutter and the list; screenshots of each state are kept with the run's artifacts.
import type { APIRequestContext, Locator, Page, TestInfo } from "@playwright/test";
import { HIDE_AFTER_MS } from "../../app/features/player/auto-hide";
import { acceptCookies, expect, expectAccessible, hydrated, test, visit, type TestChannel } from "./fixtures";
import { createClip, waitReady } from "./support/clips";
import { copy, fill } from "./support/copy";
import { findEvent } from "./support/events";
import { expectPlaying, pauseVideos, player, video } from "./support/player";

/** Events away from the preroll locations: these tests are about clips, not ads. */
const plain = { noPreroll: true };
/** The handles' width (1.25rem): two handles this far apart do not overlap. */
const HANDLE_PX = 20;

async function keep(page: Page, testInfo: TestInfo, name: string, target?: Locator) {
  const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await (target ?? page).screenshot({ path, animations: "disabled" });
  await testInfo.attach(`${name}-${testInfo.project.name}`, { path, contentType: "image/png" });
}

/** The watch page of a finished free event, cookies accepted, the player ready. */
async function watch(page: Page, ch: TestChannel, eventId: number) {
  await visit(page, ch.url(`/watch/${eventId}`));
  await acceptCookies(page);
  await expect(player(page)).toHaveAttribute("data-status", "ready", { timeout: 20_000 });
}

/**
 * A viewer on a finished free event's watch page opens the cutter with `open` (a click, or the keyboard): it has the
 * focus, on its start handle. The copy, the Clip button, the cutter and that handle.
 */
async function openCutter(page: Page, request: APIRequestContext, ch: TestChannel, signIn: (channel: TestChannel, who: "viewer") => Promise<unknown>, open: (button: Locator) => Promise<void>) {
  const t = copy(ch.lang, "clips");
  const eventId = await findEvent(request, ch, "finished", "free", plain);
  await signIn(ch, "viewer");
  await watch(page, ch, eventId);
  const clipButton = page.getByRole("button", { name: t.cutter.openLabel });
  await open(clipButton);
  const cutter = page.getByRole("region", { name: t.cutter.title });
  const start = cutter.getByRole("slider", { name: t.cutter.startSlider });
  await expect(start).toBeFocused();
  return { t, clipButton, cutter, start };
}

/** How far apart the two handles' centres are, in pixels (a range input's thumb travels its width less the thumb's). */
const handleGap = (cutter: Locator) =>
  cutter.locator(".clip-cutter__timeline").evaluate((track, handle) => {
    const [a, b] = [...track.querySelectorAll<HTMLInputElement>("input[type=range]")];
    const at = (input: HTMLInputElement) => (Number(input.value) - Number(input.min)) / (Number(input.max) - Number(input.min));
    return (at(b!) - at(a!)) * (track.getBoundingClientRect().width - handle);
  }, HANDLE_PX);

for (const template of ["alpha", "beta"] as const) {
  test.describe(template, () => {
    test.use({ template });

    test("the cutter takes the focus, zooms around a 10-s cut with its handles apart, and Escape gives the focus back to the Clip button", async ({ page, request, ownChannel: ch, signIn }, testInfo) => {
      test.setTimeout(90_000);
      // Opened from the keyboard, the cutter has the focus: its start handle.
      const { t, clipButton, cutter, start } = await openCutter(page, request, ch, signIn, async (button) => {
        await button.focus();
        await page.keyboard.press("Enter");
      });
      await expect(cutter.locator("[data-seconds]")).toHaveAttribute("data-seconds", "30");

      // A 10-s cut (the start 20 s on, in 2-s steps): the timeline shows a window around it, not the whole game.
      const length = cutter.locator("[data-seconds]");
      for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowRight");
      await expect(length).toHaveAttribute("data-seconds", "10");
      const zoom = cutter.getByTestId("clip-zoom");
      const spanOf = async () => Number(await zoom.getAttribute("data-span"));
      const opened = await spanOf();
      expect(opened, "the window's span").toBeLessThanOrEqual(120);
      expect(await handleGap(cutter), "handles apart").toBeGreaterThanOrEqual(HANDLE_PX);
      await pauseVideos(page);
      await keep(page, testInfo, `${template}-cutter-focused-handle`, cutter);

      // Zoom out as far as it goes (−, then the button): the handles stay apart; the button then says it cannot.
      const zoomOut = cutter.getByRole("button", { name: t.cutter.zoomOut });
      const zoomIn = cutter.getByRole("button", { name: t.cutter.zoomIn });
      await page.keyboard.press("-");
      await zoomOut.focus();
      for (let i = 0; i < 6 && (await zoomOut.getAttribute("aria-disabled")) !== "true"; i++) await page.keyboard.press("Enter");
      await expect(zoomOut).toHaveAttribute("aria-disabled", "true");
      // At the end of its zoom, the button keeps the focus (it is not disabled away from the keyboard).
      await page.keyboard.press("Enter");
      expect(await spanOf()).toBeGreaterThanOrEqual(opened);
      expect(await handleGap(cutter), "handles apart, zoomed out").toBeGreaterThanOrEqual(HANDLE_PX);
      await expect(zoomOut).toBeFocused();
      // Zoom in (the button, then +): a narrower window, the cut inside it.
      const widest = await spanOf();
      await zoomIn.focus();
      await page.keyboard.press("Enter");
      await expect.poll(spanOf).toBeLessThan(widest);
      await start.focus();
      await page.keyboard.press("+");
      const windowStart = Number(await start.getAttribute("min"));
      const windowEnd = Number(await start.getAttribute("max"));
      expect(Number(await start.inputValue())).toBeGreaterThanOrEqual(windowStart);
      expect(Number(await cutter.getByRole("slider", { name: t.cutter.endSlider }).inputValue())).toBeLessThanOrEqual(windowEnd);
      await expect(length).toHaveAttribute("data-seconds", "10");
      await keep(page, testInfo, `${template}-cutter-zoomed-in`, cutter);
      await expectAccessible(page);

      // Escape closes it, and the focus is back on the Clip button (not the top of the page).
      await page.keyboard.press("Escape");
      await expect(cutter).toHaveCount(0);
      await expect(clipButton).toBeFocused();
      await expect(clipButton).toHaveAttribute("aria-expanded", "false");
    });

    test("Create clip closes the cutter, the area says the clip is made, and the focus is back on the Clip button", async ({ page, request, ownChannel: ch, signIn }, testInfo) => {
      test.setTimeout(90_000);
      const { t, clipButton, cutter } = await openCutter(page, request, ch, signIn, (button) => button.click());
      const name = `Cutter ${template}`;
      await cutter.getByLabel(t.cutter.name).fill(name);
      await cutter.getByRole("checkbox", { name: t.tags.goal }).check();
      await cutter.getByRole("checkbox", { name: t.tags.highlight }).check();
      await cutter.getByRole("button", { name: t.cutter.submit }).click();

      await expect(cutter).toHaveCount(0);
      const status = page.getByTestId("clip-area-status");
      await expect(status).toHaveText(fill(t.cutter.created, { name }));
      await expect(status).toBeInViewport();
      await expect(clipButton).toBeFocused();
      const listed = page.getByTestId("clip-item").filter({ has: page.getByRole("heading", { name, exact: true }) });
      await expect(listed).toBeVisible();
      await pauseVideos(page);
      await keep(page, testInfo, `${template}-clip-made`);
      await expectAccessible(page);
    });

    test("/profile/clips: a thumbnail clicked before the page's script runs plays the clip; the Event filter is a styled field", async ({ page, request, ownChannel: ch, signIn }, testInfo) => {
      test.setTimeout(90_000);
      const t = copy(ch.lang, "clips");
      const eventId = await findEvent(request, ch, "finished", "free", plain);
      const viewer = await signIn(ch, "viewer");
      const name = `Early click ${template}`;
      const queued = await createClip(request, ch, viewer.token, { event_id: eventId, name, start_time: 60, duration: 10, tags: ["goal", "highlight"] });
      await waitReady(request, ch, viewer.token, queued.id);
      await visit(page, ch.url("/profile/clips"));
      await acceptCookies(page);
      const filter = page.getByLabel(t.profile.filter);
      await expect(filter).toHaveCSS("appearance", "none");
      await expect(filter).toHaveCSS("border-radius", "8px");
      await keep(page, testInfo, `${template}-profile-clips`);
      await expectAccessible(page);

      // The page again, its scripts held: the thumbnail is a link, and the clip's player comes with the next page.
      const held: (() => Promise<void>)[] = [];
      let holding = true;
      const script = (u: URL) => u.pathname.endsWith(".js");
      await page.route(script, (route) => (holding ? void held.push(() => route.continue().catch(() => undefined)) : route.continue()));
      await page.goto(ch.url("/profile/clips"), { waitUntil: "commit" });
      const thumb = page.getByRole("link", { name: fill(t.list.play, { name }) });
      await thumb.click();
      await expect(page).toHaveURL(new RegExp(`[?&]play=${queued.id}$`));
      const dialog = page.getByTestId("clip-dialog");
      await expect(dialog).toBeVisible();
      expect(await page.locator("html").getAttribute("data-hydrated")).toBeNull();

      // The scripts run: the same dialog turns modal and plays.
      holding = false;
      for (const go of held.splice(0)) await go();
      await page.unroute(script);
      await hydrated(page);
      await expect.poll(() => dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
      const clipVideo = dialog.getByTestId("clip-video");
      await clipVideo.evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        return v.play();
      });
      await expect.poll(() => clipVideo.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
      await clipVideo.evaluate((v: HTMLVideoElement) => v.pause());
      await keep(page, testInfo, `${template}-profile-clip-dialog`);

      // Escape closes it and the address no longer asks for it; a click now opens it in place.
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(page).not.toHaveURL(/[?&]play=/);
      await page.getByRole("link", { name: fill(t.list.play, { name }) }).click();
      await expect(dialog).toBeVisible();
      await expect(page).not.toHaveURL(/[?&]play=/);
      await page.getByRole("link", { name: t.list.close }).click();
      await expect(dialog).toHaveCount(0);
    });

    test("with its controls hidden, the picture fills its 16:9 stage (no band under it on a phone)", async ({ page, request, ownChannel: ch }, testInfo) => {
      test.setTimeout(90_000);
      // The hide timer runs on the page's clock, which stands still once the picture plays and moves when told.
      await page.clock.install();
      const eventId = await findEvent(request, ch, "finished", "free", plain);
      await visit(page, ch.url(`/watch/${eventId}`));
      await acceptCookies(page);
      await expectPlaying(page);
      await page.clock.pauseAt(Date.now() + 10_000);
      const stage = page.locator(".watch__stage");
      const screen = page.locator(".player__screen");

      // Shown by the keyboard: a control's focus ring on the channel's player.
      const playPause = player(page).locator("[data-action=play-pause]");
      await player(page).focus();
      for (let i = 0; i < 5 && !(await playPause.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press("Tab");
      await expect(playPause).toBeFocused();
      await expect(player(page)).toHaveAttribute("data-controls", "shown");
      // The ring is white on a black halo whatever the channel's colours.
      await expect(playPause).toHaveCSS("outline-color", "rgb(255, 255, 255)");
      await keep(page, testInfo, `${template}-player-focused`, stage);

      // Left alone, the controls hide: the stage is the picture's box, 16:9, and the picture fills it.
      await player(page).focus();
      await page.clock.fastForward(HIDE_AFTER_MS);
      await expect(player(page)).toHaveAttribute("data-controls", "hidden");
      await expect.poll(() => page.locator(".player__controls").evaluate((el) => Number(getComputedStyle(el).opacity))).toBe(0);
      const [box, picture] = [(await stage.boundingBox())!, (await screen.boundingBox())!];
      expect(Math.abs(box.height - (box.width * 9) / 16), "the stage is 16:9").toBeLessThanOrEqual(1.5);
      expect(Math.abs(picture.height - box.height), "the picture fills the stage").toBeLessThanOrEqual(1);
      await keep(page, testInfo, `${template}-player-hidden`, stage);

      // A tap (a phone) or a key brings them back, under the picture on a phone, never over it.
      if (testInfo.project.name === "mobile") await video(page).tap();
      else await page.keyboard.press("Shift");
      await expect(player(page)).toHaveAttribute("data-controls", "shown");
      if (testInfo.project.name === "mobile") {
        const bar = (await page.locator(".player__controls").boundingBox())!;
        const shown = (await screen.boundingBox())!;
        expect(bar.y, "the bar under the picture").toBeGreaterThanOrEqual(shown.y + shown.height - 1);
      }
      await keep(page, testInfo, `${template}-player-shown`, stage);
    });

    test("while the picture waits for data, a spinner shows over it, and goes when it plays", async ({ page, request, ownChannel: ch }, testInfo) => {
      test.setTimeout(90_000);
      const eventId = await findEvent(request, ch, "finished", "free", plain);
      await visit(page, ch.url(`/watch/${eventId}`));
      await acceptCookies(page);
      await expectPlaying(page);
      // The segments around 10:00 are held: a seek there waits for them.
      const held: (() => Promise<void>)[] = [];
      const aroundTenMinutes = (u: URL) => Number(/\/chunk-stream\d+-(\d+)\.m4s$/.exec(u.pathname)?.[1] ?? 0) >= 250;
      await page.route(aroundTenMinutes, (route) => void held.push(() => route.continue().catch(() => undefined)));
      await video(page).evaluate((v: HTMLVideoElement) => void (v.currentTime = 600));
      const spinner = page.getByTestId("player-buffering");
      await expect(spinner).toBeVisible();
      await keep(page, testInfo, `${template}-player-buffering`, page.locator(".watch__stage"));
      await page.unroute(aroundTenMinutes);
      for (const go of held.splice(0)) await go();
      await expect(spinner).toHaveCount(0, { timeout: 20_000 });
    });
  });
}
