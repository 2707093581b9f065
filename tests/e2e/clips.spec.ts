// Clips (issue 11) on both channels, as the demo viewer (a pass with `clipping`, `download_clip` and 50 clips) lives
// them: cut a clip of a finished event (the SPEC's validation messages inline first), watch it go ready, find it in
// /profile/clips, download it (ffprobe: two tracks from 0, about the asked length), open its share link signed out
// and play it, delete it and see the link answer 404; cut one from a live event's DVR window with the keyboard only;
// and without the capability, the Clip control says which passes give it; opened while the player seeks, the cutter
// waits for the position it lands on. axe on the cutter and the lists.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import type { Locator, Page } from "@playwright/test";
import { CHANNELS, login, seeded, url, type Channel } from "./auth-helpers";
import { acceptCookies, expect, expectAccessible, test } from "./fixtures";
import { findEvent, findVodItem } from "./watch-helpers";

type ClipsCopy = typeof import("../../app/locales/en/clips.json");
const clipsCopy = (lang: "en" | "fr") => JSON.parse(readFileSync(`app/locales/${lang}/clips.json`, "utf8")) as ClipsCopy;
const langOf = (ch: Channel) => (ch.alias === "beta" ? "fr" : "en");
const viewer = (ch: Channel) => ({ email: `viewer@${ch.alias}.test`, password: "Password123!" });

/** Opens the watch page as the signed-in user, waits for the player, and opens the cutter from its bar. */
async function openCutter(page: Page, ch: Channel, eventId: number, t: ClipsCopy): Promise<Locator> {
  await page.goto(url(ch, `/watch/${eventId}`));
  await expect(page.locator(".player")).toHaveAttribute("data-status", "ready", { timeout: 20_000 });
  await page.getByRole("button", { name: t.cutter.openLabel }).click();
  const cutter = page.getByRole("region", { name: t.cutter.title });
  await expect(cutter).toBeVisible();
  return cutter;
}

const item = (page: Page, name: string) => page.getByTestId("clip-item").filter({ has: page.getByRole("heading", { name, exact: true }) });

