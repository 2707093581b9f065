// The browser analytics client (issue 14, SPEC §7) sends well-formed records: the datalake is stubbed here (the hash
// answered, every POST 204) and each body recorded is checked against the contract's schemas. The channel is the
// test's own (it plays its live event) and runs on *.localhost, where analytics is off unless the dev switch
// `rudy_analytics` is on; the client's batches go on Playwright's clock (pollFlushed).
import type { Page } from "@playwright/test";
import type { z } from "zod";
import {
  apiRequestFieldsSchema,
  batchOf,
  pageEventRecordSchema,
  sessionRecordSchema,
  videoEventRecordSchema,
  viewingRecordSchema,
  type PageEventRecord,
  type VideoEventRecord,
  type ViewingRecord,
} from "../../api/contract/datalake";
import { expect, test, visit } from "./fixtures";
import { analyticsProfile, analyticsStarted, pollFlushed, turnAnalyticsOn } from "./support/analytics";
import { findEvent } from "./support/events";
import { expectPlaying, player } from "./support/player";

const SCHEMAS: Record<string, z.ZodType> = {
  session: sessionRecordSchema,
  event: pageEventRecordSchema,
  "video/event": videoEventRecordSchema,
  "video/viewing": viewingRecordSchema,
};

interface Sent {
  method: string;
  path: string;
  records: Record<string, unknown>[];
}

/** Stubs the datalake and records what reaches it, in order. */
async function stubDatalake(page: Page, hash: string): Promise<Sent[]> {
  const sent: Sent[] = [];
  await page.route("**/api/datalake/**", async (route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname.replace(/^\/api\/datalake\//, "").replace(/\/$/, "");
    if (request.method() === "GET") {
      sent.push({ method: "GET", path, records: [] });
      return route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ data: { hash } }) });
    }
    const body = request.postDataJSON() as { batch?: Record<string, unknown>[] } & Record<string, unknown>;
    const schema = SCHEMAS[path];
    expect(schema, `a datalake path: ${path}`).toBeTruthy();
    const parsed = batchOf(schema!).safeParse(body);
    expect(parsed.success ? [] : parsed.error.issues, `${path} body`).toEqual([]);
    // Ingestion checks an api_request's fields too.
    for (const r of body.batch ?? [body]) if (r.event === "api_request") expect(apiRequestFieldsSchema.safeParse(r.extra).error?.issues ?? []).toEqual([]);
    sent.push({ method: "POST", path, records: body.batch ?? [body] });
    return route.fulfill({ status: 204 });
  });
  return sent;
}

const records = <T>(sent: Sent[], path: string) => sent.filter((s) => s.path === path).flatMap((s) => s.records as T[]);

test("pages, data requests and a played event reach the datalake well-formed", async ({ page, request, ownChannel: ch }) => {
  test.setTimeout(90_000);
  const id = await findEvent(request, ch, "live", "free", { noPreroll: true });
  const profile = analyticsProfile(ch);
  const hash = "5d0c3a2e-8a8f-4e1b-9f0a-2b7c1d4e6f80";
  await turnAnalyticsOn(page);
  const sent = await stubDatalake(page, hash);
  await page.clock.install();

  await visit(page, ch.url("/?trk=e2e-mailing"));
  // The client loads after hydration: the next page's data request is observed once it has started.
  await analyticsStarted(page);
  // To the watch page inside the app: a client-side navigation, its data through `?_data=`.
  await page.locator(`main a[href="/watch/${id}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/watch/${id}$`));
  await expectPlaying(page, 10);

  // Away from the player: its view ends with a viewing report, sent with the next batch.
  await page.locator('.site-nav a[href="/schedule"]').first().click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect(player(page)).toHaveCount(0);
  await pollFlushed(page, async () => records<ViewingRecord>(sent, "video/viewing").length, "a viewing report").toBeGreaterThan(0);
  await pollFlushed(page, async () => records<PageEventRecord>(sent, "event").filter((e) => e.event === "visit_page").length, "three pages").toBe(3);

  // The session first: the hash, then the session record, then the rest carrying it.
  expect(sent.slice(0, 2).map((s) => `${s.method} ${s.path}`)).toEqual(["GET hash", "POST session"]);
  expect(sent.filter((s) => s.path === "session")).toHaveLength(1);
  expect(sent[1]!.records[0]).toMatchObject({ profile, session: hash, platform: "web", device_type: "desktop", trk: "e2e-mailing" });
  for (const s of sent.slice(2)) for (const r of s.records) expect(r).toMatchObject({ session_uuid: hash, profile, trk: "e2e-mailing" });

  const events = records<PageEventRecord>(sent, "event");
  const visits = events.filter((e) => e.event === "visit_page");
  expect(visits.map((v) => new URL(v.origin).pathname)).toEqual(["/", `/watch/${id}`, "/schedule"]);
  expect(visits[1]!.extra).toMatchObject({ referrer: ch.url("/?trk=e2e-mailing") });
  const apiRequests = events.filter((e) => e.event === "api_request").map((e) => e.extra as { url: string; status: number; total: number });
  expect(apiRequests.some((r) => r.url.startsWith(`/watch/${id}?_data=`) && r.status === 200)).toBe(true);
  // Neither the datalake's own calls nor the player's media segments count as the page's data requests.
  expect(apiRequests.filter((r) => r.url.startsWith("/api/datalake/") || r.url.startsWith("/api/media/"))).toEqual([]);

  const video = records<VideoEventRecord>(sent, "video/event");
  const names = video.map((v) => v.event);
  for (const name of ["ready", "play", "first_frame"]) expect(names).toContain(name);
  // The player placing a live stream at its edge is not a viewer's seek.
  expect(names).not.toContain("seek");
  expect(new Set(video.map((v) => v.video_view_uuid)).size).toBe(1);
  expect(video.every((v) => v.stream_id === id && v.stream_type === "live")).toBe(true);
  const firstFrame = video.find((v) => v.event === "first_frame")!;
  expect(firstFrame.startup_ms).toBeGreaterThan(0);

  const viewing = records<ViewingRecord>(sent, "video/viewing");
  const watched = viewing.reduce((sum, v) => sum + v.viewing_time, 0);
  expect(watched).toBeGreaterThan(8);
  expect(viewing[0]).toMatchObject({ stream_id: id, stream_type: "live", video_view_uuid: video[0]!.video_view_uuid, sport: "basketball", school: expect.any(String) });
});
