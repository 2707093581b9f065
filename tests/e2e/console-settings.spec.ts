// The console's settings page (issue 16): clip tags and social links are edited as rows (no JSON), with JavaScript
// and without it; what the definition refuses is said at the row's field; a saved link shows in the site's footer at
// once, and goes from it once removed. The page passes axe (with JavaScript: axe runs in the page). Each test edits
// the settings of a channel of its own; the French wording of a refusal is in french.spec.ts.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, visit } from "./fixtures";
import { labelled, localized, row } from "./support/console";
import { copy, fill } from "./support/copy";

const c = copy("en", "console");
const save = async (page: Page) => {
  await page.getByRole("button", { name: c.form.save, exact: true }).click();
  await expect(page.getByText(c.settings.saved)).toBeVisible();
};

test("a social link added as a row, refused at its address, saved, then in the footer; removed, it leaves the footer", async ({ page, ownChannel: ch, signIn }) => {
  await signIn(ch, "owner");
  await visit(page, ch.url("/console/settings"));
  const links = page.getByRole("group", { name: new RegExp(`^${c.fields.social}`) });
  const count = await links.locator("ol > li").count();
  const mine = fill(c.rows.social.one, { n: count + 1 });
  await links.getByRole("button", { name: c.rows.social.add }).click();
  // Focus goes to the new row's first field, and the change is announced.
  await expect(labelled(row(page, mine), c.fields.network)).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: fill(c.rows.done.added, { n: count + 1 }) })).toHaveCount(1);
  await page.keyboard.type("Threads");
  await labelled(row(page, mine), c.fields.url).fill("not an address");
  await page.getByRole("button", { name: c.form.save, exact: true }).click();
  const error = page.locator(`#f-social-${count}-url-error`);
  await expect(error).not.toBeEmpty();
  expect(Object.values(c.schema.messages)).toContain(await error.innerText());
  await expect(labelled(row(page, mine), c.fields.url)).toHaveAttribute("aria-invalid", "true");
  await expect(labelled(row(page, mine), c.fields.network)).toHaveValue("Threads");
  await expectAccessible(page);
  await labelled(row(page, mine), c.fields.url).fill("https://threads.net/@alpha-e2e");
  await save(page);

  await page.goto(ch.url("/"));
  const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Threads", exact: true });
  await expect(footerLink).toHaveAttribute("href", "https://threads.net/@alpha-e2e");

  await visit(page, ch.url("/console/settings"));
  await row(page, mine).getByRole("button", { name: fill(c.rows.remove, { row: mine }) }).click();
  await save(page);
  await page.goto(ch.url("/"));
  await expect(footerLink).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("clip tags added with their names, refused at a key, moved up, saved; removed again", async ({ page, ownChannel: ch, signIn }) => {
    await signIn(ch, "owner");
    await page.goto(ch.url("/console/settings"));
    const tags = page.getByRole("group", { name: new RegExp(`^${c.fields.clip_tags}`) });
    const count = await tags.locator("ol > li").count();
    const first = fill(c.rows.clipTags.one, { n: count + 1 });
    const second = fill(c.rows.clipTags.one, { n: count + 2 });
    await tags.getByRole("button", { name: c.rows.clipTags.add }).click();
    await labelled(row(page, first), c.fields.tag_key).fill("Big Save");
    await localized(row(page, first), c.fields.tag_name, c.form.lang.en).fill("Big save");
    await tags.getByRole("button", { name: c.rows.clipTags.add }).click();
    await labelled(row(page, second), c.fields.tag_key).fill("goal");
    await localized(row(page, second), c.fields.tag_name, c.form.lang.en).fill("Goal");
    await page.getByRole("button", { name: c.form.save, exact: true }).click();
    // Refused at the first tag's key; what was typed is still there.
    const error = page.locator(`#f-clips__tags-${count}-key-error`);
    await expect(error).not.toBeEmpty();
    expect(Object.values(c.schema.messages)).toContain(await error.innerText());
    await expect(labelled(row(page, first), c.fields.tag_key)).toHaveAttribute("aria-invalid", "true");
    await expect(localized(row(page, first), c.fields.tag_name, c.form.lang.en)).toHaveValue("Big save");
    await expect(labelled(row(page, second), c.fields.tag_key)).toHaveValue("goal");
    await labelled(row(page, first), c.fields.tag_key).fill("big-save");
    await row(page, second).getByRole("button", { name: fill(c.rows.up, { row: second }) }).click();
    await expect(labelled(row(page, first), c.fields.tag_key)).toHaveValue("goal");
    await save(page);
    await expect(labelled(row(page, first), c.fields.tag_key)).toHaveValue("goal");
    await expect(labelled(row(page, second), c.fields.tag_key)).toHaveValue("big-save");
    await expect(localized(row(page, second), c.fields.tag_name, c.form.lang.en)).toHaveValue("Big save");

    await row(page, second).getByRole("button", { name: fill(c.rows.remove, { row: second }) }).click();
    await row(page, first).getByRole("button", { name: fill(c.rows.remove, { row: first }) }).click();
    await save(page);
    await expect(tags.locator("ol > li")).toHaveCount(count);
  });
});
