import { channelUrl, expect, expectAccessible, test } from "./fixtures";

test("an unknown host gets a plain 'channel not found' page", async ({ page }) => {
  const response = await page.goto(channelUrl("nosuch"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Channel not found");
  await expect(page.locator(".site-header")).toHaveCount(0);
  await expect(page.locator("style")).toHaveCount(0);
  await expectAccessible(page);
});

test("when the api key cannot be had, the reload screen counts down 60 s before it can reload", async ({ page }) => {
  // The "offline" fixture channel is suspended: its channel key mints no api key.
  await page.clock.install({ time: new Date("2026-01-01T12:00:00Z") });
  const response = await page.goto(channelUrl("offline"));
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
  const reloaded = page.waitForResponse((r) => r.url() === channelUrl("offline") && r.request().resourceType() === "document");
  await button.click();
  expect((await reloaded).status()).toBe(503);
  await expect(countdown).toHaveAttribute("data-seconds", "60");
  await expect(button).toBeDisabled();
});

test("the reload screen is accessible and in the visitor's language", async ({ page, context }) => {
  await context.addCookies([{ name: "lng", value: "fr", url: channelUrl("offline") }]);
  const response = await page.goto(channelUrl("offline"));
  expect(response?.status()).toBe(503);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("button", { name: "Recharger" })).toBeDisabled();
  await expect(page).toHaveTitle("Service indisponible");
  await expectAccessible(page);
});
