// A video upload in the console (issue 16; direct uploads, docs/decisions/025). With JavaScript, the form says what is
// missing at its field, then an MP4 of two tus chunks goes straight to the local stand-in's tus endpoint with a
// progress bar (its first chunk lost to a network error and sent again), is packaged by the local ingest (ffmpeg, the
// demo media's layout) and listed as ready. An upload cut off by a reload carries on from its offset with the same file.
// One whose URL the provider no longer takes (expired) gets a new URL and goes again from byte 0 (beta, in French).
// Without JavaScript, the form posts the file through the Worker as before.
import { spawnSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { CHANNELS, PASSWORD, login, url } from "./auth-helpers";
import { acceptCookies, expect, expectAccessible, test } from "./fixtures";

const alpha = CHANNELS.find((c) => c.alias === "alpha")!;
const beta = CHANNELS.find((c) => c.alias === "beta")!;
const CHUNK = 5 * 1024 * 1024;

/** A 6-s test pattern with audio; `noisy` makes it incompressible (about 10 MB: two tus chunks). */
function makeVideo(file: string, noisy: boolean) {
  const made = spawnSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-f", "lavfi", "-i", "sine=frequency=660:sample_rate=48000"],
    ...["-t", "6", ...(noisy ? ["-vf", "noise=alls=60:allf=t", "-preset", "ultrafast", "-crf", "10"] : []), "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart", file],
  ]);
  expect(made.status).toBe(0);
}

test("an owner uploads a video straight to the provider (tus), which resumes after a network error and is packaged", async ({ page, consoleErrors }, testInfo) => {
  test.setTimeout(120_000);
  const file = testInfo.outputPath("upload.mp4");
  makeVideo(file, true);
  expect(statSync(file).size).toBeGreaterThan(CHUNK);
  const title = `Upload ${testInfo.testId.slice(0, 8)}`;

  await login(page, alpha, "owner@alpha.test", "Password123!");
  await page.goto(url(alpha, "/console/uploads"));
  await acceptCookies(page);
  await expect(page.getByText("up to 30 GB")).toBeVisible();
  const form = page.locator("form.upload-form");
  await form.getByLabel("Video file").setInputFiles(file);
  await form.getByRole("button", { name: "Upload", exact: true }).click();
  // No title: the error is at the field, which says it is invalid.
  await expect(form.getByLabel("Title (English)")).toHaveAttribute("aria-invalid", "true");
  await expect(form.locator("#title_en-error")).toHaveText("Field is required");
  await expectAccessible(page);

  // The first chunk is lost on the way: the client asks where it got to (HEAD) and sends it again.
  const patches: string[] = [];
  let dropped = false;
  await page.route("**/api/dev/tus/**", async (route) => {
    const request = route.request();
    if (request.method() === "PATCH") {
      patches.push(request.headers()["upload-offset"] ?? "");
      if (!dropped) {
        dropped = true;
        return route.abort("connectionreset");
      }
    }
    return route.continue();
  });
  await form.getByLabel("Title (English)").fill(title);
  await form.getByLabel("Video file").setInputFiles(file);
  await form.getByRole("button", { name: "Upload", exact: true }).click();
  const progress = form.getByRole("progressbar", { name: `Sending “${title}”` });
  await expect(progress).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "was uploaded" })).toBeVisible({ timeout: 30_000 });
  await expect(progress).toHaveAttribute("value", String(statSync(file).size));
  await expect(form.getByText("100% (")).toBeVisible();
  expect(patches).toEqual(["0", "0", String(CHUNK)]);
  // The chunk this test dropped is the only console error.
  expect(consoleErrors.splice(0)).toEqual(["Failed to load resource: net::ERR_CONNECTION_RESET"]);
  const row = page.locator("tr", { hasText: title });
  await expect(row.locator("[data-status]")).toHaveAttribute("data-status", "ready", { timeout: 60_000 });
  await expectAccessible(page);
});

