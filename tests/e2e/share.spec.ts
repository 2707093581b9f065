// The shared clip page /share/{id}/{uuid} (issue 11) on both channels in their own language: the demo viewer cuts a
// clip of a finished event through the API; a signed-out visitor opens its link, plays it, finds its cards and the
// full event, copies the link (by keyboard, and with the clipboard refused); deleting the clip makes the link 404.
import { readFileSync } from "node:fs";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import type { Clip } from "../../api/contract/clips";
import { CHANNELS, url } from "./auth-helpers";
import { type ApiUser, createClip, deleteClip, sharePath, signIn, waitReady } from "./clip-helpers";
import { PORT, acceptCookies, expect, expectAccessible, test } from "./fixtures";
import { findEvent } from "./watch-helpers";

type ShareCopy = typeof import("../../app/locales/en/share.json");
type ClipsCopy = typeof import("../../app/locales/en/clips.json");
type CommonCopy = typeof import("../../app/locales/en/common.json");
const copy = <T>(lang: string, ns: string) => JSON.parse(readFileSync(`app/locales/${lang}/${ns}.json`, "utf8")) as T;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const metaContent = (page: Page, attr: "property" | "name", key: string) => page.locator(`meta[${attr}="${key}"]`).getAttribute("content");

/** A GET on the e2e server of an absolute *.localhost URL (Node does not resolve those): 127.0.0.1 with its Host. */
const getOnChannel = (request: APIRequestContext, absolute: string, maxRedirects = 0) => {
  const u = new URL(absolute);
  return request.get(`http://127.0.0.1:${PORT}${u.pathname}${u.search}`, { headers: { host: u.host }, maxRedirects });
};

/** Follows one stable card URL: a 302 nobody may keep, to a signed URL on the same host that answers `type`. */
async function expectRedirectTo(request: APIRequestContext, absolute: string, type: string) {
  const hop = await getOnChannel(request, absolute);
  expect(hop.status(), absolute).toBe(302);
  expect(hop.headers()["cache-control"]).toBe("no-store");
  const location = hop.headers()["location"]!;
  expect(new URL(location).origin, "signed on the page's own origin (CSP media-src 'self')").toBe(new URL(absolute).origin);
  const file = await getOnChannel(request, location);
  expect(file.status(), location).toBe(200);
  expect(file.headers()["content-type"]).toBe(type);
  expect((await file.body()).length).toBeGreaterThan(1024);
}

/** A screenshot kept with the test's results (and in the report), to look at the page in both layouts. */
async function attachShot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  const path = testInfo.outputPath(name);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

