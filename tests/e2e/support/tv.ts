// Linking a TV as a viewer lives it (issue 13): a TV browser opens /device and shows a code; the viewer, signed in on
// their own browser, enters it on /profile/sessions/add and approves; the TV's next poll signs it in and goes home.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import type { TestChannel } from "./channels";
import { copy, fill } from "./copy";

export const TV_USER_AGENT = "Mozilla/5.0 (Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SMART-TV Safari/537.36";

/** A TV's browser context (a Samsung TV's user agent, any extra headers), signed in as the viewer of `page`. */
export async function linkTv(browser: Browser, page: Page, ch: TestChannel, headers: Record<string, string> = {}): Promise<{ tv: BrowserContext; screen: Page }> {
  const t = copy(ch.lang, "devices");
  const tv = await browser.newContext({ userAgent: TV_USER_AGENT, extraHTTPHeaders: headers });
  const screen = await tv.newPage();
  await screen.goto(ch.url("/device"));
  await expect(screen.locator("html")).toHaveAttribute("data-hydrated", "true");
  const code = (await screen.getByTestId("user-code").textContent())!.trim();

  await page.goto(ch.url(`/profile/sessions/add?code=${encodeURIComponent(code)}`));
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: t.page.approve, exact: true }).click();
  await expect(page.getByText(fill(t.page.approved, { device: "Samsung TV" }))).toBeVisible();

  // The TV polls every few seconds; once approved it goes home, signed in.
  await expect(screen).toHaveURL(ch.url("/"), { timeout: 20_000 });
  await expect(screen.locator("header details.user-menu")).toBeVisible();
  return { tv, screen };
}