test("an owner cancels a direct upload: it stops, and the upload is removed from the list", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const file = testInfo.outputPath("cancelled.mp4");
  makeVideo(file, true);
  const title = `Cancelled ${testInfo.testId.slice(0, 8)}`;
  await login(page, alpha, "owner@alpha.test", "Password123!");
  await page.goto(url(alpha, "/console/uploads"));
  await acceptCookies(page);
  // Hydrated: the no-JavaScript note is gone, and the form sends the file itself.
  await expect(page.getByText("Without JavaScript, a video can be up to 100 MB.")).toBeHidden();
  // The chunks never arrive: the upload is still sending when the owner gives up.
  await page.route("**/api/dev/tus/**", (route) => (route.request().method() === "PATCH" ? undefined : route.continue()));
  const form = page.locator("form.upload-form");
  await form.getByLabel("Title (English)").fill(title);
  await form.getByLabel("Video file").setInputFiles(file);
  await form.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(form.getByRole("progressbar", { name: `Sending “${title}”` })).toBeVisible();
  // The list shows it waiting for its file once the page reloads its data.
  await page.getByRole("link", { name: "Refresh" }).click();
  await expect(page.locator("tr", { hasText: title }).locator("[data-status]")).toHaveAttribute("data-status", "waiting");
  await form.getByRole("button", { name: "Cancel upload" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The upload was cancelled." })).toBeVisible();
  await expect(page.locator("tr", { hasText: title })).toHaveCount(0);
  await expectAccessible(page);
});

test("a direct upload cut off by a reload carries on from where its bytes got to, once the owner chooses the same file again", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const file = testInfo.outputPath("resume.mp4");
  makeVideo(file, true);
  const size = statSync(file).size;
  const title = `Resumed ${testInfo.testId.slice(0, 8)}`;
  await login(page, alpha, "owner@alpha.test", "Password123!");
  await page.goto(url(alpha, "/console/uploads"));
  await acceptCookies(page);
  await expect(page.getByText("Without JavaScript, a video can be up to 100 MB.")).toBeHidden();

  // The first chunk arrives; the second is held (it never reaches the server) and the owner reloads the page. After
  // the reload every chunk goes through, and the offsets they start from are kept.
  const offsets: string[] = [];
  let reloaded = false;
  await page.route("**/api/dev/tus/**", (route) => {
    if (route.request().method() !== "PATCH") return route.continue();
    offsets.push(`${reloaded ? "after" : "before"}:${route.request().headers()["upload-offset"] ?? ""}`);
    return reloaded || offsets.length === 1 ? route.continue() : undefined;
  });
  const firstChunk = page.waitForResponse((r) => r.url().includes("/api/dev/tus/") && r.request().method() === "PATCH");
  const form = page.locator("form.upload-form");
  await form.getByLabel("Title (English)").fill(title);
  await form.getByLabel("Video file").setInputFiles(file);
  await form.getByRole("button", { name: "Upload", exact: true }).click();
  expect((await firstChunk).status()).toBe(204);
  await expect.poll(() => offsets.length).toBe(2);
  reloaded = true;
  await page.reload();

  // The row waits for its file and asks for the same one; another file is refused at the field.
  const row = page.locator("tr", { hasText: title });
  await expect(row.locator("[data-status]")).toHaveAttribute("data-status", "waiting");
  const again = row.getByLabel(`Resume “${title}”: choose resume.mp4 again`);
  await again.setInputFiles({ name: "resume.mp4", mimeType: "video/mp4", buffer: Buffer.alloc(1024) });
  await expect(row.getByRole("alert")).toHaveText(`That is not the file this upload was started with. Choose resume.mp4 (${(size / 1024 / 1024).toFixed(1)} MB).`);
  await expect(again).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  await again.setInputFiles(file);
  await expect(page.getByRole("status").filter({ hasText: "was uploaded" })).toBeVisible({ timeout: 30_000 });
  await expect(form.getByRole("progressbar", { name: `Sending “${title}”` })).toHaveAttribute("value", String(size));
  // Only what the server did not have went again.
  expect(offsets).toEqual(["before:0", `before:${CHUNK}`, `after:${CHUNK}`]);
  await expect(row.locator("[data-status]")).toHaveAttribute("data-status", "ready", { timeout: 60_000 });
  await expect(row.getByLabel(/^Resume/)).toHaveCount(0);
});

test("beta (fr): a direct upload whose URL the provider no longer takes gets a new one and sends the file again from its start", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const fr = JSON.parse(readFileSync("app/locales/fr/video.json", "utf8")) as { uploads: Record<string, string> };
  const file = testInfo.outputPath("expired.mp4");
  makeVideo(file, true);
  const size = statSync(file).size;
  const title = `Expiré ${testInfo.testId.slice(0, 8)}`;
  await login(page, beta, "owner@beta.test", PASSWORD);
  await page.goto(url(beta, "/console/uploads"));
  await acceptCookies(page);
  await expect(page.getByText(fr.uploads.noScript!.slice(0, 30))).toBeHidden();

  // The first URL takes one chunk, then answers 404 as Stream's one-time URL does once it has expired. The new URL the
  // page asks the API for takes the whole file, from byte 0.
  const patches: string[] = [];
  let firstUrl = "";
  await page.route("**/api/dev/tus/**", (route) => {
    const request = route.request();
    firstUrl ||= request.url();
    const first = request.url() === firstUrl;
    if (request.method() === "PATCH") patches.push(`${first ? "first" : "new"}:${request.headers()["upload-offset"] ?? ""}`);
    if (first && patches.length > 1) return route.fulfill({ status: 404, headers: { "Tus-Resumable": "1.0.0" }, body: "" });
    return route.continue();
  });
  const form = page.locator("form.upload-form");
  await form.getByLabel(fr.uploads.titleEn!).fill(title);
  await form.getByLabel(fr.uploads.file!).setInputFiles(file);
  await form.getByRole("button", { name: fr.uploads.send!, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: `« ${title} » a été téléversée` })).toBeVisible({ timeout: 30_000 });
  expect(patches).toEqual(["first:0", `first:${CHUNK}`, "new:0", `new:${CHUNK}`]);
  await expect(form.getByRole("progressbar", { name: `Envoi de « ${title} »` })).toHaveAttribute("value", String(size));
  // The same upload (one row), packaged from the file sent on the new URL.
  const row = page.locator("tr", { hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row.locator("[data-status]")).toHaveAttribute("data-status", "ready", { timeout: 60_000 });
  await expectAccessible(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form still posts the video through the Worker", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const file = testInfo.outputPath("small.mp4");
    makeVideo(file, false);
    const title = `No-JS ${testInfo.testId.slice(0, 8)}`;
    await login(page, alpha, "owner@alpha.test", "Password123!");
    await page.goto(url(alpha, "/console/uploads"));
    await expect(page.getByText("Without JavaScript, a video can be up to 100 MB.")).toBeVisible();
    const form = page.locator("form.upload-form");
    await form.getByLabel("Title (English)").fill(title);
    await form.getByLabel("Video file").setInputFiles(file);
    await form.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "was uploaded" })).toBeVisible();
    await expect(page.locator("tr", { hasText: title }).locator("[data-status]")).toHaveAttribute("data-status", /^(uploaded|processing|ready)$/);
  });
});
