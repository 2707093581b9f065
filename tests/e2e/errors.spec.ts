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
  await page.clock.install();
  const response = await page.goto(channelUrl("offline"));
  expect(response?.status()).toBe(503);
  const button = page.getByRole("button", { name: "Reload" });
  const countdown = page.getByTestId("reload-countdown");
  await expect(button).toBeDisabled();
  await expect(countdown).toHaveAttribute("data-seconds", "60");
  await expect(countdown).toHaveText("You can reload in 60 seconds.");
  await expectAccessible(page);

  await page.clock.runFor(1_000);
  await expect(countdown).toHaveAttribute("data-seconds", "59");
  await page.clock.runFor(58_000);
  await expect(countdown).toHaveText("You can reload in 1 second.");
  await expect(button).toBeDisabled();
  await page.clock.runFor(1_000);
  await expect(countdown).toHaveAttribute("data-seconds", "0");
  await expect(button).toBeEnabled();

  // Reloading asks the server for a key again; the channel is still suspended, so the countdown restarts.
  const reloaded = page.waitForResponse((r) => r.url() === channelUrl("offline") && r.request().resourceType() === "document");
  await button.click();
  expect((await reloaded).status()).toBe(503);
  await expect(countdown).toHaveAttribute("data-seconds", "60");
});
