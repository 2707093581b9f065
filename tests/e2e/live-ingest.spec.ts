// Going live from an encoder (issue 16), as a channel owner does it: in /console/live, create a live input for an
// upcoming event and read its RTMP URL and stream key from the page; an encoder (ffmpeg's 20-s test pattern) pushes
// to the local ingest the e2e server runs (scripts/ingest-local.ts); the event goes live with the encoder's stream
// (not the looped demo) and plays in Chromium; when the encoder stops, the event is finished and plays its recording.
// The event is the channel's furthest upcoming registered-viewer event, which no other spec looks for.
import { spawn } from "node:child_process";
import type { APIRequestContext, Page, Response } from "@playwright/test";
import { CHANNELS, login, url } from "./auth-helpers";
import { acceptCookies, expect, expectAccessible, PORT, test } from "./fixtures";
import { apiKey, expectPlaying, prerolls } from "./watch-helpers";

const alpha = CHANNELS.find((c) => c.alias === "alpha")!;
const PUSH_S = 20;

/** The furthest upcoming event that needs an account (the owner may watch it) and plays no preroll. */
async function furthestUpcoming(request: APIRequestContext): Promise<number> {
  const key = await apiKey(request, "alpha");
  const res = await request.get(`http://127.0.0.1:${PORT}/api/events?api_key=${key}&status=upcoming&access_type=register&limit=100`, { headers: { host: `alpha.localhost:${PORT}` } });
  expect(res.status()).toBe(200);
  const ads = new Set((await prerolls(request, "alpha")).map((p) => p.location_id));
  const events = ((await res.json()) as { data: { id: number; location_id?: number | null; location?: { id: number } | null }[] }).data;
  const candidates = events.filter((e) => !ads.has(e.location?.id ?? e.location_id ?? null));
  expect(candidates.length, "an upcoming register event without a preroll").toBeGreaterThan(0);
  return candidates.at(-1)!.id;
}

/** ffmpeg's test pattern and a tone, in real time, as an encoder publishes: resolves with its exit code. */
function pushTestPattern(target: string): Promise<number | null> {
  const args = [
    ...["-hide_banner", "-nostdin", "-loglevel", "error", "-re"],
    ...["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"],
    ...["-t", String(PUSH_S), "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "50", "-c:a", "aac", "-f", "flv", target],
  ];
  return new Promise((resolve) => spawn("ffmpeg", args, { stdio: "ignore" }).on("close", resolve));
}

const manifestOf = (page: Page) => page.waitForResponse((r: Response) => /\/api\/media\/event\/\d+\/manifest\.mpd/.test(r.url()) && r.status() === 200, { timeout: 30_000 });
const row = (page: Page, id: number) => page.locator(`li[data-event-id="${id}"]`);

test("an owner goes live from an encoder, viewers watch it live, then as a finished event", async ({ page, request }) => {
  test.setTimeout(240_000);
  const id = await furthestUpcoming(request);
  const startedAt = Date.now();

  await login(page, alpha, "owner@alpha.test", "Password123!");
  await page.goto(url(alpha, "/console/live"));
  await acceptCookies(page);
  await expect(page.getByRole("heading", { level: 1, name: "Live streams" })).toBeVisible();
  const event = row(page, id);
  await expect(event.locator("[data-status]")).toHaveAttribute("data-status", "none");
  await event.getByRole("button", { name: "Create live input" }).click();
  await expect(event.getByRole("status").filter({ hasText: "The live input is ready" })).toBeVisible();
  await expect(event.locator("[data-status]")).toHaveAttribute("data-status", "idle");
  const rtmp = await event.getByLabel("RTMP server URL").inputValue();
  const key = await event.getByLabel("Stream key").inputValue();
  expect(rtmp).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
  expect(key.length).toBeGreaterThan(16);
  await expectAccessible(page);

  const pushed = pushTestPattern(`${rtmp}/${key}`);
  // The page refreshes itself: the input turns live once the first segments are in.
  await expect(event.locator("[data-status]")).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
  await expect(event.getByText(/segments? received/)).toBeVisible();

  // Live: the event's manifest is the encoder's (one 640×360 rendition, starting now), not the looped demo's.
  const live = manifestOf(page);
  await page.goto(url(alpha, `/watch/${id}`));
  const mpd = await (await live).text();
  expect(mpd).toContain('type="dynamic"');
  expect(mpd).not.toContain('width="1280"');
  const availability = Date.parse(/availabilityStartTime="([^"]+)"/.exec(mpd)![1]);
  expect(availability).toBeGreaterThanOrEqual(startedAt - 5_000);
  await expectPlaying(page, 2);

  // The encoder stops; the ingest packages the last segments and the input ends.
  expect(await pushed).toBe(0);
  await page.goto(url(alpha, "/console/live"));
  await expect(row(page, id).locator("[data-status]")).toHaveAttribute("data-status", "ended", { timeout: 30_000 });

  // Finished: the recording is the event's media, a static manifest of the stream's length.
  const finished = manifestOf(page);
  await page.goto(url(alpha, `/watch/${id}`));
  const vod = await (await finished).text();
  expect(vod).toContain('type="static"');
  expect(vod).not.toContain('width="1280"');
  const seconds = Number(/mediaPresentationDuration="PT([\d.]+)S"/.exec(vod)![1]);
  expect(seconds).toBeGreaterThanOrEqual(PUSH_S - 2);
  expect(seconds).toBeLessThanOrEqual(PUSH_S + 4);
  await expectPlaying(page, 2);
});
