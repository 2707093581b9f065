// The console's row editor on a phone and a desktop (issue 16): a new form's fields, one row each, with a row and a
// list's choice added as a draft, on a channel of the test's own. Screenshots are kept as test artifacts; the page
// passes axe.
import { acceptCookies, expect, expectAccessible, test, visit } from "./fixtures";
import { labelled, localized, row, shot } from "./support/console";
import { copy, fill } from "./support/copy";

const c = copy("en", "console");

test("a new form's fields as rows, a row and a choice added as a draft", async ({ page, ownChannel: ch, signIn }, testInfo) => {
  await signIn(ch, "owner");
  await visit(page, ch.url("/console/forms/new"));
  await acceptCookies(page);
  const field = (n: number) => row(page, fill(c.rows.formFields.one, { n }));
  await expect(field(1)).toContainText("Email");
  await shot(page, testInfo, "console-form-rows");
  await expectAccessible(page);

  await page.getByRole("button", { name: c.rows.formFields.add }).click();
  await expect(page.locator("#f-fields-1-label-en")).toBeFocused();
  await localized(field(2), c.fields.field_label, c.form.lang.en).fill("Position");
  await labelled(field(2), c.fields.field_type).selectOption("select");
  await field(2).getByRole("button", { name: fill(c.rows.up, { row: fill(c.rows.formFields.one, { n: 2 }) }) }).click();
  await expect(field(1)).toContainText("Position");
  await field(1).getByRole("button", { name: c.rows.options.add }).click();
  await expect(row(field(1), fill(c.rows.options.one, { n: 1 }))).toBeVisible();
  await shot(page, testInfo, "console-form-rows-edited");
  await expectAccessible(page);
});
