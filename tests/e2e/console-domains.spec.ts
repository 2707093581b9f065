// Onboarding by DNS (issue 16), on both channels in their own language: the owner adds a domain in the console, is
// told in words what is wrong with a bad one, sees the two records to create, "creates" them in the local DNS
// (the dev-only endpoint standing in for the owner's DNS provider), presses Check now, and the domain serves the
// channel in the browser while the channel's own address still does. The page passes axe; removal asks first and
// works from the keyboard; it all works without JavaScript; someone who is not the owner gets the not-found page.
import { readFileSync } from "node:fs";
import type { APIRequestContext, Locator } from "@playwright/test";
import { CHANNELS, type Channel, login, PASSWORD, url } from "./auth-helpers";
import { PORT, expect, expectAccessible, test } from "./fixtures";

type Copy = typeof import("../../app/locales/en/domains.json");
const copy = (lang: "en" | "fr") => JSON.parse(readFileSync(`app/locales/${lang}/domains.json`, "utf8")) as Copy;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? "");
const api = (path: string) => `http://127.0.0.1:${PORT}/api/${path}`;
const host = (name: string) => ({ host: `${name}:${PORT}` });

/** What the site answers on a host, as a Node client sees it (Node does not resolve these names). */
const statusOn = async (request: APIRequestContext, name: string) => (await request.get(`http://127.0.0.1:${PORT}/`, { headers: host(name), maxRedirects: 0 })).status();

/** Creates the record shown in a card's row, as the owner would at their DNS provider. */
async function createRecord(request: APIRequestContext, ch: Channel, card: Locator, type: "CNAME" | "TXT") {
  const row = card.locator(`tr[data-record="${type}"]`);
  const name = await row.locator('[data-field="name"]').innerText();
  const value = await row.locator('[data-field="value"]').innerText();
  const res = await request.put(api("dev/dns-records"), { headers: host(`${ch.alias}.localhost`), data: { type, name, value } });
  expect(res.status(), await res.text()).toBe(200);
  return { name, value };
}

for (const ch of CHANNELS) {
  const lang = ch.alias === "alpha" ? "en" : "fr";
  const c = copy(lang);
  const hostname = `watch.${ch.alias}-club.domains.test`;

  test.describe(`${ch.alias} (${lang}): custom domains`, () => {
    test("the owner adds a domain, creates its two records, checks it, and the domain serves the channel", async ({ page, request, context }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await login(page, ch, `owner@${ch.alias}.test`, PASSWORD);
      await page.goto(url(ch, "/console/domains"));
      await expect(page.getByRole("heading", { level: 1, name: c.page.title })).toBeVisible();
      await expect(page.getByRole("navigation", { name: /console/i }).getByRole("link", { name: c.nav.domains })).toHaveAttribute("aria-current", "page");

      const field = page.getByLabel(c.add.label, { exact: true });
      const submit = page.getByRole("button", { name: c.add.submit, exact: true });
      // Refusals are said at the field: one the browser knows, one only the server knows.
      await field.fill("192.0.2.1");
      await submit.click();
      await expect(page.locator("#add-domain").getByText(c.validation.ip)).toBeVisible();
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await field.fill(`news.${ch.alias}.localhost`);
      await submit.click();
      await expect(page.locator("#add-domain").getByText(c.messages.domainRoot)).toBeVisible();

      await field.fill(hostname.toUpperCase());
      await submit.click();
      await expect(page.getByText(fill(c.notices.added, { hostname }))).toBeVisible();
      const card = page.locator(`li.domain[data-domain="${hostname}"]`);
      await expect(card.locator(".domain-badge")).toContainText(c.status.pending);
      await expect(card.locator('tr[data-record="CNAME"] [data-field="name"]')).toHaveText(hostname);
      await expect(card.locator('tr[data-record="TXT"] [data-field="name"]')).toHaveText(`_cf-custom-hostname.${hostname}`);
      await expect(field).toHaveValue("");
      await expectAccessible(page);

      // Copy puts the exact value on the clipboard.
      const txtValue = await card.locator('tr[data-record="TXT"] [data-field="value"]').innerText();
      await card.getByRole("button", { name: fill(c.copy.value, { type: "TXT" }) }).click();
      await expect(card.getByText(c.copy.copied)).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(txtValue);

      // Pending: the domain is nobody's site yet. One record is not enough.
      expect(await statusOn(request, hostname)).toBe(404);
      await createRecord(request, ch, card, "CNAME");
      await card.getByRole("button", { name: c.domain.check, exact: true }).click();
      await expect(page.getByText(fill(c.notices.pending, { hostname }))).toBeVisible();
      await expect(card.locator(".domain__detail")).toContainText("No TXT record");
      await expect(card.locator(".domain-badge")).toContainText(c.status.pending);

      await createRecord(request, ch, card, "TXT");
      await card.getByRole("button", { name: c.domain.check, exact: true }).click();
      await expect(page.getByText(fill(c.notices.active, { hostname }))).toBeVisible();
      await expect(card.locator(".domain-badge")).toContainText(c.status.active);
      await expectAccessible(page);

      // Both hosts show the channel.
      await card.getByRole("link", { name: fill(c.domain.visit, { hostname }) }).click();
      await expect(page).toHaveURL(`http://${hostname}:${PORT}/`);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.locator(".site-header")).toBeVisible();
      const title = await page.title();
      expect((await page.goto(url(ch, "/")))?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
    });
  });
}

