// The pages a visitor meets when there is no channel to show, where a browser is needed: their accessibility, and the
// reload screen's countdown running on the page's clock. What the server renders (the plain "channel not found"
// page, the reload screen's first state in the visitor's language) is in tests/worker/errors.test.ts.
import { channelUrl, expect, expectAccessible, test } from "./fixtures";

test("the 'channel not found' page is accessible", async ({ page }) => {
  const response = await page.goto(channelUrl("nosuch"));
  expect(response?.status()).toBe(404);
  await expectAccessible(page);
});

test.describe("a suspended channel", () => {
  // The "offline" fixture channel is suspended: its channel key mints no api key.
  test.use({ template: "offline" });

  test("when the api key cannot be had, the reload screen counts down 60 s before it can reload", async ({ page, sharedChannel: ch }) => {
    await page.clock.install({ time: new Date("2026-01-01T12:00:00Z") });
    const response = await page.goto(ch.url("/"));
    expect(response?.status()).toBe(503);
    const button = page.getByRole("button", { name: "Reload" });
    const countdown = page.getByTestId("reload-countdown");
    await expect(button).toBeDisabled();
    await expect(countdown).toHaveText(/You can reload in \d+ seconds\./);

    // Hydration needs running timers; once it is done, freeze the page's clock so only runFor() moves it.
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    // A margin, so a busy machine does not leave the page clock past the pause point before it is set.
    await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 1_000));
    const start = Number(await countdown.getAttribute("data-seconds"));
    expect(start).toBeGreaterThan(50);
    expect(start).toBeLessThanOrEqual(60);

    await page.clock.runFor(1_000);
    await expect(countdown).toHaveAttribute("data-seconds", String(start - 1));
    await page.clock.runFor((start - 2) * 1_000);
    await expect(countdown).toHaveText("You can reload in 1 second.");
    await expect(button).toBeDisabled();
    await page.clock.runFor(1_000);
    await expect(countdown).toHaveAttribute("data-seconds", "0");
    await expect(countdown).toHaveText("You can reload the page now.");
    await expect(button).toBeEnabled();

    // Reloading asks the server for a key again; the channel is still suspended, so the countdown starts over.
    const reloaded = page.waitForResponse((r) => r.url() === ch.url("/") && r.request().resourceType() === "document");
    await button.click();
    expect((await reloaded).status()).toBe(503);
    await expect(countdown).toHaveAttribute("data-seconds", "60");
    await expect(button).toBeDisabled();
  });

  test("the reload screen in French is accessible", async ({ page, context, sharedChannel: ch }) => {
    await context.addCookies([{ name: "lng", value: "fr", url: ch.origin }]);
    const response = await page.goto(ch.url("/"));
    expect(response?.status()).toBe(503);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expectAccessible(page);
  });
});
