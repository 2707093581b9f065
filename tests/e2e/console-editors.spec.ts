// The console's row editors (issue 16): a custom form's fields and a menu entry's children are edited one row each,
// by keyboard, with JavaScript and without it; what the definition refuses is said at the row's field; the site shows
// the result at once; a draft saved over someone else's change to the same item is refused. The editor passes axe.
// Each test edits a channel of its own, signed in as its owner; the French wording of a refusal is in french.spec.ts.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, visit } from "./fixtures";
import { labelled, localized, row, saveItem } from "./support/console";
import { copy, fill } from "./support/copy";

const c = copy("en", "console");
const EN = c.form.lang.en;
const save = (page: Page) => page.getByRole("button", { name: c.form.save, exact: true }).click();

test("a new form with two fields, reordered by keyboard; a list without choices is refused at its row; saved in the rows' order", async ({ page, ownChannel: ch, signIn }) => {
  await signIn(ch, "owner");
  await visit(page, ch.url("/console/forms/new"));
  await labelled(page.locator("form.console-form"), c.fields.alias).fill("tryouts");
  await localized(page.locator("form.console-form"), c.fields.title, EN).fill("Tryouts");

  // The new form starts with an email field; a second one is added: focus goes to its first input.
  const first = fill(c.rows.formFields.one, { n: 1 });
  const second = fill(c.rows.formFields.one, { n: 2 });
  await expect(row(page, first)).toBeVisible();
  await page.getByRole("button", { name: c.rows.formFields.add }).click();
  await expect(page.locator("#f-fields-1-label-en")).toBeFocused();
  await localized(row(page, second), c.fields.field_label, EN).fill("Position");
  await labelled(row(page, second), c.fields.field_type).selectOption("select");

  // Moved up by keyboard: the form comes back with it first, focus on its "down" button, and says so.
  await row(page, second).getByRole("button", { name: fill(c.rows.up, { row: second }) }).focus();
  await page.keyboard.press("Enter");
  await expect(row(page, first)).toContainText("Position");
  await expect(page.locator("#f-fields-0-__down")).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: fill(c.rows.done.movedUp, { n: 1 }) })).toBeAttached();
  await expect(localized(row(page, first), c.fields.field_label, EN)).toHaveValue("Position");
  await expect(localized(row(page, second), c.fields.field_label, EN)).toHaveValue("Email");

  // A list without choices: refused at the row's choices.
  await save(page);
  await expect(page.getByRole("alert").first()).toContainText(c.api.invalid);
  await expect(page.locator("#f-fields-0-options-error")).toHaveText(c.schema.messages.selectNeedsOptions);
  await expectAccessible(page);

  // A choice, then saved; the rows keep their order, and the new field is named from its label.
  await row(page, first).getByRole("button", { name: c.rows.options.add }).click();
  const choice = row(row(page, first), fill(c.rows.options.one, { n: 1 }));
  await localized(choice, c.fields.option_label, EN).fill("Goalie");
  await labelled(choice, c.fields.option_value).fill("goalie");
  await saveItem(page, "en", "tryouts");
  await visit(page, ch.url("/console/forms/tryouts"));
  await expect(labelled(row(page, first), c.fields.field_name)).toHaveValue("position");
  await expect(labelled(row(page, second), c.fields.field_name)).toHaveValue("email");
});

test("a field added to the contact form and moved above the consent box is on /contacts at once", async ({ page, ownChannel: ch, signIn }) => {
  await signIn(ch, "owner");
  await visit(page, ch.url("/console/forms/contact"));
  await page.getByRole("button", { name: c.rows.formFields.add }).click();
  const added = fill(c.rows.formFields.one, { n: 7 });
  await localized(row(page, added), c.fields.field_label, EN).fill("Favourite team");
  await labelled(row(page, added), c.fields.field_type).selectOption("text");
  await row(page, added).getByRole("button", { name: fill(c.rows.up, { row: added }) }).click();
  await expect(row(page, fill(c.rows.formFields.one, { n: 6 }))).toContainText("Favourite team");
  await saveItem(page, "en", "contact");

  await page.goto(ch.url("/contacts"));
  const labels = await page.locator(".custom-form label").allTextContents();
  const favourite = labels.findIndex((l) => l.includes("Favourite team"));
  expect(favourite).toBeGreaterThan(-1);
  expect(favourite).toBeLessThan(labels.findIndex((l) => l.includes("I agree")));
});

