// Participant calls (SPEC §7 "Participants"): /participants and /participant-groups are public;
// /participant-group-properties needs the api key.
import { Hono } from "hono";
import type { AppEnv } from "../context";
import type { ListResponse, Participant } from "../contract/catalogue";
import { participantsQuerySchema } from "../contract/catalogue";
import { langQuerySchema } from "../contract/common";
import {
  categoriesQuery,
  groupPropertiesQuery,
  groupsQuery,
  participantChildrenQuery,
  participantCountQuery,
  participantPageQuery,
  participantsWhere,
} from "../db/repos/catalogue-taxonomy";
import { query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { listMeta } from "../lib/list";
import { requestLang } from "../services/lang";
import { toGroup, toGroupProperty, toParticipants } from "../services/catalogue-taxonomy";

export const participantRoutes = new Hono<AppEnv>()
  .get("/participants", query(participantsQuerySchema), async (c) => {
    const db = c.get("db");
    const channel = c.get("channel");
    const q = c.req.valid("query");
    const l = requestLang(q.lang, channel);
    const where = participantsWhere(channel.id, { groupId: q.participant_group_id, categoryId: q.event_category_id, gender: q.gender });
    const all = q.no_limit === "1" || q.no_limit === "true";
    const window = all ? undefined : { limit: q.limit, offset: q.offset };
    const [top, [{ total }], children, categories] = await db.batch([
      participantPageQuery(db, where, window),
      participantCountQuery(db, where),
      participantChildrenQuery(db, channel.id, where, window),
      categoriesQuery(db, channel.id),
    ]);
    const body: ListResponse<Participant> = {
      data: toParticipants(top, children, categories, l),
      meta: all ? listMeta(total, 0, total) : listMeta(total, q.offset, q.limit),
    };
    return c.json(body);
  })
  .get("/participant-groups", query(langQuerySchema), async (c) => {
    const channel = c.get("channel");
    const l = requestLang(c.req.valid("query").lang, channel);
    return c.json({ data: (await groupsQuery(c.get("db"), channel.id)).map((r) => toGroup(r, l)) });
  })
  .get("/participant-group-properties", requireApiKey, query(langQuerySchema), async (c) => {
    const channel = c.get("channel");
    const l = requestLang(c.req.valid("query").lang, channel);
    return c.json({ data: (await groupPropertiesQuery(c.get("db"), channel.id)).map((r) => toGroupProperty(r, l)) });
  });