for (const ch of CHANNELS) {
  const lang = langOf(ch);
  const t = clipsCopy(lang);

  test(`${ch.alias} (${lang}): cut a finished event's clip, see it ready, download, share signed out, delete`, async ({ page, request, browser }, testInfo) => {
    test.setTimeout(120_000);
    const eventId = await findEvent(request, ch.alias, "finished", "free", { noPreroll: true });
    await login(page, ch, viewer(ch).email, viewer(ch).password);
    await acceptCookies(page);
    const cutter = await openCutter(page, ch, eventId, t);
    await expect(cutter.getByText(new RegExp(t.cutter.remaining_other.replace("{{count}}", "\\d+")))).toBeVisible();

    // Nothing filled in: the SPEC's messages, in the channel's language, next to their fields.
    await cutter.getByRole("button", { name: t.cutter.submit }).click();
    await expect(cutter.getByText(t.messages.nameRequired)).toBeVisible();
    await expect(cutter.getByText(t.messages.tagRequired)).toBeVisible();
    await expect(cutter.getByLabel(t.cutter.name)).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    // 30 s from where the player is (the cutter's default), named and tagged.
    const name = `Finished ${ch.alias} ${testInfo.workerIndex}-${Date.now()}`;
    await cutter.getByLabel(t.cutter.name).fill(name);
    await cutter.getByRole("checkbox", { name: t.tags.goal }).check();
    await expect(cutter.locator("[data-seconds]")).toHaveAttribute("data-seconds", "30");
    await cutter.getByRole("button", { name: t.cutter.submit }).click();
    await expect(cutter.getByTestId("clip-cutter-status")).toHaveText(t.cutter.created.replace("{{name}}", name));
    // Listed under the player at once, then ready (the list polls).
    await expect(item(page, name)).toBeVisible();
    await expect(item(page, name)).toHaveAttribute("data-status", "ready", { timeout: 30_000 });

    // /profile/clips: the clip, ready, with its source and actions.
    await page.goto(url(ch, "/profile/clips"));
    await expect(page.getByRole("heading", { level: 2, name: t.titles.profileClips })).toBeVisible();
    const mine = item(page, name);
    await expect(mine).toHaveAttribute("data-status", "ready");
    await expect(mine.getByText(t.status.ready)).toBeVisible();
    await expectAccessible(page);

    // Download: the file is an MP4 with both tracks from 0, about 30 s long.
    const started = page.waitForEvent("download", { timeout: 30_000 });
    await mine.getByRole("button", { name: t.list.downloadName.replace("{{name}}", name) }).click();
    const download = await started;
    expect(download.suggestedFilename()).toMatch(/\.mp4$/);
    const { stdout } = await promisify(execFile)("ffprobe", ["-v", "error", "-show_streams", "-show_format", "-of", "json", await download.path()]);
    const probe = JSON.parse(stdout) as { streams: { codec_type: string; start_time: string }[]; format: { duration: string } };
    expect(probe.streams.map((s) => s.codec_type).sort()).toEqual(["audio", "video"]);
    for (const s of probe.streams) expect(Math.abs(Number(s.start_time))).toBeLessThan(0.1);
    expect(Math.abs(Number(probe.format.duration) - 30)).toBeLessThanOrEqual(2);

    // Share: the link plays for a visitor who is not signed in.
    const share = await mine.getByRole("button", { name: t.list.shareName.replace("{{name}}", name) }).getAttribute("data-share-url");
    expect(share).toMatch(new RegExp(`/share/\\d+/[0-9a-f-]{36}$`));
    const visitor = await browser.newContext();
    const guest = await visitor.newPage();
    const shared = await guest.goto(share!);
    expect(shared?.status()).toBe(200);
    const video = guest.locator("video").first();
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);

    // Delete: confirmed, gone from the list, and the share link is a 404.
    page.once("dialog", (dialog) => void dialog.accept());
    await mine.getByRole("button", { name: t.list.deleteName.replace("{{name}}", name) }).click();
    await expect(item(page, name)).toHaveCount(0);
    expect((await guest.goto(share!))?.status()).toBe(404);
    await visitor.close();
  });

  test(`${ch.alias} (${lang}): opened during a seek, the cutter says it waits, then cuts from where the player lands`, async ({ page, request }) => {
    const eventId = await findEvent(request, ch.alias, "finished", "free", { noPreroll: true });
    await login(page, ch, viewer(ch).email, viewer(ch).password);
    await acceptCookies(page);
    await page.goto(url(ch, `/watch/${eventId}`));
    await expect(page.locator(".player")).toHaveAttribute("data-status", "ready", { timeout: 20_000 });
    const video = page.locator("video.player__video");
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);

    // The media segments are held: a seek to 10:00, where nothing is buffered, stays under way.
    const held: (() => Promise<void>)[] = [];
    await page.route(/\/chunk-stream\d+-\d+\.m4s/, (route) => void held.push(() => route.continue().catch(() => undefined)));
    await video.evaluate((v: HTMLVideoElement) => void (v.currentTime = 600));
    await page.getByRole("button", { name: t.cutter.openLabel }).click();
    const cutter = page.getByRole("region", { name: t.cutter.title });
    await expect(cutter.getByRole("status").filter({ hasText: t.cutter.waiting })).toBeVisible();
    await expect(cutter.getByRole("slider")).toHaveCount(0);
    await expectAccessible(page);

    // Released, the seek lands and the cut starts there (30 s, on the 2-s grid), not where the player was before.
    await page.unroute(/\/chunk-stream\d+-\d+\.m4s/);
    for (const go of held.splice(0)) await go();
    const start = cutter.getByRole("slider", { name: t.cutter.startSlider });
    await expect.poll(async () => Number(await start.inputValue()), { timeout: 15_000 }).toBeGreaterThanOrEqual(600);
    expect(Number(await start.inputValue())).toBeLessThanOrEqual(606);
    await expect(cutter.locator("[data-seconds]")).toHaveAttribute("data-seconds", "30");
    await expect(cutter.getByTestId("clip-waiting")).toHaveCount(0);
  });

  test(`${ch.alias} (${lang}): keyboard only, cut the last moments of a live event from its DVR window`, async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const eventId = await findEvent(request, ch.alias, "live", "free", { noPreroll: true });
    await login(page, ch, viewer(ch).email, viewer(ch).password);
    await acceptCookies(page);
    await page.goto(url(ch, `/watch/${eventId}`));
    await expect(page.locator(".player")).toHaveAttribute("data-status", "ready", { timeout: 20_000 });

    // From the player, Tab reaches the Clip button; Enter opens the cutter.
    await page.locator(".player").focus();
    const clipButton = page.getByRole("button", { name: t.cutter.openLabel });
    for (let i = 0; i < 20 && !(await clipButton.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(clipButton).toBeFocused();
    await page.keyboard.press("Enter");
    const cutter = page.getByRole("region", { name: t.cutter.title });
    await expect(cutter).toBeVisible();
    await expect(clipButton).toHaveAttribute("aria-expanded", "true");

    // Live: the cut ends at the position and starts 30 s before it. Tab to the start slider and move it back 10 s.
    const start = cutter.getByRole("slider", { name: t.cutter.startSlider });
    const before = Number(await start.inputValue());
    // At the position, not at the DVR window's start: the cutter waits for the stream's first seek to the edge (a cut
    // made from the position 0 it reports before then sat at the window's start, which a window past 30 min slides by).
    const position = await page.locator("video.player__video").evaluate((v: HTMLVideoElement) => v.currentTime);
    expect(before).toBeGreaterThan(position - 45);
    expect(before).toBeLessThanOrEqual(position);
    for (let i = 0; i < 10 && !(await start.evaluate((s) => s === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(start).toBeFocused();
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowLeft");
    await expect.poll(async () => Number(await start.inputValue())).toBe(before - 10);
    await expect(cutter.locator("[data-seconds]")).toHaveAttribute("data-seconds", "40");

    // Name, a tag (Space), then the submit button (Enter).
    const name = `Live ${ch.alias} ${testInfo.workerIndex}-${Date.now()}`;
    const field = cutter.getByLabel(t.cutter.name);
    for (let i = 0; i < 15 && !(await field.evaluate((f) => f === document.activeElement)); i++) await page.keyboard.press("Tab");
    await page.keyboard.type(name);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await expect(cutter.getByRole("checkbox", { name: t.tags.highlight })).toBeChecked();
    const submit = cutter.getByRole("button", { name: t.cutter.submit });
    for (let i = 0; i < 15 && !(await submit.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(item(page, name)).toHaveAttribute("data-status", "ready", { timeout: 30_000 });
    await expectAccessible(page);

    // Escape closes the cutter, and the focus can go on.
    await field.focus();
    await page.keyboard.press("Escape");
    await expect(cutter).toHaveCount(0);
  });

  test(`${ch.alias} (${lang}): cut a clip of a library video`, async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const video = await findVodItem(request, ch.alias, false, lang);
    await login(page, ch, viewer(ch).email, viewer(ch).password);
    await acceptCookies(page);
    await page.goto(url(ch, `/watch_library/${video.id}`));
    await expect(page.locator(".player")).toHaveAttribute("data-status", "ready", { timeout: 20_000 });
    await page.getByRole("button", { name: t.cutter.openLabel }).click();
    const cutter = page.getByRole("region", { name: t.cutter.title });
    const name = `Library ${ch.alias} ${testInfo.workerIndex}-${Date.now()}`;
    await cutter.getByLabel(t.cutter.name).fill(name);
    await cutter.getByRole("checkbox", { name: t.tags.highlight }).check();
    await cutter.getByRole("button", { name: t.cutter.submit }).click();
    await expect(page.getByRole("region", { name: t.list.titleVideo })).toBeVisible();
    await expect(item(page, name)).toHaveAttribute("data-status", "ready", { timeout: 30_000 });
    // The clip plays in its dialog, from its file.
    await item(page, name).getByRole("button", { name: t.list.play.replace("{{name}}", name) }).click();
    const dialog = page.getByTestId("clip-dialog");
    await expect(dialog).toBeVisible();
    const clipVideo = dialog.getByTestId("clip-video");
    await clipVideo.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => clipVideo.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });

  test(`${ch.alias} (${lang}): without clipping, the Clip control says which passes give it`, async ({ page, request }) => {
    const eventId = await findEvent(request, ch.alias, "finished", "free", { noPreroll: true });
    const fan = seeded(ch.alias).fan;
    await login(page, ch, fan.email, fan.password);
    await acceptCookies(page);
    await page.goto(url(ch, `/watch/${eventId}`));
    await expect(page.locator(".player")).toHaveAttribute("data-status", "ready", { timeout: 20_000 });
    await page.getByRole("button", { name: t.cutter.openLabel }).click();
    const refusal = page.getByTestId("clip-refusal");
    await expect(refusal).toHaveAttribute("data-reason", "capability");
    await expect(refusal.getByText(t.refusal.capability)).toBeVisible();
    const passes = refusal.getByTestId("clip-passes").getByRole("link");
    expect(await passes.count()).toBeGreaterThan(0);
    await expect(passes.first()).toHaveAttribute("href", /^\/(buy\?(package|subscription)_id=\d+|select-package\/\d+)$/);
    await expectAccessible(page);
  });
}

test("alpha: a signed-out visitor is asked to log in to clip, and comes back", async ({ page, request }) => {
  const t = clipsCopy("en");
  const ch = CHANNELS[0];
  const eventId = await findEvent(request, ch.alias, "finished", "free", { noPreroll: true });
  await page.goto(url(ch, `/watch/${eventId}`));
  await expect(page.locator(".player")).toHaveAttribute("data-status", "ready", { timeout: 20_000 });
  await page.getByRole("button", { name: t.cutter.openLabel }).click();
  const refusal = page.getByTestId("clip-refusal");
  await expect(refusal).toHaveAttribute("data-reason", "login");
  await refusal.getByRole("link", { name: t.refusal.logIn }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=%2Fwatch%2F${eventId}$`));
});
