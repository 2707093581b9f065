// Issue 12 on both channels, as the server answers: a team's calendar feed serves text/calendar on the channel's
// host with only that team's events, read back by a real parser (ical.js) as a calendar app reads it; an upcoming
// paid event's page offers its price and a buy button, or tells a viewer who holds a covering pass so. The event's
// own .ics download, the share button and the offer's layout are checked in a browser (tests/e2e/calendar.spec.ts).
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import en from "~/locales/en/calendar.json";
import fr from "~/locales/fr/calendar.json";
import { eventOf, findEvent } from "./events";
import { loadChannel, select, send, sharedChannel, signIn, visit } from "./harness";

const COPY = { alpha: en, beta: fr };

/** A calendar file read as a calendar app reads it: its VTIMEZONEs first, then the events in them. */
function parseCalendar(text: string) {
  ICAL.TimezoneService.reset();
  const root = new ICAL.Component(ICAL.parse(text));
  for (const tz of root.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
  return { root, events: root.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c)) };
}

for (const template of ["alpha", "beta"] as const) {
  describe(template, () => {
    it("a team's feed serves text/calendar on the channel's host, with only that team's events", async () => {
      const ch = await sharedChannel(template);
      const id = await findEvent(ch, "upcoming", "free");
      const team = (await eventOf(ch, id)).participants[0]!;
      const res = await send(ch.url(`/calendar/participant/${team.id}.ics`));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(res.headers.get("content-disposition")).toMatch(/^inline; filename="[a-z0-9-]+\.ics"$/);
      expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
      const text = await res.text();
      expect(text).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT6H\r\n");
      expect(text).toMatch(/X-WR-CALNAME:.+\r\n/);
      const { events } = parseCalendar(text);
      expect(events.map((e) => e.uid)).toContain(`event-${id}@${ch.host}`);
      // Every event of the feed is one of the team's: its page lists the team.
      for (const e of events.slice(0, 5)) {
        const other = await eventOf(ch, Number(/^event-(\d+)@/.exec(e.uid)![1]));
        expect(other.participants.map((p) => p.id)).toContain(team.id);
      }
      for (const bad of ["/calendar/team/1.ics", "/calendar/participant/abc.ics", "/calendar/participant/99999999.ics", "/calendar/event/99999999.ics"]) {
        expect((await send(ch.url(bad))).status, bad).toBe(404);
      }
      // Another channel's team is not in this channel's calendars.
      const other = await sharedChannel(template === "alpha" ? "beta" : "alpha");
      expect((await send(other.url(`/calendar/participant/${team.id}.ics`))).status).toBe(404);
    });

    it("an upcoming paid event shows its price and a buy button beside the countdown; a viewer who holds a pass is told so", async () => {
      const t = COPY[template];
      const ch = await loadChannel(template);
      const id = await findEvent(ch, "upcoming", "paid");
      const page = await visit(ch, `/watch/${id}`);
      expect(page.status).toBe(200);
      expect(await select(page.html, '[data-testid="watch-countdown"]')).toHaveLength(1);
      const [offer] = await select(page.html, '[data-testid="event-offer"]');
      expect(offer.attributes["data-offer"]).toBe("buy");
      expect(offer.text).toContain("$");
      // Links named like the button (a role-and-name look-up's substring match, any case).
      const named = (a: { text: string }) => a.text.toLowerCase().includes(t.offer.buy.toLowerCase());
      const buy = (await select(page.html, '[data-testid="event-offer"] a')).filter(named);
      expect(buy).toHaveLength(1);
      expect(buy[0].attributes.href).toMatch(/^\/(buy|select-package)/);

      const viewer = await visit(ch, `/watch/${id}`, { session: await signIn(ch, "viewer") });
      const [owned] = await select(viewer.html, '[data-testid="event-offer"]');
      expect(owned.attributes["data-offer"]).toBe("owned");
      expect(owned.text).toBe(t.offer.owned);
      expect((await select(viewer.html, "a[href]")).filter(named)).toHaveLength(0);
    });
  });
}
