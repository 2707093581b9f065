// The profile's orders and transactions, cancelling auto-renewal, /simulate and the watch page's covering passes
// (issue 6), on both demo channels in their own language. Purchases are made through the API with the sandbox's
// 4242 card, as the checkout page would, so these tests are about what the profile and /simulate show.
import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import type { Order, Product, SimulateResultWire, Transaction } from "../../api/contract/commerce-types";
import { CHANNELS, type Channel, login, PASSWORD, seeded, uniqueEmail, url } from "./auth-helpers";
import { expect, expectAccessible, PORT, test } from "./fixtures";
import { apiKey, findEvent, playerCopy } from "./watch-helpers";

type OrdersCopy = typeof import("../../app/locales/en/orders.json");
const ordersCopy = (lang: "en" | "fr") => JSON.parse(readFileSync(`app/locales/${lang}/orders.json`, "utf8")) as OrdersCopy;

const api = (path: string) => `http://127.0.0.1:${PORT}/api/${path}`;
const host = (ch: Channel) => ({ host: `${ch.alias}.localhost:${PORT}` });
const langOf = (ch: Channel) => (ch.alias === "beta" ? "fr" : "en");

/** A signed-in API caller of the channel: GET and POST with the api key and the user's Bearer token. */
async function apiUser(request: APIRequestContext, ch: Channel, token: string) {
  const key = await apiKey(request, ch.alias);
  const headers = { ...host(ch), authorization: `Bearer ${token}` };
  return {
    get: async <T>(path: string): Promise<T> => {
      const res = await request.get(api(`${path}${path.includes("?") ? "&" : "?"}api_key=${key}`), { headers });
      expect(res.status(), `GET ${path}: ${await res.text()}`).toBe(200);
      return ((await res.json()) as { data: T }).data;
    },
    post: async <T>(path: string, body: Record<string, unknown>): Promise<T> => {
      const res = await request.post(api(path), { headers, data: { api_key: key, ...body } });
      expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(200);
      return ((await res.json()) as { data: T }).data;
    },
  };
}

