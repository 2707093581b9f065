// The cookie notice and the channel's Google tag (issue 14, SPEC §1): a visitor who declines gets no Google tag, no
// dataLayer and no `vid` cookie while browsing, and is not asked again; one who accepts gets the tag (with the page's
// nonce) at once, page views on client navigations, and the shop's GA4 ecommerce events in the channel's currency.
// The machine is offline: the tag's script is served by the test (page.route). Reading pages, the tests share a
// channel; the purchase has one of its own. The French notice is french.spec.ts's.
import type { Page } from "@playwright/test";
import type { Order } from "../../api/contract/commerce-types";
import { ORDER_POLL_MS } from "../../api/contract/constants";
import { GOOGLE_TAG_SCRIPTS, acceptCookies, cookieNotice, expect, expectAccessible, hydrated, test, visit, type TestChannel } from "./fixtures";
import { apiGet } from "./support/api";
import { payButton, ppvEvents, products, typeCard } from "./support/commerce";
import { copy } from "./support/copy";

const t = copy("en", "common").cookie;
const c = copy("en", "commerce");
const settingOf = (ch: TestChannel, key: string) => String((ch.definition.settings as Record<string, unknown>)[key]);

/** gtag's commands as the page queued them (each an arguments object), made plain. */
const dataLayer = (page: Page) =>
  page.evaluate(() => {
    const layer = (window as unknown as { dataLayer?: IArguments[] }).dataLayer;
    return layer ? (JSON.parse(JSON.stringify(layer.map((args) => Array.from(args)))) as unknown[][]) : null;
  });
const events = async (page: Page, name: string) => ((await dataLayer(page)) ?? []).filter((cmd) => cmd[0] === "event" && cmd[1] === name).map((cmd) => cmd[2] as Record<string, unknown>);
const tagScript = (page: Page) => page.locator('script[src^="https://www.googletagmanager.com/"]');
const vidCookie = async (page: Page) => (await page.context().cookies()).find((k) => k.name === "vid");
const consentCookie = async (page: Page) => (await page.context().cookies()).find((k) => k.name === "cookie_consent")?.value;

/** Serves the tag's script, counting the requests and, in the page, the runs. */
async function standInTag(page: Page) {
  const requested: string[] = [];
  await page.route(GOOGLE_TAG_SCRIPTS, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/javascript", body: "window.__tagRuns = (window.__tagRuns || 0) + 1;" });
  });
  return requested;
}

/** Every request to a Google host, whatever answers it. */
function googleRequests(page: Page) {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (/googletagmanager\.com|google-analytics\.com|analytics\.google\.com/.test(r.url())) seen.push(r.url());
  });
  return seen;
}

test("the notice offers Accept and Decline, passes axe and works from the keyboard", async ({ page, sharedChannel: ch }) => {
  await visit(page, ch.url("/"));
  const notice = cookieNotice(page);
  await expect(notice).toContainText(t.message);
  await expect(notice.getByRole("button", { name: t.accept, exact: true })).toBeVisible();
  const decline = notice.getByRole("button", { name: t.decline, exact: true });
  await expect(decline).toBeVisible();
  await expectAccessible(page);
  const stored = page.waitForResponse((r) => r.url().includes("/action/accept-cookies"));
  await decline.focus();
  await page.keyboard.press("Enter");
  await stored;
  await expect(notice).toHaveCount(0);
  expect(await consentCookie(page)).toBe("declined");
});

test("a visitor who declines gets no Google tag, no dataLayer and no vid cookie, and is not asked again", async ({ page, sharedChannel: ch }) => {
  const google = googleRequests(page);
  const first = await page.goto(ch.url("/packages"));
  await hydrated(page);
  // Unanswered: the policy already names Google's hosts (an Accept works without a reload), but nothing loads.
  expect(first?.headers()["content-security-policy"]).toContain("https://www.googletagmanager.com");
  expect(await vidCookie(page), "no vid before an answer").toBeUndefined();
  await cookieNotice(page).getByRole("button", { name: t.decline, exact: true }).click();
  await expect(cookieNotice(page)).toHaveCount(0);
  await expect.poll(() => consentCookie(page)).toBe("declined");

  for (const path of ["/", "/vod_library", "/schedule", "/packages"]) {
    const response = await page.goto(ch.url(path));
    expect(response?.status(), path).toBe(200);
    // A refusal keeps Google out of the policy too.
    expect(response?.headers()["content-security-policy"], path).not.toMatch(/googletagmanager|google-analytics/);
    await expect(page.locator(".site-header")).toBeVisible();
    await expect(cookieNotice(page), path).toHaveCount(0);
  }
  await hydrated(page);
  await page.locator(`.site-nav a[href="/schedule"]`).first().click();
  await expect(page).toHaveURL(/\/schedule$/);
  await page.reload();
  await expect(page.locator(".site-header")).toBeVisible();
  await expect(cookieNotice(page)).toHaveCount(0);
  await expect(tagScript(page)).toHaveCount(0);
  expect(await page.evaluate(() => "dataLayer" in window || "gtag" in window)).toBe(false);
  expect(google).toEqual([]);
  expect(await vidCookie(page), "no vid while browsing").toBeUndefined();
});

test("a visitor who accepts gets the tag at once, with the page's nonce, and a page view per navigation", async ({ page, sharedChannel: ch }) => {
  const requested = await standInTag(page);
  await visit(page, ch.url("/"));
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  await expect(tagScript(page)).toHaveCount(0);
  expect(await dataLayer(page)).toBeNull();

  await acceptCookies(page);
  const id = settingOf(ch, "google-analytics");
  await expect(tagScript(page)).toHaveAttribute("src", `https://www.googletagmanager.com/gtag/js?id=${id}`);
  // The script ran under the page's CSP, with the nonce the page's own scripts carry (browsers hide the attribute).
  await expect.poll(() => page.evaluate(() => (window as unknown as { __tagRuns?: number }).__tagRuns)).toBe(1);
  const nonces = await page.evaluate(() => {
    const tag = document.querySelector<HTMLScriptElement>('script[src^="https://www.googletagmanager.com/"]')!;
    const own = document.querySelector<HTMLScriptElement>("script[nonce]:not([src^='https://www.googletagmanager.com/'])")!;
    return { tag: tag.nonce, own: own.nonce, attribute: tag.hasAttribute("nonce") };
  });
  expect(nonces.attribute).toBe(true);
  expect(nonces.tag).not.toBe("");
  expect(nonces.tag).toBe(nonces.own);
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage), "no reload").toBe(true);
  expect(requested).toEqual([`https://www.googletagmanager.com/gtag/js?id=${id}`]);

  const layer = (await dataLayer(page))!;
  expect(layer.find((cmd) => cmd[0] === "config")).toEqual(["config", id, { send_page_view: false }]);
  await expect.poll(() => events(page, "page_view")).toEqual([expect.objectContaining({ page_location: ch.url("/") })]);

  // A client navigation is a page view of its own; the tag is not loaded twice.
  await page.locator(`.site-nav a[href="/schedule"]`).first().click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect.poll(async () => (await events(page, "page_view")).map((e) => e.page_location)).toEqual([ch.url("/"), ch.url("/schedule")]);
  expect((await events(page, "page_view"))[1]).toMatchObject({ page_referrer: ch.url("/") });
  await expect(tagScript(page)).toHaveCount(1);

  // Next visit: accepted already, so the tag comes with the page, and the policy lets its hits out.
  const again = await page.goto(ch.url("/vod_library"));
  expect(again?.headers()["content-security-policy"]).toMatch(/connect-src 'self'[^;]* https:\/\/\*\.google-analytics\.com/);
  await expect(cookieNotice(page)).toHaveCount(0);
  await expect.poll(() => events(page, "page_view")).toEqual([expect.objectContaining({ page_location: ch.url("/vod_library") })]);
  // Accepted, the anonymous viewer id may be kept.
  expect(await vidCookie(page)).toBeTruthy();
});

test("after an Accept, the shop and a 4242 purchase reach the tag as GA4 ecommerce events in the channel's currency", async ({ page, request, ownChannel: ch, signIn }) => {
  const currency = settingOf(ch, "currency");
  await standInTag(page);
  // The checkout polls the order on a timer: the page's clock, which the test moves once the order is paid.
  await page.clock.install();
  const [eventId] = await ppvEvents(request, ch);
  const fan = await signIn(ch, "fan");

  // The list was shown before the Accept: it goes to the tag right after it, on the same page.
  await visit(page, ch.url("/packages"));
  await acceptCookies(page);
  await expect.poll(async () => (await events(page, "view_item_list")).length).toBe(1);
  const [list] = await events(page, "view_item_list");
  expect(list).toMatchObject({ currency, item_list_id: "packages" });
  expect((list!.items as unknown[]).length).toBeGreaterThan(0);

  // A pass with choices has a page of its own: a view_item.
  const pass = (await products(request, ch)).find((p) => p.kind === "package" && p.event_id === null && p.max_choices !== null);
  expect(pass, "a pass with choices").toBeTruthy();
  await visit(page, ch.url(`/select-package/${pass!.id}`));
  await expect
    .poll(() => events(page, "view_item"))
    .toEqual([expect.objectContaining({ currency, items: [expect.objectContaining({ item_id: String(pass!.id), item_name: pass!.name, quantity: 1 })] })]);

  await visit(page, ch.url(`/buy?event_id=${eventId}`));
  await expect.poll(async () => (await events(page, "begin_checkout")).length).toBe(1);
  await typeCard(page, c, "4242 4242 4242 4242");
  await payButton(page).click();
  await expect.poll(async () => (await apiGet<Order[]>(request, ch, "orders", { token: fan.token })).map((o) => o.status), { timeout: 20_000 }).toEqual(["paid"]);
  await page.clock.fastForward(ORDER_POLL_MS);
  await expect(page).toHaveURL(ch.url(`/watch/${eventId}`));

  const [purchase] = await events(page, "purchase");
  expect(purchase, "a GA4 purchase").toBeTruthy();
  expect(purchase).toMatchObject({ currency, transaction_id: expect.stringMatching(/^\d+$/) });
  expect(purchase!.value).toBeGreaterThan(0);
  expect(purchase!.items).toEqual([expect.objectContaining({ item_name: expect.any(String), quantity: 1, price: expect.any(Number) })]);
  // The watch page's own page_view follows the purchase once that page is shown.
  const names = async () => ((await dataLayer(page)) ?? []).filter((cmd) => cmd[0] === "event").map((cmd) => cmd[1]);
  await expect.poll(names).toEqual(["page_view", "begin_checkout", "add_payment_info", "purchase", "page_view"]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Decline is a plain form, and the notice stays gone", async ({ page, sharedChannel: ch }) => {
    const google = googleRequests(page);
    await page.goto(ch.url("/faq"));
    await cookieNotice(page).getByRole("button", { name: t.decline, exact: true }).click();
    await expect(page).toHaveURL(ch.url("/faq"));
    await expect(cookieNotice(page)).toHaveCount(0);
    expect(await consentCookie(page)).toBe("declined");
    await page.goto(ch.url("/"));
    await expect(cookieNotice(page)).toHaveCount(0);
    expect(await vidCookie(page)).toBeUndefined();
    expect(google).toEqual([]);
  });
});