test.describe("alpha: removing a domain and who may see the page", () => {
  const ch = CHANNELS[0];
  const c = copy("en");
  const hostname = "leaving.alpha-club.domains.test";

  test("removal asks first, works from the keyboard, and the domain stops serving the channel", async ({ page, request }) => {
    await login(page, ch, `owner@${ch.alias}.test`, PASSWORD);
    await page.goto(url(ch, "/console/domains"));
    await page.getByLabel(c.add.label, { exact: true }).fill(hostname);
    await page.getByLabel(c.add.label, { exact: true }).press("Enter");
    const card = page.locator(`li.domain[data-domain="${hostname}"]`);
    await expect(card).toBeVisible();
    await createRecord(request, ch, card, "CNAME");
    await createRecord(request, ch, card, "TXT");
    await card.getByRole("button", { name: c.domain.check, exact: true }).click();
    await expect(card.locator(".domain-badge")).toContainText(c.status.active);
    expect(await statusOn(request, hostname)).toBe(200);

    // Cancel keeps it; confirming removes it.
    await card.getByRole("button", { name: c.domain.remove, exact: true }).focus();
    await page.keyboard.press("Enter");
    const confirm = card.getByRole("form", { name: fill(c.confirm.title, { hostname }) });
    await expect(confirm).toBeFocused();
    await expect(confirm).toContainText(c.confirm.text);
    await expectAccessible(page);
    await confirm.getByRole("link", { name: c.confirm.cancel }).click();
    await expect(confirm).toHaveCount(0);
    await card.getByRole("button", { name: c.domain.remove, exact: true }).click();
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(card.getByRole("button", { name: c.confirm.yes })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText(fill(c.notices.removed, { hostname }))).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(await statusOn(request, hostname)).toBe(404);
  });

  test("a viewer who is not the owner gets the not-found page", async ({ page }) => {
    await login(page, ch, "fan@alpha.test", PASSWORD);
    const response = await page.goto(url(ch, "/console/domains"));
    expect(response?.status()).toBe(404);
  });
});

test.describe("beta without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  const ch = CHANNELS[1];
  const c = copy("fr");
  const hostname = "plain.beta-club.domains.test";

  test("adding, checking and removing a domain are plain forms", async ({ page, request }) => {
    await login(page, ch, `owner@${ch.alias}.test`, PASSWORD);
    await page.goto(url(ch, "/console/domains"));
    const field = page.getByLabel(c.add.label, { exact: true });
    await field.fill("pas un domaine");
    await page.getByRole("button", { name: c.add.submit, exact: true }).click();
    await expect(page.locator("#add-domain").getByText(c.validation.invalid)).toBeVisible();
    await page.getByLabel(c.add.label, { exact: true }).fill(hostname);
    await page.getByRole("button", { name: c.add.submit, exact: true }).click();
    const card = page.locator(`li.domain[data-domain="${hostname}"]`);
    await expect(card.locator(".domain-badge")).toContainText(c.status.pending);
    // No copy buttons without JavaScript: the values are plain text.
    await expect(card.getByRole("button", { name: c.copy.button })).toHaveCount(0);
    await createRecord(request, ch, card, "CNAME");
    await createRecord(request, ch, card, "TXT");
    await card.getByRole("button", { name: c.domain.check, exact: true }).click();
    await expect(page.getByText(fill(c.notices.active, { hostname }))).toBeVisible();
    expect(await statusOn(request, hostname)).toBe(200);

    await page.locator(`li.domain[data-domain="${hostname}"]`).getByRole("button", { name: c.domain.remove, exact: true }).click();
    await expect(page).toHaveURL(/\/console\/domains\?remove=\d+$/);
    await page.getByRole("button", { name: c.confirm.yes }).click();
    await expect(page.getByText(fill(c.notices.removed, { hostname }))).toBeVisible();
    expect(await statusOn(request, hostname)).toBe(404);
  });
});

