// The console's row editors (issue 16): a custom form's fields and a menu entry's children are edited one row each,
// by keyboard, with JavaScript and without it; what the definition refuses is said at the row's field in the page's
// language (French on beta, English on alpha); the site shows the result at once. The editor passes axe.
import type { Page } from "@playwright/test";
import { CHANNELS, login, PASSWORD, url } from "./auth-helpers";
import { consoleCopy, fill, labelled, localized, row } from "./console-helpers";
import { expect, expectAccessible, test } from "./fixtures";

const fr = consoleCopy("fr");
const en = consoleCopy("en");
const [alpha, beta] = CHANNELS;

async function hydrated(page: Page) {
  await page.locator("html[data-hydrated=true]").waitFor();
}

test.describe.configure({ mode: "serial" });

test("beta (fr): a new form with two fields, reordered by keyboard; a list without choices is refused in French at its row; a new field is on /contacts", async ({ page }) => {
  test.setTimeout(120_000);
  const c = fr;
  await login(page, beta, "owner@beta.test", PASSWORD);
  await page.goto(url(beta, "/console/forms/new"));
  await hydrated(page);
  await labelled(page.locator("form.console-form"), c.fields.alias).fill("inscription");
  await localized(page.locator("form.console-form"), c.fields.title, c.form.lang.fr).fill("Inscription aux essais");

  // The new form starts with an email field; a second one is added: focus goes to its first input.
  const first = fill(c.rows.formFields.one, { n: 1 });
  const second = fill(c.rows.formFields.one, { n: 2 });
  await expect(row(page, first)).toBeVisible();
  await page.getByRole("button", { name: c.rows.formFields.add }).click();
  await expect(page.locator("#f-fields-1-label-en")).toBeFocused();
  await localized(row(page, second), c.fields.field_label, c.form.lang.fr).fill("Position");
  await labelled(row(page, second), c.fields.field_type).selectOption("select");

  // Moved up by keyboard: the form comes back with it first, focus on its "down" button, and says so.
  await row(page, second).getByRole("button", { name: fill(c.rows.up, { row: second }) }).focus();
  await page.keyboard.press("Enter");
  await expect(row(page, first)).toContainText("Position");
  await expect(page.locator("#f-fields-0-__down")).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: fill(c.rows.done.movedUp, { n: 1 }) })).toBeAttached();
  await expect(localized(row(page, first), c.fields.field_label, c.form.lang.fr)).toHaveValue("Position");
  await expect(localized(row(page, second), c.fields.field_label, c.form.lang.fr)).toHaveValue("Courriel");

  // A list without choices: refused, in French, at the row's choices.
  await page.getByRole("button", { name: c.form.save, exact: true }).click();
  await expect(page.getByRole("alert").first()).toContainText(c.api.invalid);
  await expect(page.locator("#f-fields-0-options-error")).toHaveText(c.schema.messages.selectNeedsOptions);
  await expectAccessible(page);

  // A choice, then saved; the rows keep their order.
  await row(page, first).getByRole("button", { name: c.rows.options.add }).click();
  const choice = row(row(page, first), fill(c.rows.options.one, { n: 1 }));
  await localized(choice, c.fields.option_label, c.form.lang.fr).fill("Gardien de but");
  await labelled(choice, c.fields.option_value).fill("gardien");
  await page.getByRole("button", { name: c.form.save, exact: true }).click();
  await expect(page.getByText(fill(c.form.saved, { name: "inscription" }))).toBeVisible();
  await page.goto(url(beta, "/console/forms/inscription"));
  await expect(labelled(row(page, first), c.fields.field_name)).toHaveValue("position"); // named from its label
  await expect(labelled(row(page, second), c.fields.field_name)).toHaveValue("email");

  // On the public page: the contact form gets a field, moved above the consent box.
  await page.goto(url(beta, "/console/forms/contact"));
  await hydrated(page);
  await page.getByRole("button", { name: c.rows.formFields.add }).click();
  const added = fill(c.rows.formFields.one, { n: 7 });
  await localized(row(page, added), c.fields.field_label, c.form.lang.fr).fill("Équipe préférée");
  await labelled(row(page, added), c.fields.field_type).selectOption("text");
  await row(page, added).getByRole("button", { name: fill(c.rows.up, { row: added }) }).click();
  await expect(row(page, fill(c.rows.formFields.one, { n: 6 }))).toContainText("Équipe préférée");
  await page.getByRole("button", { name: c.form.save, exact: true }).click();
  await expect(page.getByText(fill(c.form.saved, { name: "contact" }))).toBeVisible();

  await page.goto(url(beta, "/contacts"));
  const labels = await page.locator(".custom-form label").allTextContents();
  const favourite = labels.findIndex((l) => l.includes("Équipe préférée"));
  expect(favourite).toBeGreaterThan(-1);
  expect(favourite).toBeLessThan(labels.findIndex((l) => l.includes("J'accepte")));

  // Put back as it was, for the other tests.
  await page.goto(url(beta, "/console/forms/contact"));
  await hydrated(page);
  const sixth = fill(c.rows.formFields.one, { n: 6 });
  await row(page, sixth).getByRole("button", { name: fill(c.rows.remove, { row: sixth }) }).click();
  await expect(page.getByText("Équipe préférée")).toHaveCount(0);
  await page.getByRole("button", { name: c.form.save, exact: true }).click();
  await expect(page.getByText(fill(c.form.saved, { name: "contact" }))).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("beta (fr): a child added under Écoles, refused in French at its link, moved up, then in the site's menu", async ({ page }) => {
    test.setTimeout(120_000);
    const c = fr;
    await login(page, beta, "owner@beta.test", PASSWORD);
    await page.goto(url(beta, "/console/menu/ecoles"));
    const fourth = fill(c.rows.children.one, { n: 4 });
    await expect(row(page, fourth)).toHaveCount(0);
    await page.getByRole("button", { name: c.rows.children.add }).click();
    await localized(row(page, fourth), c.fields.name, c.form.lang.fr).fill("Tous les sports");
    await labelled(row(page, fourth), c.fields.kind).selectOption("link");
    await labelled(row(page, fourth), c.fields.url).fill("pas un lien");
    await page.getByRole("button", { name: c.form.save, exact: true }).click();
    // Refused at the child's link, in French; what was typed is still there.
    await expect(page.locator("#f-children-3-url-error")).toHaveText(c.schema.messages.linkFormat);
    await expect(labelled(row(page, fourth), c.fields.url)).toHaveAttribute("aria-invalid", "true");
    await expect(localized(row(page, fourth), c.fields.name, c.form.lang.fr)).toHaveValue("Tous les sports");
    await labelled(row(page, fourth), c.fields.url).fill("/upcoming");
    await row(page, fourth).getByRole("button", { name: fill(c.rows.up, { row: fourth }) }).click();
    const third = fill(c.rows.children.one, { n: 3 });
    await expect(row(page, third)).toContainText("Tous les sports");
    await page.getByRole("button", { name: c.form.save, exact: true }).click();
    await expect(page.getByText(fill(c.form.saved, { name: "ecoles" }))).toBeVisible();

    // The site's menu: under Écoles, in the rows' order.
    await page.goto(url(beta, "/"));
    const group = page.locator("header details.site-nav__group").filter({ hasText: "Écoles" });
    await group.locator("summary").click();
    await expect(group.getByRole("link")).toHaveText(["Collège Saint-Laurent", "École secondaire Mont-Royal", "Tous les sports", "Académie des Érables"]);
    await expect(group.getByRole("link", { name: "Tous les sports" })).toHaveAttribute("href", "/upcoming");

    // Put back as it was.
    await page.goto(url(beta, "/console/menu/ecoles"));
    await row(page, third).getByRole("button", { name: fill(c.rows.remove, { row: third }) }).click();
    await page.getByRole("button", { name: c.form.save, exact: true }).click();
    await expect(page.getByText(fill(c.form.saved, { name: "ecoles" }))).toBeVisible();
  });

  test("beta (fr): a draft stays on the copy it was read from: a save after someone else changed the same item is refused, nothing typed is lost; another item's change is no conflict", async ({ page, context }) => {
    const c = fr;
    await login(page, beta, "owner@beta.test", PASSWORD);
    // The editor works in a second tab on the form the first test made; this test's own page saves in between.
    const editor = await context.newPage();
    await editor.goto(url(beta, "/console/forms/inscription"));

    // Another item changes meanwhile (the FAQ's first question, saved as it is): the editor's copy is older, but
    // its change to the form goes through, since the form is as the editor read it.
    await page.goto(url(beta, "/console/faq/contenu"));
    await page.getByRole("button", { name: c.form.save, exact: true }).click();
    await expect(page.getByText(fill(c.form.saved, { name: "contenu" }))).toBeVisible();
    const third = fill(c.rows.formFields.one, { n: 3 });
    await editor.getByRole("button", { name: c.rows.formFields.add }).click();
    await localized(row(editor, third), c.fields.field_label, c.form.lang.fr).fill("Équipe actuelle");
    await editor.getByRole("button", { name: c.form.save, exact: true }).click();
    await expect(editor.getByText(fill(c.form.saved, { name: "inscription" }))).toBeVisible();
    await editor.goto(url(beta, "/console/forms/inscription"));

    // Now the form itself changes meanwhile: its French title.
    await page.goto(url(beta, "/console/forms/inscription"));
    await localized(page.locator("form.console-form"), c.fields.title, c.form.lang.fr).fill("Inscription aux essais d’automne");
    await page.getByRole("button", { name: c.form.save, exact: true }).click();
    await expect(page.getByText(fill(c.form.saved, { name: "inscription" }))).toBeVisible();

    // A row added after that save: the form comes back still on the copy the editor opened, and its save is refused.
    const fourth = fill(c.rows.formFields.one, { n: 4 });
    await editor.getByRole("button", { name: c.rows.formFields.add }).click();
    await localized(row(editor, fourth), c.fields.field_label, c.form.lang.fr).fill("Numéro de chandail");
    await editor.getByRole("button", { name: c.form.save, exact: true }).click();
    await expect(editor.getByRole("alert").first()).toContainText(c.api.conflict);
    await expect(localized(row(editor, fourth), c.fields.field_label, c.form.lang.fr)).toHaveValue("Numéro de chandail");
    await editor.close();

    // Opened again, the form has both earlier changes and not the refused one.
    await page.goto(url(beta, "/console/forms/inscription"));
    await expect(localized(page.locator("form.console-form"), c.fields.title, c.form.lang.fr)).toHaveValue("Inscription aux essais d’automne");
    await expect(localized(row(page, third), c.fields.field_label, c.form.lang.fr)).toHaveValue("Équipe actuelle");
    await expect(row(page, fourth)).toHaveCount(0);
  });
});