for (const ch of CHANNELS) {
  const lang = ch.alias === "alpha" ? "en" : "fr";
  const t = copy<ShareCopy>(lang, "share");
  const tags = copy<ClipsCopy>(lang, "clips").tags;
  const common = copy<CommonCopy>(lang, "common");
  const name = lang === "en" ? "Top-corner goal" : "But dans la lucarne";

  test.describe(`${ch.alias} (${lang}): a shared clip`, () => {
    // Serial: the tests share one clip, and the last one deletes it. Playing, axe and screenshots want some room.
    test.describe.configure({ mode: "serial", timeout: 60_000 });
    let api: APIRequestContext;
    let viewer: ApiUser;
    let eventId: number;
    let clip: Clip;
    let deleted = false;

    test.beforeAll(async ({ playwright }) => {
      test.setTimeout(90_000);
      api = await playwright.request.newContext();
      viewer = await signIn(api, ch.alias);
      eventId = await findEvent(api, ch.alias, "finished", "free");
      const queued = await createClip(api, viewer, { event_id: eventId, name, start_time: 4, duration: 6, tags: ["goal"] });
      clip = await waitReady(api, viewer, queued.id);
    });

    test.afterAll(async () => {
      if (clip && !deleted) await deleteClip(api, viewer, clip.id);
      await api?.dispose();
    });

    test("plays for a signed-out visitor, with its cards and the full event", async ({ page, request }, testInfo) => {
      const pageUrl = url(ch, sharePath(clip));
      const res = await page.goto(pageUrl);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${escape(name)} \\| `));
      await expect(page.getByRole("list", { name: t.tags }).getByRole("listitem")).toHaveText([tags.goal]);
      await expect(page.getByText(t.facts.duration, { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: t.fullEvent })).toHaveAttribute("href", `/watch/${eventId}`);

      // The cards: stable addresses that redirect to freshly signed files.
      const origin = new URL(pageUrl).origin;
      expect(await metaContent(page, "property", "og:title")).toMatch(new RegExp(`^${escape(name)} \\| `));
      expect(await metaContent(page, "property", "og:type")).toBe("video.other");
      expect(await metaContent(page, "property", "og:url")).toBe(pageUrl);
      const video = `${origin}${sharePath(clip)}/video.mp4`;
      const poster = `${origin}${sharePath(clip)}/poster.jpg`;
      expect(await metaContent(page, "property", "og:video")).toBe(video);
      expect(await metaContent(page, "property", "og:video:type")).toBe("video/mp4");
      expect(await metaContent(page, "property", "og:image")).toBe(poster);
      expect(await metaContent(page, "name", "twitter:card")).toBe("summary_large_image");
      expect(await metaContent(page, "name", "twitter:image")).toBe(poster);
      expect(await metaContent(page, "name", "robots")).toBe("noindex");
      await expectRedirectTo(request, video, "video/mp4");
      await expectRedirectTo(request, poster, "image/jpeg");

      // The clip plays in the page's own <video>, from a signed URL on the same origin.
      const player = page.locator("video.share__video");
      await expect(player).toHaveAttribute("src", new RegExp(`^${escape(origin)}/api/media/clip/${clip.id}/`));
      await expect(player).toHaveAttribute("poster", /.+/);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await player.evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        return v.play();
      });
      await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
      const width = await player.evaluate((v: HTMLVideoElement) => v.videoWidth);
      expect(width, "a decoded frame").toBeGreaterThan(0);
      await expectAccessible(page);

      await acceptCookies(page);
      await player.evaluate((v: HTMLVideoElement) => v.pause());
      for (const [w, h] of [
        [1366, 900],
        [390, 844],
      ]) {
        await page.setViewportSize({ width: w, height: h });
        const box = await player.boundingBox();
        expect(box!.x, `${w}×${h}: the video stays on screen`).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `${w}×${h}: the video fits the width`).toBeLessThanOrEqual(w);
        await attachShot(page, testInfo, `share-${ch.alias}-${w}x${h}.png`, true);
      }
    });

    test("a video whose signed URL fails reloads fresh URLs once, then plays", async ({ page }) => {
      const file = (u: URL) => u.pathname === `/api/media/clip/${clip.id}/clip.mp4`;
      // The first URL fails as an expired one would (before or after hydration, whichever comes first).
      let refused = 0;
      await page.route(file, (route) => (refused++ === 0 ? route.fulfill({ status: 404 }) : route.continue()));
      const reloads: string[] = [];
      page.on("request", (r) => void (r.url().includes("_data=") && reloads.push(r.url())));
      await page.goto(url(ch, sharePath(clip)));
      const player = page.locator("video.share__video");
      const first = await player.getAttribute("src");
      await expect(player).not.toHaveAttribute("src", first!);
      await player.evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        return v.play();
      });
      await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(reloads, "one reload of the page data").toHaveLength(1);
      await expect(page.getByRole("alert")).toHaveCount(0);
    });

    test("a video that still fails with fresh URLs says so, without reloading again", async ({ page }) => {
      await page.route((u) => u.pathname === `/api/media/clip/${clip.id}/clip.mp4`, (route) => route.fulfill({ status: 404 }));
      const reloads: string[] = [];
      page.on("request", (r) => void (r.url().includes("_data=") && reloads.push(r.url())));
      await page.goto(url(ch, sharePath(clip)));
      const alert = page.getByRole("alert").filter({ hasText: t.playbackError });
      await expect(alert).toBeVisible();
      await expect(alert.getByRole("button", { name: t.reload })).toBeVisible();
      expect(reloads, "one reload of the page data").toHaveLength(1);
      await expectAccessible(page);
    });

    test("copies its link from the keyboard", async ({ page, context }, testInfo) => {
      const pageUrl = url(ch, sharePath(clip));
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(pageUrl).origin });
      await page.goto(pageUrl);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      const button = page.getByRole("button", { name: t.copyLink });
      await expect(button).toHaveAttribute("data-share", "copy");

      // Tab from the top of the page reaches the full event, then the copy button.
      const full = page.getByRole("link", { name: t.fullEvent });
      let reachedFull = false;
      for (let i = 0; i < 60 && !(await button.evaluate((b) => b === document.activeElement)); i++) {
        await page.keyboard.press("Tab");
        reachedFull ||= await full.evaluate((a) => a === document.activeElement);
      }
      expect(reachedFull, "the full-event link is in the tab order").toBe(true);
      await expect(button).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("status").filter({ hasText: t.copied })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);
      await expect(button).toBeFocused();
      await attachShot(page, testInfo, `share-${ch.alias}-copied.png`);
    });

    test("shows the link to copy by hand when the clipboard is refused", async ({ page }, testInfo) => {
      await page.addInitScript(() => {
        Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new DOMException("denied", "NotAllowedError")) } });
      });
      const pageUrl = url(ch, sharePath(clip));
      await page.goto(pageUrl);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await page.getByRole("button", { name: t.copyLink }).click();
      await expect(page.getByRole("status").filter({ hasText: t.copyFailed })).toBeVisible();
      const field = page.getByLabel(t.linkLabel);
      await expect(field).toHaveValue(pageUrl);
      await expect(field).toHaveAttribute("readonly", "");
      await expect(field).toBeFocused();
      await expectAccessible(page);
      await attachShot(page, testInfo, `share-${ch.alias}-copy-by-hand.png`);
    });

    test("uses the device's share sheet where there is one", async ({ page }) => {
      await page.addInitScript(() => {
        const w = window as unknown as { shared: ShareData[] };
        w.shared = [];
        Object.defineProperty(navigator, "share", { value: (data: ShareData) => (w.shared.push(data), Promise.resolve()) });
        Object.defineProperty(navigator, "canShare", { value: () => true });
      });
      const pageUrl = url(ch, sharePath(clip));
      await page.goto(pageUrl);
      await page.getByRole("button", { name: t.share, exact: true }).click();
      await expect.poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared)).toEqual([{ title: name, url: pageUrl }]);
    });

    test("a wrong uuid or id is the 404 page", async ({ page }) => {
      const wrongUuid = clip.uuid.replace(/^./, (c) => (c === "0" ? "1" : "0"));
      for (const path of [`/share/${clip.id}/${wrongUuid}`, `/share/${clip.id + 100000}/${clip.uuid}`, `/share/${clip.id}/not-a-uuid`, `/share/0/${clip.uuid}`]) {
        const res = await page.goto(url(ch, path));
        expect(res?.status(), path).toBe(404);
        await expect(page.getByRole("heading", { level: 1, name: common.notFound.title })).toBeVisible();
      }
    });

    test("deleting the clip makes its link 404", async ({ page, request }) => {
      await deleteClip(api, viewer, clip.id);
      deleted = true;
      const pageUrl = url(ch, sharePath(clip));
      const res = await page.goto(pageUrl);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: common.notFound.title })).toBeVisible();
      for (const file of ["video.mp4", "poster.jpg"]) expect((await getOnChannel(request, `${pageUrl}/${file}`)).status(), file).toBe(404);
    });
  });
}
