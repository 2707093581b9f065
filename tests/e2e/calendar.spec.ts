// "Add to calendar", share and the upcoming offer on the watch pages (issue 12), on both channels in their own
// language: the watch page of an upcoming event downloads an .ics that a real parser (ical.js) reads back with the
// page's title and start; a team's feed serves text/calendar on the channel's host; an upcoming paid event shows its
// price and buy button beside the countdown, or "already have access" for a viewer who holds a covering pass; the
// share button copies the page's link on event and library pages. Keyboard reachable, axe clean, two layouts.
import { readFileSync } from "node:fs";
import ICAL from "ical.js";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import type { Event } from "../../api/contract/catalogue";
import { CHANNELS, PASSWORD, login, url } from "./auth-helpers";
import { PORT, acceptCookies, expect, expectAccessible, test } from "./fixtures";
import { apiKey, findEvent } from "./watch-helpers";

type CalendarCopy = typeof import("../../app/locales/en/calendar.json");
type ShareCopy = typeof import("../../app/locales/en/share.json");
const copy = <T>(lang: string, ns: string) => JSON.parse(readFileSync(`app/locales/${lang}/${ns}.json`, "utf8")) as T;

const onChannel = (alias: string) => ({ host: `${alias}.localhost:${PORT}` });

async function eventOf(request: APIRequestContext, alias: string, id: number, lang: string): Promise<Event> {
  const key = await apiKey(request, alias);
  const res = await request.get(`http://127.0.0.1:${PORT}/api/events/${id}?api_key=${key}&lang=${lang}`, { headers: onChannel(alias) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Event }).data;
}

/** A calendar file read as a calendar app reads it: its VTIMEZONEs first, then the events in them. */
function parseCalendar(text: string) {
  ICAL.TimezoneService.reset();
  const root = new ICAL.Component(ICAL.parse(text));
  for (const tz of root.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
  return { root, events: root.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c)) };
}

async function attachShot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(name);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

