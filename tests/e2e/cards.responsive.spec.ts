// Issue 28 on both channels and both sizes: honest paywalls on event cards (a lock and the price or the pass that
// opens the event, "Free with an account", "Included" for what the viewer holds: the API's Event.offer), the
// profile's transactions readable on a phone, the player's load timeout with Retry, and SPEC §2's query parameters
// filtering the lists. Screenshots are kept with the run's artifacts.
import type { Page, TestInfo } from "@playwright/test";
import type { Event, Location } from "../../api/contract/catalogue";
import type { Product, Transaction } from "../../api/contract/commerce-types";
import { FIRST_FRAME_TIMEOUT_MS } from "../../app/features/player/network";
import { money } from "../../app/lib/money";
import { acceptCookies, expect, expectAccessible, test, visit } from "./fixtures";
import { apiGet } from "./support/api";
import { buy } from "./support/commerce";
import { copy } from "./support/copy";
import { findEvent } from "./support/events";
import { expectPlaying, player } from "./support/player";

const mobile = (testInfo: TestInfo) => testInfo.project.name === "mobile";

async function keepShot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

for (const template of ["alpha", "beta"] as const) {
  test.describe(template, () => {
    test.use({ template });

    test("cards show a lock and the price or the pass, as the API offers it; a register event says an account opens it", async ({ page, request, sharedChannel: ch }, testInfo) => {
      const common = copy(ch.lang, "common");
      const events = await apiGet<Event[]>(request, ch, "events?status=upcoming&limit=100");
      const sold = events.find((e) => e.offer?.kind === "event") ?? events.find((e) => e.offer?.kind === "pass");
      const account = events.find((e) => e.offer?.kind === "account");
      const free = events.find((e) => e.access_type === "free");
      expect(sold, `${template}: an upcoming event on sale`).toBeTruthy();
      expect(account, `${template}: an upcoming register event`).toBeTruthy();
      await visit(page, ch.url("/upcoming?limit=100"));
      await acceptCookies(page);

      const card = page.locator(`.event-card[data-event-id="${sold!.id}"]`);
      const offer = card.getByTestId("card-offer");
      await offer.scrollIntoViewIfNeeded();
      // The lock is an image named "Locked"; the price in the channel's currency and language, as the API priced it.
      await expect(offer.getByRole("img", { name: common.events.offer.locked })).toBeVisible();
      const o = sold!.offer as Extract<Event["offer"], { price: number }>;
      await expect(offer.locator(".card-offer__price")).toContainText(money(o.price, o.currency, ch.lang));
      if (o.kind === "pass") await expect(offer).toContainText(o.name);
      else await expect(offer).toContainText(common.events.offer.event);
      await expect(page.locator(`.event-card[data-event-id="${account!.id}"]`).getByTestId("card-offer")).toHaveText(common.events.offer.account);
      if (free) await expect(page.locator(`.event-card[data-event-id="${free.id}"]`).getByTestId("card-offer")).toHaveCount(0);
      // The price line stays inside its card (no overflow on a phone).
      const [c, p] = [(await card.boundingBox())!, (await offer.boundingBox())!];
      expect(p.x + p.width).toBeLessThanOrEqual(c.x + c.width + 1);
      await expectAccessible(page);
      await card.scrollIntoViewIfNeeded();
      await keepShot(page, testInfo, `cards-${template}`);
    });

    test("a viewer holding a plan sees what it opens as included, not priced", async ({ page, request, ownChannel: ch, signIn }, testInfo) => {
      const common = copy(ch.lang, "common");
      const fan = await signIn(ch, "fan");
      const plans = await apiGet<Product[]>(request, ch, "subscriptions");
      const plan = plans.find((p) => p.period === "annual" && p.trial_period === 0) ?? plans[0]!;
      await buy(request, ch, fan.token, { subscription_id: plan.id });
      const events = await apiGet<Event[]>(request, ch, "events?status=upcoming&limit=100&access_type=paid", { token: fan.token });
      const held = events.find((e) => e.has_access);
      expect(held, `${template}: a paid event the plan opens`).toBeTruthy();
      expect(held!.offer).toBeNull();
      await visit(page, ch.url("/upcoming?limit=100&access_type=paid"));
      await acceptCookies(page);
      const offer = page.locator(`.event-card[data-event-id="${held!.id}"]`).getByTestId("card-offer");
      await expect(offer).toHaveAttribute("data-offer", "included");
      await expect(offer).toHaveText(common.events.offer.included);
      await expect(page.locator('[data-testid="card-offer"][data-offer="pass"], [data-testid="card-offer"][data-offer="event"]').first()).toHaveCount(0);
      await offer.scrollIntoViewIfNeeded();
      await keepShot(page, testInfo, `cards-included-${template}`);
    });

    test("transactions: status and amount in view on a phone, a table on a desktop", async ({ page, request, ownChannel: ch, signIn }, testInfo) => {
      const orders = copy(ch.lang, "orders");
      const fan = await signIn(ch, "fan");
      const plans = await apiGet<Product[]>(request, ch, "subscriptions");
      const plan = plans.find((p) => p.period === "annual" && p.trial_period === 0) ?? plans[0]!;
      await buy(request, ch, fan.token, { subscription_id: plan.id });
      const transactions = await apiGet<Transaction[]>(request, ch, "transactions", { token: fan.token });
      await visit(page, ch.url("/profile/transactions"));
      await acceptCookies(page);
      const table = page.getByRole("table");
      await expect(table).toBeVisible();
      await expect(page.getByTestId("transaction")).toHaveCount(transactions.length);
      const row = page.getByTestId("transaction").first();
      const view = page.viewportSize()!;
      for (const cell of [row.locator(".transactions__status"), row.locator(".transactions__amount")]) {
        await expect(cell).toBeVisible();
        const box = (await cell.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(view.width);
      }
      await expect(row.locator(".transactions__status")).toContainText(orders.transactionStatus[transactions[0]!.status]);
      await expect(row.locator(".transactions__amount")).toContainText("$");
      // Nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(view.width);
      // A desktop keeps the column headers in view; a phone names each cell instead.
      const header = page.getByRole("columnheader", { name: orders.transactions.amount });
      if (mobile(testInfo)) await expect(row.locator(".transactions__amount")).toHaveAttribute("data-label", orders.transactions.amount);
      else await expect(header).toBeVisible();
      await expectAccessible(page);
      await keepShot(page, testInfo, `transactions-${template}`, true);
    });
  });
}

test.describe("player", () => {
  test("a manifest that never answers ends in the error state with Retry, which loads the stream again", async ({ page, request, ownChannel: ch }, testInfo) => {
    const t = copy("en", "player");
    const id = await findEvent(request, ch, "live", "free", { noPreroll: true });
    let hang = true;
    // A request the network never answers: the handler neither fulfils, continues nor aborts it.
    await page.route(/manifest\.mpd/, (route) => (hang ? undefined : route.continue()));
    await page.clock.install();
    await visit(page, ch.url(`/watch/${id}`));
    await expect(player(page)).toHaveAttribute("data-status", "loading");
    // The page's clock runs past the load watchdog (shaka's request timers ride on it too).
    await page.clock.runFor(FIRST_FRAME_TIMEOUT_MS + 1_000);
    await expect(player(page)).toHaveAttribute("data-status", "error");
    const error = page.getByTestId("player-error");
    // Whichever gives up first, shaka's request timeouts or the first-frame watchdog, the viewer reads that it took too long.
    await expect(error).toHaveAttribute("data-failure", "timeout");
    await expect(error.getByRole("alert")).toHaveText(t.loadTimeout);
    const retry = error.getByRole("button", { name: t.retry });
    await expect(retry).toBeVisible();
    await expectAccessible(page);
    await page.locator(".watch__stage").screenshot({ path: testInfo.outputPath(`player-timeout-${testInfo.project.name}.png`) });
    // The network is back: Retry (by keyboard) loads the stream and it plays.
    hang = false;
    await retry.focus();
    await page.keyboard.press("Enter");
    await expect(player(page)).toHaveAttribute("data-status", "ready");
    await expectPlaying(page);
  });
});

test.describe("query parameters", () => {
  test("location and type filter the lists; an invalid value is dropped, not an error", async ({ page, request, sharedChannel: ch }) => {
    const all = await apiGet<Event[]>(request, ch, "events?status=upcoming&limit=100");
    const venue = (await apiGet<Location[]>(request, ch, "events-locations")).find((l) => all.some((e) => e.location_id === l.id))!;
    const listed = () => page.locator(".event-card").evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-event-id"))));

    await visit(page, ch.url(`/upcoming?limit=100&location=${encodeURIComponent(venue.name)}`));
    const atVenue = all.filter((e) => e.location_id === venue.id).map((e) => e.id);
    expect((await listed()).sort()).toEqual(atVenue.sort());

    await visit(page, ch.url("/upcoming?limit=100&type=ppv"));
    const ppv = all.filter((e) => e.access_type === "ppv").map((e) => e.id);
    expect((await listed()).sort()).toEqual(ppv.sort());

    // An invalid type is dropped: the whole list.
    await visit(page, ch.url("/upcoming?limit=100&type=gold"));
    expect((await listed()).length).toBe(all.length);
  });

  test("the library: vod_id opens the item, category_id lists the category", async ({ page, request, sharedChannel: ch }) => {
    type Item = { id: number; title: string; category_id: number | null };
    const items = await apiGet<Item[]>(request, ch, "vod-media-items?limit=100");
    const item = items.find((i) => i.category_id !== null)!;
    await visit(page, ch.url(`/vod_library?vod_id=${item.id}`));
    await expect(page).toHaveURL(ch.url(`/vod_library/${item.id}`));
    await visit(page, ch.url(`/vod_library?category_id=${item.category_id}`));
    const section = page.getByTestId("vod-category");
    await expect(section).toHaveAttribute("data-category-id", String(item.category_id));
    await expect(section.getByRole("link", { name: item.title })).toBeVisible();
  });
});
