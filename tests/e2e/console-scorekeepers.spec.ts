// Game day (issue 27), on both channels: the owner finds the scorekeepers page from the console's events (whose live
// and upcoming games link to their score page), grants an account of the channel the scorekeeper role for one game,
// is told at the field, in the page's language, when an email has no account or is not one, and takes a grant back
// after a confirmation. The account then keeps that game's score on its phone, and is refused another game's. The
// page passes axe.
import { randomUUID } from "node:crypto";
import { SCORE_MESSAGES } from "../../api/contract/scores";
import { expect, expectAccessible, signIn, test, visit } from "./fixtures";
import { copy, fill } from "./support/copy";
import { addEvents, findEventNamed } from "./support/events";

const GAME = "Keepers game tonight";
const OTHER = "Keepers game next";
const KEEPER = "sam.keeper@example.test";

test.use({
  channelSetup: {
    users: [{ email: KEEPER, first_name: "Sam", last_name: "Keeper" }],
    edit: addEvents(
      { key: "keepers-live", name: GAME, access_type: "free", start: { minutes: -5 }, duration: 120 },
      { key: "keepers-next", name: OTHER, access_type: "free", start: { minutes: 90 }, duration: 120 },
    ),
  },
});

for (const template of ["alpha", "beta"] as const) {
  test.describe(template, () => {
    test.use({ template });

    test("the owner grants the scorekeeper role for one game, refusals are said at the field, a grant is taken back, and the keeper keeps that game's score only", async ({ page, browser, request, ownChannel: ch, signIn: signInOwner }) => {
      const c = copy(ch.lang, "console");
      const s = copy(ch.lang, "scores");
      const words = copy(ch.lang, "common");
      const game = await findEventNamed(request, ch, "live", "free", GAME);
      const other = await findEventNamed(request, ch, "upcoming", "free", OTHER);
      await signInOwner(ch, "owner");

      // The console's events: each live or upcoming game links to its score page, and the list to its scorekeepers.
      await visit(page, ch.url(`/console/events?q=${encodeURIComponent(GAME.toLowerCase())}`));
      await expect(page.getByRole("link", { name: fill(c.keepers.keepScoreNamed, { name: GAME }) })).toHaveAttribute("href", `/score/${game}`);
      await page.locator(".console-section").getByRole("link", { name: c.keepers.manage, exact: true }).click();
      await expect(page).toHaveURL(/\/console\/scorekeepers$/);
      await expect(page.getByRole("heading", { level: 1, name: c.keepers.title })).toBeVisible();
      await expect(page.getByRole("navigation", { name: c.nav.label }).getByRole("link", { name: c.nav.scorekeepers })).toHaveAttribute("aria-current", "page");
      await expect(page.getByText(c.keepers.empty)).toBeVisible();

      const email = page.getByLabel(c.keepers.email, { exact: true });
      const event = page.getByLabel(c.keepers.for, { exact: true });
      const grant = page.getByRole("button", { name: c.keepers.grant, exact: true });
      // The upcoming and live games are offered, beside the season.
      await expect(event.locator("option")).toContainText([c.keepers.season]);
      await expect(event.locator(`option[value="${game}"]`)).toContainText(GAME);
      await expect(event.locator(`option[value="${other}"]`)).toContainText(OTHER);

      // An email with no account on the channel, then one that is not an email: said at the field, which takes the focus.
      await email.fill("nobody-here@example.test");
      await event.selectOption(String(game));
      await grant.click();
      await expect(page.locator("#keeper-email-error")).toHaveText(c.keepers.api.noAccount);
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(email).toBeFocused();
      await expect(event).toHaveValue(String(game));
      await expectAccessible(page);
      await email.fill("not an email");
      await grant.click();
      await expect(page.locator("#keeper-email-error")).toHaveText(words.validation.email);

      // The role for one game.
      await email.fill(KEEPER);
      await grant.click();
      await expect(page.getByRole("status")).toHaveText(fill(c.keepers.granted, { name: "Sam Keeper", event: GAME }));
      const keeperRow = page.locator(`tr[data-keeper="${KEEPER}"]`);
      await expect(keeperRow).toContainText("Sam Keeper");
      await expect(keeperRow).toContainText(GAME);
      await expect(email).toHaveValue("");

      // The role for the season, to another account, then taken back after a confirmation, from the keyboard.
      const viewer = ch.user("viewer");
      await email.fill(viewer.email);
      await event.selectOption(c.keepers.season);
      await grant.click();
      await expect(page.getByRole("status")).toHaveText(fill(c.keepers.grantedSeason, { name: viewer.name }));
      const viewerRow = page.locator(`tr[data-keeper="${viewer.email}"]`);
      await expect(viewerRow).toContainText(c.keepers.season);
      await expectAccessible(page);
      await viewerRow.getByRole("button", { name: fill(c.keepers.removeNamed, { name: viewer.name, what: c.keepers.season }) }).press("Enter");
      const confirm = page.getByRole("form", { name: fill(c.keepers.confirmTitleSeason, { name: viewer.name }) });
      await expect(confirm).toBeFocused();
      await expectAccessible(page);
      await confirm.getByRole("button", { name: c.keepers.confirmYes }).click();
      await expect(page.getByRole("status")).toHaveText(fill(c.keepers.removed, { name: viewer.name }));
      await expect(viewerRow).toHaveCount(0);
      await expect(keeperRow).toBeVisible();

      // The keeper, on their phone: the granted game's score changes with their tap.
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const keeper = await signIn(phone, request, ch, KEEPER);
      const keeping = await phone.newPage();
      await visit(keeping, ch.url(`/score/${game}`));
      await expect(keeping.getByRole("heading", { level: 1 })).toContainText(s.keeper.heading);
      const board = keeping.getByTestId("keeper-board");
      await expect(board.locator('[data-side="home"]')).toHaveText("0");
      const first = keeping.locator("fieldset.keeper__plays").nth(1).locator("button.keeper__play").first();
      const points = Number(/^\+(\d+)/.exec((await first.textContent())!.trim())![1]);
      await first.click();
      await expect(board.locator('[data-side="home"]')).toHaveText(String(points));
      await expect(keeping.getByRole("status")).toHaveText(s.keeper.allSent);

      // Another game: the page says they may not keep its score, and the API refuses their taps.
      await visit(keeping, ch.url(`/score/${other}`));
      await expect(keeping.getByRole("alert")).toHaveText(s.keeper.notAllowed);
      await expect(keeping.getByTestId("keeper-board")).toHaveCount(0);
      const taps = [{ id: randomUUID(), at: Date.now(), action: { kind: "period" } }];
      const refused = await request.post(ch.apiUrl(`events/${other}/score/taps`), {
        headers: { ...ch.headers, authorization: `Bearer ${keeper.token}` },
        data: { api_key: await ch.apiKey(), taps },
      });
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(SCORE_MESSAGES.notScorekeeper);
      await phone.close();
    });
  });
}
