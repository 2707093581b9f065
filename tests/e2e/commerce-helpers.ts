// Commerce look-ups shared by the specs that buy: the channel's products, its finished events away from preroll
// locations, and the pay-per-view events a single-event package sells.
import type { APIRequestContext, Page } from "@playwright/test";
import { PORT, expect } from "./fixtures";
import { apiKey, prerolls } from "./watch-helpers";

const host = (alias: string) => ({ host: `${alias}.localhost:${PORT}` });
const api = (path: string) => `http://127.0.0.1:${PORT}/api/${path}`;

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
  max_choices: number | null;
}
export interface ListedEvent {
  id: number;
  location?: { id: number } | null;
  location_id?: number | null;
  participants: { id: number }[];
}

export async function products(request: APIRequestContext, alias: string): Promise<Product[]> {
  const [p, s] = await Promise.all(["packages", "subscriptions"].map((path) => request.get(api(path), { headers: host(alias) })));
  return [...((await p!.json()) as { data: Product[] }).data, ...((await s!.json()) as { data: Product[] }).data];
}

/** Finished events of the channel matching `query`, away from preroll locations. */
export async function events(request: APIRequestContext, alias: string, query: string): Promise<ListedEvent[]> {
  const key = await apiKey(request, alias);
  const res = await request.get(api(`events?api_key=${key}&status=finished&limit=100&${query}`), { headers: host(alias) });
  expect(res.status()).toBe(200);
  const skip = new Set((await prerolls(request, alias)).map((p) => p.location_id));
  return ((await res.json()) as { data: ListedEvent[] }).data.filter((e) => !skip.has(e.location?.id ?? e.location_id ?? null));
}

/** Finished pay-per-view events that have a single-event package, away from preroll locations. */
export async function ppvEvents(request: APIRequestContext, alias: string): Promise<number[]> {
  const sold = new Set((await products(request, alias)).map((p) => p.event_id).filter((id): id is number => id !== null));
  const ids = (await events(request, alias, "access_type=ppv")).map((e) => e.id).filter((id) => sold.has(id));
  expect(ids.length, `${alias}: a finished ppv event with a package`).toBeGreaterThan(0);
  return ids;
}

type CommerceCopy = typeof import("../../app/locales/en/commerce.json");

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
