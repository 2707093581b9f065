// "Add to calendar" (issue 12): GET /calendar/event/{id}, one event's iCalendar file, and GET /calendar/{type}/{id},
// the subscribable feed of a team (participant), school (group) or sport (category). Keyed like /events/{id}; nothing
// in them depends on the viewer. Another channel's event, team, school or sport is a 404, like any missing one.
import { Hono, type Context } from "hono";
import { and, eq } from "drizzle-orm";
import type { AppEnv, ChannelContext } from "../context";
import {
  calendarEventParamSchema,
  calendarFeedParamSchema,
  calendarQuerySchema,
  CALENDAR_FEED_AHEAD_DAYS,
  CALENDAR_FEED_MAX_EVENTS,
  CALENDAR_FEED_PAST_DAYS,
  CALENDAR_REFRESH_INTERVAL,
  type CalendarFeedType,
} from "../contract/favorites";
import type { Db } from "../db/client";
import { type EventPage, eventPageQuery, eventRelationsQueries, eventsOrder, eventsWhere, publicEvents } from "../db/repos/catalogue-events";
import { events } from "../db/schema";
import { notFound } from "../lib/errors";
import { param, query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { requestHost } from "../middleware/tenant";
import { eventMapper, type EventRelations } from "../services/catalogue-events";
import { noVerdict } from "../services/event-access";
import { teamName } from "../contract/names";
import { findFavoritable } from "../db/repos/favorites";
import { eventTitle, fileSlug, toIcsEvent, type CalendarSite } from "../services/calendar/events";
import { ICS_CONTENT_TYPE, writeCalendar } from "../services/calendar/ics";
import { type Lang, requestLang, tr } from "../services/lang";
import { normaliseHost } from "../services/host";

const DAY_MS = 86_400_000;
const PROD_ID = "-//StreamHub//Calendar 1.0//EN";

/** The channel's public origin as the visitor addressed it (the web app's host; a trusted proxy's forwarded one). */
function siteOf(c: Context<AppEnv>): CalendarSite {
  const host = requestHost(c.req.raw, c.env) ?? new URL(c.req.url).host;
  return { origin: `${new URL(c.req.url).protocol}//${host}`, hostname: normaliseHost(host) };
}

/** The page's events as wire Events (has_access is not part of a calendar, so no viewer is looked up). */
async function loadEvents(db: Db, channel: ChannelContext, page: EventPage, now: number, l: Lang) {
  const channelId = channel.id;
  const [rows, teams, groups, categories, locations] = await db.batch([eventPageQuery(db, page), ...eventRelationsQueries(db, channelId, [page])]);
  const rel: EventRelations = { teams, groups, categories, locations };
  return rows.map(eventMapper(rel, now, l, noVerdict, channel.brand));
}

/** The feed owner's name in the call's language, or null when this channel has no such team, school or sport. */
async function ownerName(db: Db, channelId: number, type: CalendarFeedType, id: number, l: Lang): Promise<string | null> {
  const row = await findFavoritable(db, channelId, type, id);
  if (!row) return null;
  return type === "category" ? tr(row.name, l) : teamName(tr(row.name, l));
}

function calendarResponse(c: Context<AppEnv>, body: string, disposition: "attachment" | "inline", filename: string) {
  return c.body(body, 200, {
    "Content-Type": ICS_CONTENT_TYPE,
    "Content-Disposition": `${disposition}; filename="${filename}.ics"`,
  });
}

export const calendarRoutes = new Hono<AppEnv>()
  .get("/calendar/event/:id", requireApiKey, param(calendarEventParamSchema), query(calendarQuerySchema), async (c) => {
    const db = c.get("db");
    const channel = c.get("channel");
    const now = c.get("now")();
    const l = requestLang(c.req.valid("query").lang, channel);
    const id = c.req.valid("param").id;
    const page: EventPage = { where: and(publicEvents(channel.id), eq(events.id, id))!, order: [], limit: 1, offset: 0 };
    const [event] = await loadEvents(db, channel, page, now, l);
    if (!event) throw notFound();
    const body = writeCalendar({ prodId: PROD_ID, stamp: now, events: [toIcsEvent(event, siteOf(c))] });
    return calendarResponse(c, body, "attachment", fileSlug(eventTitle(event), `event-${event.id}`));
  })
  .get("/calendar/:type/:id", requireApiKey, param(calendarFeedParamSchema), query(calendarQuerySchema), async (c) => {
    const db = c.get("db");
    const channel = c.get("channel");
    const now = c.get("now")();
    const l = requestLang(c.req.valid("query").lang, channel);
    const { type, id } = c.req.valid("param");
    const name = await ownerName(db, channel.id, type, id, l);
    if (name === null) throw notFound();
    const filters = type === "participant" ? { participantId: id } : type === "group" ? { groupId: id } : { categoryId: id };
    const where = eventsWhere(db, channel.id, { ...filters, from: now - CALENDAR_FEED_PAST_DAYS * DAY_MS, before: now + CALENDAR_FEED_AHEAD_DAYS * DAY_MS }, now);
    const order = eventsOrder({ field: "event_utc_ts", direction: "asc", ...l });
    const list = await loadEvents(db, channel, { where, order, limit: CALENDAR_FEED_MAX_EVENTS, offset: 0 }, now, l);
    const site = siteOf(c);
    const body = writeCalendar({
      prodId: PROD_ID,
      stamp: now,
      events: list.map((e) => toIcsEvent(e, site)),
      feed: { name: `${name} · ${channel.name}`, refresh: CALENDAR_REFRESH_INTERVAL },
    });
    return calendarResponse(c, body, "inline", fileSlug(name, `${type}-${id}`));
  });
