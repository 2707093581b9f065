// A video upload in the console (issue 16; direct uploads, docs/decisions/025). With JavaScript, the form says what is
// missing at its field, then an MP4 of two tus chunks goes straight to the local stand-in's tus endpoint with a
// progress bar (its first chunk lost to a network error and sent again), is packaged by the local ingest (ffmpeg, the
// demo media's layout) and listed as ready. An upload cut off by a reload carries on from its offset with the same file.
// One whose URL the provider no longer takes (expired) gets a new URL and goes again from byte 0. Without JavaScript,
// the form posts the file through the Worker as before. Each test uploads to a channel of its own, as its owner; the
// list's self-refresh runs on the page's clock (Playwright's), so a test waits for the packaging, not for the timer.
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { acceptCookies, expect, expectAccessible, hydrated, test, visit } from "./fixtures";
import { copy, fill } from "./support/copy";

const v = copy("en", "video");
const CHUNK = 5 * 1024 * 1024;
/** How often /console/uploads reloads its list while a video is packaged (REFRESH_MS in app/routes/console.uploads.tsx). */
const LIST_REFRESH_MS = 3_000;
const TUS = "**/api/dev/tus/**";

/** A 6-s test pattern with audio; `noisy` makes it incompressible (about 10 MB: two tus chunks). */
function makeVideo(file: string, noisy: boolean) {
  const made = spawnSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-f", "lavfi", "-i", "sine=frequency=660:sample_rate=48000"],
    ...["-t", "6", ...(noisy ? ["-vf", "noise=alls=60:allf=t", "-preset", "ultrafast", "-crf", "10"] : []), "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart", file],
  ]);
  expect(made.status).toBe(0);
}

/** Opens the uploads page with the page's clock installed (the list's refresh timer runs on it), cookies answered. */
async function openUploads(page: Page, url: string) {
  await page.clock.install();
  await visit(page, url);
  await acceptCookies(page);
}

/** The upload's row is packaged: the list's refresh is run on the page's clock until the row says ready. */
async function expectReady(page: Page, row: Locator) {
  const status = row.locator("[data-status]");
  // Packaging is real work (ffmpeg) on a busy machine: up to a minute.
  await expect
    .poll(
      async () => {
        await page.clock.runFor(LIST_REFRESH_MS);
        return status.getAttribute("data-status");
      },
      { timeout: 60_000 },
    )
    .toBe("ready");
}

const uploaded = (page: Page, title: string) => page.getByRole("status").filter({ hasText: fill(v.uploads.sent, { title }) });

