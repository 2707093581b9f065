// Commerce a test arranges or drives: the channel's products, the pay-per-view events a single-event package sells,
// a purchase made through the API with the sandbox's card, and /buy's sandbox card form.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import type { Order } from "../../../api/contract/commerce-types";
import { ORDER_POLL_MS } from "../../../api/contract/constants";
import { apiGet, apiPost } from "./api";
import type { TestChannel } from "./channels";
import type { copy } from "./copy";
import { listEvents } from "./events";

export interface Ref {
  id: number;
  name: string;
}
export interface Product extends Ref {
  kind: string;
  event_id: number | null;
  is_team_pass: boolean;
  participants: Ref[];
  trial_period: number;
  price: number;
  currency: string;
  max_choices: number | null;
}

/** The channel's packages and subscriptions. */
export async function products(request: APIRequestContext, ch: TestChannel): Promise<Product[]> {
  const [packages, subscriptions] = await Promise.all([apiGet<Product[]>(request, ch, "packages"), apiGet<Product[]>(request, ch, "subscriptions")]);
  return [...packages, ...subscriptions];
}

/** Finished pay-per-view events that have a single-event package, away from preroll locations. */
export async function ppvEvents(request: APIRequestContext, ch: TestChannel): Promise<number[]> {
  const sold = new Set((await products(request, ch)).map((p) => p.event_id).filter((id): id is number => id !== null));
  const ids = (await listEvents(request, ch, "finished", "ppv", { noPreroll: true })).map((e) => e.id).filter((id) => sold.has(id));
  expect(ids.length, `${ch.template}: a finished ppv event with a package`).toBeGreaterThan(0);
  return ids;
}

/** Buys a product as a signed-in account through the API with the sandbox's 4242 card; waits until it is paid. */
export async function buy(request: APIRequestContext, ch: TestChannel, token: string, body: Record<string, unknown>): Promise<number> {
  const { token: card } = await apiPost<{ token: string }>(request, ch, "stripe/sandbox/tokens", { number: "4242 4242 4242 4242", exp_month: 12, exp_year: 2040, cvc: "123" }, { token });
  const { order_id } = await apiPost<{ order_id: number }>(request, ch, "stripe/buy", { ...body, confirmation_token: card }, { token });
  await expect
    .poll(async () => (await apiGet<Order>(request, ch, `orders/${order_id}`, { token })).status, { timeout: 20_000, intervals: [250, 500, 1000] })
    .toBe("paid");
  return order_id;
}

type CommerceCopy = ReturnType<typeof copy<"commerce">>;

/** Types a new card into /buy's sandbox form (choosing "new card" when saved ones are offered), optionally saved. */
export async function typeCard(page: Page, c: CommerceCopy, number: string, save = false) {
  // The card becomes a token in the page's script: typed and paid before hydration, it would post the document.
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const form = page.locator("form#payment");
  const newCard = form.getByRole("radio", { name: c.buy.newCard });
  if (await newCard.isVisible()) await newCard.check();
  await form.getByLabel(c.buy.cardNumber).fill(number);
  await form.getByLabel(c.buy.expiry).fill("12/34");
  await form.getByLabel(c.buy.cvc).fill("123");
  await form.getByLabel(c.buy.cardName).fill("Jordan Lee");
  if (save) await form.getByLabel(c.buy.saveCard).check();
}

/** The /buy form's pay (or start-trial) button. */
export const payButton = (page: Page) => page.locator("form#payment button[type=submit]");

/** The signed-in account's newest order, through the API (none: undefined). */
export async function newestOrder(request: APIRequestContext, ch: TestChannel, token: string): Promise<Order | undefined> {
  const orders = await apiGet<Order[]>(request, ch, "orders", { token });
  return orders.reduce<Order | undefined>((newest, o) => (!newest || o.id > newest.id ? o : newest), undefined);
}

/**
 * Lets /buy's order poll find a purchase paid, on the page's clock: waits until the buyer's newest order is paid (the
 * payment event applied), then runs the clock one poll interval (ORDER_POLL_MS), so the page asks now rather than on
 * its own time. The page's clock is installed before /buy loaded (`page.clock.install()`).
 */
export async function runOrderPoll(page: Page, request: APIRequestContext, ch: TestChannel, token: string): Promise<Order> {
  let order: Order | undefined;
  await expect
    .poll(async () => (order = await newestOrder(request, ch, token))?.status, { message: "the newest order paid", timeout: 20_000, intervals: [250, 500, 1000] })
    .toBe("paid");
  await page.clock.runFor(ORDER_POLL_MS);
  return order!;
}
