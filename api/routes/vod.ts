// VOD calls (SPEC §7 "VOD"): items (paged, newest first), one item, categories, search and rails. All keyed.
import { Hono } from "hono";
import type { AppEnv } from "../context";
import type { ListResponse, VodItem } from "../contract/catalogue";
import { vodItemsQuerySchema, vodSearchQuerySchema } from "../contract/catalogue";
import { idParamSchema, langQuerySchema } from "../contract/common";
import {
  vodCategoriesQuery,
  vodItemQuery,
  vodItemsCountQuery,
  vodItemsPageQuery,
  vodItemsWhere,
  vodRailItemsQuery,
  vodRailsQuery,
  vodSearchWhere,
} from "../db/repos/catalogue-vod";
import { notFound } from "../lib/errors";
import { param, query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { listMeta, requestLang } from "../services/catalogue-lang";
import { toRails, toVodCategory, toVodItem } from "../services/catalogue-vod";

export const vodRoutes = new Hono<AppEnv>()
  .get("/vod-media-items", requireApiKey, query(vodItemsQuerySchema), async (c) => {
    const db = c.get("db");
    const channel = c.get("channel");
    const q = c.req.valid("query");
    const l = requestLang(q.lang, channel);
    const where = vodItemsWhere(channel.id, q.category_id);
    const [rows, [{ total }]] = await db.batch([vodItemsPageQuery(db, where, q), vodItemsCountQuery(db, where)]);
    const body: ListResponse<VodItem> = { data: rows.map((r) => toVodItem(r, l)), meta: listMeta(total, q.offset, q.limit) };
    return c.json(body);
  })
  .get("/vod-media-items/:id", requireApiKey, param(idParamSchema), query(langQuerySchema), async (c) => {
    const channel = c.get("channel");
    const row = await vodItemQuery(c.get("db"), channel.id, c.req.valid("param").id).get();
    if (!row) throw notFound();
    return c.json({ data: toVodItem(row, requestLang(c.req.valid("query").lang, channel)) });
  })
  .get("/vod-media-categories", requireApiKey, query(langQuerySchema), async (c) => {
    const channel = c.get("channel");
    const l = requestLang(c.req.valid("query").lang, channel);
    return c.json({ data: (await vodCategoriesQuery(c.get("db"), channel.id)).map((r) => toVodCategory(r, l)) });
  })
  .get("/vod-media/search", requireApiKey, query(vodSearchQuerySchema), async (c) => {
    const db = c.get("db");
    const channel = c.get("channel");
    const q = c.req.valid("query");
    const l = requestLang(q.lang, channel);
    const where = vodSearchWhere(channel.id, q.title);
    const [rows, [{ total }]] = await db.batch([vodItemsPageQuery(db, where, q, q.sort_direction), vodItemsCountQuery(db, where)]);
    const body: ListResponse<VodItem> = { data: rows.map((r) => toVodItem(r, l)), meta: listMeta(total, q.offset, q.limit) };
    return c.json(body);
  })
  .get("/vod-media-rails", requireApiKey, query(langQuerySchema), async (c) => {
    const db = c.get("db");
    const channel = c.get("channel");
    const l = requestLang(c.req.valid("query").lang, channel);
    const [rails, items] = await db.batch([vodRailsQuery(db, channel.id), vodRailItemsQuery(db, channel.id)]);
    return c.json({ data: toRails(rails, items, l) });
  });
