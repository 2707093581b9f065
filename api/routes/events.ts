// Event calls (SPEC §7 "Events"): /events with its filters, /events/{id}, /events-for-homepage, /events-categories,
// /events-locations (public). Each answers in ONE D1 round trip (db.batch), in parallel with the viewer lookup
// that `has_access` needs (event-access.ts: a settings read when anonymous).
import { Hono } from "hono";
import { and, eq, inArray } from "drizzle-orm";
import type { AppEnv, ChannelContext } from "../context";
import type { Event, EventsForHomepage, ListResponse, RelatedEvents } from "../contract/catalogue";
import { eventsQuerySchema, HOMEPAGE_SECTION_LIMIT } from "../contract/catalogue";
import { idParamSchema, langQuerySchema } from "../contract/common";
import {
  type EventPage,
  type EventRow,
  eventCountQuery,
  eventPageQuery,
  eventRelationsQueries,
  eventsOrder,
  eventsWhere,
  statusCondition,
  publicEvents,
} from "../db/repos/catalogue-events";
import { loadRelatedEvents } from "../services/related-events";
import { categoriesQuery, locationsQuery } from "../db/repos/catalogue-taxonomy";
import type { Db } from "../db/client";
import { events } from "../db/schema";
import { notFound } from "../lib/errors";
import { param, query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { eventMapper, type EventRelations } from "../services/catalogue-events";
import { loadVerdicts, offerScope, loadViewer, viewerFor, type Verdicts } from "../services/event-access";
import { requireUser } from "../middleware/user";
import { userClipCounts, userClipEventIds } from "../db/repos/clips";
import { withClipQuerySchema, type EventWithClips } from "../contract/clips";
import { listMeta } from "../lib/list";
import { requestLang } from "../services/lang";
import { toCategoryTree, toLocation } from "../services/catalogue-taxonomy";
import type { Lang } from "../services/lang";
import { dateBounds, defaultSortDirection, statusRange } from "../services/event-status";

export const eventRoutes = new Hono<AppEnv>()
  .get("/events", requireApiKey, query(eventsQuerySchema), async (c) => {
    const db = c.get("db");
    const channel = c.get("channel");
    const now = c.get("now")();
    const q = c.req.valid("query");
    const l = requestLang(q.lang, channel);
    const { from, before } = dateBounds(q.start_date, q.end_date);
    const where = eventsWhere(
      db,
      channel.id,
      {
        status: q.status,
        // SPEC §2 synonyms (the schema checked that a pair given together agrees).
        categoryId: q.event_category_id ?? q.category_id,
        sport: q.sport,
        participantId: q.participant_id,
        team: q.team,
        groupId: q.participant_group_id,
        school: q.school,
        group: q.group,
        division: q.division,
        gender: q.gender,
        locationId: q.location_id,
        location: q.location,
        city: q.city,
        state: q.state,
        accessType: q.access_type ?? q.type,
        from,
        before,
      },
      now,
    );
    const order = eventsOrder({ field: q.sort_field, direction: q.sort_direction ?? defaultSortDirection(q.status), ...l });
    const page: EventPage = { where, order, limit: q.limit, offset: q.offset };
    const [[rows, [{ total }], ...rel], verdicts] = await Promise.all([
      db.batch([eventPageQuery(db, page), eventCountQuery(db, where), ...eventRelationsQueries(db, channel.id, [page])]),
      loadVerdicts(offerScope(c), loadViewer(c), l),
    ]);
    const body: ListResponse<Event> = { data: rows.map(eventMapper(relations(rel), now, l, verdicts, channel.brand)), meta: listMeta(total, q.offset, q.limit) };
    return c.json(body);
  })
  // SPEC §7 /events/with_clip: the events the signed-in user has clips of, latest first, each with its clip count.
  // Before /events/:id, which would read "with_clip" as an id.
  .get("/events/with_clip", requireApiKey, requireUser(), query(withClipQuerySchema), async (c) => {
    const db = c.get("db");
    const channel = c.get("channel");
    const now = c.get("now")();
    const q = c.req.valid("query");
    const l = requestLang(q.lang, channel);
    const scope = { channelId: channel.id, userId: c.get("user").id };
    const where = and(eq(events.channelId, channel.id), inArray(events.id, userClipEventIds(db, scope)))!;
    const page: EventPage = { where, order: eventsOrder({ field: "event_utc_ts", direction: "desc", ...l }), limit: q.limit, offset: q.offset };
    const [[rows, [{ total }], ...rel], verdicts, counts] = await Promise.all([
      db.batch([eventPageQuery(db, page), eventCountQuery(db, where), ...eventRelationsQueries(db, channel.id, [page])]),
      loadVerdicts(offerScope(c), viewerFor(c, c.get("user")), l),
      userClipCounts(db, scope),
    ]);
    const toEvent = eventMapper(relations(rel), now, l, verdicts, channel.brand);
    const data: EventWithClips[] = rows.map((row) => ({ ...toEvent(row), clips_count: counts.get(row.id) ?? 0 }));
    return c.json({ data, meta: listMeta(total, q.offset, q.limit) });
  })
  .get("/events/:id", requireApiKey, param(idParamSchema), query(langQuerySchema), async (c) => {
    const db = c.get("db");
    const channel = c.get("channel");
    const now = c.get("now")();
    const l = requestLang(c.req.valid("query").lang, channel);
    const where = and(publicEvents(channel.id), eq(events.id, c.req.valid("param").id))!;
    const page: EventPage = { where, order: [], limit: 1, offset: 0 };
    const [[rows, ...rel], verdicts] = await Promise.all([db.batch([eventPageQuery(db, page), ...eventRelationsQueries(db, channel.id, [page])]), loadVerdicts(offerScope(c), loadViewer(c), l)]);
    if (!rows[0]) throw notFound();
    return c.json({ data: eventMapper(relations(rel), now, l, verdicts, channel.brand)(rows[0]) });
  })
  // Issue 28: the watch page's rails in one call (up next, more from the teams).
  .get("/events/:id/related", requireApiKey, param(idParamSchema), query(langQuerySchema), async (c) => {
    const channel = c.get("channel");
    const l = requestLang(c.req.valid("query").lang, channel);
    const verdicts = loadVerdicts(offerScope(c), loadViewer(c), l);
    const data: RelatedEvents | null = await loadRelatedEvents(c.get("db"), { channelId: channel.id, now: c.get("now")(), ...l }, c.req.valid("param").id, () => verdicts, channel.brand);
    if (!data) throw notFound();
    return c.json({ data });
  })
  .get("/events-for-homepage", requireApiKey, query(langQuerySchema), async (c) => {
    const db = c.get("db");
    const channel = c.get("channel");
    const now = c.get("now")();
    const l = requestLang(c.req.valid("query").lang, channel);
    const verdicts = loadVerdicts(offerScope(c), loadViewer(c), l);
    const data = await homepage(db, channel, now, l, () => verdicts);
    return c.json({ data });
  })
  .get("/events-categories", requireApiKey, query(langQuerySchema), async (c) => {
    const channel = c.get("channel");
    const rows = await categoriesQuery(c.get("db"), channel.id);
    return c.json({ data: toCategoryTree(rows, requestLang(c.req.valid("query").lang, channel)) });
  })
  .get("/events-locations", query(langQuerySchema), async (c) => {
    const channel = c.get("channel");
    const l = requestLang(c.req.valid("query").lang, channel);
    return c.json({ data: (await locationsQuery(c.get("db"), channel.id)).map((r) => toLocation(r, l)) });
  });

/** Live now, the next upcoming and the latest finished, with everything they refer to: one batch. */
async function homepage(db: Db, channel: ChannelContext, now: number, l: Lang, access: () => Promise<Verdicts>): Promise<EventsForHomepage> {
  const channelId = channel.id;
  const section = (status: "live" | "upcoming" | "finished"): EventPage => ({
    where: and(publicEvents(channelId), statusCondition(statusRange(status, now)))!,
    order: eventsOrder({ field: "event_utc_ts", direction: defaultSortDirection(status), ...l }),
    limit: HOMEPAGE_SECTION_LIMIT,
    offset: 0,
  });
  const pages = [section("live"), section("upcoming"), section("finished")];
  const [[live, upcoming, recent, ...rel], hasAccess] = await Promise.all([
    db.batch([eventPageQuery(db, pages[0]), eventPageQuery(db, pages[1]), eventPageQuery(db, pages[2]), ...eventRelationsQueries(db, channelId, pages)]),
    access(),
  ]);
  const toEvent = eventMapper(relations(rel), now, l, hasAccess, channel.brand);
  return { live: live.map(toEvent), upcoming: upcoming.map(toEvent), recent: recent.map(toEvent) };
}

function relations([teams, groups, categories, locations]: [
  EventRelations["teams"],
  EventRelations["groups"],
  EventRelations["categories"],
  EventRelations["locations"],
]): EventRelations {
  return { teams, groups, categories, locations };
}
