// The profile's orders and transactions, cancelling auto-renewal, /simulate and the watch page's covering passes
// (issue 6). Purchases are made through the API with the sandbox's 4242 card (support/commerce.ts `buy`), as the
// checkout page would, by the fan of a channel of the test's own, so these tests are about what the profile and
// /simulate show. /simulate only reads the catalogue: those tests share the worker's channel. The French channel's
// profile and /simulate are in french.spec.ts.
import type { APIRequestContext, Page } from "@playwright/test";
import type { Order, Product, SimulateResultWire, Transaction } from "../../api/contract/commerce-types";
import { expect, expectAccessible, hydrated, test, visit, type TestChannel } from "./fixtures";
import { apiGet } from "./support/api";
import { buy } from "./support/commerce";
import { copy } from "./support/copy";
import { findEvent } from "./support/events";

const o = copy("en", "orders");
const auth = copy("en", "auth");
const player = copy("en", "player");

/** The channel's auto-renewing annual plan (no trial). */
async function annualPlan(request: APIRequestContext, ch: TestChannel): Promise<Product> {
  const subscriptions = await apiGet<Product[]>(request, ch, "subscriptions");
  const plan = subscriptions.find((s) => s.period === "annual" && s.trial_period === 0) ?? subscriptions[0];
  expect(plan, "a subscription").toBeTruthy();
  return plan!;
}

const orderCard = (page: Page, orderId: number) => page.locator(`[data-testid="order"][data-order-id="${orderId}"]`);

test("a bought subscription is listed with its renewal, logins and capabilities, and its payment in transactions", async ({ page, request, ownChannel: ch, signIn }) => {
  const fan = await signIn(ch, "fan");
  const plan = await annualPlan(request, ch);
  const orderId = await buy(request, ch, fan.token, { subscription_id: plan.id });
  await visit(page, ch.url("/profile"));
  const card = orderCard(page, orderId);
  await expect(card.getByRole("heading", { name: plan.name })).toBeVisible();
  await expect(card.getByTestId("order-status")).toHaveText(o.status.paid);
  await expect(card.getByTestId("order-renewal")).toHaveText(o.renewal.active);
  await expect(card.getByTestId("order-amount")).toContainText("$");
  if (plan.simultaneous_logins !== null) await expect(card.getByTestId("order-logins")).toBeVisible();
  for (const capability of plan.capabilities) await expect(card.getByText(o.capability[capability], { exact: true })).toBeVisible();
  await expectAccessible(page);

  // The customer portal opens the provider's page (the sandbox's sends the buyer straight back here).
  await page.getByTestId("customer-portal").click();
  await expect(page).toHaveURL(ch.url("/profile"));
  await hydrated(page);

  // Keyboard: the Transactions tab is reached with Tab and opened with Enter.
  const tab = page.getByRole("navigation", { name: auth.profile.nav }).getByRole("link", { name: o.nav.transactions });
  await tab.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/profile\/transactions$/);
  await expect(page).toHaveTitle(new RegExp(o.titles.transactions));
  const transactions = await apiGet<Transaction[]>(request, ch, "transactions", { token: fan.token });
  expect(transactions.length).toBeGreaterThan(0);
  await expect(page.getByTestId("transaction")).toHaveCount(transactions.length);
  const row = page.locator(`[data-testid="transaction"][data-order-id="${orderId}"]`).first();
  await expect(row).toContainText(plan.name);
  await expect(row).toContainText("$");
  await expect(row).toContainText(o.transactionStatus.paid);
  await expectAccessible(page);
});

test("cancel auto-renewal: a confirm step, processing, then finished and the renewal cancelled", async ({ page, request, ownChannel: ch, signIn }) => {
  const fan = await signIn(ch, "fan");
  const orderId = await buy(request, ch, fan.token, { subscription_id: (await annualPlan(request, ch)).id });
  await visit(page, ch.url("/profile"));
  const card = orderCard(page, orderId);
  await card.getByRole("link", { name: new RegExp(o.cancel.button) }).click();
  const confirm = card.getByTestId("renewal-confirm");
  await expect(confirm.getByRole("heading", { name: o.cancel.confirmTitle })).toBeFocused();
  await expectAccessible(page);

  // The cancel POST is held until the processing message has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/profile\?index/, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await confirm.getByRole("button", { name: o.cancel.confirm }).click();
  await expect(card.getByTestId("renewal-processing")).toHaveText(o.cancel.processing);
  release();
  await expect(card.getByTestId("renewal-finished")).toContainText(o.cancel.finished);
  await expect(card.getByTestId("renewal-finished")).toContainText(o.cancel.cancelled);
  await expect(card.getByTestId("order-renewal")).toHaveText(o.renewal.cancelled);
  await expect(card.getByRole("link", { name: new RegExp(o.cancel.button) })).toHaveCount(0);
  expect((await apiGet<Order>(request, ch, `orders/${orderId}`, { token: fan.token })).renewal).toBe("cancelled");
});