async function signIn(request: APIRequestContext, ch: Channel, email: string, password: string): Promise<string> {
  const key = await apiKey(request, ch.alias);
  const res = await request.post(api("v2/auth/login"), { headers: host(ch), data: { api_key: key, email, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** A new account that bought the channel's annual plan (auto-renewing) with 4242, paid once the webhook arrived. */
async function buyerWithSubscription(request: APIRequestContext, ch: Channel, email: string) {
  const key = await apiKey(request, ch.alias);
  const registered = await request.post(api("v2/auth/register"), {
    headers: host(ch),
    data: { api_key: key, first_name: "Robin", last_name: "Buyer", email, password: PASSWORD, password_confirmation: PASSWORD, terms: true },
  });
  expect(registered.status()).toBe(200);
  const token = ((await registered.json()) as { data: { token: string } }).data.token;
  const user = await apiUser(request, ch, token);
  const subscriptions = ((await (await request.get(api("subscriptions"), { headers: host(ch) })).json()) as { data: Product[] }).data;
  const plan = subscriptions.find((s) => s.period === "annual" && s.trial_period === 0) ?? subscriptions[0];
  const { token: card } = await user.post<{ token: string }>("stripe/sandbox/tokens", { number: "4242 4242 4242 4242", exp_month: 12, exp_year: 2040, cvc: "123" });
  const bought = await user.post<{ order_id: number; status: string }>("stripe/buy", { subscription_id: plan.id, confirmation_token: card });
  expect(bought.status).toBe("pending");
  // SPEC §9: the checkout polls the order every 2000 ms until it is paid.
  await expect.poll(async () => (await user.get<Order>(`orders/${bought.order_id}`)).status, { timeout: 20_000, intervals: [500, 1000, 2000] }).toBe("paid");
  return { email, user, plan, orderId: bought.order_id };
}

async function openProfile(page: Page, ch: Channel, email: string, password = PASSWORD) {
  await login(page, ch, email, password);
  await page.goto(url(ch, "/profile"));
}

for (const ch of CHANNELS) {
  const o = ordersCopy(langOf(ch));
  const p = playerCopy(langOf(ch));

  test.describe(`orders on ${ch.alias}`, () => {
    test("a bought subscription is listed with its renewal, logins and capabilities, and its payment in transactions", async ({ page, request }, testInfo) => {
      const { email, user, plan, orderId } = await buyerWithSubscription(request, ch, uniqueEmail(testInfo, `orders-${ch.alias}`));
      await openProfile(page, ch, email);
      const card = page.locator(`[data-testid="order"][data-order-id="${orderId}"]`);
      await expect(card.getByRole("heading", { name: plan.name })).toBeVisible();
      await expect(card.getByTestId("order-status")).toHaveText(o.status.paid);
      await expect(card.getByTestId("order-renewal")).toHaveText(o.renewal.active);
      await expect(card.getByTestId("order-amount")).toContainText("$");
      if (plan.simultaneous_logins !== null) await expect(card.getByTestId("order-logins")).toBeVisible();
      for (const c of plan.capabilities) await expect(card.getByText(o.capability[c], { exact: true })).toBeVisible();
      await expectAccessible(page);

      // The customer portal opens the provider's page (the sandbox's sends the buyer straight back here).
      await page.getByTestId("customer-portal").click();
      await expect(page).toHaveURL(url(ch, "/profile"));

      // Keyboard: the Transactions tab is reached with Tab and opened with Enter.
      const tab = page.getByRole("navigation", { name: ch.t.profile.nav }).getByRole("link", { name: o.nav.transactions });
      await tab.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/profile\/transactions$/);
      await expect(page).toHaveTitle(new RegExp(o.titles.transactions));
      const transactions = await user.get<Transaction[]>("transactions");
      expect(transactions.length).toBeGreaterThan(0);
      const rows = page.getByTestId("transaction");
      await expect(rows).toHaveCount(transactions.length);
      const row = page.locator(`[data-testid="transaction"][data-order-id="${orderId}"]`).first();
      await expect(row).toContainText(plan.name);
      await expect(row).toContainText("$");
      await expect(row).toContainText(o.transactionStatus.paid);
      await expectAccessible(page);
    });

    test("cancel auto-renewal: a confirm step, processing, then finished and the renewal cancelled", async ({ page, request }, testInfo) => {
      const { email, user, orderId } = await buyerWithSubscription(request, ch, uniqueEmail(testInfo, `cancel-${ch.alias}`));
      await openProfile(page, ch, email);
      const card = page.locator(`[data-testid="order"][data-order-id="${orderId}"]`);
      await card.getByRole("link", { name: new RegExp(o.cancel.button) }).click();
      const confirm = card.getByTestId("renewal-confirm");
      await expect(confirm.getByRole("heading", { name: o.cancel.confirmTitle })).toBeFocused();
      await expectAccessible(page);

      // Hold the cancel POST for a moment, so the processing message can be seen while it runs.
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
      expect((await user.get<Order>(`orders/${orderId}`)).renewal).toBe("cancelled");
    });

    test("the demo viewer's orders are listed", async ({ page, request }) => {
      const email = `viewer@${ch.alias}.test`;
      const user = await apiUser(request, ch, await signIn(request, ch, email, PASSWORD));
      const now = Date.now();
      const current = (await user.get<Order[]>("orders")).filter((x) => x.status === "paid" && x.activity_status === "active" && (x.ends_at === null || Date.parse(x.ends_at) > now));
      expect(current.length, "the demo viewer holds an order").toBeGreaterThan(0);
      await openProfile(page, ch, email);
      await expect(page.getByTestId("order")).toHaveCount(current.length);
      for (const order of current) await expect(page.locator(`[data-testid="order"][data-order-id="${order.id}"]`).getByRole("heading", { name: order.product.name })).toBeVisible();
      await page.goto(url(ch, "/profile/transactions"));
      const transactions = await user.get<Transaction[]>("transactions");
      if (transactions.length) await expect(page.getByTestId("transaction")).toHaveCount(transactions.length);
      else await expect(page.getByText(o.transactions.empty)).toBeVisible();
    });

    test("a user without orders sees the empty states", async ({ page }) => {
      const { fan } = seeded(ch.alias);
      await openProfile(page, ch, fan.email, fan.password);
      await expect(page.getByText(ch.t.profile.noOrders)).toBeVisible();
      await page.goto(url(ch, "/profile/transactions"));
      await expect(page.getByText(o.transactions.empty)).toBeVisible();
      await expectAccessible(page);
    });

    test("/simulate recommends the option the API ranks cheapest for an event, linked to buy it", async ({ page, request }) => {
      const key = await apiKey(request, ch.alias);
      const packages = ((await (await request.get(api("packages"), { headers: host(ch) })).json()) as { data: Product[] }).data;
      const eventId = packages.find((x) => x.event_id !== null)!.event_id!;
      const res = await request.get(api(`simulate?api_key=${key}&event_id=${eventId}&lang=${langOf(ch)}`), { headers: host(ch) });
      expect(res.status()).toBe(200);
      const ranked = ((await res.json()) as { data: SimulateResultWire }).data;
      expect(ranked.options.length).toBeGreaterThan(1);

      await page.goto(url(ch, "/simulate"));
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
      await expect(best).toHaveAttribute("data-product-id", String(ranked.options[0].product.id));
      await expect(best.getByRole("heading", { name: ranked.options[0].product.name })).toBeVisible();
      await expect(best.getByTestId("simulate-link")).toHaveAttribute("href", /^\/(buy\?|select-package\/)/);
      await expect(page.getByTestId("simulate-option")).toHaveCount(ranked.options.length - 1);
      await expectAccessible(page);

      // The link goes where it says: the checkout or the pass's choices.
      await best.getByTestId("simulate-link").click();
      await expect(page).toHaveURL(/\/(buy|select-package\/\d+|login)/);
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });
      test("/simulate's form works as a plain GET form", async ({ page }) => {
        await page.goto(url(ch, "/simulate"));
        await page.getByLabel(o.simulate.team, { exact: true }).selectOption({ index: 1 });
        await page.getByRole("button", { name: o.simulate.compareTeam }).click();
        await expect(page).toHaveURL(/\/simulate\?team=\d+$/);
        await expect(page.getByTestId("simulate-result")).toBeVisible();
      });

      test("cancelling auto-renewal works as links and a plain POST form", async ({ page, request }, testInfo) => {
        const { email, orderId } = await buyerWithSubscription(request, ch, uniqueEmail(testInfo, `cancel-nojs-${ch.alias}`));
        await openProfile(page, ch, email);
        const card = page.locator(`[data-testid="order"][data-order-id="${orderId}"]`);
        await card.getByRole("link", { name: new RegExp(o.cancel.button) }).click();
        await expect(page).toHaveURL(new RegExp(`/profile\\?cancel=${orderId}$`));
        await card.getByTestId("renewal-confirm").getByRole("button", { name: o.cancel.confirm }).click();
        await expect(page).toHaveURL(new RegExp(`/profile\\?cancelled=${orderId}$`));
        await expect(card.getByTestId("renewal-finished")).toContainText(o.cancel.finished);
        await expect(card.getByTestId("order-renewal")).toHaveText(o.renewal.cancelled);
      });
    });

    test("/simulate answers for a team and a sport from the query parameters", async ({ page }) => {
      await page.goto(url(ch, "/simulate?sport=basketball"));
      await expect(page.getByTestId("simulate-best")).toBeVisible();
      await expect(page.getByLabel(o.simulate.sport, { exact: true })).not.toHaveValue("");
      await page.goto(url(ch, "/simulate?team=does-not-exist"));
      await expect(page.getByRole("alert")).toHaveText(o.simulate.notFound);
    });

    test("the watch page's purchase prompt links the passes covering the event", async ({ page, request }) => {
      const { fan } = seeded(ch.alias);
      const id = await findEvent(request, ch.alias, "finished", "paid", { noPreroll: true });
      await login(page, ch, fan.email, fan.password);
      await page.goto(url(ch, `/watch/${id}`));
      const prompt = page.getByTestId("watch-purchase");
      await expect(prompt).toContainText(p.purchase.passes);
      const links = prompt.getByTestId("watch-passes").getByRole("link");
      expect(await links.count()).toBeGreaterThan(0);
      for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) expect(href).toMatch(/^\/(select-package\/\d+|buy\?package_id=\d+)$/);
      await expectAccessible(page);
    });
  });
}
