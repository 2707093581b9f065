import type { APIRequestContext } from "@playwright/test";
import { PORT, acceptCookies, channelUrl, expect, expectAccessible, test } from "./fixtures";

interface Menu {
  name: string;
  placement: string;
  children: Menu[];
}

async function apiData<T>(request: APIRequestContext, alias: string, path: string): Promise<T> {
  // Node does not resolve *.localhost: ask 127.0.0.1 with the channel's Host.
  const res = await request.get(`http://127.0.0.1:${PORT}/api/${path}`, { headers: { host: `${alias}.localhost:${PORT}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

const hexToRgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

const CHANNELS = [
  { alias: "alpha", lang: "en", other: "fr", scheme: "dark" },
  { alias: "beta", lang: "fr", other: "en", scheme: "light" },
] as const;

for (const ch of CHANNELS) {
  test.describe(`${ch.alias} channel`, () => {
    test("shows its own theme, language, menus and title", async ({ page, request }) => {
      const colors = await apiData<Record<string, string>>(request, ch.alias, "color-settings/web");
      const settings = await apiData<{ name: string; title: string | null }>(request, ch.alias, "settings");
      const menu = await apiData<Menu[]>(request, ch.alias, `menu?lang=${ch.lang}`);

      const response = await page.goto(channelUrl(ch.alias));
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
      expect(body.scheme).toBe(ch.scheme);
      expect(body.a50).toMatch(/^rgb\(\d+ \d+ \d+ \/ 0\.5\)$/);
      const headerBg = await page.locator(".site-header").evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(headerBg).toBe(hexToRgb(colors["header-bg"]));

      // Header and footer menus by placement.
      const nav = page.getByRole("navigation", { name: ch.lang === "en" ? "Main menu" : "Menu principal" });
      for (const item of menu.filter((m) => m.placement !== "footer")) await expect(nav.getByText(item.name, { exact: true }).first()).toBeVisible();
      const footer = page.getByRole("navigation", { name: ch.lang === "en" ? "Footer menu" : "Menu de pied de page" });
      for (const item of menu.filter((m) => m.placement !== "header")) await expect(footer.getByRole("link", { name: item.name, exact: true })).toBeVisible();

      await expect(page.getByRole("img", { name: settings.name }).first()).toBeVisible();
      await expectAccessible(page);
    });

    test("switches language and remembers it", async ({ page, request }) => {
      const otherMenu = await apiData<Menu[]>(request, ch.alias, `menu?lang=${ch.other}`);
      await page.goto(channelUrl(ch.alias, "/faq"));
      await acceptCookies(page);
      await page.locator(`.lang-switch button[value="${ch.other}"]`).click();
      await expect(page.locator("html")).toHaveAttribute("lang", ch.other);
      await expect(page).toHaveURL(channelUrl(ch.alias, "/faq"));
      const firstHeader = otherMenu.find((m) => m.placement !== "footer")!;
      await expect(page.locator(".site-nav").getByText(firstHeader.name, { exact: true }).first()).toBeVisible();
      await expect(page.locator(`.lang-switch button[value="${ch.other}"]`)).toHaveAttribute("aria-pressed", "true");
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("lang", ch.other);
      await expectAccessible(page);
    });

    test("shows the cookie notice until it is accepted", async ({ page }) => {
      await page.goto(channelUrl(ch.alias));
      const notice = page.getByRole("region", { name: /cookie|témoins/i });
      await expect(notice).toBeVisible();
      await expectAccessible(page);
      await acceptCookies(page);
      await page.reload();
      await expect(page.locator(".site-header")).toBeVisible();
      await expect(notice).toHaveCount(0);
    });

    test("serves the legal pages, about, FAQ and its own pages through one view", async ({ page, request }) => {
      const pages = await apiData<{ url: string; name: string }[]>(request, ch.alias, `pages?lang=${ch.lang}`);
      for (const url of ["/about", "/privacy_policy", "/terms_conditions"]) expect(pages.map((p) => p.url)).toContain(url);
      const own = pages.filter((p) => !["/about", "/privacy_policy", "/terms_conditions", "/contacts"].includes(p.url));
      expect(own.length).toBeGreaterThan(0);
      for (const p of [...pages.filter((x) => x.url !== "/contacts")]) {
        const response = await page.goto(channelUrl(ch.alias, p.url));
        expect(response?.status(), p.url).toBe(200);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.name);
        await expect(page).toHaveTitle(new RegExp(`\\|`));
      }
      await expectAccessible(page);
      const faq = await apiData<{ question: string }[]>(request, ch.alias, `faq?lang=${ch.lang}`);
      await page.goto(channelUrl(ch.alias, "/faq"));
      await page.getByText(faq[0].question).click();
      await expect(page.locator(".faq__item[open] .faq__answer")).toBeVisible();
      await expectAccessible(page);
    });

    test("redirects an unknown path to /404, which answers 404", async ({ page, request }) => {
      // SPEC §2: any other path redirects to /404.
      const first = await request.get(`http://127.0.0.1:${PORT}/no/such/path?x=1`, {
        headers: { host: `${ch.alias}.localhost:${PORT}` },
        maxRedirects: 0,
      });
      expect(first.status()).toBe(302);
      expect(first.headers()["location"]).toBe("/404");
      const response = await page.goto(channelUrl(ch.alias, "/no/such/path"));
      expect(response?.status()).toBe(404);
      await expect(page).toHaveURL(channelUrl(ch.alias, "/404"));
      const title = ch.lang === "en" ? "Sorry! - Game Not Found" : "Désolé ! - Match introuvable";
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(title);
      await expectAccessible(page);
      await page.getByRole("link", { name: ch.lang === "en" ? "Go to Home" : "Retour à l’accueil" }).click();
      await expect(page).toHaveURL(channelUrl(ch.alias, "/"));
      expect((await page.goto(channelUrl(ch.alias, "/404")))?.status()).toBe(404);
    });
  });
}

test("a page of one channel is not served on another", async ({ page }) => {
  expect((await page.goto(channelUrl("alpha", "/tickets-info")))?.status()).toBe(200);
  expect((await page.goto(channelUrl("beta", "/tickets-info")))?.status()).toBe(404);
  await expect(page).toHaveURL(channelUrl("beta", "/404"));
  expect((await page.goto(channelUrl("beta", "/billetterie")))?.status()).toBe(200);
  expect((await page.goto(channelUrl("alpha", "/billetterie")))?.status()).toBe(404);
});

test("a custom domain serves its channel", async ({ page }) => {
  const response = await page.goto(`http://alpha-sports.test:${process.env.E2E_PORT ?? 8788}/`);
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator(".site-header")).toBeVisible();
});