for (const ch of CHANNELS) {
  const lang = ch.alias === "alpha" ? "en" : "fr";
  const t = copy<CalendarCopy>(lang, "calendar");
  const share = copy<ShareCopy>(lang, "share");

  test.describe(`${ch.alias} (${lang}): calendar, share and offer on the watch pages`, () => {
    test.describe.configure({ timeout: 60_000 });

    test("an upcoming event's page downloads an .ics that parses and names the event", async ({ page, request }, testInfo) => {
      const id = await findEvent(request, ch.alias, "upcoming", "free");
      const event = await eventOf(request, ch.alias, id, lang);
      await page.goto(url(ch, `/watch/${id}`));
      await expect(page.getByTestId("watch-countdown")).toBeVisible();
      const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
      const actions = page.getByRole("region", { name: t.actions.label });
      const add = actions.getByRole("link", { name: t.add });
      await expect(add).toHaveAttribute("href", `/calendar/event/${id}.ics`);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await expectAccessible(page);

      // From the keyboard: Tab reaches the link, Enter downloads.
      for (let i = 0; i < 60 && !(await add.evaluate((a) => a === document.activeElement)); i++) await page.keyboard.press("Tab");
      await expect(add).toBeFocused();
      const downloading = page.waitForEvent("download");
      await page.keyboard.press("Enter");
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+\.ics$/);
      const text = readFileSync((await download.path())!, "utf8");
      expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
      const { events } = parseCalendar(text);
      expect(events).toHaveLength(1);
      expect(events[0].summary).toBe(title);
      expect(events[0].startDate.zone.tzid).toBe(event.time_zone);
      expect(events[0].startDate.toJSDate().toISOString()).toBe(event.event_utc_ts);
      expect(events[0].component.getFirstPropertyValue("url")).toBe(url(ch, `/watch/${id}`));

      await acceptCookies(page);
      for (const [w, h] of [
        [1366, 900],
        [390, 844],
      ]) {
        await page.setViewportSize({ width: w, height: h });
        const box = await add.boundingBox();
        expect(box!.x + box!.width, `${w}×${h}: the calendar link fits`).toBeLessThanOrEqual(w);
        await attachShot(page, testInfo, `calendar-${ch.alias}-${w}x${h}.png`);
      }
    });

    test("a team's feed serves text/calendar on the channel's host, with only that team's events", async ({ request }) => {
      const id = await findEvent(request, ch.alias, "upcoming", "free");
      const event = await eventOf(request, ch.alias, id, lang);
      const team = event.participants[0]!;
      const res = await request.get(`http://127.0.0.1:${PORT}/calendar/participant/${team.id}.ics`, { headers: onChannel(ch.alias) });
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      expect(res.headers()["content-disposition"]).toMatch(/^inline; filename="[a-z0-9-]+\.ics"$/);
      expect(res.headers()["cache-control"]).toMatch(/^public, max-age=\d+/);
      const text = await res.text();
      expect(text).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT6H\r\n");
      expect(text).toMatch(/X-WR-CALNAME:.+\r\n/);
      const { events } = parseCalendar(text);
      expect(events.map((e) => e.uid)).toContain(`event-${id}@${ch.alias}.localhost`);
      // Every event of the feed is one of the team's: its page lists the team.
      for (const e of events.slice(0, 5)) {
        const other = await eventOf(request, ch.alias, Number(/^event-(\d+)@/.exec(e.uid)![1]), lang);
        expect(other.participants.map((p) => p.id)).toContain(team.id);
      }
      for (const bad of ["/calendar/team/1.ics", "/calendar/participant/abc.ics", "/calendar/participant/99999999.ics", "/calendar/event/99999999.ics"]) {
        expect((await request.get(`http://127.0.0.1:${PORT}${bad}`, { headers: onChannel(ch.alias) })).status(), bad).toBe(404);
      }
      // Another channel's team is not in this channel's calendars.
      const other = ch.alias === "alpha" ? "beta" : "alpha";
      expect((await request.get(`http://127.0.0.1:${PORT}/calendar/participant/${team.id}.ics`, { headers: onChannel(other) })).status()).toBe(404);
    });

    test("an upcoming paid event shows its price and a buy button beside the countdown; a viewer who holds a pass is told so", async ({ page, request }, testInfo) => {
      const id = await findEvent(request, ch.alias, "upcoming", "paid");
      await page.goto(url(ch, `/watch/${id}`));
      await expect(page.getByTestId("watch-countdown")).toBeVisible();
      const offer = page.getByTestId("event-offer");
      await expect(offer).toHaveAttribute("data-offer", "buy");
      await expect(offer).toContainText("$");
      const buy = offer.getByRole("link", { name: t.offer.buy });
      await expect(buy).toHaveAttribute("href", /^\/(buy|select-package)/);
      await expectAccessible(page);
      await attachShot(page, testInfo, `offer-${ch.alias}-1366x900.png`);
      await page.setViewportSize({ width: 390, height: 844 });
      await attachShot(page, testInfo, `offer-${ch.alias}-390x844.png`);

      await login(page, ch, `viewer@${ch.alias}.test`, PASSWORD);
      await page.goto(url(ch, `/watch/${id}`));
      await expect(page.getByTestId("event-offer")).toHaveAttribute("data-offer", "owned");
      await expect(page.getByTestId("event-offer")).toHaveText(t.offer.owned);
      await expect(page.getByRole("link", { name: t.offer.buy })).toHaveCount(0);
    });

    test("the share button copies the event's link; a library video has one too", async ({ page, context, request }) => {
      const id = await findEvent(request, ch.alias, "upcoming", "free");
      const pageUrl = url(ch, `/watch/${id}`);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(pageUrl).origin });
      await page.goto(pageUrl);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      const button = page.getByRole("region", { name: t.actions.label }).getByRole("button", { name: share.copyLink });
      await button.click();
      await expect(page.getByRole("status").filter({ hasText: share.copied })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);
      expect(await page.locator('meta[property="og:url"]').getAttribute("content")).toBe(pageUrl);

      const key = await apiKey(request, ch.alias);
      const items = await request.get(`http://127.0.0.1:${PORT}/api/vod-media-items?api_key=${key}&limit=1`, { headers: onChannel(ch.alias) });
      const itemId = ((await items.json()) as { data: { id: number }[] }).data[0]!.id;
      await page.goto(url(ch, `/watch_library/${itemId}`));
      await expect(page.getByRole("region", { name: t.actions.labelVideo }).getByRole("button", { name: share.copyLink })).toBeVisible();
      await expect(page.getByRole("link", { name: t.add })).toHaveCount(0);
      await expectAccessible(page);
    });
  });
}
