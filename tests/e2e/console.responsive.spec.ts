// The console on a phone and a desktop (issue 16): the owner adds a question to the FAQ; it is on /faq at once, and
// goes from it once removed (the console asks first). The navigation marks the current section; the pages pass axe.
// Screenshots of the console are kept as test artifacts. The test edits a channel of its own.
import { acceptCookies, expect, expectAccessible, test, visit } from "./fixtures";
import { labelled, localized, saveItem, shot } from "./support/console";
import { copy, fill } from "./support/copy";

const c = copy("en", "console");

test("the owner adds a question to the FAQ, and /faq shows it; removed, it is gone", async ({ page, ownChannel: ch, signIn }, testInfo) => {
  const key = "arena";
  const question = "Where is the arena?";
  await signIn(ch, "owner");
  await visit(page, ch.url("/console/faq"));
  await acceptCookies(page);
  await expect(page.getByRole("heading", { level: 1, name: c.sections.faq.title })).toBeVisible();
  await expect(page.getByRole("navigation", { name: c.nav.label }).getByRole("link", { name: c.nav.faq })).toHaveAttribute("aria-current", "page");
  await shot(page, testInfo, "console-faq");
  await expectAccessible(page);

  await page.getByRole("link", { name: c.sections.faq.add }).click();
  await labelled(page, c.fields.key).fill(key);
  // An empty answer is refused at its field.
  await localized(page, c.fields.question, c.form.lang.en).fill(question);
  await page.getByRole("button", { name: c.form.save, exact: true }).click();
  await expect(page.getByRole("alert").first()).toContainText(c.api.invalid);
  await expect(page.locator("#f-answer-error")).toHaveText(c.schema.messages.required);
  await localized(page, c.fields.answer, c.form.lang.en).fill("At **3000 Park Street**, in Northview.");
  await saveItem(page, "en", key);
  await shot(page, testInfo, "console-faq-saved");
  await expectAccessible(page);

  await page.goto(ch.url("/faq"));
  await expect(page.getByText(question)).toBeVisible();

  // The owner removes it again: the console asks first.
  await visit(page, ch.url(`/console/faq/${key}`));
  await page.getByText(c.form.remove, { exact: true }).click();
  await page.getByRole("button", { name: c.form.removeYes }).click();
  await expect(page.getByText(fill(c.form.removed, { name: key }))).toBeVisible();
  await page.goto(ch.url("/faq"));
  await expect(page.getByText(question)).toHaveCount(0);
});
