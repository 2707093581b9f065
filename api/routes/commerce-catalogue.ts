// The product catalogue (SPEC §7 "Payments" GETs): packages, packages/{id}, subscriptions, subscriptions/{id}.
// Public (SPEC §7: no api key), the channel from the host only; each list is one D1 batch.
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { productIdParamSchema, productListQuerySchema } from "../contract/commerce";
import type { Product } from "../contract/commerce-types";
import type { Db } from "../db/client";
import { activeProductsQuery, productByIdQuery, productNameQueries } from "../db/repos/products";
import { notFound } from "../lib/errors";
import { param, query } from "../lib/validate";
import { PACKAGE_LIST_KINDS, SUBSCRIPTION_LIST_KINDS, toProduct, toProductList } from "../services/commerce/products";
import { requestLang } from "../services/lang";

type Kinds = typeof PACKAGE_LIST_KINDS | typeof SUBSCRIPTION_LIST_KINDS;

async function list(db: Db, channelId: number, kinds: Kinds) {
  const [rows, refs, categories, participants] = await db.batch([activeProductsQuery(db, channelId, kinds), ...productNameQueries(db, channelId)]);
  return { rows, names: { products: refs, categories, participants } };
}

/** One product of the listed kinds; another channel's id, another kind's or an inactive one is a 404. */
async function one(db: Db, channelId: number, id: number, kinds: Kinds) {
  const [[row], refs, categories, participants] = await db.batch([productByIdQuery(db, channelId, id), ...productNameQueries(db, channelId)]);
  if (!row || !(kinds as readonly string[]).includes(row.kind)) throw notFound();
  return { row, names: { products: refs, categories, participants } };
}

const routesFor = (path: string, kinds: Kinds) =>
  new Hono<AppEnv>()
    .get(`/${path}`, query(productListQuerySchema), async (c) => {
      const channel = c.get("channel");
      const { rows, names } = await list(c.get("db"), channel.id, kinds);
      const data: Product[] = toProductList(rows, names, requestLang(c.req.valid("query").lang, channel));
      return c.json({ data });
    })
    .get(`/${path}/:id`, param(productIdParamSchema), query(productListQuerySchema), async (c) => {
      const channel = c.get("channel");
      const { row, names } = await one(c.get("db"), channel.id, c.req.valid("param").id, kinds);
      const data: Product = toProduct(row, names, requestLang(c.req.valid("query").lang, channel));
      return c.json({ data });
    });

export const commerceCatalogueRoutes = new Hono<AppEnv>().route("/", routesFor("packages", PACKAGE_LIST_KINDS)).route("/", routesFor("subscriptions", SUBSCRIPTION_LIST_KINDS));
