// Browsing a channel (issues 3 and 4): the home's sections, /live, /vod and /upcoming with their filters, views and
// pages (with and without JavaScript), team and school pages, an event's watch page and the 404, and the video
// library's rails and search. Behaviour on the English channel; the French channel's pages are in french.spec.ts.
// A test that reads live events loads its own channel (they are as old as the template says); the others only read
// lists and finished or far-off events, and share one channel per worker.
import type { APIRequestContext, Page } from "@playwright/test";
import { PORT, acceptCookies, expect, expectAccessible, hydrated, test, visit, type TestChannel } from "./fixtures";
import { apiGet } from "./support/api";
import { copy } from "./support/copy";

const t = copy("en", "common");

interface Named {
  alias: string;
  name: string;
  images: { logo?: string };
}
interface Team extends Named {
  properties: { gender: string; sport: string | null };
}

/** A page of the channel as the server renders it (Node does not resolve *.localhost: 127.0.0.1 with its Host). */
async function serverHtml(request: APIRequestContext, ch: TestChannel, path: string): Promise<string> {
  const res = await request.get(`http://127.0.0.1:${PORT}${path}`, { headers: ch.headers });
  expect(res.status(), path).toBe(200);
  return res.text();
}

const cards = (page: Page) => page.locator(".event-card");

