// Linking a TV as a viewer lives it (issue 13): a TV browser opens /device and shows a code; the viewer, signed in on
// their own browser, enters it on /profile/sessions/add and approves; the TV's next poll signs it in and goes home.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { url, type Channel } from "../auth-helpers";
import { expect } from "../fixtures";

type DevicesCopy = typeof import("../../../app/locales/en/devices.json");
const devicesCopy = (lang: "en" | "fr") => JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../../app/locales/${lang}/devices.json`), "utf8")) as DevicesCopy;

export const TV_USER_AGENT = "Mozilla/5.0 (Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SMART-TV Safari/537.36";

/** A TV's browser context (a Samsung TV's user agent, any extra headers), signed in as the viewer of `page`. */
export async function linkTv(browser: Browser, page: Page, ch: Channel, lang: "en" | "fr", headers: Record<string, string> = {}): Promise<{ tv: BrowserContext; screen: Page }> {
  const t = devicesCopy(lang);
  const tv = await browser.newContext({ userAgent: TV_USER_AGENT, extraHTTPHeaders: headers });
  const screen = await tv.newPage();
  await screen.goto(url(ch, "/device"));
  const code = (await screen.getByTestId("user-code").textContent())!.trim();

  await page.goto(url(ch, `/profile/sessions/add?code=${encodeURIComponent(code)}`));
  await page.getByRole("button", { name: t.page.approve, exact: true }).click();
  await expect(page.getByText(t.page.approved.replace("{{device}}", "Samsung TV"))).toBeVisible();

  // The TV polls every few seconds; once approved it goes home, signed in.
  await expect(screen).toHaveURL(url(ch, "/"), { timeout: 20_000 });
  await expect(screen.locator("header details.user-menu")).toBeVisible();
  return { tv, screen };
}
