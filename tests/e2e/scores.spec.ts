// Game day (issue 27), on both channels: the channel's owner keeps score on /score/{id} on a phone while a viewer
// watches the game live in another browser. Each tap reaches the viewer's score bug without a reload; a tap made
// while the scorekeeper's phone is offline waits in its queue and arrives when the network returns; a correction the
// rules refuse is said in the page's language; the page passes axe.
import type { BrowserContext, Page } from "@playwright/test";
import { expect, expectAccessible, signIn as signInContext, test, visit, type TestChannel } from "./fixtures";
import { copy, fill } from "./support/copy";
import { addEvents, findEventNamed } from "./support/events";
import { apiPost } from "./support/api";
import { currentTime, expectPlaying, seekStepOf } from "./support/player";

const GAME = "Game day on the score bug";

test.use({ channelSetup: { edit: addEvents({ key: "score-game", name: GAME, access_type: "free", start: { minutes: -5 }, duration: 120 }) } });

const bug = (page: Page) => page.getByTestId("score-bug");
const bugScore = (page: Page, side: "home" | "away") => bug(page).locator(`.score-bug__score[data-side="${side}"]`);

async function viewer(newContext: () => Promise<BrowserContext>, ch: TestChannel, id: number): Promise<Page> {
  const page = await (await newContext()).newPage();
  await visit(page, ch.url(`/watch/${id}`));
  // A marker on the window survives only if the page is never reloaded.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  return page;
}

