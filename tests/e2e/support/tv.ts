// Linking a TV as a viewer lives it (issue 13): a TV browser opens /device and shows a code; the viewer, signed in on
// their own browser, enters it on /profile/sessions/add and approves; the TV's next poll signs it in and goes home.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { DEVICE_POLL_INTERVAL_S } from "../../../api/contract/devices";
import type { TestChannel } from "./channels";
import { copy, fill } from "./copy";

export const TV_USER_AGENT = "Mozilla/5.0 (Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SMART-TV Safari/537.36";

/** How every page names that TV once its code is entered (issue 28): "Samsung TV (code-linked)". */
export const tvName = (lang: TestChannel["lang"]) => fill(copy(lang, "sessions").name.tv, { model: "Samsung TV" });

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
  await expect(page.getByText(fill(t.page.approved, { device: tvName(ch.lang) }))).toBeVisible();

  // The TV polls every few seconds; once approved it goes home, signed in.
  await expect(screen).toHaveURL(ch.url("/"), { timeout: 20_000 });
  await expect(screen.locator("header details.user-menu")).toBeVisible();
  return { tv, screen };
}

/**
 * A TV's browser on /device (a Samsung TV's user agent, any extra headers) with its clock in the test's hands: the
 * page polls for the viewer's approval on a timer, which fires when the test runs the clock (`pollNow`), not after
 * seconds of waiting. Answers the code it shows. `whileRunning` looks at the page before its clock stands still (axe,
 * which runs on timers, finishes only on a running clock).
 */
export async function tvOnDevicePage(
  browser: Browser,
  ch: TestChannel,
  headers: Record<string, string> = {},
  whileRunning?: (screen: Page) => Promise<void>,
): Promise<{ tv: BrowserContext; screen: Page; code: string }> {
  const tv = await browser.newContext({ userAgent: TV_USER_AGENT, extraHTTPHeaders: headers });
  const screen = await tv.newPage();
  await screen.clock.install();
  await screen.goto(ch.url("/device"));
  await expect(screen.locator("html")).toHaveAttribute("data-hydrated", "true");
  await whileRunning?.(screen);
  // From here the TV's time stands still: it does not poll while the viewer approves, so the poll `pollNow` runs is
  // the first one after the approval.
  await screen.clock.pauseAt((await screen.evaluate(() => Date.now())) + 1_000);
  const code = (await screen.getByTestId("user-code").textContent())!.trim();
  return { tv, screen, code };
}

/** The viewer of `page`, signed in, enters the TV's code on /profile/sessions/add and approves it. */
export async function approveTvCode(page: Page, ch: TestChannel, code: string) {
  const t = copy(ch.lang, "devices");
  await page.goto(ch.url(`/profile/sessions/add?code=${encodeURIComponent(code)}`));
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: t.page.approve, exact: true }).click();
  await expect(page.getByText(fill(t.page.approved, { device: tvName(ch.lang) }))).toBeVisible();
}

/**
 * The TV's next poll, now: its clock runs one poll interval. An approved code is answered at any poll (RFC 8628's
 * slow_down is for pending ones), so the TV then goes home, signed in.
 */
export async function pollNow(screen: Page, ch: TestChannel) {
  await screen.clock.runFor(DEVICE_POLL_INTERVAL_S * 1000);
  // Real time again for the answer and the navigation home (React's scheduler waits on a paused clock).
  await screen.clock.resume();
  await expect(screen).toHaveURL(ch.url("/"));
  await expect(screen.locator("header details.user-menu")).toBeVisible();
}
