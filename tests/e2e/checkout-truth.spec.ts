// Checkout says what is true (issue 28), on both demo channels: an upcoming game's trial offer says it starts a free
// trial and its checkout shows the trial's total from the server's first render through the purchase (never the full
// price), with a monthly plan renewing "every month"; a visitor from a blocked country is told at checkout, before
// paying; a pay-per-view order on the profile names its event and no renewal; and the purchase is receipted by mail.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, visit } from "./fixtures";
import { apiGet } from "./support/api";
import type { TestChannel } from "./support/channels";
import { buy, payButton, ppvEvents, products, runOrderPoll, typeCard } from "./support/commerce";
import { copy, fill } from "./support/copy";
import { listEvents } from "./support/events";

/** Every "Total due today" the page has shown since it started loading (recorded from the first paint on). */
async function recordDueToday(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __dueToday: string[] }).__dueToday = []);
    const record = () => {
      const text = document.querySelector("[data-testid=due-today]")?.textContent;
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
    document.addEventListener("DOMContentLoaded", record);
  });
  return () => page.evaluate(() => (window as unknown as { __dueToday: string[] }).__dueToday);
}

const amountOf = (text: string) => Number(text.replace(/\s/g, "").replace(",", ".").replace(/[^\d.]/g, ""));

for (const template of ["alpha", "beta"] as const) {
  const lang = template === "alpha" ? "en" : "fr";
  const c = copy(lang, "commerce");
  const cal = copy(lang, "calendar");
  const o = copy(lang, "orders");

  test.describe(template, () => {
    test.use({ template, channelSetup: { settings: { "geo.blocked_countries": ["RU", "BY"] } } });

    test("a game's trial offer starts a free trial; its checkout shows the trial's total from the first render to the end", async ({ page, request, ownChannel: ch, signIn }) => {
      const sub = (await products(request, ch)).find((p) => p.kind === "subscription" && p.trial_period > 0)!;
      expect(sub, "a subscription with a trial").toBeTruthy();
      const [game] = await listEvents(request, ch, "upcoming", "paid");
      expect(game, "an upcoming paid game").toBeTruthy();
      const fan = await signIn(ch, "fan");
      await page.clock.install();
      const shown = await recordDueToday(page);

      await visit(page, ch.url(`/watch/${game!.id}`));
      const start = fill(c.buy.startTrial, { days: sub.trial_period });
      const offer = page.getByTestId("event-offer-action");
      await expect(offer).toHaveText(fill(cal.offer.startTrial_other, { count: sub.trial_period }));
      await offer.click();
      await expect(page).toHaveURL(new RegExp(`/buy\\?subscription_id=${sub.id}`));
      await expect(page.getByTestId("due-today")).toHaveText(/^0[.,]00|\$0\.00/);
      await expect(payButton(page)).toHaveText(start);
      // Charged on calendar months, so it says "every month", not "every 30 days".
      await expect(page.locator(".invoice__later").last()).toContainText(c.buy.periodMonth);
      await expectAccessible(page);

      await typeCard(page, c, "4242424242424242");
      await payButton(page).click();
      await runOrderPoll(page, request, ch, fan.token);
      await expect(page).toHaveURL(new RegExp(`/watch/${game!.id}$|/profile`));
      // From the server's render through the polling and the way out: the trial's total, never the full price.
      const totals = await shown();
      expect(totals.length, "the total was shown").toBeGreaterThan(0);
      expect(totals.map(amountOf)).toEqual(totals.map(() => 0));
    });

    test("a visitor from a blocked country is told at checkout, before paying", async ({ page, request, ownChannel: ch, signIn }) => {
      const [eventId] = await ppvEvents(request, ch);
      await signIn(ch, "fan");
      await page.setExtraHTTPHeaders({ "x-simulate-country": "RU" });
      await visit(page, ch.url(`/buy?event_id=${eventId}`));
      await expect(page.getByTestId("region-blocked").getByRole("alert")).toHaveText(c.messages.regionBlocked);
      await expect(payButton(page)).toHaveCount(0);
      await expectAccessible(page);
      // From an allowed country the same checkout is offered.
      await page.setExtraHTTPHeaders({ "x-simulate-country": "US" });
      await visit(page, ch.url(`/buy?event_id=${eventId}`));
      await expect(page.getByTestId("region-blocked")).toHaveCount(0);
      await expect(payButton(page)).toBeVisible();
    });

    test("a pay-per-view order names its event and no renewal, and its receipt is mailed", async ({ page, request, ownChannel: ch, signIn }) => {
      const [eventId] = await ppvEvents(request, ch);
      const fan = await signIn(ch, "fan");
      const ppv = (await products(request, ch)).find((p) => p.event_id === eventId)!;
      const orderId = await buy(request, ch, fan.token, { event_id: eventId, single_event_package_id: ppv.id });
      await visit(page, ch.url("/profile"));
      const order = page.locator(`[data-testid=order][data-order-id="${orderId}"]`);
      const validity = order.getByTestId("order-validity");
      await expect(validity).toHaveAttribute("data-kind", "event");
      await expect(validity.getByRole("link")).toHaveAttribute("href", `/watch/${eventId}`);
      await expect(order).toContainText(o.orders.oneOff);
      await expect(order).not.toContainText(o.orders.noEnd);
      await expectAccessible(page);
      await expect.poll(() => receiptFor(request, ch, fan.email, orderId), { timeout: 20_000 }).toBe(true);
    });
  });
}

/** Whether the channel's dev outbox holds the receipt of this order for this buyer. */
async function receiptFor(request: Parameters<typeof apiGet>[0], ch: TestChannel, email: string, orderId: number): Promise<boolean> {
  const mails = await apiGet<{ kind: string; to: string; text: string }[]>(request, ch, "dev/outbox?limit=50");
  return mails.some((m) => m.kind === "order_receipt" && m.to === email && m.text.includes(`#${orderId}`));
}
