import { acceptCookies, channelUrl, expect, expectAccessible, test } from "./fixtures";

const CASES = [
  { alias: "alpha", required: "Field is required", email: "A valid email address is required", send: "Send" },
  { alias: "beta", required: "Ce champ est obligatoire", email: "Une adresse courriel valide est requise", send: "Envoyer" },
] as const;

for (const c of CASES) {
  test(`${c.alias}: the contact form shows errors inline and sends`, async ({ page }) => {
    await page.goto(channelUrl(c.alias, "/contacts"));
    await acceptCookies(page);
    const form = page.locator("form#custom-form-contact");
    await expect(form).toBeVisible();
    await form.getByRole("button", { name: c.send }).click();
    await expect(form.getByText(c.required).first()).toBeVisible();
    await expect(form.locator("[aria-invalid=true]").first()).toBeVisible();
    await expectAccessible(page);

    const inputs = form.locator("input[type=text], input[type=email], textarea");
    await form.locator("input[type=email]").fill("not-an-email");
    await form.locator("input[type=email]").blur();
    await expect(form.getByText(c.email)).toBeVisible();

    await inputs.first().fill("Jordan Lee");
    await form.locator("input[type=email]").fill("jordan@example.com");
    await form.locator("textarea").fill("Will the final be streamed in 720p? Thanks!");
    for (const select of await form.locator("select").all()) await select.selectOption({ index: 1 });
    for (const box of await form.locator("input[type=checkbox]").all()) await box.check();
    await form.getByRole("button", { name: c.send }).click();
    await expect(page.getByRole("status")).toBeVisible();
    await expect(form.locator("[aria-invalid=true]")).toHaveCount(0);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form validates on the server and keeps what was typed", async ({ page }) => {
    await page.goto(channelUrl("alpha", "/contacts"));
    const form = page.locator("form#custom-form-contact");
    await form.locator("input[type=email]").fill("nope");
    await form.locator("textarea").fill("Short");
    await form.getByRole("button", { name: "Send" }).click();
    await expect(form.getByText("A valid email address is required")).toBeVisible();
    await expect(form.getByText("Field is required").first()).toBeVisible();
    await expect(form.locator("input[type=email]")).toHaveValue("nope");
  });

  test("the language switch and the cookie notice work as plain forms", async ({ page }) => {
    await page.goto(channelUrl("beta", "/about"));
    await page.locator('.lang-switch button[value="en"]').click();
    await expect(page).toHaveURL(channelUrl("beta", "/about"));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("region", { name: "Cookie notice" }).getByRole("button", { name: "Accept" }).click();
    await expect(page.getByRole("region", { name: "Cookie notice" })).toHaveCount(0);
  });
});
