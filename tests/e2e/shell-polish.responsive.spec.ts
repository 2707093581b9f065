// Issue 28, the shell's defects, on alpha (English, dark) and beta (French, light, longer words) at 1366×900, 1280×800
// and on a 390×844 phone: header items never overlap and the signed-in viewer's first name shows whole; the schools
// drop-down keeps clear of the window's edge; the access badge on cards reads as a label, not a button; cards in a row
// line up (equal height, follow chips on one line at the bottom); the partner banner scales to fit a phone. Screenshots
// are kept as artifacts, and axe runs on each page.
import type { Page, TestInfo } from "@playwright/test";
import { acceptCookies, expect, expectAccessible, test, visit, type Template } from "./fixtures";

const mobile = (testInfo: TestInfo) => testInfo.project.name === "mobile";
const DESKTOP_SIZES = [
  { width: 1366, height: 900 },
  { width: 1280, height: 800 },
];

async function keep(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(`${name}-${testInfo.project.name}`, { path, contentType: "image/png" });
}

/** Pairs of the header's visible items whose boxes overlap, and any nav item cut by its list. */
function headerOverlaps(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const inner = document.querySelector(".site-header__inner")!;
    const items = [...inner.querySelectorAll<HTMLElement>(".site-logo, .site-nav__item, .search-link, .search-form--header, .lang-switch, .user-menu > summary, .user-links")]
      .filter((el) => el.offsetParent !== null && el.getBoundingClientRect().width > 0)
      .map((el) => ({ name: (el.className || el.tagName) + ":" + (el.textContent ?? "").trim().slice(0, 20), r: el.getBoundingClientRect() }));
    for (let i = 0; i < items.length; i++)
      for (let j = i + 1; j < items.length; j++) {
        const a = items[i].r;
        const b = items[j].r;
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom && b.top < a.bottom) out.push(`${items[i].name} overlaps ${items[j].name}`);
      }
    const nav = document.querySelector<HTMLElement>(".site-nav");
    if (nav && nav.offsetParent !== null && nav.scrollWidth > nav.clientWidth + 1) out.push(`nav cut: ${nav.scrollWidth} > ${nav.clientWidth}`);
    if (inner.scrollWidth > inner.clientWidth + 1) out.push(`header cut: ${inner.scrollWidth} > ${inner.clientWidth}`);
    return out;
  });
}