test("a new form's field name is refused at its row as the definition words it, with the list's missing choices; then saved", async ({ page, ownChannel: ch, signIn }) => {
  await signIn(ch, "owner");
  await visit(page, ch.url("/console/forms/new"));
  await labelled(page.locator("form.console-form"), c.fields.alias).fill("tryouts");
  await localized(page.locator("form.console-form"), c.fields.title, EN).fill("Tryouts");
  await page.getByRole("button", { name: c.rows.formFields.add }).click();
  const second = fill(c.rows.formFields.one, { n: 2 });
  await localized(row(page, second), c.fields.field_label, EN).fill("Position");
  await labelled(row(page, second), c.fields.field_type).selectOption("select");
  await labelled(row(page, second), c.fields.field_name).fill("2nd");
  await save(page);
  await expect(page.locator("#f-fields-1-options-error")).toHaveText(c.schema.messages.selectNeedsOptions);
  await expect(page.locator("#f-fields-1-name-error")).toHaveText(c.schema.messages.format);
  await labelled(row(page, second), c.fields.field_name).fill("position");
  await row(page, second).getByRole("button", { name: c.rows.options.add }).click();
  const choice = row(row(page, second), fill(c.rows.options.one, { n: 1 }));
  await localized(choice, c.fields.option_label, EN).fill("Goalie");
  await labelled(choice, c.fields.option_value).fill("goalie");
  await saveItem(page, "en", "tryouts");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a child added under Schools, refused at its link, moved up, then in the site's menu", async ({ page, ownChannel: ch, signIn }) => {
    await signIn(ch, "owner");
    await page.goto(ch.url("/console/menu/schools"));
    const fourth = fill(c.rows.children.one, { n: 4 });
    await expect(row(page, fourth)).toHaveCount(0);
    await page.getByRole("button", { name: c.rows.children.add }).click();
    await localized(row(page, fourth), c.fields.name, EN).fill("All sports");
    await labelled(row(page, fourth), c.fields.kind).selectOption("link");
    await labelled(row(page, fourth), c.fields.url).fill("not a link");
    await save(page);
    // Refused at the child's link; what was typed is still there.
    await expect(page.locator("#f-children-3-url-error")).toHaveText(c.schema.messages.linkFormat);
    await expect(labelled(row(page, fourth), c.fields.url)).toHaveAttribute("aria-invalid", "true");
    await expect(localized(row(page, fourth), c.fields.name, EN)).toHaveValue("All sports");
    await labelled(row(page, fourth), c.fields.url).fill("/upcoming");
    await row(page, fourth).getByRole("button", { name: fill(c.rows.up, { row: fourth }) }).click();
    await expect(row(page, fill(c.rows.children.one, { n: 3 }))).toContainText("All sports");
    await saveItem(page, "en", "schools");

    // The site's menu: under Schools, in the rows' order.
    await page.goto(ch.url("/"));
    const group = page.locator("header details.site-nav__group").filter({ hasText: "Schools" });
    await group.locator("summary").click();
    await expect(group.getByRole("link")).toHaveText(["Northview High", "Riverside Academy", "All sports", "Lakewood Prep"]);
    await expect(group.getByRole("link", { name: "All sports" })).toHaveAttribute("href", "/upcoming");
  });

  test("a draft stays on the copy it was read from: a save after someone else changed the same item is refused, nothing typed is lost; another item's change is no conflict", async ({ page, context, ownChannel: ch, signIn }) => {
    await signIn(ch, "owner");
    // The editor works in a second tab on the contact form; this test's own page saves in between.
    const editor = await context.newPage();
    await editor.goto(ch.url("/console/forms/contact"));

    // Another item changes meanwhile (the FAQ's first question, saved as it is): the editor's copy is older, but
    // its change to the form goes through, since the form is as the editor read it.
    await page.goto(ch.url("/console/faq/what-is"));
    await saveItem(page, "en", "what-is");
    const seventh = fill(c.rows.formFields.one, { n: 7 });
    await editor.getByRole("button", { name: c.rows.formFields.add }).click();
    await localized(row(editor, seventh), c.fields.field_label, EN).fill("Current team");
    await saveItem(editor, "en", "contact");
    await editor.goto(ch.url("/console/forms/contact"));

    // Now the form itself changes meanwhile: its English title.
    await page.goto(ch.url("/console/forms/contact"));
    await localized(page.locator("form.console-form"), c.fields.title, EN).fill("Write to the crew");
    await saveItem(page, "en", "contact");

    // A row added after that save: the form comes back still on the copy the editor opened, and its save is refused.
    const eighth = fill(c.rows.formFields.one, { n: 8 });
    await editor.getByRole("button", { name: c.rows.formFields.add }).click();
    await localized(row(editor, eighth), c.fields.field_label, EN).fill("Jersey number");
    await save(editor);
    await expect(editor.getByRole("alert").first()).toContainText(c.api.conflict);
    await expect(localized(row(editor, eighth), c.fields.field_label, EN)).toHaveValue("Jersey number");
    await editor.close();

    // Opened again, the form has both earlier changes and not the refused one.
    await page.goto(ch.url("/console/forms/contact"));
    await expect(localized(page.locator("form.console-form"), c.fields.title, EN)).toHaveValue("Write to the crew");
    await expect(localized(row(page, seventh), c.fields.field_label, EN)).toHaveValue("Current team");
    await expect(row(page, eighth)).toHaveCount(0);
  });
});
