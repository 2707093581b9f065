// The countdown → live switch of /watch/{id} (issue 5): the test's channel is loaded with a free game that starts a
// few seconds later; the page counts down and, without a reload, the player appears and plays. The French channel's
// countdown is in french.spec.ts.
import { expect, test, visit } from "./fixtures";
import { copy } from "./support/copy";
import { addEvents, findEventNamed } from "./support/events";
import { expectPlaying, player } from "./support/player";

const t = copy("en", "player");
/** Time enough to open the page before the start, on a loaded machine. */
const STARTS_IN_S = 10;
const TIP_OFF = "Tip-off in seconds";

test.use({ channelSetup: { edit: addEvents({ key: "tip-off", name: TIP_OFF, access_type: "free", start: { seconds: STARTS_IN_S }, duration: 60 }) } });

test("an upcoming event switches to the player when it starts", async ({ page, request, ownChannel: ch }) => {
  const id = await findEventNamed(request, ch, "upcoming", "free", TIP_OFF);
  await visit(page, ch.url(`/watch/${id}`));
  const countdown = page.getByTestId("watch-countdown");
  await expect(countdown).toContainText(t.upcoming.title);
  await expect(countdown.getByRole("timer")).toHaveAttribute("data-seconds", /^[1-9]\d*$/);
  await expect(player(page)).toHaveCount(0);
  // A marker on the window survives only if the page is never reloaded.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  // The switch comes at the start the channel was loaded with, however long opening the page took.
  const untilStart = ch.loadedAt + STARTS_IN_S * 1000 - Date.now();
  await expect(player(page)).toBeVisible({ timeout: Math.max(0, untilStart) + 10_000 });
  await expect(countdown).toHaveCount(0);
  await expectPlaying(page);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
