// Prerolls on /watch/{id} (issue 5, SPEC §4): at a location with a VOD preroll, a finished event first plays the ad
// (labelled, with a skip countdown that follows the ad's own clock, nothing of the main stream loaded), the keyboard
// skips it, the main content plays, and a reload within the suppression time plays the content at once.
// The demo ad lasts 6 s; the test's channel makes it skippable after 1 s (`prerolls.skip_after_s`), so the Skip
// button is there for the 5 s that follow, whatever the machine's load. The French channel's ad is in french.spec.ts.
import { expect, expectAccessible, hydrated, test, visit } from "./fixtures";
import { copy, fill } from "./support/copy";
import { findEvent, prerolls } from "./support/events";
import { expectPlaying, player } from "./support/player";

const t = copy("en", "player");
const SKIP_AFTER_S = 1;

test.use({ channelSetup: { settings: { "prerolls.skip_after_s": SKIP_AFTER_S } } });

test("a preroll plays once before the main content and the keyboard skips it", async ({ page, request, ownChannel: ch }) => {
  const vod = (await prerolls(request, ch)).find((p) => p.for_vod && p.location_id !== null);
  expect(vod, "a VOD preroll at a location").toBeTruthy();
  const id = await findEvent(request, ch, "finished", "free", { at: vod!.location_id! });

  // The main stream's manifest must not be asked for while the ad plays.
  let skipped = false;
  const earlyManifests: string[] = [];
  page.on("request", (r) => {
    if (!skipped && /\.mpd(\?|$)/.test(r.url())) earlyManifests.push(r.url());
  });
  // The ad's file arrives when the test has looked at the ad before it starts, as on a slow connection: an ad that
  // has not played does not become skippable.
  let deliver!: () => void;
  const delivered = new Promise<void>((resolve) => (deliver = resolve));
  await page.route(/\/preroll\.mp4(\?|$)/, async (route) => {
    await delivered;
    await route.continue();
  });

  await visit(page, ch.url(`/watch/${id}`));
  // The anonymous viewer id the API suppresses prerolls by.
  const vid = (await page.context().cookies()).find((c) => c.name === "vid");
  expect(vid, "vid cookie").toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  expect(vid!.value).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
  const ad = page.getByRole("region", { name: t.preroll.label, exact: true });
  await expect(ad).toBeVisible();
  await expect(ad.getByText(t.preroll.label, { exact: true })).toBeVisible();
  await expect(ad.getByRole("timer")).toHaveText(fill(t.preroll.countdown_one, { count: SKIP_AFTER_S }));
  await expect(player(page)).toHaveCount(0);
  await expectAccessible(page);

  deliver();
  const adVideo = ad.locator("video");
  await expect.poll(() => adVideo.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
  const skip = ad.getByRole("button", { name: t.preroll.skip });
  await expect(skip).toBeVisible();
  const reported = page.waitForResponse((r) => r.url().includes("/action/preroll-played"));
  await skip.focus();
  skipped = true;
  await page.keyboard.press("Enter");
  expect((await reported).status()).toBe(204);
  expect(earlyManifests, "manifests requested during the preroll").toEqual([]);

  await expect(ad).toHaveCount(0);
  await expectPlaying(page);
  // The keyboard user stays in the player: focus moved from the Skip button to it.
  await expect(player(page)).toBeFocused();

  // Suppressed for the next hour (the vid cookie names this viewer): the content plays at once.
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("preroll")).toHaveCount(0);
  await expectPlaying(page);
});
