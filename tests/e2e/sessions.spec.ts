// The Devices tab of the profile (issue 13): one viewer signed in on two browsers (each in its own country, named in
// the page's language) sees both, signs the other one out (it is signed out at its next page), then signs out
// everywhere else after a confirmation, then signs this browser out. On alpha a TV linked by code shows up too and is
// signed out from here. The login page offers the TV code only where the channel allows remote sign-in. axe on each
// state of the tab, on both channels in their own language.
import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { CHANNELS, login, newUser, register, url, userMenu, type Channel, type NewUser } from "./auth-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { linkTv } from "./support/link-tv";

type SessionsCopy = typeof import("../../app/locales/en/sessions.json");
const copy = (lang: "en" | "fr") => JSON.parse(readFileSync(`app/locales/${lang}/sessions.json`, "utf8")) as SessionsCopy;
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const country = (code: string, lang: string) => new Intl.DisplayNames([lang], { type: "region" }).of(code)!;

const LANGS = { alpha: "en", beta: "fr" } as const;

/** Another browser (an iPhone in Germany) signed in as the same viewer. */
async function secondBrowser(browser: Browser, ch: Channel, viewer: NewUser) {
  const phone = await browser.newContext({ userAgent: IPHONE, extraHTTPHeaders: { "x-simulate-country": "DE" } });
  const page = await phone.newPage();
  await login(page, ch, viewer.email, viewer.password);
  return { phone, page };
}

const items = (page: Page) => page.locator("li.sessions__item");
const current = (page: Page) => page.locator("li.sessions__item[data-current]");
const others = (page: Page) => page.locator("li.sessions__item:not([data-current])");
const signedOutAt = async (page: Page, ch: Channel, path: string) => {
  await page.goto(url(ch, path));
  await expect(page).toHaveURL(/\/login/);
};

for (const ch of CHANNELS) {
  const lang = LANGS[ch.alias];
  const t = copy(lang);

  test(`${ch.alias} (${lang}): both browsers are listed; sign out the other, then everywhere else, then this one`, async ({ browser, page }, testInfo) => {
    // Two browsers, four sign-ins and two axe runs: longer than most.
    test.setTimeout(90_000);
    const viewer = newUser(testInfo, `devices-${ch.alias}`);
    await page.setExtraHTTPHeaders({ "x-simulate-country": "FR" });
    await register(page, ch, viewer);
    const second = await secondBrowser(browser, ch, viewer);

    // The tab is in the profile for every signed-in viewer.
    await page.goto(url(ch, "/profile"));
    await page.getByRole("link", { name: t.page.title, exact: true }).click();
    await expect(page).toHaveURL(/\/profile\/devices$/);
    await expect(page.getByRole("heading", { name: t.page.title, level: 2 })).toBeVisible();
    await expect(items(page)).toHaveCount(2);
    await expect(current(page)).toContainText(t.page.thisDevice);
    await expect(current(page)).toContainText(t.page.browserOn.replace("{{browser}}", "Chrome").replace("{{os}}", "Windows"));
    await expect(current(page)).toContainText(t.page.country.replace("{{country}}", country("FR", lang)));
    await expect(others(page)).toContainText(t.page.browserOn.replace("{{browser}}", "Safari").replace("{{os}}", "iOS"));
    await expect(others(page)).toContainText(t.page.country.replace("{{country}}", country("DE", lang)));
    await expect(others(page)).not.toContainText(t.page.thisDevice);
    await expect(others(page).locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
    await expectAccessible(page);

    // Sign out the phone: it is signed out at its next page.
    await others(page).getByRole("button", { name: t.page.signOut, exact: true }).click();
    await expect(page.locator(".sessions").getByRole("status")).toHaveText(t.notices.signedOut);
    await expect(items(page)).toHaveCount(1);
    await expect(page.getByText(t.page.onlyThis)).toBeVisible();
    await signedOutAt(second.page, ch, "/profile");

    // Signed in again, then "everywhere else": a confirmation step first (by keyboard), then the phone is out again.
    await login(second.page, ch, viewer.email, viewer.password);
    await page.reload();
    await expect(items(page)).toHaveCount(2);
    await page.getByRole("button", { name: t.page.signOutOthers, exact: true }).click();
    await expect(page).toHaveURL(/confirm=others/);
    await expect(page.getByRole("heading", { name: t.confirm.title, level: 3 })).toBeVisible();
    await expect(page.getByText(t.confirm.text_one.replace("{{count}}", "1"))).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: t.confirm.yes, exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page.locator(".sessions").getByRole("status")).toHaveText(t.notices.endedOthers_one.replace("{{count}}", "1"));
    await expect(page).toHaveURL(/\/profile\/devices$/);
    await expect(items(page)).toHaveCount(1);
    await signedOutAt(second.page, ch, "/profile/devices");

    // "Sign out this device": this browser is signed out and goes home.
    await current(page).getByRole("button", { name: t.page.signOutThis, exact: true }).click();
    await expect(page).toHaveURL(url(ch, "/"));
    await expect(page.getByRole("banner").getByRole("link", { name: ch.t.menu.login, exact: true })).toBeVisible();
    await expect(userMenu(page)).toHaveCount(0);
    await second.phone.close();
  });
}

