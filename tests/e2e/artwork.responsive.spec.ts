// Issue 28, artwork on both channels and both sizes: every card and the watch page's stage show the event's matchup
// graphic (the demo events have no poster of their own), drawn whole at 16:9 with the teams' names in it, described
// where it carries meaning; and each page's og:image is a 1200×630 PNG social networks show (home: the channel's,
// watch: the event's). Screenshots of the cards and the watch page are kept. These tests only read: one channel per
// worker and template.
import type { Page, TestInfo } from "@playwright/test";
import { acceptCookies, expect, expectAccessible, test, visit } from "./fixtures";
import { expectShareCard, getAbsolute } from "./support/share-image";

const MATCHUP = /\/api\/artwork\/events\/\d+\/(en|fr)\/[0-9a-z]+\.svg$/;

async function keepShot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

/** An <img> that has loaded: its natural size, which for the matchup graphic is 1280×720. */
const natural = (img: ReturnType<Page["locator"]>) =>
  img.evaluate(async (el: HTMLImageElement) => {
    await el.decode().catch(() => undefined);
    return { width: el.naturalWidth, height: el.naturalHeight, complete: el.complete };
  });

for (const template of ["alpha", "beta"] as const) {
  test.describe(template, () => {
    test.use({ template });

    test("cards show the teams' matchup graphic, and home's card is the channel's", async ({ page, request, sharedChannel: ch }, testInfo) => {
      await visit(page, ch.url("/upcoming"));
      await acceptCookies(page);
      const cards = page.locator(".event-card");
      await expect(cards.first()).toBeVisible();
      const posters = cards.locator("img.event-card__poster");
      expect(await posters.count()).toBeGreaterThan(2);
      for (const src of await posters.evaluateAll((els) => els.map((el) => (el as HTMLImageElement).src))) expect(src).toMatch(MATCHUP);
      // The first card's graphic loads whole and undistorted: its box keeps the image's 16:9.
      const first = posters.first();
      await first.scrollIntoViewIfNeeded();
      expect(await natural(first)).toEqual({ width: 1280, height: 720, complete: true });
      const box = (await first.boundingBox())!;
      expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.02);
      // The card's own title says what the graphic shows, so the picture is decorative there.
      await expect(first).toHaveAttribute("alt", "");
      // The graphic names the same two teams as the card, in the order of its title.
      // The matchup line under an event's own name, else the title itself (issue 28: "Away @ Home").
      const link = cards.first().locator(".event-card__link");
      const title = (await link.locator(".event-card__matchup").count()) ? (await link.locator(".event-card__matchup").textContent())! : (await link.textContent())!;
      const svg = await (await getAbsolute(request, await first.evaluate((el: HTMLImageElement) => el.src))).text();
      const [away, home] = title.split(" @ ").map((n) => n.toLocaleUpperCase(template === "beta" ? "fr" : "en"));
      expect(svg.indexOf(`>${away}<`)).toBeGreaterThan(0);
      expect(svg.indexOf(`>${away}<`)).toBeLessThan(svg.indexOf(`>${home}<`));
      await keepShot(page, testInfo, `artwork-cards-${template}`);

      await visit(page, ch.url("/"));
      expect(await expectShareCard(page, request)).toMatch(/\/api\/artwork\/channel\/[0-9a-z]+\.png$/);
    });

    test("the watch page's stage shows the event's graphic with a description, and its card is the event's", async ({ page, request, sharedChannel: ch }, testInfo) => {
      await visit(page, ch.url("/upcoming"));
      await acceptCookies(page);
      const link = page.locator(".event-card .event-card__link").first();
      // The card's title: the event's own name when it has one (its matchup is a line of its own under it).
      const name = await link.evaluate((el) => el.firstChild?.textContent ?? "");
      await visit(page, ch.url((await link.getAttribute("href"))!));
      const stage = page.locator("img.watch__poster");
      await expect(stage).toHaveAttribute("src", MATCHUP);
      const described = template === "beta" ? `Visuel du match : ${name}` : `Matchup graphic: ${name}`;
      await expect(stage).toHaveAttribute("alt", described);
      expect(await natural(stage)).toEqual({ width: 1280, height: 720, complete: true });
      expect(await expectShareCard(page, request)).toMatch(/\/api\/artwork\/events\/\d+\/(en|fr)\/[0-9a-z]+\.png$/);
      await expectAccessible(page);
      await keepShot(page, testInfo, `artwork-watch-${template}`);
    });
  });
}
