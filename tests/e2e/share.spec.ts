// The shared clip page /share/{id}/{uuid} (issue 11): the demo viewer cuts a clip of a finished event through the API;
// a signed-out visitor opens its link, plays it in the site's player (issue 28), finds its cards and the full event, copies the link (by keyboard,
// and with the clipboard refused); deleting the clip makes the link 404. Each test cuts its own clip on a channel of
// its own. The French channel's share page is in french.spec.ts.
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import type { Clip } from "../../api/contract/clips";
import { PORT, acceptCookies, expect, expectAccessible, hydrated, test, visit, type TestChannel } from "./fixtures";
import { apiSignIn } from "./support/api";
import { createClip, deleteClip, sharePath, waitReady } from "./support/clips";
import { copy, fill } from "./support/copy";
import { expectPlaying, player, video as videoOf } from "./support/player";
import { findEvent } from "./support/events";
import { expectShareCard, metaContent } from "./support/share-image";

const t = copy("en", "share");
const tags = copy("en", "clips").tags;
const common = copy("en", "common");
const name = "Top-corner goal";

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

interface Shared {
  clip: Clip;
  eventId: number;
  /** The viewer's session token, who owns the clip. */
  token: string;
}

/** The demo viewer cuts 6 s of a finished event, tagged goal, through the API; answers it once it is ready. */
async function sharedClip(request: APIRequestContext, ch: TestChannel): Promise<Shared> {
  const viewer = ch.user("viewer");
  const token = await apiSignIn(request, ch, viewer.email, viewer.password);
  const eventId = await findEvent(request, ch, "finished", "free");
  const queued = await createClip(request, ch, token, { event_id: eventId, name, start_time: 4, duration: 6, tags: ["goal"] });
  return { clip: await waitReady(request, ch, token, queued.id), eventId, token };
}

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
async function attachShot(page: Page, testInfo: TestInfo, file: string, fullPage = false) {
  const path = testInfo.outputPath(file);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(file, { path, contentType: "image/png" });
}


test("plays for a signed-out visitor, with its cards and the full event", async ({ page, request, ownChannel: ch }, testInfo) => {
  const { clip, eventId } = await sharedClip(request, ch);
  const pageUrl = ch.url(sharePath(clip));
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
  const videoCard = `${origin}${sharePath(clip)}/video.mp4`;
  const poster = `${origin}${sharePath(clip)}/poster.jpg`;
  expect(await metaContent(page, "property", "og:video")).toBe(videoCard);
  expect(await metaContent(page, "property", "og:video:type")).toBe("video/mp4");
  expect(await metaContent(page, "name", "twitter:card")).toBe("summary_large_image");
  expect(await metaContent(page, "name", "robots")).toBe("noindex");
  await expectRedirectTo(request, videoCard, "video/mp4");
  // The card's picture is the poster frame composed at 1200×630 (issue 28); the bare frame stays at poster.jpg.
  expect(await expectShareCard(page, request)).toMatch(new RegExp(`^${escape(origin)}/api/artwork/clips/${clip.id}/${clip.uuid}/[0-9a-z]+\\.png$`));
  await expectRedirectTo(request, poster, "image/jpeg");

  // Issue 28: the clip plays in the site's player, loaded when the visitor presses play (the page carries no player
  // before), from its stable address (a fresh signed URL each time).
  await hydrated(page);
  await expect(player(page)).toHaveCount(0);
  const play = page.getByRole("button", { name: fill(t.play, { name }) });
  await expect(play.locator("img")).toHaveAttribute("src", /.+/);
  await play.click();
  await expect(player(page)).toHaveAttribute("data-status", "ready");
  await expect(player(page)).toBeFocused();
  const video = videoOf(page);
  await expect(video).toHaveAttribute("poster", /.+/);
  await expectPlaying(page);
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toBe(`${origin}${sharePath(clip)}/video.mp4`);
  expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth), "a decoded frame").toBeGreaterThan(0);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await expectAccessible(page);

  await acceptCookies(page);
  for (const [w, h] of [
    [1366, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    const box = await video.boundingBox();
    expect(box!.x, `${w}×${h}: the video stays on screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${w}×${h}: the video fits the width`).toBeLessThanOrEqual(w);
    await attachShot(page, testInfo, `share-${w}x${h}.png`, true);
  }
});

