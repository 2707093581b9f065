// Issue 15, the shell on desktop (1366×900) and mobile (390×844): a one-row header (signed out and in) with nothing
// clipped, the mobile drawer by keyboard, Escape and click outside on the header menus, /upcoming's filters behind a
// button on mobile, and the footer's cookie settings. Screenshots are kept as test artifacts. Behaviour on the English
// channel; the French channel's shell (its longer words among them) is in french.spec.ts. A test that signs in has a
// channel of its own; the others only read, and share one per worker (the cookie choice lives in the browser).
import type { Page, TestInfo } from "@playwright/test";
import { acceptCookies, cookieNotice, expect, expectAccessible, test, visit } from "./fixtures";
import { copy, fill } from "./support/copy";

const t = copy("en", "common");
const auth = copy("en", "auth");

const mobile = (testInfo: TestInfo) => testInfo.project.name === "mobile";
const shot = (page: Page, testInfo: TestInfo, name: string) => page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`) });

/** The header is one row: its height, and no clipped logo or footer text. */
async function expectCompactShell(page: Page, testInfo: TestInfo) {
  const header = page.locator("header.site-header");
  const height = (await header.boundingBox())!.height;
  // One row: 64 px on desktop (4rem + border), 56 on mobile.
  expect(height, "header height").toBeLessThanOrEqual(mobile(testInfo) ? 64 : 72);
  const clipped = await page.evaluate(() => {
    const out: string[] = [];
    const check = (sel: string) =>
      document.querySelectorAll<HTMLElement>(sel).forEach((el) => {
        if (el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1) out.push(`${sel}: ${el.scrollWidth} > ${el.clientWidth}`);
      });
    check(".site-logo");
    check(".site-header__inner");
    check(".site-nav");
    check(".site-footer__inner");
    check(".footer-copy");
    check(".footer-menu");
    // Each visible item of the header sits on the same row.
    const inner = document.querySelector(".site-header__inner")!;
    const tops = [...inner.children]
      .filter((el) => (el as HTMLElement).offsetParent !== null && getComputedStyle(el).position !== "fixed")
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.height > 0);
    const center = (r: DOMRect) => r.top + r.height / 2;
    if (Math.max(...tops.map(center)) - Math.min(...tops.map(center)) > 8) out.push("header items on more than one row");
    return out;
  });
  expect(clipped).toEqual([]);
}

test("the header is one short row, signed out and in, and nothing is clipped", async ({ page, ownChannel: ch, signIn }, testInfo) => {
  await visit(page, ch.url("/"));
  await acceptCookies(page);
  await expectCompactShell(page, testInfo);
  await shot(page, testInfo, "home");
  await signIn(ch, "fan");
  await visit(page, ch.url("/"));
  await expectCompactShell(page, testInfo);
  await shot(page, testInfo, "header-signed-in");
  if (!mobile(testInfo)) await expect(page.locator("header details.user-menu")).toBeVisible();
});

test("the drawer works by keyboard: Enter opens, Tab stays inside, Escape closes and focus returns", async ({ page, sharedChannel: ch }, testInfo) => {
  test.skip(!mobile(testInfo), "the drawer is the small-screen menu");
  await visit(page, ch.url("/"));
  await acceptCookies(page);
  const button = page.locator("header .menu-button");
  const drawer = page.getByRole("dialog");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toHaveAttribute("aria-controls", "site-drawer");
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(drawer).toBeVisible();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
  // The drawer holds the search, the menu, the language and the account.
  await expect(drawer.getByRole("search")).toBeVisible();
  await expect(drawer.getByRole("navigation")).toBeVisible();
  await expectAccessible(page);
  await shot(page, testInfo, "drawer-open");
  const count = await drawer.locator("a[href], button, input").count();
  for (let i = 0; i < count + 3; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("#site-drawer")), `focus inside after ${i + 1} Tab`).toBe(true);
  }
  await page.keyboard.press("Shift+Tab");
  expect(await page.evaluate(() => !!document.activeElement?.closest("#site-drawer"))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");
  // The close button and the backdrop close it too.
  await button.click();
  await drawer.getByRole("button", { name: t.nav.closeMenu }).click();
  await expect(drawer).toBeHidden();
  await button.click();
  await expect(drawer).toBeVisible();
  await page.mouse.click(380, 600);
  await expect(drawer).toBeHidden();
  await expect(button).toBeFocused();
});

test("Escape and a click outside close the header menus, focus back on their trigger", async ({ page, ownChannel: ch, signIn }, testInfo) => {
  test.skip(mobile(testInfo), "the desktop header's menus (the drawer replaces them on mobile)");
  await visit(page, ch.url("/"));
  await acceptCookies(page);
  const group = page.locator("header details.site-nav__group").first();
  await group.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(group).toHaveAttribute("open", "");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Escape");
  await expect(group).not.toHaveAttribute("open", "");
  await expect(group.locator("summary")).toBeFocused();
  await group.locator("summary").click();
  await expect(group).toHaveAttribute("open", "");
  // A click outside: on the page background beside the header, away from any control.
  await page.mouse.click(10, 600);
  await expect(group).not.toHaveAttribute("open", "");

  await signIn(ch, "fan");
  await visit(page, ch.url("/"));
  const menu = page.locator("header details.user-menu");
  await menu.locator("summary").click();
  await expect(menu.getByRole("link", { name: auth.menu.profile })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).not.toHaveAttribute("open", "");
  await expect(menu.locator("summary")).toBeFocused();
  await menu.locator("summary").click();
  await page.mouse.click(10, 600);
  await expect(menu).not.toHaveAttribute("open", "");
});

test("/upcoming shows events on the first screen; on mobile the filters wait behind a Filters button", async ({ page, sharedChannel: ch }, testInfo) => {
  await visit(page, ch.url("/upcoming?gender=men"));
  await acceptCookies(page);
  const toggle = page.locator(".filters-toggle");
  const form = page.locator("form.filters");
  const firstCard = page.locator(".event-card").first();
  if (mobile(testInfo)) {
    await expect(toggle).toBeVisible();
    await expect(toggle).toContainText(fill(t.events.filters.active_one, { count: 1 }));
    await expect(form).toBeHidden();
    const box = (await firstCard.boundingBox())!;
    expect(box.y, "first event card starts on the first screen").toBeLessThan(844 - 80);
    await shot(page, testInfo, "upcoming");
    await toggle.click();
    await expect(form).toBeVisible();
    await expect(page.locator("#f-gender")).toHaveValue("men");
  } else {
    await expect(toggle).toBeHidden();
    await expect(form).toBeVisible();
    expect((await firstCard.boundingBox())!.y).toBeLessThan(900);
    await shot(page, testInfo, "upcoming");
  }
});

test("the footer's Cookie settings changes an earlier choice, by keyboard", async ({ page, context, sharedChannel: ch }) => {
  await visit(page, ch.url("/"));
  await acceptCookies(page);
  const settings = page.locator("footer").getByRole("button", { name: t.cookie.settings });
  await settings.focus();
  await page.keyboard.press("Enter");
  await expect(cookieNotice(page)).toBeVisible();
  await expect(cookieNotice(page)).toContainText(t.cookie.current.accepted);
  // Focus moves into the notice; Escape leaves the choice unchanged, back on the button.
  const decline = cookieNotice(page).getByRole("button", { name: t.cookie.decline, exact: true });
  await expect(decline).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(cookieNotice(page)).toHaveCount(0);
  await expect(settings).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(decline).toBeFocused();
  const stored = page.waitForResponse((r) => r.url().includes("/action/accept-cookies"));
  await page.keyboard.press("Enter");
  await stored;
  // Once the answer is stored and the page's data reloaded, the notice closes for good and focus is back on the
  // footer's button (before, it came back after the reload, showing the new answer).
  await expect(settings).toBeFocused();
  await expect(cookieNotice(page)).toHaveCount(0);
  const consent = (await context.cookies()).find((c) => c.name === "cookie_consent");
  expect(consent?.value).toBe("declined");
  await page.reload();
  await expect(cookieNotice(page)).toHaveCount(0);
});
