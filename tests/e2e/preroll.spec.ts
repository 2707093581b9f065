// Prerolls on /watch/{id} (issue 5, SPEC §4) on both channels: at a location with a VOD preroll, a finished event
// first plays the ad (labelled, with a skip countdown, nothing of the main stream loaded), the keyboard skips it, the
// main content plays, and a reload within the suppression time plays the content at once.
import { CHANNELS, url } from "./auth-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { expectPlaying, findEvent, playerCopy, prerolls } from "./watch-helpers";

for (const ch of CHANNELS) {
  const lang = ch.alias === "alpha" ? "en" : "fr";
  const t = playerCopy(lang);

  test(`${ch.alias} (${lang}): a preroll plays once before the main content and the keyboard skips it`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const vod = (await prerolls(request, ch.alias)).find((p) => p.for_vod && p.location_id !== null);
    expect(vod, `${ch.alias}: a VOD preroll at a location`).toBeTruthy();
    const id = await findEvent(request, ch.alias, "finished", "free", { at: vod!.location_id! });

    // The main stream's manifest must not be asked for while the ad plays.
    let skipped = false;
    const earlyManifests: string[] = [];
    page.on("request", (r) => {
      if (!skipped && /\.mpd(\?|$)/.test(r.url())) earlyManifests.push(r.url());
    });

    await page.goto(url(ch, `/watch/${id}`));
    // The anonymous viewer id the API suppresses prerolls by.
    const vid = (await page.context().cookies()).find((c) => c.name === "vid");
    expect(vid, "vid cookie").toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(vid!.value).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    const ad = page.getByRole("region", { name: t.preroll.label, exact: true });
    await expect(ad).toBeVisible();
    await expect(ad.getByText(t.preroll.label, { exact: true })).toBeVisible();
    await expect(ad.getByRole("timer")).toContainText(t.preroll.countdown_other.split("{{count}}")[0]!);
    await expect(page.locator(".player")).toHaveCount(0);
    const adVideo = ad.locator("video");
    await expect.poll(() => adVideo.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
    // The demo ad is barely longer than its skip delay: it is held still while axe runs, and the countdown (which
    // follows the ad's own clock) holds with it.
    await adVideo.evaluate((v: HTMLVideoElement) => v.pause());
    await expectAccessible(page);
    // Only about a second separates the Skip button from the ad's end; on a loaded machine the ad could end before
    // the test reaches the button. The page itself holds the ad still the moment the button appears.
    await adVideo.evaluate((v: HTMLVideoElement) => {
      const region = v.closest("[data-testid=preroll]") ?? document.body;
      const hold = new MutationObserver(() => {
        if (region.querySelector("button.preroll__skip")) {
          v.pause();
          hold.disconnect();
        }
      });
      hold.observe(region, { childList: true, subtree: true });
      void v.play();
    });

    const skip = ad.getByRole("button", { name: t.preroll.skip });
    await skip.waitFor({ state: "visible", timeout: 20_000 });
    const reported = page.waitForResponse((r) => r.url().includes("/action/preroll-played"));
    await skip.focus();
    skipped = true;
    await page.keyboard.press("Enter");
    expect((await reported).status()).toBe(204);
    expect(earlyManifests, "manifests requested during the preroll").toEqual([]);

    await expect(ad).toHaveCount(0);
    await expectPlaying(page, 2);
    // The keyboard user stays in the player: focus moved from the Skip button to it.
    await expect(page.locator(".player")).toBeFocused();

    // Suppressed for the next hour (the vid cookie names this viewer): the content plays at once.
    await page.reload();
    await expect(page.locator(".player")).toHaveAttribute("data-status", "ready", { timeout: 15_000 });
    await expect(page.getByTestId("preroll")).toHaveCount(0);
    await expectPlaying(page, 1);
  });
}
