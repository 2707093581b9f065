// The buyer's orders and transactions (SPEC §7 "Payments" GETs: orders with no_limit=1 unless a limit is given,
// orders/{id}; transactions). Newest first; another channel's or another user's order id is a 404.
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { ordersQuerySchema, productIdParamSchema } from "../contract/commerce";
import type { Order, Transaction } from "../contract/commerce-types";
import type { Db } from "../db/client";
import type { OrderRow } from "../db/commerce-schema";
import * as repo from "../db/repos/commerce-orders";
import { listMeta } from "../lib/list";
import { notFound } from "../lib/errors";
import { param, query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { requireUser } from "../middleware/user";
import { orderWire, transactionsByOrder } from "../services/commerce/orders-wire";
import { type Lang, requestLang } from "../services/lang";

const eventIdsOf = (rows: readonly OrderRow[]) => rows.filter((r) => r.type === "event" && r.productId !== null).map((r) => r.productId!);

/** Orders on the wire: their names and transactions (the newest one's failure message, the amount paid), in two reads. */
async function toOrders(db: Db, channelId: number, rows: readonly OrderRow[], l: Lang): Promise<Order[]> {
  const [names, txns] = await Promise.all([repo.orderNames(db, channelId, eventIdsOf(rows)), repo.transactionsOfOrders(db, channelId, rows.map((r) => r.id))]);
  const byOrder = transactionsByOrder(txns);
  const { toOrder } = orderWire(names, l);
  return rows.map((r) => toOrder(r, byOrder.get(r.id) ?? []));
}

export async function loadOrderWire(db: Db, channelId: number, row: OrderRow, l: Lang): Promise<Order> {
  return (await toOrders(db, channelId, [row], l))[0];
}

const langQuery = ordersQuerySchema.pick({ lang: true, api_key: true });

export const ordersRoutes = new Hono<AppEnv>()
  .get("/orders", requireApiKey, requireUser(), query(ordersQuerySchema), async (c) => {
    const q = c.req.valid("query");
    const channel = c.get("channel");
    const db = c.get("db");
    // SPEC §7: the web asks with no_limit=1; a page is served only when a limit or offset is given.
    const paged = (q.limit !== undefined || q.offset !== undefined) && q.no_limit !== "1" && q.no_limit !== "true";
    const page = paged ? { limit: q.limit ?? 20, offset: q.offset ?? 0 } : undefined;
    const { rows, total } = await repo.ordersOfUser(db, channel.id, c.get("user").id, page);
    const data = await toOrders(db, channel.id, rows, requestLang(q.lang, channel));
    return c.json({ data, meta: listMeta(total, page?.offset ?? 0, page?.limit ?? total) });
  })
  .get("/orders/:id", requireApiKey, requireUser(), param(productIdParamSchema), query(langQuery), async (c) => {
    const channel = c.get("channel");
    const db = c.get("db");
    const row = await repo.orderOfUser(db, channel.id, c.get("user").id, c.req.valid("param").id);
    if (!row) throw notFound();
    const data = await loadOrderWire(db, channel.id, row, requestLang(c.req.valid("query").lang, channel));
    return c.json({ data });
  })
  .get("/transactions", requireApiKey, requireUser(), query(langQuery), async (c) => {
    const channel = c.get("channel");
    const db = c.get("db");
    const txns = await repo.transactionsOfUser(db, channel.id, c.get("user").id);
    const { rows } = await repo.ordersOfUser(db, channel.id, c.get("user").id);
    const orders = new Map(rows.map((r) => [r.id, r]));
    const names = await repo.orderNames(db, channel.id, eventIdsOf(rows));
    const { toTransaction } = orderWire(names, requestLang(c.req.valid("query").lang, channel));
    const data: Transaction[] = txns.map((t) => toTransaction(t, orders.get(t.orderId)));
    return c.json({ data });
  });
