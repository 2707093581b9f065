// The Devices tab of the profile (issue 13), each test on a channel of its own: the fan, signed in on two browsers
// (each in its own country), sees both, signs the other one out (it is signed out at its next page), then signs out
// everywhere else after a confirmation, then signs this browser out. A TV linked by code shows up too, with its own
// country, and is signed out from here. A new password may keep the other devices signed in. The login page offers the
// TV code only where the channel allows remote sign-in. axe on each state of the tab; the French tab is french.spec.ts's.
import type { APIRequest, Browser, Page } from "@playwright/test";
import { expect, expectAccessible, resendingOnReset, signIn, test, visit, type TestChannel } from "./fixtures";
import { userMenu } from "./support/accounts";
import { copy, fill } from "./support/copy";
import { approveTvCode, pollNow, tvOnDevicePage } from "./support/tv";

const t = copy("en", "sessions");
const auth = copy("en", "auth");
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const country = (code: string) => new Intl.DisplayNames(["en"], { type: "region" }).of(code)!;

/**
 * Another browser of the fan's (an iPhone in Germany), signed in through the API as that browser: the session keeps
 * the user agent and the country of its sign-in.
 */
async function phoneOf(browser: Browser, requests: APIRequest, ch: TestChannel) {
  const headers = { "x-simulate-country": "DE" };
  const phone = await browser.newContext({ userAgent: IPHONE, extraHTTPHeaders: headers });
  const api = await requests.newContext({ userAgent: IPHONE, extraHTTPHeaders: headers });
  const page = await phone.newPage();
  const signInAgain = () => signIn(phone, resendingOnReset(api), ch, "fan");
  await signInAgain();
  return {
    page,
    signInAgain,
    close: async () => {
      await api.dispose();
      await phone.close();
    },
  };
}

const items = (page: Page) => page.locator("li.sessions__item");
const current = (page: Page) => page.locator("li.sessions__item[data-current]");
const others = (page: Page) => page.locator("li.sessions__item:not([data-current])");
const notice = (page: Page) => page.locator(".sessions").getByRole("status");
const signedOutAt = async (page: Page, ch: TestChannel, path: string) => {
  await page.goto(ch.url(path));
  await expect(page).toHaveURL(/\/login/);
};

test.describe("signed in from France", () => {
  // The page's browser and its API sign-in come from France.
  test.use({ extraHTTPHeaders: { "x-simulate-country": "FR" } });

  test("both browsers are listed; sign out the other, then everywhere else, then this one", async ({ browser, playwright, page, ownChannel: ch, signIn: signInHere }) => {
    await signInHere(ch, "fan");
    const phone = await phoneOf(browser, playwright.request, ch);

    // The tab is in the profile for every signed-in viewer.
    await visit(page, ch.url("/profile"));
    await page.getByRole("link", { name: t.page.title, exact: true }).click();
    await expect(page).toHaveURL(/\/profile\/devices$/);
    await expect(page.getByRole("heading", { name: t.page.title, level: 2 })).toBeVisible();
    await expect(items(page)).toHaveCount(2);
    await expect(current(page)).toContainText(t.page.thisDevice);
    await expect(current(page)).toContainText(fill(t.name.browserOn, { browser: "Chrome", os: "Windows" }));
    await expect(current(page)).toContainText(fill(t.page.country, { country: country("FR") }));
    await expect(others(page)).toContainText(fill(t.name.browserOn, { browser: "Safari", os: "iPhone" }));
    await expect(others(page)).toContainText(fill(t.page.country, { country: country("DE") }));
    await expect(others(page)).not.toContainText(t.page.thisDevice);
    await expect(others(page).locator("time")).toHaveCount(2);
    for (const time of await others(page).locator("time").all()) await expect(time).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
    await expectAccessible(page);

    // Sign out the phone: it is signed out at its next page.
    await others(page).getByRole("button", { name: t.page.signOut, exact: true }).click();
    await expect(notice(page)).toHaveText(t.notices.signedOut);
    await expect(items(page)).toHaveCount(1);
    await expect(page.getByText(t.page.onlyThis)).toBeVisible();
    await signedOutAt(phone.page, ch, "/profile");

    // Signed in again, then "everywhere else": a confirmation step first (by keyboard), then the phone is out again.
    await phone.signInAgain();
    await visit(page, ch.url("/profile/devices"));
    await expect(items(page)).toHaveCount(2);
    await page.getByRole("button", { name: t.page.signOutOthers, exact: true }).click();
    await expect(page).toHaveURL(/confirm=others/);
    await expect(page.getByRole("heading", { name: t.confirm.title, level: 3 })).toBeVisible();
    await expect(page.getByText(fill(t.confirm.text_one, { count: 1 }))).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: t.confirm.yes, exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(notice(page)).toHaveText(fill(t.notices.endedOthers_one, { count: 1 }));
    await expect(page).toHaveURL(/\/profile\/devices$/);
    await expect(items(page)).toHaveCount(1);
    await signedOutAt(phone.page, ch, "/profile/devices");

    // "Sign out this device": this browser is signed out and goes home.
    await current(page).getByRole("button", { name: t.page.signOutThis, exact: true }).click();
    await expect(page).toHaveURL(ch.url("/"));
    await expect(page.getByRole("banner").getByRole("link", { name: auth.menu.login, exact: true })).toBeVisible();
    await expect(userMenu(page)).toHaveCount(0);
    await phone.close();
  });

  test("a TV linked by code is listed with the TV's own country, and signing it out signs the TV out", async ({ browser, page, ownChannel: ch, signIn: signInHere }) => {
    await signInHere(ch, "fan");
    const { tv, screen, code } = await tvOnDevicePage(browser, ch, { "x-simulate-country": "DE" });
    await approveTvCode(page, ch, code);
    await pollNow(screen, ch);

    await visit(page, ch.url("/profile/devices"));
    await expect(items(page)).toHaveCount(2);
    const row = others(page);
    await expect(row).toContainText(fill(t.name.tv, { model: "Samsung TV" }));
    await expect(row).toContainText(fill(t.page.country, { country: country("DE") }));
    await expectAccessible(page);
    await row.getByRole("button", { name: t.page.signOut, exact: true }).click();
    await expect(notice(page)).toHaveText(t.notices.signedOut);

    await screen.reload();
    await expect(screen.getByRole("banner").getByRole("link", { name: auth.menu.login, exact: true })).toBeVisible();
    await expect(screen.locator("header details.user-menu")).toHaveCount(0);
    await tv.close();
  });
});

