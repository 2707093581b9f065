// Issue 15, search from the header (the drawer on mobile): a team's name finds its events, the team and its school;
// another channel's content never shows; the empty and no-results states; noindex; axe. Screenshots of the results
// are kept as test artifacts. Behaviour on the English channel; the French channel's search is in french.spec.ts.
// Searching only reads: the tests share one channel per worker.
import type { Page, TestInfo } from "@playwright/test";
import { acceptCookies, expect, expectAccessible, test, visit } from "./fixtures";
import { copy, fill } from "./support/copy";

const t = copy("en", "common");
const mobile = (testInfo: TestInfo) => testInfo.project.name === "mobile";

/** A team of the English template (by its short name), its school, and a word only the French template has. */
const CASE = { q: "northview", team: "northview-boys-basketball", school: "northview-high", foreign: "saint-laurent" } as const;

/** Types the query in the header's search (in the drawer on mobile) and submits it. */
async function searchFromHeader(page: Page, testInfo: TestInfo, q: string) {
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

test("finds events by a team's name, the team and its school, each linking to its page", async ({ page, sharedChannel: ch }, testInfo) => {
  await visit(page, ch.url("/"));
  await acceptCookies(page);
  await searchFromHeader(page, testInfo, CASE.q);
  const main = page.getByRole("main");
  await expect(main.locator(".search-count")).toBeVisible();
  // Events by the team's name: cards linking to the watch page, in their status groups.
  const eventLinks = main.locator(".search-group .event-card a[href^='/watch/']");
  await expect(eventLinks.first()).toBeVisible();
  await expect(main.getByRole("heading", { level: 2, name: t.search.groups.upcoming, exact: true })).toBeVisible();
  await expect(main.locator(`a[href="/upcoming?team=${CASE.team}"]`)).toBeVisible();
  await expect(main.locator(`a[href="/upcoming?school=${CASE.school}"]`)).toBeVisible();
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath(`search-results-${testInfo.project.name}.png`), fullPage: false });
  // The team leads to its events list.
  await main.locator(`a[href="/upcoming?team=${CASE.team}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/upcoming\\?team=${CASE.team}`));
  await expect(page.locator(".event-card").first()).toBeVisible();
});

test("never shows another channel's content; empty and no-results states; works without JavaScript", async ({ browser, sharedChannel: ch }, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: testInfo.project.use.viewport ?? undefined });
  const page = await context.newPage();
  await page.goto(ch.url("/search"));
  await expect(page.getByRole("main").locator(".search-intro")).toBeVisible();
  await page.getByRole("main").getByRole("searchbox").fill(CASE.foreign);
  await page.getByRole("main").getByRole("searchbox").press("Enter");
  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page.getByRole("main").getByText(fill(t.search.none, { q: CASE.foreign }))).toBeVisible();
  await expect(page.locator(".search-group")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath(`search-none-${testInfo.project.name}.png`) });
  await page.goto(ch.url(`/search?q=${encodeURIComponent(CASE.q)}`));
  await expect(page.locator(".search-group .event-card").first()).toBeVisible();
  await context.close();
});

/**
 * Types into the results page's box without sending it, and waits for the results to follow. The pointer is moved off
 * the results first: a card that appears under it is hovered, and Remix prefetches its page before lazy route
 * discovery knows the watch route, asking the catch-all route's data, which the server refuses (403, a console error;
 * the click itself works).
 */
async function typeQuery(page: Page, q: string) {
  await page.mouse.move(0, 0);
  const box = page.getByRole("main").getByRole("searchbox");
  await box.fill(q);
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(q).replace(/%20/g, "\\+").replace(/-/g, "\\-")}$`));
  await expect(box).toBeFocused();
}

test("results follow the typing: words in any order, hyphens and a typo", async ({ page, sharedChannel: ch }, testInfo) => {
  await visit(page, ch.url("/"));
  await acceptCookies(page);
  await visit(page, ch.url("/search"));
  const main = page.getByRole("main");
  // Both schools' names, in either order, find their games (and nothing else of the channel's).
  await typeQuery(page, "riverside northview");
  await expect(main.locator(".search-count")).toBeVisible();
  const games = main.locator(".search-group .event-card");
  await expect(games.first()).toBeVisible();
  const titles = await games.allInnerTexts();
  for (const text of titles) expect(text.toLowerCase()).toMatch(/(riverside.*northview|northview.*riverside)/s);
  await typeQuery(page, "northview riverside");
  await expect(games).toHaveCount(titles.length);
  // A hyphen separates words; the school is found by both.
  await typeQuery(page, "cascade-summit");
  await expect(main.locator(`a[href="/upcoming?school=cascade-summit-high"]`)).toBeVisible();
  // One typo in a longer word.
  await typeQuery(page, "cascde summit");
  await expect(main.locator(`a[href="/upcoming?school=cascade-summit-high"]`)).toBeVisible();
  // A word's start is enough while it is being typed.
  await typeQuery(page, "casc");
  await expect(main.locator(`a[href="/upcoming?school=cascade-summit-high"]`)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath(`search-typing-${testInfo.project.name}.png`), fullPage: false });
  // The typing replaced one history entry: Back leaves the search in one step.
  await page.goBack();
  await expect(page).toHaveURL(ch.url("/"));
});

test.describe("the French channel", () => {
  test.use({ template: "beta" });

  test("finds Saint-Laurent and Mont-Royal as typed, accents and hyphens aside", async ({ page, sharedChannel: ch }) => {
    await visit(page, ch.url("/search"));
    await acceptCookies(page);
    const main = page.getByRole("main");
    for (const q of ["saint laurent", "mont royal", "Collège Saint-Laurent"]) {
      await typeQuery(page, q);
      await expect(main.locator(".search-count"), q).toBeVisible();
      await expect(main.locator(".search-group").first()).toBeVisible();
    }
    await expectAccessible(page);
  });
});
