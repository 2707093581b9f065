// The console on a phone and a desktop (issue 16), on beta in French: the owner adds a question to the FAQ with its
// French text; it is on /faq at once. The navigation marks the current section; the pages pass axe. Screenshots of the
// console are kept as test artifacts.
import { readFileSync } from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { CHANNELS, login, PASSWORD, url } from "./auth-helpers";
import { acceptCookies, expect, expectAccessible, test } from "./fixtures";

type ConsoleCopy = typeof import("../../app/locales/fr/console.json");
const c = JSON.parse(readFileSync("app/locales/fr/console.json", "utf8")) as ConsoleCopy;
const beta = CHANNELS[1];
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? "");
const shot = (page: Page, testInfo: TestInfo, name: string) => page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });

test("beta (fr): the owner adds a question to the FAQ in French, and /faq shows it", async ({ page }, testInfo) => {
  const key = `arena-${testInfo.project.name}`;
  const question = `Où se trouve l’aréna ? (${testInfo.project.name})`;
  await page.goto(url(beta, "/"));
  await acceptCookies(page);
  await login(page, beta, "owner@beta.test", PASSWORD);
  await page.goto(url(beta, "/console/faq"));
  await expect(page.getByRole("heading", { level: 1, name: c.sections.faq.title })).toBeVisible();
  await expect(page.getByRole("navigation", { name: c.nav.label }).getByRole("link", { name: c.nav.faq })).toHaveAttribute("aria-current", "page");
  await shot(page, testInfo, "beta-console-faq");
  await expectAccessible(page);

  await page.getByRole("link", { name: c.sections.faq.add }).click();
  await page.getByLabel(new RegExp(`^${c.fields.key}`)).fill(key);
  const group = (name: string) => page.getByRole("group", { name: new RegExp(`^${name}`) });
  // An empty answer is refused at its field, in the page's language where the console has the words.
  await group(c.fields.question).getByLabel(c.form.lang.fr, { exact: true }).fill(question);
  await page.getByRole("button", { name: c.form.save, exact: true }).click();
  await expect(page.getByRole("alert").first()).toContainText(c.api.invalid);
  await expect(page.locator("#f-answer-error")).toHaveText(c.schema.messages.required);
  await group(c.fields.answer).getByLabel(c.form.lang.fr, { exact: true }).fill("Au **3000, rue du Parc**, à Gatineau.");
  await page.getByRole("button", { name: c.form.save, exact: true }).click();
  await expect(page.getByText(fill(c.form.saved, { name: key }))).toBeVisible();
  await shot(page, testInfo, "beta-console-faq-saved");
  await expectAccessible(page);

  await page.goto(url(beta, "/faq"));
  await expect(page.getByText(question)).toBeVisible();

  // The owner removes it again: the console asks first.
  await page.goto(url(beta, `/console/faq/${key}`));
  await page.getByText(c.form.remove, { exact: true }).click();
  await page.getByRole("button", { name: c.form.removeYes }).click();
  await expect(page.getByText(fill(c.form.removed, { name: key }))).toBeVisible();
  await page.goto(url(beta, "/faq"));
  await expect(page.getByText(question)).toHaveCount(0);
});