test("a new password keeps the other devices signed in when the box is unticked", async ({ browser, playwright, page, ownChannel: ch, signIn: signInHere }) => {
  const fan = await signInHere(ch, "fan");
  const phone = await phoneOf(browser, playwright.request, ch);

  await visit(page, ch.url("/profile/edit"));
  const endOthers = page.getByRole("checkbox", { name: auth.profileEdit.endOtherSessions, exact: true });
  await expect(endOthers).toBeChecked();
  await endOthers.uncheck();
  const chosen = "Another-pass-1";
  await page.getByLabel(auth.form.currentPassword, { exact: true }).fill(fan.password);
  await page.getByLabel(auth.form.newPassword, { exact: true }).fill(chosen);
  await page.getByLabel(auth.form.newPasswordConfirmation, { exact: true }).fill(chosen);
  await page.getByRole("button", { name: auth.profileEdit.savePassword, exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(`${auth.profileEdit.passwordSaved} ${auth.profileEdit.othersKept}`);
  // The form is reset, the offer ticked again.
  await expect(endOthers).toBeChecked();

  await phone.page.goto(ch.url("/profile/devices"));
  await expect(phone.page).toHaveURL(/\/profile\/devices$/);
  await phone.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sign out one device, then everywhere else after the confirmation, with plain forms", async ({ browser, playwright, page, ownChannel: ch, signIn: signInHere }) => {
    await signInHere(ch, "fan");
    const second = await phoneOf(browser, playwright.request, ch);
    const third = await phoneOf(browser, playwright.request, ch);

    await page.goto(ch.url("/profile/devices"));
    await expect(items(page)).toHaveCount(3);
    await others(page).first().getByRole("button", { name: t.page.signOut, exact: true }).click();
    await expect(notice(page)).toHaveText(t.notices.signedOut);
    await expect(items(page)).toHaveCount(2);

    await page.getByRole("button", { name: t.page.signOutOthers, exact: true }).click();
    await expect(page.getByText(fill(t.confirm.text_one, { count: 1 }))).toBeVisible();
    await page.getByRole("button", { name: t.confirm.yes, exact: true }).click();
    await expect(notice(page)).toHaveText(fill(t.notices.endedOthers_one, { count: 1 }));
    await expect(items(page)).toHaveCount(1);
    await signedOutAt(second.page, ch, "/profile");
    await signedOutAt(third.page, ch, "/profile");
    await second.close();
    await third.close();
  });
});

test("the login page offers a TV code where the channel allows remote sign-in", async ({ page, sharedChannel: ch, loadChannel }) => {
  await visit(page, ch.url("/login"));
  await expect(page.getByText(auth.login.onTv)).toBeVisible();
  await page.getByRole("link", { name: auth.login.useCode, exact: true }).click();
  await expect(page).toHaveURL(ch.url("/device"));

  const withoutRemote = await loadChannel("alpha", { settings: { "auth.remote_auth": 0 } });
  await page.goto(withoutRemote.url("/login"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(auth.login.onTv)).toHaveCount(0);
  await expect(page.getByRole("link", { name: auth.login.useCode, exact: true })).toHaveCount(0);
});
