// The simultaneous-streams limit as viewers meet it (issue 13). Each test's buyer is an account of its own channel
// holding one pay-per-view pass, whose limit is 1 stream, bought through the API with the sandbox's 4242 card. The
// channel's players confirm their streams every 5 s (`streams.heartbeat_s`), so a stopped stream is noticed in
// seconds. The French channel's limit prompt is in french.spec.ts.
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import type { StreamInfo } from "../../api/contract/streams";
import { expect, expectAccessible, hydrated, signIn as signInBrowser, test, visit, type TestChannel } from "./fixtures";
import { apiGet } from "./support/api";
import { buy, ppvEvents, products } from "./support/commerce";
import { copy, fill } from "./support/copy";
import { expectPlaying, player, video } from "./support/player";
import { linkTv } from "./support/tv";

const p = copy("en", "player");
const s = copy("en", "sessions");
const BUYER = "buyer@streams.test";
const HEARTBEAT_S = 5;

test.use({ channelSetup: { settings: { "streams.heartbeat_s": HEARTBEAT_S }, users: [{ email: BUYER }] } });

/** Buys the single-event pass of a finished pay-per-view event for the signed-in buyer: the event it plays. */
async function buyPpvPass(request: APIRequestContext, ch: TestChannel, token: string): Promise<number> {
  const [eventId] = await ppvEvents(request, ch);
  const pass = (await products(request, ch)).find((product) => product.event_id === eventId)!;
  await buy(request, ch, token, { single_event_package_id: pass.id });
  return eventId!;
}

/** Another browser of the buyer's, signed in. */
async function secondBrowser(browser: Browser, request: APIRequestContext, ch: TestChannel): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInBrowser(context, request, ch, BUYER);
  return { context, page };
}

test("a TV plays the paid event; the phone meets the limit, which names the TV, stops the TV's stream and plays", async ({ browser, page, request, ownChannel: ch, signIn }) => {
  // Two browsers, a TV linked by code and an accessibility check: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const { token } = await signIn(ch, BUYER);
  const eventId = await buyPpvPass(request, ch, token);
  const { tv: tvContext, screen: tv } = await linkTv(browser, page, ch);

  await visit(tv, ch.url(`/watch/${eventId}`));
  await expectPlaying(tv);

  await visit(page, ch.url(`/watch/${eventId}`));
  const prompt = page.getByTestId("watch-streams");
  await expect(prompt.getByText(fill(p.streams.limit_one, { count: 1 }))).toBeVisible();
  const tvStream = prompt.getByRole("listitem");
  await expect(tvStream).toHaveCount(1);
  // Named as the Devices tab names it (the API's reading of its user agent).
  await expect(tvStream).toContainText(fill(s.name.tv, { model: "Samsung TV" }));
  await expectAccessible(page);
  await tvStream.getByRole("button", { name: p.streams.stop }).focus();
  await page.keyboard.press("Enter");
  await expectPlaying(page);
  await tvContext.close();
});

test("a browser whose stream another device stopped is told why at its next heartbeat, and asking again names that device", async ({ browser, page, request, ownChannel: ch, signIn }) => {
  // Two browsers playing and an accessibility check: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const { token } = await signIn(ch, BUYER);
  const eventId = await buyPpvPass(request, ch, token);
  const { context: laptopContext, page: laptop } = await secondBrowser(browser, request, ch);
  await visit(laptop, ch.url(`/watch/${eventId}`));
  await expectPlaying(laptop);

  await visit(page, ch.url(`/watch/${eventId}`));
  await page.getByTestId("watch-streams").getByRole("button", { name: p.streams.stop }).click();
  await expectPlaying(page);

  // The laptop learns at its next heartbeat that another device took the slot; its video is gone.
  const stopped = laptop.getByTestId("watch-stream-stopped");
  await expect(stopped.getByRole("alert")).toHaveText(p.streams.stopped, { timeout: HEARTBEAT_S * 1000 + 10_000 });
  await expect(video(laptop)).toHaveCount(0);
  await expectAccessible(laptop);
  // Asking again while this browser plays shows its stream, which the laptop may stop in turn.
  await stopped.getByRole("button", { name: p.streams.watchHere }).click();
  await expect(laptop.getByTestId("watch-streams").getByRole("listitem")).toContainText(fill(s.name.browserOn, { browser: "Chrome", os: "Windows" }));
  await laptopContext.close();
});

test("a second browser meets the limit; once the first leaves the watch page, it plays", async ({ browser, page, request, ownChannel: ch, signIn }) => {
  // Two browsers playing: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const { token } = await signIn(ch, BUYER);
  const eventId = await buyPpvPass(request, ch, token);
  await visit(page, ch.url(`/watch/${eventId}`));
  await expectPlaying(page);

  const { context: laptopContext, page: laptop } = await secondBrowser(browser, request, ch);
  await visit(laptop, ch.url(`/watch/${eventId}`));
  const prompt = laptop.getByTestId("watch-streams");
  await expect(prompt.getByText(fill(p.streams.limit_one, { count: 1 }))).toBeVisible();
  await expect(prompt.getByRole("button", { name: p.streams.stop })).toBeVisible();

  // Leaving the watch page (a link in the app, so the player unmounts) releases the stream at once with the player's
  // release beacon, long before it would expire.
  await page.getByRole("banner").getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL(ch.url("/"));
  await expect.poll(() => apiGet<StreamInfo[]>(request, ch, "streams", { token }), { message: "the account's streams" }).toEqual([]);
  await laptop.reload();
  await hydrated(laptop);
  await expect(player(laptop)).toBeVisible();
  await expectPlaying(laptop);
  await laptopContext.close();
});
