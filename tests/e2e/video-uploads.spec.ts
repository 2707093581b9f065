// A video upload in the console (issue 16): the form says what is missing at its field, then an MP4 is uploaded,
// packaged by the local ingest (ffmpeg, the demo media's layout) and listed as ready.
import { spawnSync } from "node:child_process";
import { CHANNELS, login, url } from "./auth-helpers";
import { acceptCookies, expect, expectAccessible, test } from "./fixtures";

const alpha = CHANNELS.find((c) => c.alias === "alpha")!;

test("an owner uploads a video, which is packaged and listed as ready", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const file = testInfo.outputPath("upload.mp4");
  const made = spawnSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-f", "lavfi", "-i", "sine=frequency=660:sample_rate=48000"],
    ...["-t", "6", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart", file],
  ]);
  expect(made.status).toBe(0);
  const title = `Upload ${testInfo.testId.slice(0, 8)}`;

  await login(page, alpha, "owner@alpha.test", "Password123!");
  await page.goto(url(alpha, "/console/uploads"));
  await acceptCookies(page);
  const form = page.locator("form.upload-form");
  await form.getByLabel("Video file").setInputFiles(file);
  await form.getByRole("button", { name: "Upload", exact: true }).click();
  // No title: the error is at the field, which says it is invalid.
  await expect(form.getByLabel("Title (English)")).toHaveAttribute("aria-invalid", "true");
  await expect(form.locator("#title_en-error")).toHaveText("Field is required");
  await expectAccessible(page);

  await form.getByLabel("Title (English)").fill(title);
  await form.getByLabel("Video file").setInputFiles(file);
  await form.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "was uploaded" })).toBeVisible();
  const row = page.locator("tr", { hasText: title });
  await expect(row.locator("[data-status]")).toHaveAttribute("data-status", "ready", { timeout: 60_000 });
  await expectAccessible(page);
});
