// Linking a device (issue 13), the viewer's side, each test on a channel of its own: a TV (here, API calls with a TV's
// user agent, as a TV app makes them) starts RFC 8628's flow; the viewer opens the QR code's URL, signs in, sees
// which device asks, approves by keyboard, and the TV's next poll gets its own session. A wrong code is refused
// inline. The TV's own page shows the code and its QR code and signs the TV in at its next poll, which the test runs
// on the TV's clock. Where the channel turns remote authorisation off, neither page is offered. axe on each page
// state; the French pages are french.spec.ts's.
import type { APIRequestContext } from "@playwright/test";
import { DEVICE_GRANT_TYPE, type DeviceAuthorization } from "../../api/contract/devices";
import { expect, expectAccessible, test, visit, type TestChannel } from "./fixtures";
import { copy, fill } from "./support/copy";
import { TV_USER_AGENT, pollNow, tvName, tvOnDevicePage } from "./support/tv";

const t = copy("en", "devices");

/** A call of the TV app: the channel's host, a TV's user agent, the api key in the body. */
async function tvCall(request: APIRequestContext, ch: TestChannel, path: string, body: Record<string, unknown>) {
  return request.post(ch.apiUrl(path), { headers: { ...ch.headers, "user-agent": TV_USER_AGENT }, data: { api_key: await ch.apiKey(), ...body } });
}

test("the QR code's link, sign in, approve by keyboard, and the TV is signed in", async ({ page, request, ownChannel: ch, signIn }) => {
  const started = await tvCall(request, ch, "device/code", {});
  expect(started.status()).toBe(200);
  const auth = (await started.json()) as DeviceAuthorization;
  const poll = async () => {
    const res = await tvCall(request, ch, "device/token", { grant_type: DEVICE_GRANT_TYPE, device_code: auth.device_code });
    return { status: res.status(), body: (await res.json()) as Record<string, unknown> };
  };
  expect((await poll()).body.error).toBe("authorization_pending");

  // The QR code holds verification_uri_complete, the short /activate with the code, which forwards to the page; a
  // visitor who is not signed in is sent to log in first, and back.
  const qr = new URL(auth.verification_uri_complete);
  expect(qr.pathname).toBe("/activate");
  const target = `/profile/sessions/add${qr.search}`;
  await page.goto(ch.url(qr.pathname + qr.search));
  await expect(page).toHaveURL(ch.url(`/login?redirectTo=${encodeURIComponent(target)}`));
  // The sign-in form's way back to redirectTo is auth.spec's.
  await signIn(ch, "fan");
  await visit(page, ch.url(target));

  await expect(page.getByRole("heading", { name: t.page.title, level: 2 })).toBeVisible();
  await expect(page.getByText(fill(t.page.asks, { device: tvName("en") }))).toBeVisible();
  await expect(page.getByText(fill(t.page.checkCode, { code: auth.user_code }))).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: t.page.approve, exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(fill(t.page.approved, { device: tvName("en") }))).toBeVisible();
  await expectAccessible(page);

  // The TV's next poll gets a session of its own, as this viewer (an approved code is answered at any poll).
  const issued = await poll();
  expect(issued.status).toBe(200);
  expect(issued.body.access_token).toEqual(expect.any(String));
});

test("a wrong code is refused next to the field, and the tab leads to the page", async ({ page, ownChannel: ch, signIn }) => {
  await signIn(ch, "fan");
  await visit(page, ch.url("/profile"));
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

test("the TV's page shows a code and its QR code, and signs the TV in at its next poll once the viewer approves", async ({ browser, page, ownChannel: ch, signIn }) => {
  const { tv, screen, code } = await tvOnDevicePage(browser, ch, {}, async (shown) => {
    await expect(shown.getByRole("heading", { name: t.tv.title, level: 1 })).toBeVisible();
    await expect(shown.getByRole("img", { name: /QR code/ }).locator("svg")).toBeVisible();
    await expect(shown.getByRole("status")).toHaveText(t.tv.waiting);
    // Ten feet away: the channel's name and the short address to type, and nothing of the site around them.
    await expect(shown.locator(".device-link__brand")).toBeVisible();
    await expect(shown.locator(".device-link__url")).toHaveText(`${new URL(ch.url("/")).host}/activate`);
    await expect(shown.getByRole("banner")).toHaveCount(0);
    await expect(shown.getByRole("contentinfo")).toHaveCount(0);
    await expect(shown.locator(".cookie-notice")).toHaveCount(0);
    await expectAccessible(shown);
  });
  expect(code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);

  // The viewer, on their phone, types the code shown on the TV (in any case) and approves.
  await signIn(ch, "fan");
  await visit(page, ch.url("/profile/sessions/add"));
  await page.getByLabel(t.page.code, { exact: true }).fill(code.toLowerCase());
  await page.getByRole("button", { name: t.page.continue, exact: true }).click();
  await page.getByRole("button", { name: t.page.approve, exact: true }).click();
  await expect(page.getByText(fill(t.page.approved, { device: tvName("en") }))).toBeVisible();

  // The TV's next poll signs it in and takes it home, with the account menu.
  await pollNow(screen, ch);
  await tv.close();
});

test.describe("where the channel turns remote authorisation off", () => {
  test.use({ channelSetup: { settings: { "auth.remote_auth": 0 } } });

  test("the TV's page is not offered, and the code page sends the viewer to their active orders", async ({ page, ownChannel: ch, signIn }) => {
    await page.goto(ch.url("/device"));
    await expect(page).toHaveURL(ch.url("/"));
    await signIn(ch, "fan");
    await page.goto(ch.url("/profile/sessions/add?code=BBBB-BBBB"));
    await expect(page).toHaveURL(ch.url("/profile"));
    await expect(page.getByRole("link", { name: t.page.title, exact: true })).toHaveCount(0);
  });
});
