// Favourites (issue 12) on both demo channels, in their languages: follow a team from its landing by keyboard, see
// it first on home ("Your teams") and in /profile/following (with the reminder switch), unfollow; follow while
// signed out → log in → back on the page and followed; follow from an event card and from the watch page; without
// JavaScript, follow and a refusal that comes back with its reason. axe on each page state.
import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { CHANNELS, login, logout, newUser, register, url } from "./auth-helpers";
import { PORT, acceptCookies, expect, expectAccessible, test } from "./fixtures";
import { apiKey } from "./watch-helpers";

type FavoritesCopy = typeof import("../../app/locales/en/favorites.json");
const copy = (lang: "en" | "fr") => JSON.parse(readFileSync(`app/locales/${lang}/favorites.json`, "utf8")) as FavoritesCopy;

interface Side {
  id: number;
  alias: string;
  name: string;
  side: "home" | "away";
}
interface Game {
  id: number;
  participants: Side[];
  category: { id: number; name: string } | null;
}

/** An upcoming two-team game of the channel, from the API (`skip` games are left for other tests). */
async function upcomingGame(request: APIRequestContext, alias: string, skip = 0): Promise<Game> {
  const key = await apiKey(request, alias);
  const res = await request.get(`http://127.0.0.1:${PORT}/api/events?api_key=${key}&status=upcoming&limit=50`, { headers: { host: `${alias}.localhost:${PORT}` } });
  expect(res.status()).toBe(200);
  const games = ((await res.json()) as { data: Game[] }).data.filter((e) => e.participants.length === 2 && e.category);
  expect(games.length, `${alias}: upcoming two-team games`).toBeGreaterThan(skip);
  return games[skip]!;
}

/** Runs `act` and waits for the follow call it makes to be answered (a navigation right after would cancel it). */
async function answered(page: Page, act: () => Promise<void>) {
  const response = page.waitForResponse((r) => r.url().includes("/action/favorites") && r.request().method() === "POST");
  await act();
  expect((await response).status()).toBe(200);
}

const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
const followButton = (page: Page, scope: string, name: string) => page.locator(scope).getByRole("button", { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });

for (const ch of CHANNELS) {
  const lang = ch.alias === "beta" ? "fr" : "en";
  const f = copy(lang);

  test.describe(`favourites on ${ch.alias}`, () => {
    test("follow a team from its landing by keyboard, see it first on home and in Following, turn reminders on, unfollow", async ({ page, request }, testInfo) => {
      const game = await upcomingGame(request, ch.alias);
      const team = game.participants.find((p) => p.side === "home")!;
      await register(page, ch, newUser(testInfo, "follow"));
      await acceptCookies(page);

      // Home before following: the rail invites to follow.
      await page.goto(url(ch, "/"));
      const rail = page.locator("[data-section=your-teams]");
      await expect(rail.getByRole("heading", { name: f.yourTeams.title })).toBeVisible();
      await expect(rail).toContainText(f.yourTeams.empty);
      // The first of the home rails.
      await expect(page.locator(".home-events").first()).toHaveAttribute("data-section", "your-teams");

      await page.goto(url(ch, `/upcoming?team=${team.alias}`));
      await hydrated(page);
      const follow = page.locator(".featured__action").getByRole("button");
      await expect(follow).toHaveAttribute("aria-pressed", "false");
      await expect(follow).toHaveAccessibleName(`${f.follow} ${team.name}`);
      await follow.focus();
      await answered(page, () => page.keyboard.press("Enter"));
      await expect(follow).toHaveAttribute("aria-pressed", "true");
      await expect(follow).toContainText(f.following);
      // Every button for that team on the page agrees (the cards' compact ones too).
      await expect(page.locator(`.event-card__follow button[aria-pressed=true]`).first()).toBeVisible();
      await expectAccessible(page);

      // Home: "Your teams" first, with the team and its game.
      await page.goto(url(ch, "/"));
      await expect(rail.getByRole("link", { name: team.name })).toHaveAttribute("href", `/upcoming?team=${team.alias}`);
      await expect(rail.locator(`.event-card__link[href="/watch/${game.id}"]`)).toBeVisible();
      await expectAccessible(page);

      // Following: the reminder switch for all its games, kept across a reload.
      await page.goto(url(ch, "/profile/following"));
      await hydrated(page);
      const item = page.locator(".following__item", { hasText: team.name });
      const remind = item.getByRole("switch");
      await expect(remind).toHaveAttribute("aria-checked", "false");
      await remind.focus();
      await answered(page, () => page.keyboard.press("Space"));
      await expect(remind).toHaveAttribute("aria-checked", "true");
      await page.reload();
      await expect(page.locator(".following__item", { hasText: team.name }).getByRole("switch")).toHaveAttribute("aria-checked", "true");
      // Its calendar feed: webcal:// to subscribe, served as text/calendar.
      const subscribe = page.locator(".following__item", { hasText: team.name }).locator(".calendar-feed__subscribe");
      const feed = `/calendar/participant/${team.id}.ics`;
      await expect(subscribe).toHaveAttribute("href", `webcal://${ch.alias}.localhost:${PORT}${feed}`);
      const served = await request.get(`http://127.0.0.1:${PORT}${feed}`, { headers: { host: `${ch.alias}.localhost:${PORT}` } });
      expect(served.headers()["content-type"]).toContain("text/calendar");
      expect(await served.text()).toContain(`/watch/${game.id}`);
      await expectAccessible(page);

      // Unfollow from the list: it reloads without the team.
      await hydrated(page);
      await page.locator(".following__item", { hasText: team.name }).getByRole("button", { pressed: true }).click();
      await expect(page.locator(".following__item")).toHaveCount(0);
      await expect(page.locator(".following__empty")).toBeVisible();
      await page.goto(url(ch, "/"));
      await expect(rail).toContainText(f.yourTeams.empty);
    });

    test("follow while signed out → log in → back on the page and followed", async ({ page, request }, testInfo) => {
      const game = await upcomingGame(request, ch.alias, 1);
      const team = game.participants.find((p) => p.side === "away")!;
      const user = newUser(testInfo, "later");
      await register(page, ch, user);
      await acceptCookies(page);
      await logout(page, ch);

      const landing = `/upcoming?team=${team.alias}`;
      await page.goto(url(ch, landing));
      await hydrated(page);
      await page.locator(".featured__action").getByRole("button").click();
      await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(landing).replace(/[?]/g, "\\?")}`));
      await login(page, ch, user.email, user.password);
      await expect(page).toHaveURL(url(ch, landing));
      await expect(page.locator(".featured__action").getByRole("button")).toHaveAttribute("aria-pressed", "true");
    });

    test("without JavaScript: following comes back to the page, and a refusal comes back with its reason in the page's language", async ({ page, browser, request }, testInfo) => {
      const game = await upcomingGame(request, ch.alias);
      const team = game.participants[0]!;
      await register(page, ch, newUser(testInfo, "nojs"));
      await acceptCookies(page);
      const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
      const plain = await noJs.newPage();
      await plain.goto(url(ch, `/watch/${game.id}`));
      await followButton(plain, ".event-header__teams", team.name).click();
      // Back on the event (not the action's JSON), showing what the server kept.
      await expect(plain).toHaveURL(url(ch, `/watch/${game.id}`));
      await expect(followButton(plain, ".event-header__teams", team.name)).toHaveAttribute("aria-pressed", "true");

      // The list is open in this tab while the team is unfollowed in another.
      await plain.goto(url(ch, "/profile/following"));
      await expect(plain.locator(".following__item")).toHaveCount(1);
      await page.goto(url(ch, "/profile/following"));
      await hydrated(page);
      await answered(page, () => page.locator(".following__item").getByRole("button", { pressed: true }).click());
      await expect(page.locator(".following__item")).toHaveCount(0);

      // The stale reminder switch: back on the list, which says why, in the page's language, and shows it empty.
      await plain.locator(".following__item").getByRole("switch").click();
      await expect(plain).toHaveURL(url(ch, "/profile/following?notice=favorites-gone"));
      await expect(plain.getByRole("alert")).toHaveText(f.errors.gone);
      await expect(plain.locator(".following__empty")).toBeVisible();
      // axe needs a script: the same address in the other tab shows the notice the same way.
      await page.goto(url(ch, "/profile/following?notice=favorites-gone"));
      await expect(page.getByRole("alert")).toHaveText(f.errors.gone);
      await expectAccessible(page);
      // A code the page does not know shows nothing.
      await plain.goto(url(ch, "/profile/following?notice=%3Cb%3Ehi%3C%2Fb%3E"));
      await expect(plain.locator(".flash")).toHaveCount(0);
      await noJs.close();
    });

    test("follow a team from an event card and a team and sport from the watch page", async ({ page, request }, testInfo) => {
      const game = await upcomingGame(request, ch.alias, 2);
      const [first, second] = game.participants;
      await register(page, ch, newUser(testInfo, "card"));
      await acceptCookies(page);

      await page.goto(url(ch, "/upcoming?limit=50"));
      await hydrated(page);
      const card = page.locator(".event-card", { has: page.locator(`.event-card__link[href="/watch/${game.id}"]`) });
      const cardFollow = followButton(page, `.event-card:has(.event-card__link[href="/watch/${game.id}"]) .event-card__follow`, first!.name);
      await expect(card).toBeVisible();
      await answered(page, () => cardFollow.click());
      await expect(cardFollow).toHaveAttribute("aria-pressed", "true");

      await page.goto(url(ch, `/watch/${game.id}`));
      await hydrated(page);
      const teams = page.locator(".event-header__teams");
      await expect(followButton(page, ".event-header__teams", first!.name)).toHaveAttribute("aria-pressed", "true");
      const other = followButton(page, ".event-header__teams", second!.name);
      await answered(page, () => other.click());
      await expect(other).toHaveAttribute("aria-pressed", "true");
      const sport = page.locator(".event-header__sport").getByRole("button");
      await answered(page, () => sport.click());
      await expect(sport).toHaveAttribute("aria-pressed", "true");
      await expect(teams.getByRole("button", { pressed: true })).toHaveCount(2);
      await expectAccessible(page);

      await page.goto(url(ch, "/profile/following"));
      await expect(page.locator(".following__item")).toHaveCount(3);
      await expect(page.locator(".following__kind h3")).toHaveText([f.page.kinds.participant, f.page.kinds.category]);
    });
  });
}
