// Checkout (issue 6): /packages, /select-package and /buy against the offline payment sandbox — 4242 pays and the
// watch page plays, 0002 is declined, 3155 asks for the confirmation step, trials, promo codes, saved cards, a team
// pass limited to the chosen team, keyboard only, and axe. Each test buys as the fan of a channel of its own (no
// orders, no saved card), and the page's order poll runs on Playwright's clock (runOrderPoll). The French channel's
// shop (CAD prices in its format, its words) is in french.spec.ts.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, visit } from "./fixtures";
import { payButton, ppvEvents, products, runOrderPoll, typeCard } from "./support/commerce";
import { copy, fill } from "./support/copy";
import { listEvents } from "./support/events";
import { expectPlaying } from "./support/player";

const c = copy("en", "commerce");
const plain = { noPreroll: true };

const dueToday = async (page: Page) => Number((await page.getByTestId("due-today").innerText()).replace(/[^\d.]/g, ""));

test("a ppv event bought with 4242: the order is polled, then the watch page plays", async ({ page, request, ownChannel: ch, signIn }) => {
  const [eventId] = await ppvEvents(request, ch);
  const fan = await signIn(ch, "fan");
  await page.clock.install();
  await visit(page, ch.url(`/watch/${eventId}`));
  await page.getByTestId("watch-purchase").getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/buy\\?event_id=${eventId}`));
  await expect(page.getByText(c.buy.salesFinal)).toBeVisible();
  await expect(page.getByText(c.buy.encryption)).toBeVisible();
  await typeCard(page, c, "4242 4242 4242 4242");
  // The poll's answers wait until the test has seen the page waiting for them.
  let release!: () => void;
  const seen = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/buy\/order\/\d+/, async (route) => {
    await seen;
    await route.continue();
  });
  await payButton(page).click();
  await expect(page.getByRole("status").filter({ hasText: c.buy.waiting })).toBeVisible();
  release();
  await runOrderPoll(page, request, ch, fan.token);
  // Paid: straight back to the event, the confirmation carried along.
  await expect(page).toHaveURL(new RegExp(`/watch/${eventId}$`));
  await expect(page.getByRole("status").filter({ hasText: c.buy.success })).toBeVisible();
  await expectPlaying(page);
});

test("0002 is declined with its message and gives no access", async ({ page, request, ownChannel: ch, signIn }) => {
  const [eventId] = await ppvEvents(request, ch);
  await signIn(ch, "fan");
  await visit(page, ch.url(`/buy?event_id=${eventId}`));
  await typeCard(page, c, "4000 0000 0000 0002");
  await payButton(page).click();
  const dialog = page.getByRole("alertdialog", { name: c.failure.title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(c.messages.declined);
  await dialog.getByRole("button", { name: c.failure.close }).click();
  await expect(dialog).toBeHidden();
  await expect(payButton(page)).toBeFocused();
  await visit(page, ch.url(`/watch/${eventId}`));
  await expect(page.getByTestId("watch-purchase")).toBeVisible();
});

test("9995 is declined for insufficient funds, said here and in the transactions", async ({ page, request, ownChannel: ch, signIn }) => {
  const [eventId] = await ppvEvents(request, ch);
  await signIn(ch, "fan");
  await visit(page, ch.url(`/buy?event_id=${eventId}`));
  await typeCard(page, c, "4000 0000 0000 9995");
  await payButton(page).click();
  const dialog = page.getByRole("alertdialog", { name: c.failure.title });
  await expect(dialog).toContainText(c.messages.insufficientFunds);
  await page.goto(ch.url("/profile/transactions"));
  await expect(page.locator("[data-testid=transaction][data-status=failed]")).toContainText(c.messages.insufficientFunds);
});

test("3155 asks for the confirmation step: failing it fails, completing it pays", async ({ page, request, ownChannel: ch, signIn }) => {
  const [eventId] = await ppvEvents(request, ch);
  const fan = await signIn(ch, "fan");
  await page.clock.install();
  await visit(page, ch.url(`/buy?event_id=${eventId}`));
  await typeCard(page, c, "4000 0025 0000 3155");
  await payButton(page).click();
  const confirm = page.getByRole("dialog", { name: c.confirm.title });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: c.confirm.fail }).click();
  await expect(page.getByRole("alertdialog")).toContainText(c.confirm.failed);
  await page.getByRole("alertdialog").getByRole("button", { name: c.failure.close }).click();

  await typeCard(page, c, "4000 0025 0000 3155");
  await payButton(page).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: c.confirm.complete }).click();
  await runOrderPoll(page, request, ch, fan.token);
  // Paid: straight back to the event, the confirmation carried along.
  await expect(page).toHaveURL(new RegExp(`/watch/${eventId}$`));
  await expect(page.getByRole("status").filter({ hasText: c.buy.success })).toBeVisible();
  await expectPlaying(page);
});

test("a trial gives access with nothing charged, and cannot be started twice", async ({ page, request, ownChannel: ch, signIn }) => {
  const sub = (await products(request, ch)).find((p) => p.kind === "subscription" && p.trial_period > 0)!;
  expect(sub, "a subscription with a trial").toBeTruthy();
  const [paid] = await listEvents(request, ch, "finished", "paid", plain);
  expect(paid, "a finished paid event").toBeTruthy();
  const fan = await signIn(ch, "fan");
  await page.clock.install();
  await visit(page, ch.url("/packages"));
  const card = page.locator(`article[data-product-id="${sub.id}"]`);
  await expect(card).toContainText(fill(c.price.trial, { days: sub.trial_period }));
  await card.getByRole("link", { name: fill(c.actions.buyName, { name: sub.name }) }).click();
  await expect(page).toHaveURL(new RegExp(`/buy\\?subscription_id=${sub.id}`));
  expect(await dueToday(page)).toBe(0);
  await typeCard(page, c, "4242424242424242");
  await page.getByRole("button", { name: fill(c.buy.startTrial, { days: sub.trial_period }) }).click();
  await runOrderPoll(page, request, ch, fan.token);
  await expect(page).toHaveURL(/\/profile/);
  await expect(page.getByRole("status").filter({ hasText: c.buy.trialStarted })).toBeVisible();
  // The order says what was charged (nothing) and what the trial then costs.
  const order = page.getByTestId("order").filter({ has: page.getByRole("heading", { name: sub.name }) });
  await expect(order.getByTestId("order-amount")).toContainText((0).toFixed(2));
  await expect(order.getByTestId("order-after-trial")).toContainText(sub.price.toFixed(2));

  await visit(page, ch.url(`/watch/${paid!.id}`));
  await expectPlaying(page);
  await visit(page, ch.url(`/buy?subscription_id=${sub.id}`));
  await expect(page.getByText(c.buy.owned)).toBeVisible();
  await expect(page.getByRole("button", { name: fill(c.buy.startTrial, { days: sub.trial_period }) })).toHaveCount(0);
});

test("WELCOME10 lowers the total; a wrong code shows its message", async ({ page, request, ownChannel: ch, signIn }) => {
  const [eventId] = await ppvEvents(request, ch);
  await signIn(ch, "fan");
  await visit(page, ch.url(`/buy?event_id=${eventId}`));
  const before = await dueToday(page);
  const promo = page.locator("form#promo");
  await promo.getByLabel(c.buy.promo).fill("NOT-A-CODE");
  await promo.getByRole("button", { name: c.buy.apply }).click();
  await expect(promo.getByText(c.messages.wrongPromoCode)).toBeVisible();
  await promo.getByLabel(c.buy.promo).fill("welcome10");
  await promo.getByRole("button", { name: c.buy.apply }).click();
  await expect(page.getByText(fill(c.buy.applied, { code: "WELCOME10" }))).toBeVisible();
  await expect(page.getByText(c.buy.discount, { exact: true })).toBeVisible();
  expect(await dueToday(page)).toBeLessThan(before);
});

test("a saved card is offered and reused on the next purchase", async ({ page, request, ownChannel: ch, signIn }) => {
  const [first, second] = await ppvEvents(request, ch);
  const annual = (await products(request, ch)).find((p) => p.kind === "subscription" && p.trial_period === 0);
  const fan = await signIn(ch, "fan");
  await page.clock.install();
  await visit(page, ch.url(`/buy?event_id=${first}`));
  await typeCard(page, c, "4242424242424242", true);
  await payButton(page).click();
  await runOrderPoll(page, request, ch, fan.token);
  await expect(page).toHaveURL(new RegExp(`/watch/${first}$`));

  // Hydrated before Pay is pressed: pressed before, it posts the document, and the refusal comes back as a new page
  // that can replace the card the test chose next.
  await visit(page, ch.url(second !== undefined ? `/buy?event_id=${second}` : `/buy?subscription_id=${annual!.id}`));
  const saved = page.getByRole("radio", { name: /4242/ });
  await expect(saved).toBeVisible();
  await payButton(page).click();
  await expect(page.getByText(c.messages.selectCard)).toBeVisible();
  await saved.check();
  await payButton(page).click();
  await runOrderPoll(page, request, ch, fan.token);
  await expect(page.getByText(c.buy.success)).toBeVisible();
});

test("a team pass covers the chosen team only", async ({ page, request, ownChannel: ch, signIn }) => {
  const pass = (await products(request, ch)).find((p) => p.is_team_pass)!;
  expect(pass, "a team pass").toBeTruthy();
  const paid = await listEvents(request, ch, "finished", "paid", plain);
  const team = pass.participants.find((t) => paid.some((e) => e.participants.some((p) => p.id === t.id)))!;
  expect(team, "a team of the pass with a finished paid game").toBeTruthy();
  const ours = paid.find((e) => e.participants.some((p) => p.id === team.id))!;
  const theirs = paid.find((e) => !e.participants.some((p) => p.id === team.id));
  const fan = await signIn(ch, "fan");
  await page.clock.install();
  await visit(page, ch.url("/packages"));
  await page.getByRole("link", { name: fill(c.actions.chooseName, { name: pass.name }) }).click();
  await expect(page).toHaveURL(new RegExp(`/select-package/${pass.id}$`));
  await page.getByRole("button", { name: c.select.continue }).click();
  await expect(page.getByText(c.select.none)).toBeVisible();
  await page.getByRole("checkbox", { name: team.name, exact: true }).check();
  await page.getByRole("button", { name: c.select.continue }).click();
  await expect(page).toHaveURL(new RegExp(`/buy\\?package_id=${pass.id}&participant_ids=${team.id}`));
  await expect(page.getByText(fill(c.buy.selection, { items: team.name }))).toBeVisible();
  await typeCard(page, c, "4242424242424242");
  await payButton(page).click();
  await runOrderPoll(page, request, ch, fan.token);
  await expect(page.getByText(c.buy.success)).toBeVisible();

  await visit(page, ch.url(`/watch/${ours.id}`));
  await expectPlaying(page);
  if (theirs) {
    await visit(page, ch.url(`/watch/${theirs.id}`));
    await expect(page.getByTestId("watch-purchase")).toBeVisible();
  }
  await visit(page, ch.url(`/select-package/${pass.id}`));
  await expect(page.getByRole("checkbox", { name: team.name })).toBeDisabled();
});

test("checkout works with the keyboard alone", async ({ page, request, ownChannel: ch, signIn }) => {
  const [eventId] = await ppvEvents(request, ch);
  const fan = await signIn(ch, "fan");
  await page.clock.install();
  await visit(page, ch.url(`/buy?event_id=${eventId}`));
  const number = page.getByLabel(c.buy.cardNumber);
  for (let i = 0; i < 40 && !(await number.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(number).toBeFocused();
  await page.keyboard.type("4000000000000002");
  await page.keyboard.press("Tab");
  await page.keyboard.type("12/34");
  await page.keyboard.press("Tab");
  await page.keyboard.type("123");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Jordan Lee");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: c.failure.close })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(payButton(page)).toBeFocused();

  for (let i = 0; i < 5; i++) await page.keyboard.press("Shift+Tab");
  await expect(page.getByLabel(c.buy.cardNumber)).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("4242424242424242");
  await page.keyboard.press("Enter");
  await runOrderPoll(page, request, ch, fan.token);
  await expect(page).toHaveURL(new RegExp(`/watch/${eventId}$`));
});

test("the shop pages pass axe: the packages, a pass's choices, /buy and its card errors", async ({ page, request, ownChannel: ch, signIn }) => {
  const pass = (await products(request, ch)).find((p) => p.max_choices !== null && p.kind === "package" && p.event_id === null)!;
  const [eventId] = await ppvEvents(request, ch);
  await signIn(ch, "fan");
  await visit(page, ch.url("/packages"));
  await expect(page.getByRole("heading", { level: 1, name: c.titles.packages })).toBeVisible();
  await expectAccessible(page);
  await visit(page, ch.url(`/select-package/${pass.id}`));
  await expectAccessible(page);
  await visit(page, ch.url(`/buy?event_id=${eventId}`));
  await expect(page.getByText(c.buy.salesFinal)).toBeVisible();
  await expectAccessible(page);
  await payButton(page).click();
  await expect(page.getByText(c.card.number)).toBeVisible();
  await expectAccessible(page);
});

test("/buy needs a login and names what is missing", async ({ page, request, ownChannel: ch, signIn }) => {
  const [eventId] = await ppvEvents(request, ch);
  await page.goto(ch.url(`/buy?event_id=${eventId}`));
  await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(`/buy?event_id=${eventId}`).replace(/[?]/g, "\\?")}`));

  await signIn(ch, "fan");
  // No product to sell: the shop, with the reason as a notice above it.
  expect((await page.goto(ch.url("/buy?package_id=999999")))?.status()).toBe(404);
  await expect(page.getByText(c.messages.passNotFound)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: c.titles.packages })).toBeVisible();
  expect((await page.goto(ch.url("/buy")))?.status()).toBe(200);
  await expect(page.getByText(c.messages.idNotSelected)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: c.titles.packages })).toBeVisible();
  await expect(page.locator(".shop__section").first()).toBeVisible();
  await expectAccessible(page);
  const notFound = await page.goto(ch.url("/select-package/abc"));
  expect(notFound?.status()).toBe(404);
});
