// The channel a host names (SPEC §1, §2): each channel shows its own theme, language, menus and title; a visitor
// switches the language and it is remembered; the cookie notice shows until it is answered; the legal pages, about,
// the FAQ and the channel's own pages share one view; an unknown path goes to /404; a page of one channel is not
// served on another; a custom domain serves its channel. These tests only read what was loaded: they share one channel
// per template, except where a test gives its channel a domain. The French channel's pages are in french.spec.ts.
import type { APIRequestContext } from "@playwright/test";
import { acceptCookies, cookieNotice, expect, expectAccessible, PORT, test, visit, type Template, type TestChannel } from "./fixtures";
import { apiGet } from "./support/api";
import { onDomain, uniqueDomain } from "./support/console";
import { copy, fill } from "./support/copy";

interface Menu {
  name: string;
  placement: string;
  children: Menu[];
}

const hexToRgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

const menuOf = (request: APIRequestContext, ch: TestChannel, lang: string) => apiGet<Menu[]>(request, ch, `menu?lang=${lang}`);

// Two channels with different looks and languages: what each shows comes from its own settings (beta proves what
// alpha cannot: a light scheme and a French default are the channel's, not the app's).
const LOOKS: { template: Template; scheme: "dark" | "light" }[] = [
  { template: "alpha", scheme: "dark" },
  { template: "beta", scheme: "light" },
];

for (const look of LOOKS) {
  test.describe(`${look.template} channel`, () => {
    test.use({ template: look.template });

    test("shows its own theme, language, menus and title", async ({ page, request, sharedChannel: ch }) => {
      const words = copy(ch.lang, "common");
      const colors = await apiGet<Record<string, string>>(request, ch, "color-settings/web");
      const settings = await apiGet<{ name: string; title: string | null }>(request, ch, "settings");
      const menu = await menuOf(request, ch, ch.lang);

      const response = await page.goto(ch.url());
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", ch.lang);
      await expect(page).toHaveTitle(settings.title ?? settings.name);

      // Colours come from the channel's settings, through CSS variables.
      const body = await page.evaluate(() => {
        const s = getComputedStyle(document.body);
        const root = getComputedStyle(document.documentElement);
        return { bg: s.backgroundColor, color: s.color, scheme: root.colorScheme, a50: root.getPropertyValue("--color-primary-a50").trim() };
      });
      expect(body.bg).toBe(hexToRgb(colors.background));
      expect(body.color).toBe(hexToRgb(colors.text));
      expect(body.scheme).toBe(look.scheme);
      expect(body.a50).toMatch(/^rgb\(\d+ \d+ \d+ \/ 0\.5\)$/);
      const headerBg = await page.locator(".site-header").evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(headerBg).toBe(hexToRgb(colors["header-bg"]));

      // Header and footer menus by placement.
      const nav = page.getByRole("navigation", { name: words.nav.mainMenu });
      for (const item of menu.filter((m) => m.placement !== "footer")) await expect(nav.getByText(item.name, { exact: true }).first()).toBeVisible();
      const footer = page.getByRole("navigation", { name: words.nav.footerMenu });
      for (const item of menu.filter((m) => m.placement !== "header")) await expect(footer.getByRole("link", { name: item.name, exact: true })).toBeVisible();

      // The channel's social networks are icons (the sprite's), each named for screen readers; both channels have
      // Facebook.
      const social = page.getByRole("list", { name: words.footer.follow });
      await expect(social.locator("a.footer-social__icon svg use").first()).toHaveAttribute("href", /^\/icons\/social\.svg#/);
      await expect(social.getByRole("link", { name: fill(words.footer.socialOn, { name: settings.name, network: "Facebook" }), exact: true })).toHaveAttribute("href", /facebook\.com/);
      await expect(page.getByRole("img", { name: settings.name }).first()).toBeVisible();
      await expectAccessible(page);
    });
  });
}

test("switches language and remembers it", async ({ page, request, sharedChannel: ch }) => {
  const otherMenu = await menuOf(request, ch, "fr");
  await visit(page, ch.url("/faq"));
  await acceptCookies(page);
  await page.locator('.lang-switch button[value="fr"]').click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page).toHaveURL(ch.url("/faq"));
  const firstHeader = otherMenu.find((m) => m.placement !== "footer")!;
  await expect(page.locator(".site-nav").getByText(firstHeader.name, { exact: true }).first()).toBeVisible();
  await expect(page.locator('.lang-switch button[value="fr"]')).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expectAccessible(page);
});

test("shows the cookie notice until it is accepted", async ({ page, sharedChannel: ch }) => {
  await visit(page, ch.url());
  await expect(cookieNotice(page)).toBeVisible();
  await expectAccessible(page);
  await acceptCookies(page);
  await page.reload();
  await expect(page.locator(".site-header")).toBeVisible();
  await expect(cookieNotice(page)).toHaveCount(0);
});

test("serves the legal pages, about, FAQ and its own pages through one view", async ({ page, request, sharedChannel: ch }) => {
  const pages = await apiGet<{ url: string; name: string }[]>(request, ch, `pages?lang=${ch.lang}`);
  for (const url of ["/about", "/privacy_policy", "/terms_conditions"]) expect(pages.map((p) => p.url)).toContain(url);
  const own = pages.filter((p) => !["/about", "/privacy_policy", "/terms_conditions", "/contacts"].includes(p.url));
  expect(own.length).toBeGreaterThan(0);
  for (const p of pages.filter((x) => x.url !== "/contacts")) {
    const response = await page.goto(ch.url(p.url));
    expect(response?.status(), p.url).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.name);
    await expect(page).toHaveTitle(/\|/);
  }
  await expectAccessible(page);
  const faq = await apiGet<{ question: string }[]>(request, ch, `faq?lang=${ch.lang}`);
  await visit(page, ch.url("/faq"));
  await page.getByText(faq[0].question).click();
  await expect(page.locator(".faq__item[open] .faq__answer")).toBeVisible();
  await expectAccessible(page);
});

test("redirects an unknown path to /404, which answers 404", async ({ page, request, sharedChannel: ch }) => {
  const words = copy(ch.lang, "common");
  // SPEC §2: any other path redirects to /404.
  const first = await request.get(`http://127.0.0.1:${PORT}/no/such/path?x=1`, { headers: ch.headers, maxRedirects: 0 });
  expect(first.status()).toBe(302);
  expect(first.headers()["location"]).toBe("/404");
  const response = await page.goto(ch.url("/no/such/path"));
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(ch.url("/404"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.notFound.title);
  await expect(page).toHaveTitle(words.notFound.title);
  await expectAccessible(page);
  await page.getByRole("link", { name: words.notFound.goHome }).click();
  await expect(page).toHaveURL(ch.url("/"));
  expect((await page.goto(ch.url("/404")))?.status()).toBe(404);
});

test("a page of one channel is not served on another", async ({ page, sharedChannel: alpha, loadChannel }) => {
  const beta = await loadChannel("beta");
  expect((await page.goto(alpha.url("/tickets-info")))?.status()).toBe(200);
  expect((await page.goto(beta.url("/tickets-info")))?.status()).toBe(404);
  await expect(page).toHaveURL(beta.url("/404"));
  expect((await page.goto(beta.url("/billetterie")))?.status()).toBe(200);
  expect((await page.goto(alpha.url("/billetterie")))?.status()).toBe(404);
});

test("a custom domain serves its channel", async ({ page, loadChannel }) => {
  const domain = uniqueDomain("alpha-sports");
  await loadChannel("alpha", { domains: [domain] });
  const response = await page.goto(onDomain(domain));
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator(".site-header")).toBeVisible();
});
