// Onboarding by DNS (issue 16): the owner adds a domain in the console, is told in words what is wrong with a bad one,
// sees the two records to create, "creates" them in the local DNS (the dev-only endpoint standing in for the owner's
// DNS provider), presses Check now, and the domain serves the channel in the browser while the channel's own address
// still does. The page passes axe; removal asks first and works from the keyboard; it all works without JavaScript;
// someone who is not the owner gets the not-found page. Each test adds domains of its own (`*.domains.test`) to a
// channel of its own; the French wording of the refusals is in french.spec.ts.
import { expect, expectAccessible, test, visit } from "./fixtures";
import { createRecord, domainCard, onDomain, statusOn, uniqueDomain } from "./support/console";
import { copy, fill } from "./support/copy";

const c = copy("en", "domains");

test("the owner adds a domain, creates its two records, checks it, and the domain serves the channel", async ({ page, request, context, ownChannel: ch, signIn }) => {
  const hostname = uniqueDomain("watch");
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(ch, "owner");
  await visit(page, ch.url("/console/domains"));
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
  const card = domainCard(page, hostname);
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
  await createRecord(request, ch.host, card, "CNAME");
  await card.getByRole("button", { name: c.domain.check, exact: true }).click();
  await expect(page.getByText(fill(c.notices.pending, { hostname }))).toBeVisible();
  await expect(card.locator(".domain__detail")).toContainText("No TXT record");
  await expect(card.locator(".domain-badge")).toContainText(c.status.pending);

  await createRecord(request, ch.host, card, "TXT");
  await card.getByRole("button", { name: c.domain.check, exact: true }).click();
  await expect(page.getByText(fill(c.notices.active, { hostname }))).toBeVisible();
  await expect(card.locator(".domain-badge")).toContainText(c.status.active);
  await expectAccessible(page);

  // Both addresses show the channel.
  await card.getByRole("link", { name: fill(c.domain.visit, { hostname }) }).click();
  await expect(page).toHaveURL(onDomain(hostname));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator(".site-header")).toBeVisible();
  const title = await page.title();
  expect((await page.goto(ch.url("/")))?.status()).toBe(200);
  await expect(page).toHaveTitle(title);
});

test("removal asks first, works from the keyboard, and the domain stops serving the channel", async ({ page, request, ownChannel: ch, signIn }) => {
  const hostname = uniqueDomain("leaving");
  await signIn(ch, "owner");
  await visit(page, ch.url("/console/domains"));
  await page.getByLabel(c.add.label, { exact: true }).fill(hostname);
  await page.getByLabel(c.add.label, { exact: true }).press("Enter");
  const card = domainCard(page, hostname);
  await expect(card).toBeVisible();
  await createRecord(request, ch.host, card, "CNAME");
  await createRecord(request, ch.host, card, "TXT");
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

test("a viewer who is not the owner gets the not-found page", async ({ page, ownChannel: ch, signIn }) => {
  await signIn(ch, "fan");
  const response = await page.goto(ch.url("/console/domains"));
  expect(response?.status()).toBe(404);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("adding, checking and removing a domain are plain forms", async ({ page, request, ownChannel: ch, signIn }) => {
    const hostname = uniqueDomain("plain");
    await signIn(ch, "owner");
    await page.goto(ch.url("/console/domains"));
    await page.getByLabel(c.add.label, { exact: true }).fill("not a domain");
    await page.getByRole("button", { name: c.add.submit, exact: true }).click();
    await expect(page.locator("#add-domain").getByText(c.validation.invalid)).toBeVisible();
    await page.getByLabel(c.add.label, { exact: true }).fill(hostname);
    await page.getByRole("button", { name: c.add.submit, exact: true }).click();
    const card = domainCard(page, hostname);
    await expect(card.locator(".domain-badge")).toContainText(c.status.pending);
    // No copy buttons without JavaScript: the values are plain text.
    await expect(card.getByRole("button", { name: c.copy.button })).toHaveCount(0);
    await createRecord(request, ch.host, card, "CNAME");
    await createRecord(request, ch.host, card, "TXT");
    await card.getByRole("button", { name: c.domain.check, exact: true }).click();
    await expect(page.getByText(fill(c.notices.active, { hostname }))).toBeVisible();
    expect(await statusOn(request, hostname)).toBe(200);

    await domainCard(page, hostname).getByRole("button", { name: c.domain.remove, exact: true }).click();
    await expect(page).toHaveURL(/\/console\/domains\?remove=\d+$/);
    await page.getByRole("button", { name: c.confirm.yes }).click();
    await expect(page.getByText(fill(c.notices.removed, { hostname }))).toBeVisible();
    expect(await statusOn(request, hostname)).toBe(404);
  });
});