test("the demo viewer's orders are listed", async ({ page, request, ownChannel: ch, signIn }) => {
  const viewer = await signIn(ch, "viewer");
  const current = (await apiGet<Order[]>(request, ch, "orders", { token: viewer.token })).filter(
    (x) => x.status === "paid" && x.activity_status === "active" && (x.ends_at === null || Date.parse(x.ends_at) > ch.loadedAt),
  );
  expect(current.length, "the demo viewer holds an order").toBeGreaterThan(0);
  await visit(page, ch.url("/profile"));
  await expect(page.getByTestId("order")).toHaveCount(current.length);
  for (const order of current) await expect(orderCard(page, order.id).getByRole("heading", { name: order.product.name })).toBeVisible();
  await page.goto(ch.url("/profile/transactions"));
  const transactions = await apiGet<Transaction[]>(request, ch, "transactions", { token: viewer.token });
  if (transactions.length) await expect(page.getByTestId("transaction")).toHaveCount(transactions.length);
  else await expect(page.getByText(o.transactions.empty)).toBeVisible();
});

test("a user without orders sees the empty states", async ({ page, ownChannel: ch, signIn }) => {
  await signIn(ch, "fan");
  await visit(page, ch.url("/profile"));
  await expect(page.getByText(auth.profile.noOrders)).toBeVisible();
  await page.goto(ch.url("/profile/transactions"));
  await expect(page.getByText(o.transactions.empty)).toBeVisible();
  await expectAccessible(page);
});

test("/simulate recommends the option the API ranks cheapest for an event, linked to buy it", async ({ page, request, sharedChannel: ch }) => {
  const packages = await apiGet<Product[]>(request, ch, "packages");
  const eventId = packages.find((x) => x.event_id !== null)!.event_id!;
  const ranked = await apiGet<SimulateResultWire>(request, ch, `simulate?event_id=${eventId}&lang=en`);
  expect(ranked.options.length).toBeGreaterThan(1);

  await visit(page, ch.url("/simulate"));
  await expect(page).toHaveTitle(new RegExp(o.titles.simulate));
  await expectAccessible(page);
  // Keyboard only: focus the event list, choose, Tab to its button, Enter.
  const select = page.getByLabel(o.simulate.event, { exact: true });
  await select.focus();
  await select.selectOption(String(eventId));
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: o.simulate.compareEvent })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/simulate\\?event_id=${eventId}$`));

  const best = page.getByTestId("simulate-best");
  await expect(best).toHaveAttribute("data-product-id", String(ranked.options[0]!.product.id));
  await expect(best.getByRole("heading", { name: ranked.options[0]!.product.name })).toBeVisible();
  await expect(best.getByTestId("simulate-link")).toHaveAttribute("href", /^\/(buy\?|select-package\/)/);
  await expect(page.getByTestId("simulate-option")).toHaveCount(ranked.options.length - 1);
  await expectAccessible(page);

  // The link goes where it says: the checkout or the pass's choices.
  await best.getByTestId("simulate-link").click();
  await expect(page).toHaveURL(/\/(buy|select-package\/\d+|login)/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/simulate's form works as a plain GET form", async ({ page, sharedChannel: ch }) => {
    await page.goto(ch.url("/simulate"));
    await page.getByLabel(o.simulate.team, { exact: true }).selectOption({ index: 1 });
    await page.getByRole("button", { name: o.simulate.compareTeam }).click();
    await expect(page).toHaveURL(/\/simulate\?team=\d+$/);
    await expect(page.getByTestId("simulate-result")).toBeVisible();
  });

  test("cancelling auto-renewal works as links and a plain POST form", async ({ page, request, ownChannel: ch, signIn }) => {
    const fan = await signIn(ch, "fan");
    const orderId = await buy(request, ch, fan.token, { subscription_id: (await annualPlan(request, ch)).id });
    await page.goto(ch.url("/profile"));
    const card = orderCard(page, orderId);
    await card.getByRole("link", { name: new RegExp(o.cancel.button) }).click();
    await expect(page).toHaveURL(new RegExp(`/profile\\?cancel=${orderId}$`));
    await card.getByTestId("renewal-confirm").getByRole("button", { name: o.cancel.confirm }).click();
    await expect(page).toHaveURL(new RegExp(`/profile\\?cancelled=${orderId}$`));
    await expect(card.getByTestId("renewal-finished")).toContainText(o.cancel.finished);
    await expect(card.getByTestId("order-renewal")).toHaveText(o.renewal.cancelled);
  });
});

test("/simulate answers for a team and a sport from the query parameters", async ({ page, sharedChannel: ch }) => {
  await page.goto(ch.url("/simulate?sport=basketball"));
  await expect(page.getByTestId("simulate-best")).toBeVisible();
  await expect(page.getByLabel(o.simulate.sport, { exact: true })).not.toHaveValue("");
  await page.goto(ch.url("/simulate?team=does-not-exist"));
  await expect(page.getByRole("alert")).toHaveText(o.simulate.notFound);
});

test("the watch page's purchase prompt links the other ways to watch the event, with their prices", async ({ page, request, ownChannel: ch, signIn }) => {
  const id = await findEvent(request, ch, "finished", "paid", { noPreroll: true });
  await signIn(ch, "fan");
  await visit(page, ch.url(`/watch/${id}`));
  const prompt = page.getByTestId("watch-purchase");
  await expect(prompt).toContainText(player.purchase.passes);
  const links = prompt.getByTestId("watch-passes").getByRole("link");
  expect(await links.count()).toBeGreaterThan(0);
  for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) expect(href).toMatch(/^\/(select-package\/\d+|buy\?(package_id|subscription_id)=\d+)$/);
  await expectAccessible(page);
});
