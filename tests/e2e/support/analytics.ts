// Analytics a test sends or reads back (issue 14): the channel's analytics profile, the dev switch that turns the
// browser client on at *.localhost, the records the store kept for a session (GET /dev/analytics), records sent as the
// browser client sends them, and the client's batches let go on the page's clock.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { FLUSH_DELAY_MS } from "../../../app/features/analytics/client";
import { apiGet } from "./api";
import type { TestChannel } from "./channels";

/** The channel's analytics profile key (the setting "yare-analytics"), as its template has it. */
export function analyticsProfile(ch: TestChannel): string {
  const profile = ((ch.definition.settings ?? {}) as Record<string, unknown>)["yare-analytics"];
  expect(typeof profile, `${ch.template}: an analytics profile`).toBe("string");
  return profile as string;
}

/** Turns the browser client on for the page (it is off at a local address unless `rudy_analytics` is "on"). */
export const turnAnalyticsOn = (page: Page) => page.addInitScript(() => window.localStorage.setItem("rudy_analytics", "on"));

/**
 * Waits until the browser client has started in the page: it loads after hydration, and on starting it takes what the
 * tab kept for it meanwhile (the pages shown) and clears that. A data request made before then is not the client's to
 * report, so a test that checks one waits for this first. Call it after `visit` (hydrated: the landing page waited).
 */
export const analyticsStarted = (page: Page) =>
  expect.poll(() => page.evaluate(() => window.sessionStorage.getItem("rudy_analytics_waiting")), { message: "the analytics client started" }).toBeNull();

/** The page's analytics session id ("" before the client made one). */
export const analyticsSession = (page: Page) =>
  page.evaluate(() => (JSON.parse(window.localStorage.getItem("rudy_analytics_session") ?? "{}") as { id?: string }).id ?? "");

/** A record as the store keeps it (GET /dev/analytics). */
export interface StoredRecord {
  kind: "session" | "event" | "video_event" | "viewing";
  name: string | null;
  session_uuid: string;
  user_id: number | null;
  video_view_uuid: string | null;
  stream_type: string | null;
  stream_id: number | null;
  value: number | null;
  trk: string | null;
  data: Record<string, unknown>;
}

/** What the channel's store kept of one session. */
export const storedRecords = (request: APIRequestContext, ch: TestChannel, session: string) => apiGet<StoredRecord[]>(request, ch, `dev/analytics?session=${session}`);

/** Sends one record to the analytics service as the browser client does (no api key; the channel's profile). */
export async function sendRecord(request: APIRequestContext, ch: TestChannel, path: string, record: Record<string, unknown>) {
  const res = await request.post(ch.apiUrl(`datalake/${path}`), { headers: ch.headers, data: { profile: analyticsProfile(ch), ...record } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(204);
}

/**
 * Polls `read` until it matches, running the page's clock one flush delay (FLUSH_DELAY_MS) before each read: records
 * the client holds for company go now rather than on its own time. The page's clock is installed before it loaded.
 */
export function pollFlushed<T>(page: Page, read: () => Promise<T>, message: string) {
  return expect.poll(
    async () => {
      await page.clock.runFor(FLUSH_DELAY_MS);
      return read();
    },
    { message, timeout: 20_000 },
  );
}