test("an owner uploads a video straight to the provider (tus), which resumes after a network error and is packaged", async ({ page, consoleErrors, ownChannel: ch, signIn }, testInfo) => {
  test.setTimeout(120_000);
  const file = testInfo.outputPath("upload.mp4");
  makeVideo(file, true);
  expect(statSync(file).size).toBeGreaterThan(CHUNK);
  const title = "Upload of the final";

  await signIn(ch, "owner");
  await openUploads(page, ch.url("/console/uploads"));
  await expect(page.getByText(fill(v.uploads.intro, { size: 30 }))).toBeVisible();
  const form = page.locator("form.upload-form");
  await form.getByLabel(v.uploads.file).setInputFiles(file);
  await form.getByRole("button", { name: v.uploads.send, exact: true }).click();
  // No title: the error is at the field, which says it is invalid.
  await expect(form.getByLabel(v.uploads.titleEn)).toHaveAttribute("aria-invalid", "true");
  await expect(form.locator("#title_en-error")).toHaveText("Field is required");
  await expectAccessible(page);

  // The first chunk is lost on the way: the client asks where it got to (HEAD) and sends it again.
  const patches: string[] = [];
  let dropped = false;
  await page.route(TUS, async (route) => {
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
  await form.getByLabel(v.uploads.titleEn).fill(title);
  await form.getByLabel(v.uploads.file).setInputFiles(file);
  await form.getByRole("button", { name: v.uploads.send, exact: true }).click();
  const progress = form.getByRole("progressbar", { name: fill(v.uploads.progressLabel, { title }) });
  await expect(progress).toBeVisible();
  await expect(uploaded(page, title)).toBeVisible({ timeout: 30_000 });
  await expect(progress).toHaveAttribute("value", String(statSync(file).size));
  await expect(form.getByText("100% (")).toBeVisible();
  expect(patches).toEqual(["0", "0", String(CHUNK)]);
  // The chunk this test dropped is the only console error.
  expect(consoleErrors.splice(0)).toEqual(["Failed to load resource: net::ERR_CONNECTION_RESET"]);
  await expectReady(page, page.locator("tr", { hasText: title }));
  await expectAccessible(page);
});

test("an owner cancels a direct upload: it stops, and the upload is removed from the list", async ({ page, ownChannel: ch, signIn }, testInfo) => {
  test.setTimeout(90_000);
  const file = testInfo.outputPath("cancelled.mp4");
  makeVideo(file, true);
  const title = "Cancelled upload";
  await signIn(ch, "owner");
  await openUploads(page, ch.url("/console/uploads"));
  // The chunks never arrive: the upload is still sending when the owner gives up.
  await page.route(TUS, (route) => (route.request().method() === "PATCH" ? undefined : route.continue()));
  const form = page.locator("form.upload-form");
  await form.getByLabel(v.uploads.titleEn).fill(title);
  await form.getByLabel(v.uploads.file).setInputFiles(file);
  await form.getByRole("button", { name: v.uploads.send, exact: true }).click();
  await expect(form.getByRole("progressbar", { name: fill(v.uploads.progressLabel, { title }) })).toBeVisible();
  // The list shows it waiting for its file once the page reloads its data.
  await page.getByRole("link", { name: v.live.refresh }).click();
  await expect(page.locator("tr", { hasText: title }).locator("[data-status]")).toHaveAttribute("data-status", "waiting");
  await form.getByRole("button", { name: v.uploads.cancel }).click();
  await expect(page.getByRole("status").filter({ hasText: v.uploads.cancelled })).toBeVisible();
  await expect(page.locator("tr", { hasText: title })).toHaveCount(0);
  await expectAccessible(page);
});

test("a direct upload cut off by a reload carries on from where its bytes got to, once the owner chooses the same file again", async ({ page, ownChannel: ch, signIn }, testInfo) => {
  test.setTimeout(120_000);
  const file = testInfo.outputPath("resume.mp4");
  makeVideo(file, true);
  const size = statSync(file).size;
  const title = "Resumed upload";
  await signIn(ch, "owner");
  await openUploads(page, ch.url("/console/uploads"));

  // The first chunk arrives; the second is held (it never reaches the server) and the owner reloads the page. After
  // the reload every chunk goes through, and the offsets they start from are kept.
  const offsets: string[] = [];
  let reloaded = false;
  await page.route(TUS, (route) => {
    if (route.request().method() !== "PATCH") return route.continue();
    offsets.push(`${reloaded ? "after" : "before"}:${route.request().headers()["upload-offset"] ?? ""}`);
    return reloaded || offsets.length === 1 ? route.continue() : undefined;
  });
  const firstChunk = page.waitForResponse((r) => r.url().includes("/api/dev/tus/") && r.request().method() === "PATCH");
  const form = page.locator("form.upload-form");
  await form.getByLabel(v.uploads.titleEn).fill(title);
  await form.getByLabel(v.uploads.file).setInputFiles(file);
  await form.getByRole("button", { name: v.uploads.send, exact: true }).click();
  expect((await firstChunk).status()).toBe(204);
  await expect.poll(() => offsets.length).toBe(2);
  reloaded = true;
  await page.reload();
  await hydrated(page);

  // The row waits for its file and asks for the same one; another file is refused at the field.
  const row = page.locator("tr", { hasText: title });
  await expect(row.locator("[data-status]")).toHaveAttribute("data-status", "waiting");
  const again = row.getByLabel(fill(v.uploads.resumeWith, { title, file: "resume.mp4" }));
  await again.setInputFiles({ name: "resume.mp4", mimeType: "video/mp4", buffer: Buffer.alloc(1024) });
  await expect(row.getByRole("alert")).toHaveText(fill(v.uploads.resumeWrongFile, { file: "resume.mp4", size: (size / 1024 / 1024).toFixed(1) }));
  await expect(again).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  await again.setInputFiles(file);
  await expect(uploaded(page, title)).toBeVisible({ timeout: 30_000 });
  await expect(form.getByRole("progressbar", { name: fill(v.uploads.progressLabel, { title }) })).toHaveAttribute("value", String(size));
  // Only what the server did not have went again.
  expect(offsets).toEqual(["before:0", `before:${CHUNK}`, `after:${CHUNK}`]);
  await expectReady(page, row);
  await expect(row.getByLabel(/^Resume/)).toHaveCount(0);
});

test("a direct upload whose URL the provider no longer takes gets a new one and sends the file again from its start", async ({ page, ownChannel: ch, signIn }, testInfo) => {
  test.setTimeout(120_000);
  const file = testInfo.outputPath("expired.mp4");
  makeVideo(file, true);
  const size = statSync(file).size;
  const title = "Expired upload";
  await signIn(ch, "owner");
  await openUploads(page, ch.url("/console/uploads"));

  // The first URL takes one chunk, then answers 404 as Stream's one-time URL does once it has expired. The new URL the
  // page asks the API for takes the whole file, from byte 0.
  const patches: string[] = [];
  let firstUrl = "";
  await page.route(TUS, (route) => {
    const request = route.request();
    firstUrl ||= request.url();
    const first = request.url() === firstUrl;
    if (request.method() === "PATCH") patches.push(`${first ? "first" : "new"}:${request.headers()["upload-offset"] ?? ""}`);
    if (first && patches.length > 1) return route.fulfill({ status: 404, headers: { "Tus-Resumable": "1.0.0" }, body: "" });
    return route.continue();
  });
  const form = page.locator("form.upload-form");
  await form.getByLabel(v.uploads.titleEn).fill(title);
  await form.getByLabel(v.uploads.file).setInputFiles(file);
  await form.getByRole("button", { name: v.uploads.send, exact: true }).click();
  await expect(uploaded(page, title)).toBeVisible({ timeout: 30_000 });
  expect(patches).toEqual(["first:0", `first:${CHUNK}`, "new:0", `new:${CHUNK}`]);
  await expect(form.getByRole("progressbar", { name: fill(v.uploads.progressLabel, { title }) })).toHaveAttribute("value", String(size));
  // The same upload (one row), packaged from the file sent on the new URL.
  const row = page.locator("tr", { hasText: title });
  await expect(row).toHaveCount(1);
  await expectReady(page, row);
  await expectAccessible(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form still posts the video through the Worker", async ({ page, ownChannel: ch, signIn }, testInfo) => {
    test.setTimeout(90_000);
    const file = testInfo.outputPath("small.mp4");
    makeVideo(file, false);
    const title = "Posted without JavaScript";
    await signIn(ch, "owner");
    await page.goto(ch.url("/console/uploads"));
    await expect(page.getByText(fill(v.uploads.noScript, { size: 100 }))).toBeVisible();
    const form = page.locator("form.upload-form");
    await form.getByLabel(v.uploads.titleEn).fill(title);
    await form.getByLabel(v.uploads.file).setInputFiles(file);
    await form.getByRole("button", { name: v.uploads.send, exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: fill(v.uploads.sent, { title }) })).toBeVisible();
    await expect(page.locator("tr", { hasText: title }).locator("[data-status]")).toHaveAttribute("data-status", /^(uploaded|processing|ready)$/);
  });
});
