import { channelUrl, expect, test } from "./fixtures";

test("the skip link, menus and language switch work by keyboard", async ({ page }) => {
  await page.goto(channelUrl("alpha"));
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();

  // A dropdown group opens with the keyboard and its entries link to the filtered list.
  const group = page.locator(".site-nav__group").first();
  await group.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(group).toHaveAttribute("open", "");
  await page.keyboard.press("Tab");
  const first = group.locator(".site-nav__submenu a").first();
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute("href", /^\/upcoming\?(school|team|sport)=/);

  await page.locator('.lang-switch button[value="fr"]').focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
});
