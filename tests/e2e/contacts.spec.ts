// The contact page's form (SPEC §8): errors inline in the SPEC's words, then sent; without JavaScript the server
// validates and keeps what was typed. The language switch and the cookie notice work as plain forms. The French form
// is french.spec.ts's.
import { acceptCookies, cookieNotice, expect, expectAccessible, test, visit } from "./fixtures";
import { SPEC_WORDS } from "./support/accounts";
import { copy } from "./support/copy";

const spec = SPEC_WORDS.en;
const send = copy("en", "common").contacts.send;

test("the contact form shows errors inline and sends", async ({ page, ownChannel: ch }) => {
  await visit(page, ch.url("/contacts"));
  await acceptCookies(page);
  const form = page.locator("form#custom-form-contact");
  await expect(form).toBeVisible();
  await form.getByRole("button", { name: send }).click();
  await expect(form.getByText(spec.required).first()).toBeVisible();
  await expect(form.locator("[aria-invalid=true]").first()).toBeVisible();
  await expectAccessible(page);

  const email = form.locator("input[type=email]");
  await email.fill("not-an-email");
  await email.blur();
  await expect(form.getByText(spec.email)).toBeVisible();

  await form.locator("input[type=text], input[type=email], textarea").first().fill("Jordan Lee");
  await email.fill("jordan@example.com");
  await form.locator("textarea").fill("Will the final be streamed in 720p? Thanks!");
  for (const select of await form.locator("select").all()) await select.selectOption({ index: 1 });
  for (const box of await form.locator("input[type=checkbox]").all()) await box.check();
  await form.getByRole("button", { name: send }).click();
  await expect(page.getByRole("status")).toBeVisible();
  await expect(form.locator("[aria-invalid=true]")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form validates on the server and keeps what was typed", async ({ page, sharedChannel: ch }) => {
    await page.goto(ch.url("/contacts"));
    const form = page.locator("form#custom-form-contact");
    await form.locator("input[type=email]").fill("nope");
    await form.locator("textarea").fill("Short");
    await form.getByRole("button", { name: send }).click();
    await expect(form.getByText(spec.email)).toBeVisible();
    await expect(form.getByText(spec.required).first()).toBeVisible();
    await expect(form.locator("input[type=email]")).toHaveValue("nope");
  });

  test("the language switch and the cookie notice work as plain forms", async ({ page, sharedChannel: ch }) => {
    const fr = copy("fr", "common").cookie;
    await page.goto(ch.url("/about"));
    await page.locator('.lang-switch button[value="fr"]').click();
    await expect(page).toHaveURL(ch.url("/about"));
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    const notice = cookieNotice(page);
    await expect(notice).toHaveAccessibleName(fr.label);
    await notice.getByRole("button", { name: fr.accept, exact: true }).click();
    await expect(page).toHaveURL(ch.url("/about"));
    await expect(cookieNotice(page)).toHaveCount(0);
  });
});
