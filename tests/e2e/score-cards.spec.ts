// Game day on the cards (issue 27), on both channels: the channel's owner keeps score of a live game on /score/{id}
// while a viewer keeps the home page open; the live rail's card follows each tap without a reload. A finished game
// with a kept game shows "Final" and its final score on its card and in search results. A viewer whose browser hides
// scores (the cookie `scores=hidden`) sees no score anywhere, not even in the server's HTML.
import type { APIRequestContext, BrowserContext, Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test, visit, type TestChannel } from "./fixtures";
import { apiGet, apiPost } from "./support/api";
import { copy, fill } from "./support/copy";
import { addEvents, findEventNamed } from "./support/events";

const LIVE_GAME = "Card score live game";
const FINAL_GAME = "Card score final game";

test.use({
  channelSetup: {
    edit: addEvents(
      { key: "card-score-live", name: LIVE_GAME, access_type: "free", start: { minutes: -5 }, duration: 120 },
      // Over ten minutes ago: the home's latest finished game (the templates' others are days old).
      { key: "card-score-final", name: FINAL_GAME, access_type: "free", start: { minutes: -130 }, duration: 120 },
    ),
  },
});

/** A scoring play of each sport the templates' games are (SCORING_PLAYS in api/contract/scores.ts). */
const A_PLAY: Record<string, string> = { basketball: "field_goal", football: "touchdown", soccer: "goal", hockey: "goal", volleyball: "point" };

type Game = { state: { sport: string; home: number; away: number; final: boolean } };

const card = (page: Page, section: "live" | "recent", id: number) => page.locator(`[data-section="${section}"] article[data-event-id="${id}"]`);
const searchCard = (page: Page, id: number) => page.locator(`section[aria-labelledby="results-finished"] article[data-event-id="${id}"]`);
const scoreOn = (where: Locator, side: "home" | "away") => where.locator(`.card-score__score[data-side="${side}"]`);

/** The finished game made final by the owner through the API: the away side scores once, then the final whistle. */
async function keepFinalGame(request: APIRequestContext, ch: TestChannel, id: number, token: string): Promise<Game["state"]> {
  const { state } = await apiGet<Game>(request, ch, `events/${id}/score`);
  const at = Date.now();
  const taps = [
    { id: crypto.randomUUID(), at: at - 1000, action: { kind: "score", side: "away", play: A_PLAY[state.sport] } },
    { id: crypto.randomUUID(), at, action: { kind: "final" } },
  ];
  const answer = await apiPost<{ game: Game }>(request, ch, `events/${id}/score/taps`, { taps }, { token });
  expect(answer.game.state.final).toBe(true);
  return answer.game.state;
}

async function viewerPage(newContext: () => Promise<BrowserContext>, ch: TestChannel, hideScores = false): Promise<Page> {
  const context = await newContext();
  if (hideScores) await context.addCookies([{ name: "scores", value: "hidden", url: ch.origin }]);
  return context.newPage();
}

