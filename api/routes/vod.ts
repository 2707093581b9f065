// VOD calls (SPEC §7 "VOD"): items (paged, newest first), one item, categories, search and rails. All keyed.
import { Hono } from "hono";
import type { AppEnv, ChannelContext } from "../context";
import type { Language } from "../contract/constants";
import type { Db } from "../db/client";
import type { SQL } from "drizzle-orm";
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
import { listMeta } from "../lib/list";
import { requestLang } from "../services/lang";
import { toRails, toVodCategory, toVodItem } from "../services/catalogue-vod";

export const vodRoutes = new Hono<AppEnv>()
  .get("/vod-media-items", requireApiKey, query(vodItemsQuerySchema), async (c) => {
    const q = c.req.valid("query");
    return c.json(await vodPage(c.get("db"), c.get("channel"), vodItemsWhere(c.get("channel").id, q.category_id), q));
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
    const q = c.req.valid("query");
    return c.json(await vodPage(c.get("db"), c.get("channel"), vodSearchWhere(c.get("channel").id, q.title), q, q.sort_direction));
  })
  .get("/vod-media-rails", requireApiKey, query(langQuerySchema), async (c) => {
    const db = c.get("db");
    const channel = c.get("channel");
    const l = requestLang(c.req.valid("query").lang, channel);
    const [rails, items] = await db.batch([vodRailsQuery(db, channel.id), vodRailItemsQuery(db, channel.id)]);
    return c.json({ data: toRails(rails, items, l) });
  });

/** A page of VOD items and its total, in one round trip. */
async function vodPage(
  db: Db,
  channel: ChannelContext,
  where: SQL,
  q: { offset: number; limit: number; lang?: Language },
  direction?: "asc" | "desc",
): Promise<ListResponse<VodItem>> {
  const [rows, [{ total }]] = await db.batch([vodItemsPageQuery(db, where, q, direction), vodItemsCountQuery(db, where)]);
  const l = requestLang(q.lang, channel);
  return { data: rows.map((r) => toVodItem(r, l)), meta: listMeta(total, q.offset, q.limit) };
}