test("a clip file that fails says so in the player", async ({ page, request, ownChannel: ch }) => {
  const { clip } = await sharedClip(request, ch);
  await page.route((u) => u.pathname === `${sharePath(clip)}/video.mp4`, (route) => route.fulfill({ status: 404 }));
  await visit(page, ch.url(sharePath(clip)));
  await page.getByRole("button", { name: fill(t.play, { name }) }).click();
  await expect(page.getByRole("alert").filter({ hasText: copy("en", "player").error })).toBeVisible();
  await expectAccessible(page);
});

test("copies its link from the keyboard", async ({ page, context, request, ownChannel: ch }, testInfo) => {
  const { clip } = await sharedClip(request, ch);
  const pageUrl = ch.url(sharePath(clip));
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(pageUrl).origin });
  await visit(page, pageUrl);
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
  await attachShot(page, testInfo, "share-copied.png");
});

test("shows the link to copy by hand when the clipboard is refused", async ({ page, request, ownChannel: ch }, testInfo) => {
  const { clip } = await sharedClip(request, ch);
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new DOMException("denied", "NotAllowedError")) } });
  });
  const pageUrl = ch.url(sharePath(clip));
  await visit(page, pageUrl);
  await page.getByRole("button", { name: t.copyLink }).click();
  await expect(page.getByRole("status").filter({ hasText: t.copyFailed })).toBeVisible();
  const field = page.getByLabel(t.linkLabel);
  await expect(field).toHaveValue(pageUrl);
  await expect(field).toHaveAttribute("readonly", "");
  await expect(field).toBeFocused();
  await expectAccessible(page);
  await attachShot(page, testInfo, "share-copy-by-hand.png");
});

test("uses the device's share sheet where there is one", async ({ page, request, ownChannel: ch }) => {
  const { clip } = await sharedClip(request, ch);
  await page.addInitScript(() => {
    const w = window as unknown as { shared: ShareData[] };
    w.shared = [];
    Object.defineProperty(navigator, "share", { value: (data: ShareData) => (w.shared.push(data), Promise.resolve()) });
    Object.defineProperty(navigator, "canShare", { value: () => true });
  });
  const pageUrl = ch.url(sharePath(clip));
  await visit(page, pageUrl);
  await page.getByRole("button", { name: t.share, exact: true }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared)).toEqual([{ title: name, url: pageUrl }]);
});

test("a wrong uuid or id is the 404 page", async ({ page, request, ownChannel: ch }) => {
  const { clip } = await sharedClip(request, ch);
  expect((await page.goto(ch.url(sharePath(clip))))?.status(), "the clip's own link").toBe(200);
  const wrongUuid = clip.uuid.replace(/^./, (c) => (c === "0" ? "1" : "0"));
  for (const path of [`/share/${clip.id}/${wrongUuid}`, `/share/${clip.id + 100000}/${clip.uuid}`, `/share/${clip.id}/not-a-uuid`, `/share/0/${clip.uuid}`]) {
    const res = await page.goto(ch.url(path));
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: common.notFound.title })).toBeVisible();
  }
});

test("deleting the clip makes its link 404", async ({ page, request, ownChannel: ch }) => {
  const { clip, token } = await sharedClip(request, ch);
  const pageUrl = ch.url(sharePath(clip));
  expect((await page.goto(pageUrl))?.status(), "before").toBe(200);
  await deleteClip(request, ch, token, clip.id);
  const res = await page.goto(pageUrl);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: common.notFound.title })).toBeVisible();
  for (const file of ["video.mp4", "poster.jpg"]) expect((await getOnChannel(request, `${pageUrl}/${file}`)).status(), file).toBe(404);
});
