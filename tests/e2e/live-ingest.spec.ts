// Going live from an encoder (issue 16), as a channel owner does it: in /console/live, create a live input for an
// upcoming event and read its RTMP URL and stream key from the page; an encoder (ffmpeg's test pattern) publishes to
// the local ingest the e2e server runs (scripts/ingest-local.ts); the event goes live with the encoder's stream (not
// the looped demo) and plays in Chromium; when the encoder stops, the event is finished and plays its recording, as
// long as the encoder published; meanwhile the home's card of the event says "Interrupted" while the encoder is away.
// The encoder publishes until the test has watched it live and stops it, so how fast
// the machine is cannot end the broadcast before a viewer saw it. The event is an upcoming registered-viewer game of
// the test's own channel.
import type { Page, Response } from "@playwright/test";
import { acceptCookies, expect, expectAccessible, test, visit } from "./fixtures";
import { copy, fill } from "./support/copy";
import { findEvent } from "./support/events";
import { startEncoder } from "./support/encoder";
import { expectPlaying } from "./support/player";

const v = copy("en", "video");
const common = copy("en", "common");
const player = copy("en", "player");

const manifestOf = (page: Page) => page.waitForResponse((r: Response) => /\/api\/media\/event\/\d+\/manifest\.mpd/.test(r.url()) && r.status() === 200, { timeout: 30_000 });
const row = (page: Page, id: number) => page.locator(`li[data-event-id="${id}"]`);
/** "3 segments received (6 s)." in any count: the words around the numbers. */
const segmentsReceived = new RegExp(
  [v.live.segments_one, v.live.segments_other].map((text) => fill(text.replace(/[().]/g, "\\$&"), { count: "\\d+", seconds: "\\d+" })).join("|"),
);

test("an owner goes live from an encoder, viewers watch it live, then as a finished event", async ({ page, request, ownChannel: ch, signIn }) => {
  // Real time: the encoder publishes while the test watches, then the ingest packages the recording.
  test.setTimeout(240_000);
  const id = await findEvent(request, ch, "upcoming", "register", { noPreroll: true });
  const startedAt = Date.now();

  await signIn(ch, "owner");
  await visit(page, ch.url("/console/live"));
  await acceptCookies(page);
  await expect(page.getByRole("heading", { level: 1, name: v.live.title })).toBeVisible();
  const event = row(page, id);
  await expect(event.locator("[data-status]")).toHaveAttribute("data-status", "none");
  await event.getByRole("button", { name: v.live.create }).click();
  await expect(event.getByRole("status").filter({ hasText: v.live.created })).toBeVisible();
  await expect(event.locator("[data-status]")).toHaveAttribute("data-status", "idle");
  const rtmp = await event.getByLabel(v.live.rtmpUrl).inputValue();
  const key = await event.getByLabel(v.live.streamKey).inputValue();
  expect(rtmp).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
  expect(key.length).toBeGreaterThan(16);
  await expectAccessible(page);

  // A wrong stream key first (issue 29): the ingest refuses the encoder, and the console tells the owner when.
  const wrong = startEncoder(`${rtmp}/not-the-stream-key`);
  try {
    await expect(event.locator(".live-input__refused")).toContainText(v.live.wrongKey.split("<when/>")[0]!, { timeout: 30_000 });
  } finally {
    wrong.kill();
  }
  await expectAccessible(page);

  const encoder = startEncoder(`${rtmp}/${key}`);
  try {
    // The page refreshes itself: the input turns live once the first segments are in.
    await expect(event.locator("[data-status]")).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
    await expect(event.getByText(segmentsReceived)).toBeVisible();
    // In with the right key: the refusal is old news.
    await expect(event.locator(".live-input__refused")).toHaveCount(0);
    // What the encoder sends, as the ingest read it.
    await expect(event.locator(".live-input__encoder")).toContainText(fill(v.live.encoderVideo, { codec: "H264", width: 320, height: 180 }));

    // Live: the event's manifest is the encoder's (one 320×180 rendition, starting now), not the looped demo's.
    const live = manifestOf(page);
    await visit(page, ch.url(`/watch/${id}`));
    const mpd = await (await live).text();
    expect(mpd).toContain('type="dynamic"');
    expect(mpd).toContain('width="320"');
    expect(mpd).not.toContain('width="1280"');
    const availability = Date.parse(/availabilityStartTime="([^"]+)"/.exec(mpd)![1]!);
    expect(availability).toBeGreaterThanOrEqual(startedAt - 5_000);
    await expectPlaying(page);
    // The page holds the event's live-state channel: it counts itself among those watching (issue 26).
    await expect(page.getByTestId("watching")).toHaveText(fill(common.events.watching_one, { count: 1 }));
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  } catch (error) {
    encoder.kill();
    throw error;
  }

  // The encoder stops. A stop and a drop look the same to the ingest: the broadcast waits for the encoder during the
  // channel's grace period (5 minutes), and the viewer's page says so without a reload (issue 26).
  const published = await encoder.stop();
  expect(published.code, "the encoder's exit code").toBe(0);
  expect(published.seconds, "seconds published").toBeGreaterThan(4);
  await expect(page.getByTestId("watch-interrupted").getByRole("status")).toHaveText(player.interrupted.title, { timeout: 30_000 });
  // The home's live rail says so too: the event's card reads "Interrupted" in place of "Live".
  const home = await page.context().newPage();
  await visit(home, ch.url("/"));
  const card = home.locator(`[data-section="live"] article[data-event-id="${id}"]`);
  await expect(card.locator(".badge--interrupted")).toHaveText(common.events.status.interrupted);
  await expect(card.locator(".badge--live")).toHaveCount(0);
  // Its artwork is a frame of the broadcast itself (issue 28), at the encoder's picture size.
  const art = card.locator("img.event-card__poster");
  await expect(art).toHaveAttribute("src", new RegExp(`^/api/events/${id}/frame\\.jpg\\?v=l\\d+$`));
  await expect.poll(() => art.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(320);
  // The owner ends it now from the console (another tab); the viewer's page turns to the finished event.
  const owner = await page.context().newPage();
  await visit(owner, ch.url("/console/live"));
  await expect(row(owner, id).locator("[data-status]")).toHaveAttribute("data-status", "reconnecting");
  await expect(row(owner, id).getByText(v.live.reconnectingNote)).toBeVisible();
  await row(owner, id).getByRole("button", { name: v.live.end }).click();
  await expect(row(owner, id).getByRole("status").filter({ hasText: v.live.ended })).toBeVisible();
  await expect(row(owner, id).locator("[data-status]")).toHaveAttribute("data-status", "ended");
  await expect(page.locator(".event-header .badge--live")).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator(".event-header .badge--finished")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  // And its card leaves the live rail for the recent one.
  await expect(home.locator(`[data-section="live"] article[data-event-id="${id}"]`)).toHaveCount(0, { timeout: 30_000 });
  await owner.close();
  await home.close();

  // Finished: the recording is the event's media, a static manifest of the stream's length. (Away first: the page
  // followed the event and already plays the recording, so the manifest read must be the next page's.)
  await page.goto("about:blank");
  const finished = manifestOf(page);
  await visit(page, ch.url(`/watch/${id}`));
  const vod = await (await finished).text();
  expect(vod).toContain('type="static"');
  expect(vod).not.toContain('width="1280"');
  const seconds = Number(/mediaPresentationDuration="PT([\d.]+)S"/.exec(vod)![1]);
  expect(seconds).toBeGreaterThanOrEqual(published.seconds - 2);
  expect(seconds).toBeLessThanOrEqual(published.seconds + 4);
  await expectPlaying(page);
});
