// The honest waiting screen (issue 26): a game on air by its schedule with no encoder yet shows the channel's slate
// ("The broadcast will start soon" and the scheduled time), never the looped demo match; when the owner's encoder
// starts, the viewer's page switches to the picture without a reload. The game is added to the test's own channel
// with no media, as the console now creates them.
import { expect, expectAccessible, test, visit } from "./fixtures";
import { copy } from "./support/copy";
import { startEncoder } from "./support/encoder";
import { addEvents, findEventNamed } from "./support/events";
import { createLiveInput } from "./support/live-input";
import { expectPlaying, player } from "./support/player";

const t = copy("en", "player");
const NO_PICTURE = "Waiting for the encoder";

test.use({ channelSetup: { edit: addEvents({ key: "no-picture", name: NO_PICTURE, access_type: "free", start: { minutes: -5 }, duration: 120, media_key: null }) } });

test("a game without a picture shows the slate, then the encoder's picture without a reload", async ({ browser, page, request, ownChannel: ch, signIn }) => {
  // Real time: an encoder publishes while the viewer waits.
  test.setTimeout(180_000);
  const id = await findEventNamed(request, ch, "live", "free", NO_PICTURE);

  const viewer = await (await browser.newContext()).newPage();
  await visit(viewer, ch.url(`/watch/${id}`));
  const slate = viewer.getByTestId("watch-waiting");
  await expect(slate.getByRole("status")).toHaveText(t.waiting.title);
  await expect(slate).toContainText(t.waiting.scheduled);
  await expect(player(viewer)).toHaveCount(0);
  await expectAccessible(viewer);
  await viewer.evaluate(() => Object.assign(window, { __sameDocument: true }));

  // The owner creates a live input for the game and starts an encoder on it.
  await signIn(ch, "owner");
  const { publishUrl } = await createLiveInput(page, ch, id);
  const encoder = startEncoder(publishUrl);
  try {
    // The slate gives way to the player on the same page, and it plays the encoder's picture.
    await expect(player(viewer)).toBeVisible({ timeout: 60_000 });
    await expect(slate).toHaveCount(0);
    await expectPlaying(viewer);
    expect(await viewer.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  } finally {
    encoder.kill();
    await viewer.context().close();
  }
});
