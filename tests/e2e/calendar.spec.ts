// "Add to calendar", share and the upcoming offer on the watch pages (issue 12), on both channels in their own
// language, where a browser is needed: the watch page of an upcoming event downloads, from the keyboard, an .ics that a
// real parser (ical.js) reads back with the page's title and start; the share button copies the page's link on event
// and library pages; the offer beside the countdown is axe clean, in two layouts. What the server answers without a
// browser (the team feeds, the offer's price and "already have access") is in tests/worker/calendar.test.ts.
import { readFileSync } from "node:fs";
import ICAL from "ical.js";
import type { Page, TestInfo } from "@playwright/test";
import type { Event } from "../../api/contract/catalogue";
import { acceptCookies, expect, expectAccessible, test, visit, type Template } from "./fixtures";
import { apiGet } from "./support/api";
import { copy } from "./support/copy";
import { findEvent } from "./support/events";

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

for (const template of ["alpha", "beta"] as const satisfies Template[]) {
  test.describe(`${template}: calendar, share and offer on the watch pages`, () => {
    test.use({ template });
    test.describe.configure({ timeout: 60_000 });

    test("an upcoming event's page downloads an .ics that parses and names the event", async ({ page, request, sharedChannel: ch }, testInfo) => {
      const t = copy(ch.lang, "calendar");
      const id = await findEvent(request, ch, "upcoming", "free");
      const event = await apiGet<Event>(request, ch, `events/${id}?lang=${ch.lang}`);
      await visit(page, ch.url(`/watch/${id}`));
      await expect(page.getByTestId("watch-countdown")).toBeVisible();
      const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
      const actions = page.getByRole("region", { name: t.actions.label });
      const add = actions.getByRole("link", { name: t.add });
      await expect(add).toHaveAttribute("href", `/calendar/event/${id}.ics`);
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
      expect(events[0].component.getFirstPropertyValue("url")).toBe(ch.url(`/watch/${id}`));

      await acceptCookies(page);
      for (const [w, h] of [
        [1366, 900],
        [390, 844],
      ]) {
        await page.setViewportSize({ width: w, height: h });
        const box = await add.boundingBox();
        expect(box!.x + box!.width, `${w}×${h}: the calendar link fits`).toBeLessThanOrEqual(w);
        await attachShot(page, testInfo, `calendar-${template}-${w}x${h}.png`);
      }
    });

    test("an upcoming paid event's offer beside the countdown is accessible, in two layouts", async ({ page, request, sharedChannel: ch }, testInfo) => {
      const id = await findEvent(request, ch, "upcoming", "paid");
      await visit(page, ch.url(`/watch/${id}`));
      await expect(page.getByTestId("watch-countdown")).toBeVisible();
      await expect(page.getByTestId("event-offer")).toHaveAttribute("data-offer", "buy");
      await expectAccessible(page);
      await attachShot(page, testInfo, `offer-${template}-1366x900.png`);
      await page.setViewportSize({ width: 390, height: 844 });
      await attachShot(page, testInfo, `offer-${template}-390x844.png`);
    });

    test("the share button copies the event's link; a library video has one too", async ({ page, context, request, sharedChannel: ch }) => {
      const t = copy(ch.lang, "calendar");
      const share = copy(ch.lang, "share");
      const id = await findEvent(request, ch, "upcoming", "free");
      const pageUrl = ch.url(`/watch/${id}`);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: ch.origin });
      await visit(page, pageUrl);
      const button = page.getByRole("region", { name: t.actions.label }).getByRole("button", { name: share.copyLink });
      await button.click();
      await expect(page.getByRole("status").filter({ hasText: share.copied })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);
      expect(await page.locator('meta[property="og:url"]').getAttribute("content")).toBe(pageUrl);

      const [item] = await apiGet<{ id: number }[]>(request, ch, "vod-media-items?limit=1");
      await visit(page, ch.url(`/watch_library/${item.id}`));
      await expect(page.getByRole("region", { name: t.actions.labelVideo }).getByRole("button", { name: share.copyLink })).toBeVisible();
      await expect(page.getByRole("link", { name: t.add })).toHaveCount(0);
      await expectAccessible(page);
    });
  });
}