for (const template of ["alpha", "beta"] as const) {
  test.describe(template, () => {
    test.use({ template, viewport: { width: 1366, height: 900 } });

    test("a live card follows the owner's taps without a reload; a finished game shows its final score on its card and in search", async ({ page, newContext, request, ownChannel: ch, signIn }) => {
      const t = copy(ch.lang, "scores");
      const liveId = await findEventNamed(request, ch, "live", "free", LIVE_GAME);
      const finalId = await findEventNamed(request, ch, "finished", "free", FINAL_GAME);

      const viewer = await viewerPage(newContext, ch);
      await visit(viewer, ch.url("/"));
      const live = card(viewer, "live", liveId);
      await expect(live).toBeVisible();
      // No game kept yet: no score.
      await expect(live.getByTestId("card-score")).toHaveCount(0);
      await viewer.evaluate(() => Object.assign(window, { __sameDocument: true }));

      // The owner taps the sport's first play for the home side on the scorekeeper's page.
      const owner = await signIn(ch, "owner");
      await visit(page, ch.url(`/score/${liveId}`));
      const homeSet = page.locator("fieldset.keeper__plays").nth(1);
      const first = homeSet.locator("button.keeper__play").first();
      const points = Number(/^\+(\d+)/.exec((await first.textContent())!.trim())![1]);
      await first.click();
      await expect(page.getByRole("status")).toHaveText(copy(ch.lang, "scores").keeper.allSent);

      // The viewer's live card shows it, in digits and, for a screen reader, in words.
      await expect(scoreOn(live, "home")).toHaveText(String(points));
      await expect(scoreOn(live, "away")).toHaveText("0");
      const awayName = (await page.locator("fieldset.keeper__plays").nth(0).locator("legend").textContent())!.trim();
      const homeName = (await homeSet.locator("legend").textContent())!.trim();
      const { state } = await apiGet<Game>(request, ch, `events/${liveId}/score`);
      const period = fill(t.periodWords[state.sport as keyof typeof t.periodWords], { n: 1 });
      await expect(live.getByTestId("card-score")).toContainText(fill(t.card.live, { away: awayName, home: homeName, awayScore: 0, homeScore: points, period }));
      expect(await viewer.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      await expectAccessible(viewer);

      // A finished game the owner made final: "Final" and its score on the home's card and in search results.
      const final = await keepFinalGame(request, ch, finalId, owner.token);
      await visit(viewer, ch.url("/"));
      const recent = card(viewer, "recent", finalId);
      await expect(recent.getByTestId("card-score")).toContainText(fill(t.card.final, { away: awayName, home: homeName, awayScore: final.away, homeScore: final.home }));
      await expect(recent.locator(".card-score__status")).toHaveText(t.bug.final);
      await expect(scoreOn(recent, "away")).toHaveText(String(final.away));
      await expect(scoreOn(recent, "home")).toHaveText(String(final.home));
      // The live card's score now comes from the page's data.
      await expect(scoreOn(card(viewer, "live", liveId), "home")).toHaveText(String(points));

      await visit(viewer, ch.url(`/search?q=${encodeURIComponent(FINAL_GAME)}`));
      const result = searchCard(viewer, finalId);
      await expect(result.locator(".card-score__status")).toHaveText(t.bug.final);
      await expect(scoreOn(result, "away")).toHaveText(String(final.away));
      await expect(result.getByTestId("card-score")).toContainText(fill(t.card.final, { away: awayName, home: homeName, awayScore: final.away, homeScore: final.home }));
      await expectAccessible(viewer);
    });

    test("a browser that hides scores sees none on cards or in search, even as the game goes on", async ({ page, newContext, request, ownChannel: ch, signIn }) => {
      const liveId = await findEventNamed(request, ch, "live", "free", LIVE_GAME);
      const finalId = await findEventNamed(request, ch, "finished", "free", FINAL_GAME);
      const owner = await signIn(ch, "owner");
      await keepFinalGame(request, ch, finalId, owner.token);

      const viewer = await viewerPage(newContext, ch, true);
      // The server renders no score (so none flashes before hydration).
      const html = await (await viewer.goto(ch.url("/")))!.text();
      expect(html).toContain(`data-event-id="${finalId}"`);
      expect(html).not.toContain("card-score");

      // Beside it, a browser that shows scores: what it is told, the other is told too.
      const shows = await viewerPage(newContext, ch);
      for (const p of [viewer, shows]) await visit(p, ch.url("/"));
      await expect(card(viewer, "recent", finalId)).toBeVisible();
      await expect(card(viewer, "live", liveId)).toBeVisible();
      await expect(card(shows, "recent", finalId).getByTestId("card-score")).toBeVisible();
      await expect(viewer.getByTestId("card-score")).toHaveCount(0);
      // The owner taps while both watch the live rail: the score reaches one, and the other still shows none.
      await visit(page, ch.url(`/score/${liveId}`));
      await page.locator("fieldset.keeper__plays").nth(1).locator("button.keeper__play").first().click();
      await expect(page.getByRole("status")).toHaveText(copy(ch.lang, "scores").keeper.allSent);
      await expect(scoreOn(card(shows, "live", liveId), "home")).toHaveText(/^[1-9][0-9]*$/);
      await expect(viewer.getByTestId("card-score")).toHaveCount(0);
      await expectAccessible(viewer);

      await visit(viewer, ch.url(`/search?q=${encodeURIComponent(FINAL_GAME)}`));
      await expect(searchCard(viewer, finalId)).toBeVisible();
      await expect(viewer.getByTestId("card-score")).toHaveCount(0);
    });
  });
}
