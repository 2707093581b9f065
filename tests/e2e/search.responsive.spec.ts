// Issue 15, search from the header (the drawer on mobile) on both channels: a team's name finds its events, the team
// and its school; another channel's content never shows; the empty and no-results states; noindex; axe. Screenshots
// of the results are kept as test artifacts.
import type { Page, TestInfo } from "@playwright/test";
import { CHANNELS, url } from "./auth-helpers";
import { acceptCookies, expect, expectAccessible, test } from "./fixtures";

const mobile = (testInfo: TestInfo) => testInfo.project.name === "mobile";

/** Each channel's team (by its short name, without accents) and a word only the other channel has. */
const CASES = {
  alpha: { q: "northview", team: "northview-boys-basketball", school: "northview-high", foreign: "saint-laurent", none: "No results for “saint-laurent”." },
  beta: { q: "saint-laurent", team: "saint-laurent-hockey-f", school: "college-saint-laurent", foreign: "northview", none: "Aucun résultat pour « northview »." },
} as const;

/** Types the query in the header's search (in the drawer on mobile) and submits it. */
async function searchFromHeader(page: Page, testInfo: TestInfo, q: string) {
  await page.locator("html[data-hydrated=true]").waitFor();
  if (mobile(testInfo)) {
    await page.locator("header .menu-button").click();
    const box = page.getByRole("dialog").getByRole("searchbox");
    await box.fill(q);
    await box.press("Enter");
  } else {
    // Up to 1479 px the header's search is its icon link to /search (the full menu needs the room).
    const box = page.getByRole("banner").getByRole("searchbox");
    if (!(await box.isVisible())) {
      await page.getByRole("banner").locator("a.search-link").click();
      await expect(page).toHaveURL(/\/search$/);
    }
    const field = (await box.isVisible()) ? box : page.getByRole("main").getByRole("searchbox");
    await field.fill(q);
    await field.press("Enter");
  }
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(q).replace(/%20/g, "(\\+|%20)")}`));
}

for (const ch of CHANNELS) {
  const c = CASES[ch.alias];
  test.describe(`search on ${ch.alias}`, () => {
    test("finds events by a team's name, the team and its school, each linking to its page", async ({ page }, testInfo) => {
      await page.goto(url(ch, "/"));
      await acceptCookies(page);
      await searchFromHeader(page, testInfo, c.q);
      const main = page.getByRole("main");
      await expect(main.locator(".search-count")).toBeVisible();
      // Events by the team's name: cards linking to the watch page, in their status groups.
      const eventLinks = main.locator(".search-group .event-card a[href^='/watch/']");
      expect(await eventLinks.count()).toBeGreaterThan(0);
      await expect(main.getByRole("heading", { level: 2, name: /^(Upcoming|À venir)$/ })).toBeVisible();
      await expect(main.locator(`a[href="/upcoming?team=${c.team}"]`)).toBeVisible();
      await expect(main.locator(`a[href="/upcoming?school=${c.school}"]`)).toBeVisible();
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath(`${ch.alias}-search-results-${testInfo.project.name}.png`), fullPage: false });
      // The team leads to its events list.
      await main.locator(`a[href="/upcoming?team=${c.team}"]`).click();
      await expect(page).toHaveURL(new RegExp(`/upcoming\\?team=${c.team}`));
      await expect(page.locator(".event-card").first()).toBeVisible();
    });

    test("never shows another channel's content; empty and no-results states; works without JavaScript", async ({ browser }, testInfo) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: testInfo.project.use.viewport ?? undefined });
      const page = await context.newPage();
      await page.goto(url(ch, "/search"));
      await expect(page.getByRole("main").locator(".search-intro")).toBeVisible();
      await page.getByRole("main").getByRole("searchbox").fill(c.foreign);
      await page.getByRole("main").getByRole("searchbox").press("Enter");
      await expect(page).toHaveURL(/\/search\?q=/);
      await expect(page.getByRole("main").getByText(c.none)).toBeVisible();
      await expect(page.locator(".search-group")).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath(`${ch.alias}-search-none-${testInfo.project.name}.png`) });
      await page.goto(url(ch, `/search?q=${encodeURIComponent(c.q)}`));
      expect(await page.locator(".search-group .event-card").count()).toBeGreaterThan(0);
      await context.close();
    });
  });
}
