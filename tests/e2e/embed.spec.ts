// /watch_embed/{id} (issue 5): the player alone (no site header, footer or cookie notice), framed by a partner the
// channel allows (`embed.allowed_origins`: alpha's include http://partner.localhost:*) and refused to any other site.
// The partner pages come from a small local server: a page Playwright fulfils itself counts as public to Chromium,
// which then blocks any frame of a local address (Local Network Access) before our headers are even read. Each test
// plays a live event of its own channel. The French channel's embed is in french.spec.ts.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { cookieNotice, expect, expectAccessible, test, visit } from "./fixtures";
import { findEvent } from "./support/events";
import { expectPlaying, player } from "./support/player";

let partnerServer: Server;
let partnerPort = 0;

// Any port: the channel allows every port of partner.localhost. evil.localhost (same server) is allowed nowhere.
const partner = () => `http://partner.localhost:${partnerPort}`;
const evil = () => `http://evil.localhost:${partnerPort}`;
const plain = { noPreroll: true };

test.beforeAll(async () => {
  // host.html?src=<url>: a page that frames `src` the way a partner would paste it.
  partnerServer = createServer((req, res) => {
    const src = new URL(req.url ?? "/", "http://partner.localhost").searchParams.get("src") ?? "about:blank";
    const safe = src.replace(/[<>"&]/g, "");
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><title>Partner</title></head><body><main><h1>Partner</h1>
      <iframe title="Live game" src="${safe}" width="640" height="400" allow="autoplay; fullscreen; picture-in-picture"></iframe>
      </main></body></html>`);
  });
  await new Promise<void>((resolve) => partnerServer.listen(0, "127.0.0.1", resolve));
  partnerPort = (partnerServer.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise((resolve) => partnerServer.close(resolve));
});

/** A partner's page framing `src` (the partner's page has no scripts of ours: nothing to wait for). */
async function hostPage(page: Page, origin: string, src: string) {
  await page.goto(`${origin}/host.html?src=${encodeURIComponent(src)}`);
}

test("the embed plays alone: no header, footer or cookie notice", async ({ page, request, ownChannel: ch }) => {
  const id = await findEvent(request, ch, "live", "free", plain);
  await visit(page, ch.url(`/watch_embed/${id}`));
  await expectPlaying(page);
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(cookieNotice(page)).toHaveCount(0);
  await expect(page.locator(".skip-link")).toHaveCount(0);
  // The title leads to the channel's own watch page, in a new tab (the host page stays).
  const title = page.getByRole("heading", { level: 1 }).getByRole("link");
  await expect(title).toHaveAttribute("href", `/watch/${id}`);
  await expect(title).toHaveAttribute("target", "_blank");
  await expectAccessible(page);
});

test("an allowed partner site frames it and it plays", async ({ page, request, ownChannel: ch }) => {
  const id = await findEvent(request, ch, "live", "free", plain);
  const src = ch.url(`/watch_embed/${id}`);
  const framed = page.waitForResponse(src);
  await hostPage(page, partner(), src);
  const response = await framed;
  expect(response.headers()["content-security-policy"]).toMatch(/frame-ancestors [^;]*http:\/\/partner\.localhost:\*/);
  expect(response.headers()["x-frame-options"]).toBeUndefined();
  const frame = page.frameLocator("iframe");
  await expectPlaying(frame);
  await expectAccessible(page);
});

test("another site cannot frame it, nor the watch page", async ({ browser, request, ownChannel: ch }) => {
  const id = await findEvent(request, ch, "live", "free", plain);
  // A page of its own: the browser logs each refusal as a console error, which is the expected outcome here.
  const context = await browser.newContext();
  const page = await context.newPage();
  const refusals: string[] = [];
  page.on("console", (msg) => void (msg.type() === "error" && refusals.push(msg.text())));
  for (const [origin, path] of [
    [evil(), `/watch_embed/${id}`],
    [partner(), `/watch/${id}`],
  ] as const) {
    const src = ch.url(path);
    refusals.length = 0;
    const framed = page.waitForResponse(src);
    await hostPage(page, origin, src);
    expect((await framed).status()).toBe(200);
    // The browser refuses the document because of its frame-ancestors: the frame shows an error page, no player.
    await expect.poll(() => refusals.join("\n"), { message: `${origin} frames ${path}` }).toMatch(/Framing .* violates the following Content Security Policy directive: "frame-ancestors /);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame, `${origin} frames ${path}`).toBeTruthy();
    expect(frame!.url()).not.toBe(src);
    await expect(player(page.frameLocator("iframe"))).toHaveCount(0);
  }
  await context.close();
});