test("home shows live, upcoming and recent events from the server", async ({ page, request, browser, ownChannel: ch }) => {
  const html = await serverHtml(request, ch, "/");
  for (const section of ["live", "upcoming", "recent"]) expect(html).toContain(`data-section="${section}"`);
  expect(html).toMatch(/class="event-card event-card--live"/);
  expect(html).toMatch(/class="event-card event-card--upcoming"/);
  expect(html).toMatch(/class="event-card event-card--finished"/);

  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto(ch.url("/"));
  for (const section of ["live", "upcoming", "recent"]) await expect(plain.locator(`[data-section="${section}"] .event-card`).first()).toBeVisible();
  await expect(plain.locator('[data-section="live"] a[href="/live"]')).toBeVisible();
  await expect(plain.locator('[data-section="recent"] a[href="/vod"]')).toBeVisible();
  await noJs.close();

  await visit(page, ch.url("/"));
  await expect(page.locator('[data-section="upcoming"] .event-card').first()).toBeVisible();
  // Cards read "away @ home" and the hover title names the event's zone.
  await expect(page.locator(".event-card__link").first()).toHaveText(/ @ /);
  await expect(page.locator(".event-card time").first()).toHaveAttribute("title", /\(\w+\/\w+/);
  await expectAccessible(page);

  // Once hydrated, times read in the viewer's own zone.
  const tokyo = await browser.newContext({ timezoneId: "Asia/Tokyo" });
  const viewer = await tokyo.newPage();
  await visit(viewer, ch.url("/"));
  await expect(viewer.locator(".event-card time").first()).toHaveText(/(GMT|UTC)\+9/);
  await tokyo.close();
});

test("/live shows only live events, /vod only finished ones", async ({ page, ownChannel: ch }) => {
  await page.goto(ch.url("/live"));
  await expect(cards(page).first()).toBeVisible();
  await expect(page.locator(".event-card:not(.event-card--live)")).toHaveCount(0);
  await expectAccessible(page);
  await page.goto(ch.url("/vod"));
  await expect(cards(page).first()).toBeVisible();
  await expect(page.locator(".event-card:not(.event-card--finished)")).toHaveCount(0);
  // Each finished game says how long it lasted, after its date (issue 28).
  const finished = await cards(page).count();
  await expect(page.locator(".event-card__duration time")).toHaveCount(finished);
  await expect(page.locator(".event-card__duration time").first()).toHaveText(/^(\d+ h \d+ min|\d+ min)$/);
  await expect(page.locator(".event-card__duration time").first()).toHaveAttribute("datetime", /^PT\d+H\d+M$/);
});

test("filters by sport and gender in the URL, and reloads to the same view", async ({ page, request, sharedChannel: ch }) => {
  const teams = await apiGet<Team[]>(request, ch, "participants?no_limit=1");
  const sport = teams.find((team) => team.properties.gender === "women" && team.properties.sport)!.properties.sport!;
  await visit(page, ch.url(`/upcoming?sport=${sport}&gender=women`));
  const count = await cards(page).count();
  expect(count).toBeGreaterThan(0);
  await expect(page.locator(".event-card__gender")).toHaveText(Array(count).fill("W"));
  await expect(page.locator("#f-sport")).toHaveValue(sport);
  await expect(page.locator("#f-gender")).toHaveValue("women");
  await expectAccessible(page);
  const titles = await page.locator(".event-card__link").allTextContents();
  await page.reload();
  await expect(page.locator(".event-card__link")).toHaveText(titles);

  // The form builds the same kind of URL: men's events of that sport.
  await hydrated(page);
  await page.locator("#f-gender").selectOption("men");
  await page.getByRole("button", { name: t.events.filters.apply }).click();
  await expect(page).toHaveURL(new RegExp(`/upcoming\\?sport=${sport}&gender=men$`));
  await expect(page.locator(".event-card__gender").first()).toHaveText("M");
});

test("a team page and a school page show their crest", async ({ page, request, sharedChannel: ch }) => {
  const teams = await apiGet<Team[]>(request, ch, "participants?no_limit=1");
  const team = teams.find((candidate) => candidate.images.logo)!;
  await page.goto(ch.url(`/upcoming?team=${team.alias}`));
  await expect(page.locator(".featured")).toHaveAttribute("data-kind", "team");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(team.name);
  const crest = page.locator(".featured img.crest");
  await expect(crest).toHaveAttribute("src", team.images.logo!);
  await expect.poll(() => crest.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expectAccessible(page);

  const [school] = await apiGet<Named[]>(request, ch, "participant-groups");
  await page.goto(ch.url(`/upcoming?school=${encodeURIComponent(school.name)}`));
  await expect(page.locator(".featured")).toHaveAttribute("data-kind", "school");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(school.name);
  await expect(page.locator("#f-school")).toHaveValue(school.alias);
});

test("an event opens on /watch; an unknown id is the 404 page", async ({ page, sharedChannel: ch }) => {
  await visit(page, ch.url("/upcoming"));
  const link = page.locator(".event-card__link").first();
  // The card's title: the event's own name when it has one (issue 28), the page's heading too.
  const name = await link.evaluate((el) => el.firstChild?.textContent ?? "");
  await link.click();
  await expect(page).toHaveURL(/\/watch\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.locator(".event-header__team img.crest")).toHaveCount(2);
  const og = await page.locator('meta[property="og:url"]').getAttribute("content");
  expect(og).toBe(page.url());
  await expectAccessible(page);

  const response = await page.goto(ch.url("/watch/987654321"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.notFound.title);
});

test("switches between grid and list, and pages without JavaScript", async ({ page, browser, sharedChannel: ch }) => {
  await visit(page, ch.url("/upcoming"));
  await expect(page.locator(".event-list--grid")).toBeVisible();
  await page.getByRole("link", { name: t.events.view.list, exact: true }).click();
  await expect(page).toHaveURL(/view=list/);
  await expect(page.locator(".event-list--list")).toBeVisible();
  await page.reload();
  await expect(page.locator(".event-list--list")).toBeVisible();
  await expectAccessible(page);

  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto(ch.url("/upcoming?limit=5"));
  await expect(plain.locator(".event-card")).toHaveCount(5);
  const first = await plain.locator(".event-card__link").allTextContents();
  await expect(plain.locator(".pager__status")).toHaveText(/1\D+\d+/);
  await plain.getByRole("link", { name: t.events.pager.next }).click();
  await expect(plain).toHaveURL(/limit=5&offset=5/);
  await expect(plain.locator(".pager__status")).toHaveText(/2\D+\d+/);
  expect(await plain.locator(".event-card__link").allTextContents()).not.toEqual(first);
  await plain.getByRole("link", { name: t.events.pager.previous }).click();
  await expect(plain.locator(".event-card__link")).toHaveText(first);
  await noJs.close();
});

test("VOD rails scroll by button and by themselves, and search finds an item", async ({ page, sharedChannel: ch }) => {
  await page.clock.install();
  await visit(page, ch.url("/vod_library"));
  await acceptCookies(page);
  const rails = page.locator(".rail");
  expect(await rails.count()).toBeGreaterThanOrEqual(3);
  await expectAccessible(page);
  // From here the page's time moves only when the test moves it: on a loaded machine two steps can be more than
  // the 5-s auto-advance apart, and an advance between a read and a press would move (or wrap) the rail.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);

  const first = rails.nth(0).locator(".rail__strip");
  const start = await first.evaluate((el) => el.scrollLeft);
  await rails.nth(0).locator(".rail__controls button").nth(1).click();
  // A rail at its end wraps to the start: the position changes either way (the rails may have advanced by
  // themselves while axe ran, before the clock was paused).
  await expect.poll(() => first.evaluate((el) => el.scrollLeft)).not.toBe(start);

  // Keyboard: the buttons work from the keyboard, and the strip itself takes focus.
  const third = rails.nth(2).locator(".rail__strip");
  const third0 = await third.evaluate((el) => el.scrollLeft);
  await rails.nth(2).locator(".rail__controls button").nth(1).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => third.evaluate((el) => el.scrollLeft)).not.toBe(third0);
  await expect(third).toHaveAttribute("tabindex", "0");

  // Auto-advance every 5000 ms on a rail that has neither the pointer nor focus.
  await page.mouse.move(0, 0);
  await page.locator("h1").click();
  const second = rails.nth(1).locator(".rail__strip");
  const before = await second.evaluate((el) => el.scrollLeft);
  await page.clock.runFor(5_000);
  await expect.poll(() => second.evaluate((el) => el.scrollLeft)).not.toBe(before);

  // Search by part of a title (debounced fetcher).
  const title = (await page.locator(".vod-card__link").first().textContent())!;
  const word = title.split(/[\s:@()]+/).sort((a, b) => b.length - a.length)[0];
  const part = word.slice(1, Math.max(4, word.length - 1));
  await page.locator("#vod-q").fill(part);
  await page.clock.runFor(400);
  await expect(page.locator(".vod-search .vod-card__link", { hasText: title }).first()).toBeVisible();
  // Real time again for the navigation (React's scheduler waits on the paused clock).
  await page.clock.resume();
  await page.locator(".vod-search .vod-card__link").first().click();
  await expect(page).toHaveURL(/\/vod_library\/\d+$/);
  await expect(page.getByRole("link", { name: t.vod.watch })).toHaveAttribute("href", /^\/watch_library\/\d+$/);
  await expectAccessible(page);
});

test("search works without JavaScript", async ({ browser, sharedChannel: ch }) => {
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto(ch.url("/vod_library"));
  const title = (await plain.locator(".vod-card__link").first().textContent())!;
  await plain.locator("#vod-q").fill(title.slice(0, 6));
  await plain.locator(".vod-search button[type=submit]").click();
  await expect(plain).toHaveURL(/\?q=/);
  await expect(plain.locator(".vod-search .vod-card").first()).toBeVisible();
  await noJs.close();
});
