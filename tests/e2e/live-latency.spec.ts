// Low-latency live and reconnects (issue 26), as a viewer sees them: an encoder pushes a 1280×720 30 fps test pattern
// with its time burned into the picture (support/encoder.ts) to the local ingest; a viewer who waits on the game's
// page sees the picture arrive without a reload, and the page reads the encoder's time from the frames it shows: the
// wall clock minus when the encoder sent that picture is the glass-to-glass latency. The figures are kept in the report (the bench holds the
// goals); the test proves the low-latency path is taken, well under the 12 s a whole-segment pipeline gives. Then the
// encoder drops (killed, no goodbye) and comes back: the viewer is told the broadcast was interrupted and gets the
// picture back on the same page, and the console shows the break; the owner ends it and the recording plays.
import { expect, expectAccessible, test, visit } from "./fixtures";
import { copy } from "./support/copy";
import { CLOCK_BITS, CLOCK_BOX, readClockInPage, startEncoder } from "./support/encoder";
import { addEvents, findEventNamed } from "./support/events";
import { createLiveInput } from "./support/live-input";
import { expectPlaying, player } from "./support/player";

const v = copy("en", "video");
const p = copy("en", "player");
const GAME = "Latency check";

test.use({ channelSetup: { edit: addEvents({ key: "latency", name: GAME, access_type: "free", start: { minutes: -5 }, duration: 120, media_key: null }) } });

test("a 720p30 push reaches a waiting viewer's screen within seconds, in low latency, and an encoder that drops comes back to the same event", async ({ browser, page, request, ownChannel: ch, signIn }) => {
  test.setTimeout(240_000);
  const id = await findEventNamed(request, ch, "live", "free", GAME);
  const viewer = await (await browser.newContext()).newPage();
  const manifest = viewer.waitForResponse((r) => /\/manifest\.mpd/.test(r.url()) && r.status() === 200, { timeout: 90_000 });
  await visit(viewer, ch.url(`/watch/${id}`));
  await expect(viewer.getByTestId("watch-waiting")).toBeVisible();

  await signIn(ch, "owner");
  const { row, publishUrl } = await createLiveInput(page, ch, id);
  const encoder = startEncoder(publishUrl, { hd: true });
  try {
    await expect(player(viewer)).toBeVisible({ timeout: 60_000 });
    // The encoder's broadcast is low-latency: segments are fetched while they are written.
    expect(await (await manifest).text()).toContain("availabilityTimeOffset");
    const read = () => viewer.evaluate(readClockInPage, [CLOCK_BITS, CLOCK_BOX] as [number, typeof CLOCK_BOX]);
    await expect.poll(read, { timeout: 30_000 }).not.toBeNull();
    const firstFrameMs = Date.now() - encoder.clockStart();
    // Samples while it plays: each is the wall clock when the frame was read minus the picture's own time.
    const samples: number[] = [];
    await expect
      .poll(
        async () => {
          const clock = await read();
          if (clock) samples.push(clock.at - encoder.sentAt(clock.pictureS));
          return samples.length;
        },
        { timeout: 60_000, intervals: [500] },
      )
      .toBeGreaterThanOrEqual(20);
    const sorted = [...samples].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    test.info().annotations.push({ type: "latency", description: `push to first frame ${firstFrameMs} ms; glass to glass median ${Math.round(median)} ms (${sorted.map(Math.round).join(", ")})` });

    console.log(`latency: first frame ${firstFrameMs} ms, median ${Math.round(median)} ms, samples ${sorted.map(Math.round).join(",")}`);
    expect(median, "glass-to-glass latency, ms").toBeGreaterThan(0);
    // A loose bound (the bench holds the goal, measured on a quiet machine): CI runs this next to other tests.
    expect(median, "glass-to-glass latency, ms").toBeLessThan(10_000);
  } catch (error) {
    encoder.kill();
    await viewer.context().close();
    throw error;
  }

  // The encoder drops: the viewer's page says the broadcast was interrupted, the console that it waits for the encoder.
  encoder.kill();
  const droppedAt = Date.now();
  await viewer.evaluate(() => Object.assign(window, { __sameDocument: true }));
  const interrupted = viewer.getByTestId("watch-interrupted");
  await expect(interrupted.getByRole("status")).toHaveText(p.interrupted.title, { timeout: 30_000 });
  await expectAccessible(viewer);
  await expect(row.locator("[data-status]")).toHaveAttribute("data-status", "reconnecting", { timeout: 15_000 });

  // It comes back: the same event goes on, on the same page, and the console shows the break.
  const again = startEncoder(publishUrl, { hd: true });
  try {
    await expect(player(viewer)).toBeVisible({ timeout: 60_000 });
    await expect(interrupted).toHaveCount(0);
    await expectPlaying(viewer);
    const awayS = Math.round((again.clockStart() - droppedAt) / 1000);
    test.info().annotations.push({ type: "reconnect", description: `encoder away ${awayS} s; picture back ${Date.now() - again.clockStart()} ms after it returned` });
    await expect(row.locator("[data-status]")).toHaveAttribute("data-status", "connected", { timeout: 15_000 });
    await expect(row.locator(".live-input__gaps li")).toHaveCount(1);
    expect(await viewer.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  } finally {
    again.kill();
  }

  // Over: the owner ends it without waiting the grace period, and the viewer's page turns to the recording.
  await expect(row.locator("[data-status]")).toHaveAttribute("data-status", "reconnecting", { timeout: 15_000 });
  await row.getByRole("button", { name: v.live.end }).click();
  await expect(row.locator("[data-status]")).toHaveAttribute("data-status", "ended");
  await expect(viewer.locator(".event-header .badge--finished")).toBeVisible({ timeout: 30_000 });
  await expectPlaying(viewer);
  expect(await viewer.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await viewer.context().close();
});