for (const template of ["alpha", "beta"] as Template[]) {
  test.describe(`${template}`, () => {
    test.use({ template });

    test("the header: nothing overlaps, the first name shows whole, the schools drop-down keeps off the edge", async ({ page, ownChannel: ch, signIn }, testInfo) => {
      test.skip(mobile(testInfo), "the full menu is the desktop header; the phone's is the drawer (shell.responsive.spec.ts)");
      // Signed out: the log-in and register links beside the menu (and at 1180 px, the narrowest full menu).
      for (const size of [...DESKTOP_SIZES, { width: 1180, height: 800 }]) {
        await page.setViewportSize(size);
        await visit(page, ch.url("/"));
        if (size.width === 1366) await acceptCookies(page);
        expect(await headerOverlaps(page), `signed-out header at ${size.width}`).toEqual([]);
        await keep(page, testInfo, `header-signed-out-${template}-${size.width}`);
      }
      const viewer = await signIn(ch, "fan");
      const first = viewer.name.split(" ")[0];
      for (const size of DESKTOP_SIZES) {
        await page.setViewportSize(size);
        await visit(page, ch.url("/"));
        expect(await headerOverlaps(page), `header at ${size.width}`).toEqual([]);
        const name = page.locator("header .user-menu__name");
        await expect(name).toHaveText(first);
        expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth), `${first} whole at ${size.width}`).toBe(true);
        await keep(page, testInfo, `header-${template}-${size.width}`);

        // The drop-down with children (alpha's and beta's schools), opened by keyboard.
        const group = page.locator("header .site-nav__group > summary").first();
        await group.focus();
        await page.keyboard.press("Enter");
        const submenu = page.locator("header .site-nav__group[open] .site-nav__submenu");
        await expect(submenu).toBeVisible();
        const box = (await submenu.boundingBox())!;
        expect(box.x + box.width, `drop-down's right edge at ${size.width}`).toBeLessThanOrEqual(size.width - 12);
        expect(box.x).toBeGreaterThanOrEqual(12);
        await keep(page, testInfo, `schools-menu-${template}-${size.width}`);
        await expectAccessible(page);
        await page.keyboard.press("Escape");
        await expect(submenu).toBeHidden();
      }
    });

    test("event cards: the access badge is a label, and cards in a row line up with their follow chips at the bottom", async ({ page, sharedChannel: ch }, testInfo) => {
      await visit(page, ch.url("/upcoming"));
      await acceptCookies(page);
      const cards = page.locator(".event-list--grid .event-card");
      await expect(cards.first()).toBeVisible();

      // A label: a small tag with an icon, no outline and no pill, nothing like the buttons.
      const badge = cards.first().locator(".badge--access");
      await expect(badge).toBeVisible();
      await expect(badge.locator("svg")).toHaveCount(1);
      const style = await badge.evaluate((el) => {
        const s = getComputedStyle(el);
        return { radius: parseFloat(s.borderTopLeftRadius), border: parseFloat(s.borderTopWidth), height: el.getBoundingClientRect().height, cursor: s.cursor };
      });
      expect(style.radius, "not a pill").toBeLessThanOrEqual(6);
      expect(style.border, "no outline").toBe(0);
      expect(style.height, "smaller than a button").toBeLessThan(28);
      expect(style.cursor).not.toBe("pointer");

      // Cards of one row: equal heights, follow chips on one line, at the same distance from the card's bottom.
      const rows = await cards.evaluateAll((els) => {
        const byRow = new Map<number, { h: number; chips: number; chipsBottom: number; metaTop: number; wrapped: boolean }[]>();
        for (const el of els) {
          const r = el.getBoundingClientRect();
          const follow = el.querySelector<HTMLElement>(".event-card__follow");
          const meta = el.querySelector<HTMLElement>(".event-card__meta")!;
          const buttons = follow ? [...follow.querySelectorAll<HTMLElement>(".follow__button")] : [];
          const tops = new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
          const row = byRow.get(Math.round(r.top)) ?? [];
          row.push({
            h: Math.round(r.height),
            chips: follow ? Math.round(r.bottom - follow.getBoundingClientRect().bottom) : -1,
            chipsBottom: follow ? Math.round(follow.getBoundingClientRect().height) : -1,
            metaTop: Math.round(meta.getBoundingClientRect().top - r.top),
            wrapped: tops.size > 1,
          });
          byRow.set(Math.round(r.top), row);
        }
        return [...byRow.values()];
      });
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(new Set(row.map((c) => c.h)).size, "equal heights in a row").toBe(1);
        expect(new Set(row.map((c) => c.chips)).size, "follow chips at the same place").toBe(1);
        expect(new Set(row.map((c) => c.metaTop)).size, "the details row at the same place").toBe(1);
        expect(row.some((c) => c.wrapped), "follow chips on one line").toBe(false);
      }
      await keep(page, testInfo, `cards-${template}`);
      await expectAccessible(page);
    });

    test("the footer's static blocks (alpha's partner banner) fit the window", async ({ page, sharedChannel: ch }, testInfo) => {
      await visit(page, ch.url("/"));
      await acceptCookies(page);
      const footer = page.locator("footer.site-footer");
      await footer.scrollIntoViewIfNeeded();
      const width = page.viewportSize()!.width;
      const blocks = footer.locator(".static-block");
      const banners = footer.locator(".static-block__image");
      if (template === "alpha") await expect(banners).toHaveCount(1);
      for (const banner of await banners.all()) {
        await expect(banner).toBeVisible();
        await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        const box = (await banner.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, "banner inside the window").toBeLessThanOrEqual(width);
        // Scaled, not cropped: the drawn aspect ratio is the image's own.
        const ratio = await banner.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight);
        expect(Math.abs(box.width / box.height - ratio)).toBeLessThan(0.05);
      }
      for (const block of await blocks.all()) expect(await block.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), "no sideways scroll").toBeLessThanOrEqual(width);
      await keep(page, testInfo, `footer-${template}`);
      await expectAccessible(page);
    });
  });
}
