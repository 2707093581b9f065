// The console's row editor on a phone and a desktop (issue 16), on beta in French: a new form's fields, one row each,
// with rows added and a list's choices (a draft, never saved, so other tests' edits do not meet it). Screenshots are
// kept as test artifacts; the page passes axe.
import { readFileSync } from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { CHANNELS, login, PASSWORD, url } from "./auth-helpers";
import { acceptCookies, expect, expectAccessible, test } from "./fixtures";

type ConsoleCopy = typeof import("../../app/locales/fr/console.json");
const c = JSON.parse(readFileSync("app/locales/fr/console.json", "utf8")) as ConsoleCopy;
const beta = CHANNELS[1];
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ""));
const shot = (page: Page, testInfo: TestInfo, name: string) => page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });

test("beta (fr): a new form's fields as rows, a row and a choice added as a draft", async ({ page }, testInfo) => {
  await page.goto(url(beta, "/"));
  await acceptCookies(page);
  await login(page, beta, "owner@beta.test", PASSWORD);
  await page.goto(url(beta, "/console/forms/new"));
  await page.locator("html[data-hydrated=true]").waitFor();
  const row = (n: number) => page.getByRole("group", { name: new RegExp(`^${fill(c.rows.formFields.one, { n })}( —|$)`) });
  await expect(row(1)).toContainText("Courriel");
  await shot(page, testInfo, "beta-console-form-rows");
  await expectAccessible(page);

  await page.getByRole("button", { name: c.rows.formFields.add }).click();
  await expect(page.locator("#f-fields-1-label-en")).toBeFocused();
  await row(2).getByRole("group", { name: new RegExp(`^${c.fields.field_label}`) }).getByLabel(c.form.lang.fr, { exact: true }).fill("Poste");
  await row(2).getByLabel(c.fields.field_type, { exact: true }).selectOption("select");
  await row(2).getByRole("button", { name: fill(c.rows.up, { row: fill(c.rows.formFields.one, { n: 2 }) }) }).click();
  await expect(row(1)).toContainText("Poste");
  await row(1).getByRole("button", { name: c.rows.options.add }).click();
  await expect(row(1).getByRole("group", { name: new RegExp(`^${fill(c.rows.options.one, { n: 1 })}( —|$)`) })).toBeVisible();
  await shot(page, testInfo, "beta-console-form-rows-edited");
  await expectAccessible(page);
});
