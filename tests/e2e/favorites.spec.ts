// Favourites (issue 12), each test on a channel of its own with the fan signed in: follow a team from its landing by
// keyboard and see it first on home ("Your teams"); in /profile/following, the reminder switch and the team's
// calendar feed, then unfollow; follow from an event card and from the watch page; without JavaScript, follow and a
// refusal that comes back with its reason. axe on each page state. A follow asked while signed out and made by the
// sign-in is auth.spec.ts's; the French pages are french.spec.ts's.
import { PORT, acceptCookies, expect, expectAccessible, hydrated, test, visit } from "./fixtures";
import { copy } from "./support/copy";
import { answered, followButton, followByApi, upcomingGame } from "./support/favorites";

const f = copy("en", "favorites");

test("follow a team from its landing by keyboard, and see it first on home", async ({ page, request, ownChannel: ch, signIn }) => {
  const game = await upcomingGame(request, ch);
  const team = game.participants.find((p) => p.side === "home")!;
  await signIn(ch, "fan");

  // Home before following: the rail invites to follow.
  await visit(page, ch.url("/"));
  await acceptCookies(page);
  const rail = page.locator("[data-section=your-teams]");
  await expect(rail.getByRole("heading", { name: f.yourTeams.title })).toBeVisible();
  await expect(rail).toContainText(f.yourTeams.empty);
  // Right after the live games (issue 28: live first; issue 12 had it first of all).
  await expect(page.locator(".home-events").nth(0)).toHaveAttribute("data-section", "live");
  await expect(page.locator(".home-events").nth(1)).toHaveAttribute("data-section", "your-teams");

  await visit(page, ch.url(`/upcoming?team=${team.alias}`));
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
  await page.goto(ch.url("/"));
  await expect(rail.getByRole("link", { name: team.name })).toHaveAttribute("href", `/upcoming?team=${team.alias}`);
  await expect(rail.locator(`.event-card__link[href="/watch/${game.id}"]`)).toBeVisible();
  await expectAccessible(page);
});

test("in Following, a team's reminders turn on by keyboard and stay on, its calendar feed is served, and it is unfollowed", async ({ page, request, ownChannel: ch, signIn }) => {
  const game = await upcomingGame(request, ch);
  const team = game.participants.find((p) => p.side === "home")!;
  const fan = await signIn(ch, "fan");
  // Followed already (following from a page is the test above's).
  await followByApi(request, ch, fan.token, "participant", team.id);

  // The reminder switch for all its games, kept across a reload.
  await visit(page, ch.url("/profile/following"));
  await acceptCookies(page);
  const item = page.locator(".following__item", { hasText: team.name });
  const remind = item.getByRole("switch");
  await expect(remind).toHaveAttribute("aria-checked", "false");
  await remind.focus();
  await answered(page, () => page.keyboard.press("Space"));
  await expect(remind).toHaveAttribute("aria-checked", "true");
  await page.reload();
  await expect(item.getByRole("switch")).toHaveAttribute("aria-checked", "true");
  // Its calendar feed: webcal:// to subscribe, served as text/calendar.
  const feed = `/calendar/participant/${team.id}.ics`;
  await expect(item.locator(".calendar-feed__subscribe")).toHaveAttribute("href", `webcal://${ch.host}${feed}`);
  const served = await request.get(`http://127.0.0.1:${PORT}${feed}`, { headers: ch.headers });
  expect(served.headers()["content-type"]).toContain("text/calendar");
  expect(await served.text()).toContain(`/watch/${game.id}`);
  await expectAccessible(page);

  // Unfollow from the list: it reloads without the team, and home invites to follow again.
  await hydrated(page);
  await item.getByRole("button", { pressed: true }).click();
  await expect(page.locator(".following__item")).toHaveCount(0);
  await expect(page.locator(".following__empty")).toBeVisible();
  await page.goto(ch.url("/"));
  await expect(page.locator("[data-section=your-teams]")).toContainText(f.yourTeams.empty);
});

test("follow a team from an event card and a team and sport from the watch page", async ({ page, request, ownChannel: ch, signIn }) => {
  const game = await upcomingGame(request, ch);
  const [first, second] = game.participants;
  await signIn(ch, "fan");

  await visit(page, ch.url("/upcoming?limit=50"));
  await acceptCookies(page);
  const card = `.event-card:has(.event-card__link[href="/watch/${game.id}"])`;
  await expect(page.locator(card)).toBeVisible();
  const cardFollow = followButton(page, `${card} .event-card__follow`, first!.name);
  await answered(page, () => cardFollow.click());
  await expect(cardFollow).toHaveAttribute("aria-pressed", "true");

  await visit(page, ch.url(`/watch/${game.id}`));
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

  await page.goto(ch.url("/profile/following"));
  await expect(page.locator(".following__item")).toHaveCount(3);
  await expect(page.locator(".following__kind h3")).toHaveText([f.page.kinds.participant, f.page.kinds.category]);
});

test("without JavaScript: following comes back to the page, and a refusal comes back with its reason", async ({ page, browser, request, ownChannel: ch, signIn }) => {
  const game = await upcomingGame(request, ch);
  const team = game.participants[0]!;
  await signIn(ch, "fan");
  const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noJs.newPage();
  await plain.goto(ch.url(`/watch/${game.id}`));
  await followButton(plain, ".event-header__teams", team.name).click();
  // Back on the event (not the action's JSON), showing what the server kept.
  await expect(plain).toHaveURL(ch.url(`/watch/${game.id}`));
  await expect(followButton(plain, ".event-header__teams", team.name)).toHaveAttribute("aria-pressed", "true");

  // The list is open in this tab while the team is unfollowed in another.
  await plain.goto(ch.url("/profile/following"));
  await expect(plain.locator(".following__item")).toHaveCount(1);
  await visit(page, ch.url("/profile/following"));
  await answered(page, () => page.locator(".following__item").getByRole("button", { pressed: true }).click());
  await expect(page.locator(".following__item")).toHaveCount(0);

  // The stale reminder switch: back on the list, which says why, in the page's language, and shows it empty.
  await plain.locator(".following__item").getByRole("switch").click();
  await expect(plain).toHaveURL(ch.url("/profile/following?notice=favorites-gone"));
  await expect(plain.getByRole("alert")).toHaveText(f.errors.gone);
  await expect(plain.locator(".following__empty")).toBeVisible();
  // axe needs a script: the same address in the other tab shows the notice the same way.
  await page.goto(ch.url("/profile/following?notice=favorites-gone"));
  await expect(page.getByRole("alert")).toHaveText(f.errors.gone);
  await expectAccessible(page);
  // A code the page does not know shows nothing.
  await plain.goto(ch.url("/profile/following?notice=%3Cb%3Ehi%3C%2Fb%3E"));
  await expect(plain.locator(".flash")).toHaveCount(0);
  await noJs.close();
});
