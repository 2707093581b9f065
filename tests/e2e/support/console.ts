// The console's parts as an owner meets them (issue 16), for the specs that edit a test channel of their own: the
// row editor's parts found as a screen reader names them, a save and its notice, and a custom domain's DNS records
// "created" in the local DNS (the dev-only endpoint standing in for the owner's DNS provider).
import type { APIRequestContext, Locator, Page, TestInfo } from "@playwright/test";
import { expect } from "@playwright/test";
import { PORT, type Lang } from "./channels";
import { copy, fill } from "./copy";

/** A row of a list, by its legend ("Field 2", "Entry 4"). */
export const row = (scope: Page | Locator, name: string) => scope.getByRole("group", { name: new RegExp(`^${name}( —|$)`) });

/** A localized field's input in one language ("English"), inside a row or a form. */
export const localized = (scope: Page | Locator, label: string, langName: string) =>
  scope.getByRole("group", { name: new RegExp(`^${label}`) }).getByLabel(langName, { exact: true });

/** A field by its label, optional or not, in either language. */
export const labelled = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${label}( \\((optional|facultatif)\\))?$`));

/** Presses the item's Save and waits for the notice that names it. */
export async function saveItem(page: Page, lang: Lang, name: string) {
  const c = copy(lang, "console");
  await page.getByRole("button", { name: c.form.save, exact: true }).click();
  await expect(page.getByText(fill(c.form.saved, { name }))).toBeVisible();
}

/** Lowercase letters and digits no other test draws: a DNS label for a domain or a channel's alias. */
export const randomLabel = (length = 10) =>
  Array.from(crypto.getRandomValues(new Uint8Array(length)), (b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("");

/** A custom domain of the test's own: `*.domains.test` resolves to loopback in the tests' Chromium. */
export const uniqueDomain = (label: string) => `${label}-${randomLabel()}.domains.test`;

/** The address of a page on a custom domain, as the browser reaches it. */
export const onDomain = (hostname: string, path = "/") => `http://${hostname}:${PORT}${path}`;

/** What the site answers on a host, as a Node client sees it (Node does not resolve these names). */
export async function statusOn(request: APIRequestContext, hostname: string): Promise<number> {
  return (await request.get(`http://127.0.0.1:${PORT}/`, { headers: { host: `${hostname}:${PORT}` }, maxRedirects: 0 })).status();
}

/**
 * Creates the DNS record a domain's card shows (its CNAME or TXT row), as the owner would at their DNS provider.
 * `channelHost` is the host of the channel the domain was added to (`TestChannel.host`).
 */
export async function createRecord(request: APIRequestContext, channelHost: string, card: Locator, type: "CNAME" | "TXT") {
  const line = card.locator(`tr[data-record="${type}"]`);
  const record = { type, name: await line.locator('[data-field="name"]').innerText(), value: await line.locator('[data-field="value"]').innerText() };
  const res = await request.put(`http://127.0.0.1:${PORT}/api/dev/dns-records`, { headers: { host: channelHost }, data: record });
  expect(res.status(), await res.text()).toBe(200);
  return record;
}

/** A domain's card on /console/domains. */
export const domainCard = (page: Page, hostname: string) => page.locator(`li.domain[data-domain="${hostname}"]`);

/** A full-page screenshot kept with the test's artifacts, named by the project (main, mobile). */
export const shot = (page: Page, testInfo: TestInfo, name: string) => page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });
