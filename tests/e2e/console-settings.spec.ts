// The console's settings page (issue 16): clip tags and social links are edited as rows (no JSON), with JavaScript
// and without it; what the definition refuses is said at the row's field in the page's language; a saved link shows
// in the site's footer at once, and the page passes axe (with JavaScript: axe runs in the page). Each test puts the settings back as they were.
import { CHANNELS, login, PASSWORD, url } from "./auth-helpers";
import { consoleCopy as copy, fill, labelled, localized, row } from "./console-helpers";
import { expect, expectAccessible, test } from "./fixtures";

const [alpha, beta] = CHANNELS;

// Both tests save the same settings item: one after the other, never together.
test.describe.configure({ mode: "serial" });

test("alpha (en): a social link added as a row, refused at its address, saved, then in the footer; removed again", async ({ page }) => {
  test.setTimeout(90_000);
  const c = copy("en");
  await login(page, alpha, "owner@alpha.test", PASSWORD);
  await page.goto(url(alpha, "/console/settings"));
  await page.locator("html[data-hydrated=true]").waitFor();
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
  await page.getByRole("button", { name: c.form.save, exact: true }).click();
  await expect(page.getByText(c.settings.saved)).toBeVisible();

  await page.goto(url(alpha, "/"));
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Threads", exact: true })).toHaveAttribute("href", "https://threads.net/@alpha-e2e");

  await page.goto(url(alpha, "/console/settings"));
  await row(page, mine).getByRole("button", { name: fill(c.rows.remove, { row: mine }) }).click();
  await page.getByRole("button", { name: c.form.save, exact: true }).click();
  await expect(page.getByText(c.settings.saved)).toBeVisible();
  await page.goto(url(alpha, "/"));
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Threads", exact: true })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("beta (fr): clip tags added with their French names, refused in French at a key, moved up, saved; removed again", async ({ page }) => {
    test.setTimeout(90_000);
    const c = copy("fr");
    await login(page, beta, "owner@beta.test", PASSWORD);
    await page.goto(url(beta, "/console/settings"));
    const tags = page.getByRole("group", { name: new RegExp(`^${c.fields.clip_tags}`) });
    const count = await tags.locator("ol > li").count();
    const first = fill(c.rows.clipTags.one, { n: count + 1 });
    const second = fill(c.rows.clipTags.one, { n: count + 2 });
    await tags.getByRole("button", { name: c.rows.clipTags.add }).click();
    await labelled(row(page, first), c.fields.tag_key).fill("Gros Arrêt");
    await localized(row(page, first), c.fields.tag_name, c.form.lang.fr).fill("Gros arrêt");
    await tags.getByRole("button", { name: c.rows.clipTags.add }).click();
    await labelled(row(page, second), c.fields.tag_key).fill("but");
    await localized(row(page, second), c.fields.tag_name, c.form.lang.fr).fill("But");
    await page.getByRole("button", { name: c.form.save, exact: true }).click();
    // Refused at the first tag's key, in French; what was typed is still there.
    const error = page.locator(`#f-clips__tags-${count}-key-error`);
    await expect(error).not.toBeEmpty();
    expect(Object.values(c.schema.messages)).toContain(await error.innerText());
    await expect(labelled(row(page, first), c.fields.tag_key)).toHaveAttribute("aria-invalid", "true");
    await expect(localized(row(page, first), c.fields.tag_name, c.form.lang.fr)).toHaveValue("Gros arrêt");
    await expect(labelled(row(page, second), c.fields.tag_key)).toHaveValue("but");
    await labelled(row(page, first), c.fields.tag_key).fill("gros-arret");
    await row(page, second).getByRole("button", { name: fill(c.rows.up, { row: second }) }).click();
    await expect(labelled(row(page, first), c.fields.tag_key)).toHaveValue("but");
    await page.getByRole("button", { name: c.form.save, exact: true }).click();
    await expect(page.getByText(c.settings.saved)).toBeVisible();
    await expect(labelled(row(page, first), c.fields.tag_key)).toHaveValue("but");
    await expect(labelled(row(page, second), c.fields.tag_key)).toHaveValue("gros-arret");
    await expect(localized(row(page, second), c.fields.tag_name, c.form.lang.fr)).toHaveValue("Gros arrêt");

    await row(page, second).getByRole("button", { name: fill(c.rows.remove, { row: second }) }).click();
    await row(page, first).getByRole("button", { name: fill(c.rows.remove, { row: first }) }).click();
    await page.getByRole("button", { name: c.form.save, exact: true }).click();
    await expect(page.getByText(c.settings.saved)).toBeVisible();
    await expect(tags.locator("ol > li")).toHaveCount(count);
  });
});
