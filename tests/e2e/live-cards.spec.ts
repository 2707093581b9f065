// Event cards follow the game (issue 26): the test's channel is loaded with a free game that starts a few seconds
// later; two visitors keep the home page open, one on WebSockets and one on a network that blocks them (its pages fall
// back to server-sent events). When the game starts, each home page moves its card from the upcoming rail to the live
// one without a reload, and once someone watches it, the live card says how many watch: the watch page alone, the
// cards themselves never counted.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, visit } from "./fixtures";
import { copy, fill } from "./support/copy";
import { addEvents, findEventNamed } from "./support/events";

const common = copy("en", "common");
/** Time enough to open both home pages before the start, on a loaded machine. */
const STARTS_IN_S = 15;
const KICK_OFF = "Kick-off on the home page";

test.use({ channelSetup: { edit: addEvents({ key: "kick-off", name: KICK_OFF, access_type: "free", start: { seconds: STARTS_IN_S }, duration: 60 }) } });

const card = (page: Page, section: "live" | "upcoming", id: number) => page.locator(`[data-section="${section}"] article[data-event-id="${id}"]`);

test("the home page's cards turn live without a reload, on WebSockets and on server-sent events", async ({ page, context, request, ownChannel: ch }) => {
  const id = await findEventNamed(request, ch, "upcoming", "free", KICK_OFF);
  const live = `/api/events/${id}/live`;

  // A network that blocks WebSockets: each one the page opens fails before it opens (an address that never upgrades).
  const blocked = await context.newPage();
  await blocked.addInitScript(() => {
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(String(url).replace(/\/live\b/, "/live-blocked"), protocols);
      }
    };
  });
  const stream = blocked.waitForRequest((r) => r.url().includes(`${live}?role=card`) && (r.headers().accept ?? "").includes("text/event-stream"));
  const socket = page.waitForEvent("websocket", (ws) => ws.url().includes(`${live}?role=card`));

  for (const p of [page, blocked]) {
    await visit(p, ch.url("/"));
    await expect(card(p, "upcoming", id).locator(".badge--upcoming")).toBeVisible();
    await expect(card(p, "live", id)).toHaveCount(0);
    // A marker on the window survives only if the page is never reloaded.
    await p.evaluate(() => Object.assign(window, { __sameDocument: true }));
  }
  await socket;
  await stream;
  await expectAccessible(page);

  // The start comes at the time the channel was loaded with, however long opening the pages took.
  const untilStart = ch.loadedAt + STARTS_IN_S * 1000 - Date.now();
  for (const p of [page, blocked]) {
    await expect(card(p, "live", id).locator(".badge--live")).toBeVisible({ timeout: Math.max(0, untilStart) + 15_000 });
    await expect(card(p, "upcoming", id)).toHaveCount(0);
    expect(await p.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  }

  // Someone watches: both live cards say one watches, the two home pages' cards not counted.
  const watcher = await context.newPage();
  await visit(watcher, ch.url(`/watch/${id}`));
  await expect(watcher.getByTestId("watching")).toHaveText(fill(common.events.watching_one, { count: 1 }));
  for (const p of [page, blocked]) await expect(card(p, "live", id).getByText(fill(common.events.watching_one, { count: 1 }))).toBeVisible();
  await watcher.close();
  for (const p of [page, blocked]) await expect(card(p, "live", id).getByText(fill(common.events.watching_one, { count: 1 }))).toHaveCount(0);
  await expectAccessible(page);
});
