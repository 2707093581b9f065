// The site's shell by keyboard alone: the skip link, the header's dropdown menus and the language switch. It only
// reads the channel (a language choice is the browser's cookie), so it uses the worker's shared channel.
import { expect, test, visit } from "./fixtures";
import { copy } from "./support/copy";

const t = copy("en", "common");

test("the skip link, menus and language switch work by keyboard", async ({ page, sharedChannel: ch }) => {
  await visit(page, ch.url("/"));
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: t.nav.skipToContent });
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

  await page.locator(".lang-switch").getByRole("button", { name: t.language.fr }).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
});
