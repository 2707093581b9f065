// Linking a device (issue 13), the viewer's side: a TV (here, API calls with a TV's user agent, as a TV app makes
// them) starts RFC 8628's flow; the viewer opens the QR code's URL, signs in, sees which device asks, approves by
// keyboard, and the TV's next poll gets its own session. A wrong code is refused inline. On beta, where the channel
// turns remote authorisation off, the page sends the viewer to their active orders. axe on each page state.
import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { DEVICE_GRANT_TYPE, type DeviceAuthorization } from "../../api/contract/devices";
import { CHANNELS, login, newUser, register, url } from "./auth-helpers";
import { PORT, expect, expectAccessible, test } from "./fixtures";
import { apiKey } from "./watch-helpers";

type DevicesCopy = typeof import("../../app/locales/en/devices.json");
const copy = (lang: "en" | "fr") => JSON.parse(readFileSync(`app/locales/${lang}/devices.json`, "utf8")) as DevicesCopy;
const TV = "Mozilla/5.0 (Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SMART-TV Safari/537.36";
const [alpha, beta] = CHANNELS;

/** A call of the TV app: the channel's host, a TV's user agent, the api key in the body. */
async function tvCall(request: APIRequestContext, path: string, body: Record<string, unknown>) {
  const key = await apiKey(request, "alpha");
  return request.post(`http://127.0.0.1:${PORT}/api/${path}`, { headers: { host: `alpha.localhost:${PORT}`, "user-agent": TV }, data: { api_key: key, ...body } });
}

test("alpha (en): the QR code's link, sign in, approve by keyboard, and the TV is signed in", async ({ page, request }, testInfo) => {
  const t = copy("en");
  const started = await tvCall(request, "device/code", {});
  expect(started.status()).toBe(200);
  const auth = (await started.json()) as DeviceAuthorization;
  const poll = async () => {
    const res = await tvCall(request, "device/token", { grant_type: DEVICE_GRANT_TYPE, device_code: auth.device_code });
    return { status: res.status(), body: (await res.json()) as Record<string, unknown> };
  };
  expect((await poll()).body.error).toBe("authorization_pending");

  // The QR code holds verification_uri_complete; a visitor who is not signed in logs in first and comes back.
  const qr = new URL(auth.verification_uri_complete);
  expect(qr.pathname).toBe("/profile/sessions/add");
  const viewer = newUser(testInfo, "tv");
  await register(page, alpha, viewer);
  await page.context().clearCookies({ name: "sid" });
  await page.goto(url(alpha, qr.pathname + qr.search));
  await expect(page).toHaveURL(/\/login/);
  await login(page, alpha, viewer.email, viewer.password);
  await expect(page).toHaveURL(/\/profile\/sessions\/add\?code=/);

  await expect(page.getByRole("heading", { name: t.page.title, level: 2 })).toBeVisible();
  await expect(page.getByText(t.page.asks.replace("{{device}}", "Samsung TV"))).toBeVisible();
  await expect(page.getByText(t.page.checkCode.replace("{{code}}", auth.user_code))).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: t.page.approve, exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(t.page.approved.replace("{{device}}", "Samsung TV"))).toBeVisible();
  await expectAccessible(page);

  // The TV's next poll gets a session of its own, as this viewer.
  await expect.poll(async () => (await poll()).status, { timeout: 15_000, intervals: [6_000] }).toBe(200);
});

test("alpha (en): a wrong code is refused next to the field, and the tab leads to the page", async ({ page }, testInfo) => {
  const t = copy("en");
  await register(page, alpha, newUser(testInfo, "tv-wrong"));
  await page.goto(url(alpha, "/profile"));
  await page.getByRole("link", { name: t.page.title, exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/sessions\/add$/);
  const field = page.getByLabel(t.page.code, { exact: true });
  await field.fill("bbbb-bbbb");
  await field.press("Enter");
  await expect(page).toHaveURL(/code=bbbb-bbbb/);
  await expect(page.getByLabel(t.page.code, { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#device-code-error")).toHaveText(t.errors.codeInvalid);
  await expectAccessible(page);
});

test("beta (fr): without remote authorisation the page sends the viewer to their active orders", async ({ page }, testInfo) => {
  const t = copy("fr");
  await register(page, beta, newUser(testInfo, "tv-beta"));
  await page.goto(url(beta, "/profile/sessions/add?code=BBBB-BBBB"));
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("link", { name: t.page.title, exact: true })).toHaveCount(0);
});

test("alpha (en): the TV's page shows a code and its QR code, and signs the TV in once the viewer approves", async ({ browser, page }, testInfo) => {
  const t = copy("en");
  const tv = await browser.newContext({ userAgent: TV });
  const screen = await tv.newPage();
  await screen.goto(url(alpha, "/device"));
  await expect(screen.getByRole("heading", { name: t.tv.title, level: 1 })).toBeVisible();
  const code = (await screen.getByTestId("user-code").textContent())!.trim();
  expect(code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
  const qr = screen.getByRole("img", { name: /QR code/ });
  await expect(qr.locator("svg")).toBeVisible();
  await expect(screen.getByRole("status")).toHaveText(t.tv.waiting);
  await expectAccessible(screen);

  // The viewer, on their phone, types the code shown on the TV.
  await register(page, alpha, newUser(testInfo, "tv-screen"));
  await page.goto(url(alpha, "/profile/sessions/add"));
  await page.getByLabel(t.page.code, { exact: true }).fill(code.toLowerCase());
  await page.getByRole("button", { name: t.page.continue, exact: true }).click();
  await page.getByRole("button", { name: t.page.approve, exact: true }).click();
  await expect(page.getByText(t.page.approved.replace("{{device}}", "Samsung TV"))).toBeVisible();

  // The TV's next poll signs it in and takes it home, with the account menu.
  await expect(screen).toHaveURL(url(alpha, "/"), { timeout: 20_000 });
  await expect(screen.locator("header details.user-menu")).toBeVisible();
  await tv.close();
});

test("beta (fr): the TV's page is not offered without remote authorisation", async ({ page }) => {
  await page.goto(url(beta, "/device"));
  await expect(page).toHaveURL(url(beta, "/"));
});
