// Issue 28, a phone-first home on both channels and both sizes: live games first, then rails that a finger swipes and
// a mouse pages (upcoming, recent, the library), the hero's arrows under its artwork, and a page a few screens long
// instead of one long column. Screenshots of the whole home are kept as test artifacts. Home only reads: the tests
// share one channel per worker and template.
import type { Page, TestInfo } from "@playwright/test";
import { acceptCookies, expect, expectAccessible, test, visit } from "./fixtures";

const mobile = (testInfo: TestInfo) => testInfo.project.name === "mobile";

async function keepShot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

for (const template of ["alpha", "beta"] as const) {
  test.describe(template, () => {
    test.use({ template });

    test("live first, then rails to swipe; the hero's arrows under its artwork", async ({ page, sharedChannel: ch }, testInfo) => {
      await visit(page, ch.url("/"));
      await acceptCookies(page);
      const sections = page.locator("main .home-events");
      await expect(sections.first()).toHaveAttribute("data-section", "live");
      const order = await sections.evaluateAll((els) => els.map((el) => el.getAttribute("data-section")));
      expect(order.slice(0, 1)).toEqual(["live"]);
      expect(order).toEqual(expect.arrayContaining(["upcoming", "recent", "library"]));
      expect(order.indexOf("upcoming")).toBeLessThan(order.indexOf("recent"));

      // Each rail is one row that scrolls sideways, not a column: its cards share a top, and more wait to the right.
      const upcoming = page.locator("[data-section=upcoming] .rail__strip");
      const cards = upcoming.locator(".rail__item");
      expect(await cards.count()).toBeGreaterThan(2);
      const [first, second] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
      expect(Math.abs(first.y - second.y)).toBeLessThan(1);
      expect(await upcoming.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      if (mobile(testInfo)) {
        // A phone shows most of one card and the start of the next; no arrows, a finger swipes.
        const view = page.viewportSize()!;
        expect(first.width).toBeGreaterThan(view.width * 0.6);
        expect(second.x).toBeLessThan(view.width);
        await expect(page.locator("[data-section=upcoming] .rail__arrow").first()).toBeHidden();
      } else {
        // A mouse pages with the arrows: the next one moves the strip to the right.
        const next = page.locator("[data-section=upcoming] .rail__arrow").nth(1);
        await next.click();
        await expect.poll(() => upcoming.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
        // The keyboard reaches the strip and scrolls it.
        await upcoming.evaluate((el) => el.scrollTo({ left: 0, behavior: "instant" }));
        await upcoming.focus();
        await page.keyboard.press("ArrowRight");
        await expect.poll(() => upcoming.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      }

      // The hero's arrows sit under the artwork, never on it.
      const slide = page.locator(".carousel__slide").first();
      const arrows = page.locator(".carousel__controls");
      if (await arrows.count()) {
        const [art, controls] = [(await slide.boundingBox())!, (await arrows.boundingBox())!];
        expect(controls.y).toBeGreaterThanOrEqual(art.y + art.height - 1);
      }

      // A few screens, not a 10,000 px column.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height).toBeLessThan(page.viewportSize()!.height * (mobile(testInfo) ? 6 : 5));
      await expectAccessible(page);
      await keepShot(page, testInfo, `home-${template}`);
    });
  });
}