test("alpha (en): a new form's rows in English, refused in English, saved", async ({ page }) => {
  const c = en;
  await login(page, alpha, "owner@alpha.test", PASSWORD);
  await page.goto(url(alpha, "/console/forms/new"));
  await hydrated(page);
  await labelled(page.locator("form.console-form"), c.fields.alias).fill("tryouts");
  await localized(page.locator("form.console-form"), c.fields.title, c.form.lang.en).fill("Tryouts");
  await page.getByRole("button", { name: c.rows.formFields.add }).click();
  const second = fill(c.rows.formFields.one, { n: 2 });
  await localized(row(page, second), c.fields.field_label, c.form.lang.en).fill("Position");
  await labelled(row(page, second), c.fields.field_type).selectOption("select");
  await labelled(row(page, second), c.fields.field_name).fill("2nd");
  await page.getByRole("button", { name: c.form.save, exact: true }).click();
  await expect(page.locator("#f-fields-1-options-error")).toHaveText(c.schema.messages.selectNeedsOptions);
  await expect(page.locator("#f-fields-1-name-error")).toHaveText(c.schema.messages.format);
  await expectAccessible(page);
  await labelled(row(page, second), c.fields.field_name).fill("position");
  await row(page, second).getByRole("button", { name: c.rows.options.add }).click();
  const choice = row(row(page, second), fill(c.rows.options.one, { n: 1 }));
  await localized(choice, c.fields.option_label, c.form.lang.en).fill("Goalie");
  await labelled(choice, c.fields.option_value).fill("goalie");
  await page.getByRole("button", { name: c.form.save, exact: true }).click();
  await expect(page.getByText(fill(c.form.saved, { name: "tryouts" }))).toBeVisible();
});