for (const template of ["alpha", "beta"] as const) {
  test.describe(template, () => {
    test.use({ template, viewport: { width: 390, height: 844 } });

    test("the owner's taps reach a viewer's score bug without a reload, offline ones too, and a refusal is said", async ({ page, context, newContext, request, consoleErrors, ownChannel: ch, signIn }) => {
      const t = copy(ch.lang, "scores");
      const id = await findEventNamed(request, ch, "live", "free", GAME);
      const watching = await viewer(newContext, ch, id);
      await expect(bug(watching)).toBeVisible();
      await expect(bugScore(watching, "home")).toHaveText("0");

      await signIn(ch, "owner");
      await visit(page, ch.url(`/score/${id}`));
      await expect(page.getByRole("heading", { level: 1 })).toContainText(t.keeper.heading);
      await expectAccessible(page);

      // The sport's first play, for the home side: its points (its label's "+N", tests/unit/score-rules.test.ts) on the
      // viewer's bug.
      const board = page.getByTestId("keeper-board");
      const homeSet = page.locator("fieldset.keeper__plays").nth(1);
      const first = homeSet.locator("button.keeper__play").first();
      const label = (await first.textContent())!.trim();
      const points = Number(/^\+(\d+)/.exec(label)![1]);
      await first.click();
      await expect(board.locator('[data-side="home"]')).toHaveText(String(points));
      await expect(bugScore(watching, "home")).toHaveText(String(points));
      await expect(page.getByRole("status")).toHaveText(t.keeper.allSent);
      // The viewer's play-by-play tells the play, with the score after it, in a polite live region.
      const plays = watching.getByRole("region", { name: t.plays.title });
      const homeName = (await homeSet.locator("legend").textContent())!.trim();
      await expect(plays.getByRole("listitem").first()).toContainText(fill(t.plays.scored, { team: homeName, points }));
      await expect(plays.getByRole("list")).toHaveAttribute("aria-live", "polite");

      // A key play with a player's number and a note, for the home side.
      const keyPlay = page.getByRole("group", { name: t.keeper.keyPlayLegend });
      await keyPlay.getByLabel(t.keeper.side).selectOption("home");
      await keyPlay.getByLabel(t.keeper.player).fill("23");
      await keyPlay.getByLabel(t.keeper.note).fill("Steal and dunk");
      await keyPlay.getByRole("button", { name: t.keeper.keyPlay }).click();
      const latest = plays.getByRole("listitem").first();
      await expect(latest).toContainText(t.plays.keyPlay);
      await expect(latest).toContainText(fill(t.plays.player, { number: "23" }));
      await expect(latest).toContainText("Steal and dunk");

      // Offline: the tap waits in the queue (and the page says so), then goes when the network returns.
      await context.setOffline(true);
      await page.locator("fieldset.keeper__plays").nth(0).locator("button.keeper__play").first().click();
      await expect(page.getByRole("status")).toHaveText(t.keeper.offline);
      await expect(bugScore(watching, "away")).toHaveText("0");
      await context.setOffline(false);
      await expect(bugScore(watching, "away")).toHaveText(String(points), { timeout: 15_000 });
      // The browser reports each send the offline network refused.
      expect(new Set(consoleErrors.splice(0))).toEqual(new Set(["Failed to load resource: net::ERR_INTERNET_DISCONNECTED"]));

      // Each play seeks the video to a few seconds before it: back at the home side's basket, behind live.
      const video = watching.locator("video.player__video");
      await expect(video).toHaveJSProperty("paused", false);
      const edge = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
      await plays.getByRole("button", { name: new RegExp(fill(t.plays.scored, { team: homeName, points }).replace(/[+]/g, "\\+")) }).click();
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(edge - 1);
      await expect(page.getByRole("status")).toHaveText(t.keeper.allSent);

      // Two corrections of the away side: the second would go below zero, and is refused in the page's language.
      const away = page.locator("fieldset.keeper__plays").nth(0);
      for (let i = 0; i < points + 1; i++) await away.locator("button.keeper__correction").click();
      await expect(page.getByRole("alert")).toHaveText(t.api.belowZero);
      await expect(bugScore(watching, "away")).toHaveText("0");

      expect(await watching.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      await expectAccessible(watching);

      // Spoiler-safe: the viewer hides scores; the bug and the plays go, and stay gone on the next load (the server
      // renders none: the choice is this browser's cookie).
      await watching.getByRole("button", { name: t.spoilers.hide }).click();
      await expect(bug(watching)).toHaveCount(0);
      await expect(plays.getByText(t.spoilers.hidden)).toBeVisible();
      await expect(watching.getByRole("button", { name: t.spoilers.hide })).toHaveAttribute("aria-pressed", "true");
      await visit(watching, ch.url(`/watch/${id}`));
      await expect(watching.getByText(t.spoilers.hidden)).toBeVisible();
      await expect(bug(watching)).toHaveCount(0);
    });

    test("a key play becomes a clip a viewer plays, and the owner's hide takes it off the viewer's page", async ({ page, newContext, request, ownChannel: ch, signIn }) => {
      // The clip's page loads the site's player when the guest presses play (issue 28): a few seconds more.
      test.setTimeout(90_000);
      const t = copy(ch.lang, "scores");
      const id = await findEventNamed(request, ch, "live", "free", GAME);
      const { token } = await signIn(ch, "owner");
      const watching = await viewer(newContext, ch, id);
      await expect(bug(watching)).toBeVisible();

      // The scorekeeper taps a key play now: the viewer's page lists it at once, and its clip once that moment is
      // recorded and cut (a few seconds after the tap).
      const kp = { id: "00000000-0000-4000-8000-0000000000a1", at: Date.now(), action: { kind: "key_play", side: "home", player: "11", note: "Buzzer beater" } };
      await apiPost(request, ch, `events/${id}/score/taps`, { taps: [kp] }, { token });
      const keyPlays = watching.getByRole("region", { name: t.keyPlays.title });
      const item = keyPlays.getByTestId("key-play");
      await expect(item).toHaveCount(1);
      await expect(item).toContainText("Buzzer beater");
      // Marked on the seek bar too (the list's buttons are what a keyboard reaches).
      await expect(watching.getByTestId("seek-markers").locator(".player__mark")).toHaveCount(1);
      const watchClip = item.getByRole("link", { name: new RegExp(t.keyPlays.watchClip) });
      await expect(watchClip).toBeVisible({ timeout: 45_000 });
      await expectAccessible(watching);
      expect(await watching.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

      // The clip's page plays it, for anyone.
      const share = await watchClip.getAttribute("href");
      expect(share).toMatch(/^\/share\/\d+\/[0-9a-f-]{36}$/);
      const guest = await (await newContext()).newPage();
      expect((await guest.goto(ch.url(share!)))?.status()).toBe(200);
      // In the site's player, once the visitor presses play (issue 28).
      await expect(guest.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 20_000 });
      await guest.locator("[data-testid=share-play]").click();
      await expectPlaying(guest);

      // The owner hides it from their own watch page; it leaves the viewer's page without a reload, and the
      // owner still sees it, marked hidden.
      await visit(page, ch.url(`/watch/${id}`));
      const mine = page.getByRole("region", { name: t.keyPlays.title }).getByTestId("key-play");
      await mine.getByRole("button", { name: new RegExp(`^${t.keyPlays.hideOf.split(":")[0]}`) }).click();
      await expect(mine).toContainText(t.keyPlays.hiddenBadge);
      await expect(keyPlays).toHaveCount(0);
      await expect(watching.getByRole("region", { name: t.plays.title }).getByText("Buzzer beater")).toHaveCount(0);
    });

    test("a signed-in viewer's choice to hide scores follows the account to another browser", async ({ page, newContext, request, ownChannel: ch, signIn }) => {
      const t = copy(ch.lang, "scores");
      const id = await findEventNamed(request, ch, "live", "free", GAME);
      await signIn(ch, "viewer");
      await visit(page, ch.url(`/watch/${id}`));
      await expect(bug(page)).toBeVisible();
      const saved = page.waitForResponse((r) => r.url().includes("/action/spoilers") && r.request().method() === "POST");
      await page.getByRole("button", { name: t.spoilers.hide }).click();
      await expect(bug(page)).toHaveCount(0);
      expect((await saved).status()).toBe(200);

      // Another browser, no cookie of its own: signed in as the same account, it hides scores from the first render.
      const other = await newContext();
      await signInContext(other, request, ch, "viewer");
      const second = await other.newPage();
      await visit(second, ch.url(`/watch/${id}`));
      await expect(second.getByText(t.spoilers.hidden)).toBeVisible();
      await expect(bug(second)).toHaveCount(0);
      // Shown again there, and the first browser's next page shows them too (the account's choice wins).
      const shown = second.waitForResponse((r) => r.url().includes("/action/spoilers"));
      await second.getByRole("button", { name: t.spoilers.hide }).click();
      await shown;
      await expect(bug(second)).toBeVisible();
      await visit(page, ch.url(`/watch/${id}`));
      await expect(bug(page)).toBeVisible();
    });

    test("a viewer two minutes behind live sees the score as it was then, and the latest back at the edge", async ({ newContext, request, ownChannel: ch, signIn }) => {
      const t = copy(ch.lang, "scores");
      const p = copy(ch.lang, "player");
      const id = await findEventNamed(request, ch, "live", "free", GAME);
      // The scorekeeper's taps, each with its own time (as a queue sends them): 2–0 three minutes ago, 5–0 just now.
      const { token } = await signIn(ch, "owner");
      const now = Date.now();
      const tap = (n: number, secondsAgo: number, points: number) => ({ id: `00000000-0000-4000-8000-00000000000${n}`, at: now - secondsAgo * 1000, action: { kind: "adjust", side: "home", points } });
      await apiPost(request, ch, `events/${id}/score/taps`, { taps: [tap(1, 180, 2), tap(2, 20, 3)] }, { token });

      const watching = await viewer(newContext, ch, id);
      await expect(bugScore(watching, "home")).toHaveText("5");
      const video = watching.locator("video.player__video");
      await expect(video).toHaveJSProperty("paused", false);
      // Back two minutes with the player's own buttons, once the player is at the edge (five minutes into the game:
      // before its first seek lands, its position is 0).
      await expect.poll(() => currentTime(watching)).toBeGreaterThan(200);
      const before = await currentTime(watching);
      const step = seekStepOf(ch);
      const back = watching.getByRole("button", { name: fill(p.controls.back, { count: step }) });
      for (let i = 0; i < Math.ceil(120 / step); i++) await back.click();
      await expect.poll(() => currentTime(watching)).toBeLessThan(before - 100);
      await expect(bugScore(watching, "home")).toHaveText("2");
      const plays = watching.getByRole("region", { name: t.plays.title });
      await expect(plays.getByRole("listitem")).toHaveCount(1);
      await expect(plays.getByTestId("plays-later")).toHaveText(t.plays.later_one);

      // Back at the edge: the latest score and every play.
      await watching.getByRole("button", { name: p.controls.live }).click();
      await expect(bugScore(watching, "home")).toHaveText("5");
      await expect(plays.getByRole("listitem")).toHaveCount(2);
      await expect(plays.getByTestId("plays-later")).toHaveCount(0);
    });
  });
}

