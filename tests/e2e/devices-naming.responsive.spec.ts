// Issue 28, devices, on alpha (English) and beta (French, remote sign-in turned on here) at 1366×900 and on a 390×844
// phone: approving a TV's code puts the code entry and the Approve button first, above the fold, and works by keyboard;
// every device is named the same way from its user agent by the API ("Chrome on Windows", "Samsung TV (code-linked)"),
// and two browsers of one kind are told apart by "This device" and when each signed in. Screenshots are kept as
// artifacts, and axe runs on each state.
import type { Page, TestInfo } from "@playwright/test";
import { acceptCookies, expect, expectAccessible, signIn, test, visit, type Template } from "./fixtures";
import { copy, fill } from "./support/copy";
import { DEVICE_POLL_INTERVAL_S } from "../../api/contract/devices";
import { tvName, tvOnDevicePage } from "./support/tv";

const mobile = (testInfo: TestInfo) => testInfo.project.name === "mobile";

async function keep(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(`${name}-${testInfo.project.name}`, { path, contentType: "image/png" });
}

/** Wholly inside the first screen of the page (no scrolling). */
async function aboveTheFold(page: Page, selector: ReturnType<Page["locator"]>) {
  const box = (await selector.boundingBox())!;
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled, "the page opens at its top").toBe(0);
  expect(box.y + box.height, "above the fold").toBeLessThanOrEqual(page.viewportSize()!.height);
}

for (const template of ["alpha", "beta"] as Template[]) {
  test.describe(`${template}`, () => {
    test.use({ template, channelSetup: { settings: { "auth.remote_auth": 1 } } });

    test("approving a TV: the code entry and Approve come first, by keyboard; every device is named from its user agent", async ({
      browser,
      page,
      request,
      ownChannel: ch,
      signIn: signInHere,
      newContext,
    }, testInfo) => {
      const d = copy(ch.lang, "devices");
      const s = copy(ch.lang, "sessions");
      await signInHere(ch, "fan");

      // No code yet: the code field is the first thing under the title, above the profile's summary and tabs.
      await visit(page, ch.url("/profile/sessions/add"));
      // The cookie notice would cover the bottom of a phone's screen.
      await acceptCookies(page);
      const field = page.getByLabel(d.page.code);
      await aboveTheFold(page, field);
      await aboveTheFold(page, page.getByRole("button", { name: d.page.continue }));
      const summary = (await page.locator(".profile__summary").boundingBox())!;
      expect((await field.boundingBox())!.y).toBeLessThan(summary.y);
      await keep(page, testInfo, `link-device-empty-${template}`);
      await expectAccessible(page);

      // The TV's code, typed by keyboard, then Approve, above the fold.
      const { tv, screen, code } = await tvOnDevicePage(browser, ch);
      await field.focus();
      await page.keyboard.type(code);
      await page.keyboard.press("Enter");
      await expect(page.getByText(fill(d.page.asks, { device: tvName(ch.lang) }))).toBeVisible();
      const approve = page.getByRole("button", { name: d.page.approve, exact: true });
      await aboveTheFold(page, approve);
      await keep(page, testInfo, `link-device-asks-${template}`);
      await expectAccessible(page);
      await approve.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByText(fill(d.page.approved, { device: tvName(ch.lang) }))).toBeVisible();
      // The TV's next poll signs it in (support/tv.ts pollNow, whose desktop header check a phone-sized TV lacks).
      await screen.clock.runFor(DEVICE_POLL_INTERVAL_S * 1000);
      await screen.clock.resume();
      await expect(screen).toHaveURL(ch.url("/"));
      await tv.close();

      // A second browser of the same kind as this one (same user agent), signed in later.
      const twin = await newContext({ userAgent: await page.evaluate(() => navigator.userAgent) });
      await signIn(twin, request, ch, "fan");

      await visit(page, ch.url("/profile/devices"));
      const rows = page.locator("li.sessions__item");
      await expect(rows).toHaveCount(3);
      const own = fill(s.name.browserOn, { browser: "Chrome", os: mobile(testInfo) ? "Android" : "Windows" });
      const names = await rows.locator(".sessions__name").allInnerTexts();
      expect(names.filter((n) => n.includes(own))).toHaveLength(2);
      expect(names.filter((n) => n.includes(tvName(ch.lang)))).toHaveLength(1);
      // No row is named by its kind alone or as unknown.
      for (const n of names) expect(n).not.toContain(s.name.unknown);
      // The two like rows differ: one is this device, and each says when it signed in.
      const alike = rows.filter({ hasText: own });
      await expect(alike.filter({ hasText: s.page.thisDevice })).toHaveCount(1);
      const texts = await alike.allInnerTexts();
      expect(texts[0]).not.toBe(texts[1]);
      for (const row of await alike.all()) await expect(row.locator(".sessions__seen")).toContainText(s.page.signedIn);
      await keep(page, testInfo, `devices-${template}`);
      await expectAccessible(page);
    });
  });
}