test("alpha (en): a TV linked by code is listed with the TV's own country, and signing it out signs the TV out", async ({ browser, page }, testInfo) => {
  // The TV polls every 5 s: linking it takes a while.
  test.setTimeout(90_000);
  const [alpha] = CHANNELS;
  const t = copy("en");
  await page.setExtraHTTPHeaders({ "x-simulate-country": "FR" });
  await register(page, alpha, newUser(testInfo, "devices-tv"));
  const { tv, screen } = await linkTv(browser, page, alpha, "en", { "x-simulate-country": "DE" });

  await page.goto(url(alpha, "/profile/devices"));
  await expect(items(page)).toHaveCount(2);
  const row = others(page);
  await expect(row).toContainText(`${t.device.tv} · Tizen`);
  await expect(row).toContainText(t.page.country.replace("{{country}}", "Germany"));
  await expectAccessible(page);
  await row.getByRole("button", { name: t.page.signOut, exact: true }).click();
  await expect(page.locator(".sessions").getByRole("status")).toHaveText(t.notices.signedOut);

  await screen.reload();
  await expect(screen.getByRole("banner").getByRole("link", { name: alpha.t.menu.login, exact: true })).toBeVisible();
  await expect(screen.locator("header details.user-menu")).toHaveCount(0);
  await tv.close();
});

test("beta (fr): a new password keeps the other devices signed in when the box is unticked", async ({ browser, page }, testInfo) => {
  const [, beta] = CHANNELS;
  const viewer = newUser(testInfo, "devices-password");
  await register(page, beta, viewer);
  const second = await secondBrowser(browser, beta, viewer);

  await page.goto(url(beta, "/profile/edit"));
  const endOthers = page.getByRole("checkbox", { name: beta.t.profileEdit.endOtherSessions, exact: true });
  await expect(endOthers).toBeChecked();
  await endOthers.uncheck();
  const chosen = "Another-pass-1";
  await page.getByLabel(beta.t.form.currentPassword, { exact: true }).fill(viewer.password);
  await page.getByLabel(beta.t.form.newPassword, { exact: true }).fill(chosen);
  await page.getByLabel(beta.t.form.newPasswordConfirmation, { exact: true }).fill(chosen);
  await page.getByRole("button", { name: beta.t.profileEdit.savePassword, exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(`${beta.t.profileEdit.passwordSaved} ${beta.t.profileEdit.othersKept}`);
  // The form is reset, the offer ticked again.
  await expect(endOthers).toBeChecked();

  await second.page.goto(url(beta, "/profile/devices"));
  await expect(second.page).toHaveURL(/\/profile\/devices$/);
  await second.phone.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("beta (fr): sign out one device, then everywhere else after the confirmation, with plain forms", async ({ browser, page }, testInfo) => {
    // Three browsers, three sign-ins.
    test.setTimeout(90_000);
    const [, beta] = CHANNELS;
    const t = copy("fr");
    const viewer = newUser(testInfo, "devices-nojs");
    await register(page, beta, viewer);
    const second = await secondBrowser(browser, beta, viewer);
    const third = await secondBrowser(browser, beta, viewer);

    await page.goto(url(beta, "/profile/devices"));
    await expect(items(page)).toHaveCount(3);
    await others(page).first().getByRole("button", { name: t.page.signOut, exact: true }).click();
    await expect(page.locator(".sessions").getByRole("status")).toHaveText(t.notices.signedOut);
    await expect(items(page)).toHaveCount(2);

    await page.getByRole("button", { name: t.page.signOutOthers, exact: true }).click();
    await expect(page.getByText(t.confirm.text_one.replace("{{count}}", "1"))).toBeVisible();
    await page.getByRole("button", { name: t.confirm.yes, exact: true }).click();
    await expect(page.locator(".sessions").getByRole("status")).toHaveText(t.notices.endedOthers_one.replace("{{count}}", "1"));
    await expect(items(page)).toHaveCount(1);
    await signedOutAt(second.page, beta, "/profile");
    await signedOutAt(third.page, beta, "/profile");
    await second.phone.close();
    await third.phone.close();
  });
});

test("the login page offers a TV code where the channel allows remote sign-in", async ({ page }) => {
  const [alpha, beta] = CHANNELS;
  await page.goto(url(alpha, "/login"));
  await expect(page.getByText(alpha.t.login.onTv)).toBeVisible();
  await page.getByRole("link", { name: alpha.t.login.useCode, exact: true }).click();
  await expect(page).toHaveURL(url(alpha, "/device"));

  await page.goto(url(beta, "/login"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: beta.t.login.useCode, exact: true })).toHaveCount(0);
});
