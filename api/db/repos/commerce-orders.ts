// Orders and transactions as checkout writes them and the buyer lists them. Every query is scoped by channel and
// user, so another channel's (or another user's) order id is simply not found. Checkout only ever moves an order
// from pending to failed here; paid, active and refunded are the webhook's.
import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { participants } from "../catalogue-schema";
import { type OrderRow, orders, products, transactions } from "../commerce-schema";
import { events } from "../schema";

export type NewOrder = Omit<typeof orders.$inferInsert, "id" | "status" | "activityStatus">;
export type NewTransaction = Pick<typeof transactions.$inferInsert, "amount" | "currency" | "kind">;

/**
 * A pending order and its `created` transaction, in one D1 batch (one transaction): the order never exists
 * without the record of the attempt to pay for it.
 */
export async function createPendingOrder(db: Db, order: NewOrder, txn: NewTransaction): Promise<{ order: OrderRow; transactionId: number }> {
  const [[row], [t]] = await db.batch([
    db.insert(orders).values({ ...order, status: "pending", activityStatus: "inactive" }).returning(),
    db
      .insert(transactions)
      .values({ ...txn, channelId: order.channelId, userId: order.userId, orderId: sql`last_insert_rowid()`, status: "created", createdAt: order.createdAt })
      .returning({ id: transactions.id }),
  ]);
  return { order: row, transactionId: t.id };
}

/** A bundle's other items, linked to the head order (which links to itself), pending like it. */
export async function addBundleItems(db: Db, head: OrderRow, items: NewOrder[]): Promise<void> {
  const link = db.update(orders).set({ bundleOrderId: head.id }).where(and(eq(orders.channelId, head.channelId), eq(orders.id, head.id)));
  if (!items.length) return void (await link);
  await db.batch([link, db.insert(orders).values(items.map((item) => ({ ...item, bundleOrderId: head.id, status: "pending" as const, activityStatus: "inactive" as const })))]);
}

const orderWhere = (channelId: number, orderId: number) => and(eq(orders.channelId, channelId), or(eq(orders.id, orderId), eq(orders.bundleOrderId, orderId)));

/** Where the provider call went: its PaymentIntent or Subscription on the order, the intent on the transaction. */
export async function recordProviderRefs(db: Db, channelId: number, orderId: number, transactionId: number, refs: { order: string | null; intent: string | null }, now: number) {
  await db.batch([
    db.update(orders).set({ providerRef: refs.order, updatedAt: now }).where(and(eq(orders.channelId, channelId), eq(orders.id, orderId))),
    db.update(transactions).set({ providerRef: refs.intent }).where(and(eq(transactions.channelId, channelId), eq(transactions.id, transactionId))),
  ]);
}

/**
 * A declined payment: the order (and a bundle's items) and the transaction fail at once, with the issuer's words.
 * Only a pending order moves, so a late answer never undoes what a webhook already settled.
 */
export async function markFailed(db: Db, channelId: number, orderId: number, transactionId: number, message: string, now: number): Promise<void> {
  await db.batch([
    db.update(orders).set({ status: "failed", updatedAt: now }).where(and(orderWhere(channelId, orderId), eq(orders.status, "pending"))),
    db
      .update(transactions)
      .set({ status: "failed", failureMessage: message })
      .where(and(eq(transactions.channelId, channelId), eq(transactions.id, transactionId), eq(transactions.status, "created"))),
  ]);
}

export async function orderOfUser(db: Db, channelId: number, userId: number, orderId: number): Promise<OrderRow | null> {
  const row = await db.query.orders.findFirst({ where: and(eq(orders.channelId, channelId), eq(orders.userId, userId), eq(orders.id, orderId)) });
  return row ?? null;
}

/** The newest charge attempt of an order: its intent (for the confirmation step) and failure message. */
export async function latestTransaction(db: Db, channelId: number, orderId: number) {
  const row = await db.query.transactions.findFirst({
    where: and(eq(transactions.channelId, channelId), eq(transactions.orderId, orderId)),
    orderBy: [desc(transactions.createdAt), desc(transactions.id)],
  });
  return row ?? null;
}

export async function setRenewal(db: Db, channelId: number, orderId: number, now: number): Promise<void> {
  await db.update(orders).set({ renewalStatus: "cancelled", autoRenew: false, updatedAt: now }).where(and(eq(orders.channelId, channelId), eq(orders.id, orderId)));
}

/** A user's orders, newest first; `page` undefined lists them all (no_limit). */
export async function ordersOfUser(db: Db, channelId: number, userId: number, page?: { limit: number; offset: number }) {
  const where = and(eq(orders.channelId, channelId), eq(orders.userId, userId));
  const list = db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id));
  const [rows, [total]] = await db.batch([page ? list.limit(page.limit).offset(page.offset) : list, db.select({ n: count() }).from(orders).where(where)]);
  return { rows, total: total.n };
}

export async function transactionsOfUser(db: Db, channelId: number, userId: number) {
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.channelId, channelId), eq(transactions.userId, userId)))
    .orderBy(desc(transactions.createdAt), desc(transactions.id));
}

/** The newest transaction of each order (the order's failure message), for a list of orders. */
export async function transactionsOfOrders(db: Db, channelId: number, orderIds: number[]) {
  if (!orderIds.length) return [];
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.channelId, channelId), inArray(transactions.orderId, orderIds)))
    .orderBy(desc(transactions.createdAt), desc(transactions.id));
}

/**
 * Names for orders: every product of the channel (inactive ones too: old orders keep their name) and the events of
 * event orders, with their start and teams (what an event order gives: services/commerce/validity.ts).
 */
export async function orderNames(db: Db, channelId: number, eventIds: number[]) {
  const ids = eventIds.length ? eventIds : [0];
  const ofEvents = db
    .select({ id: events.homeTeamId })
    .from(events)
    .where(and(eq(events.channelId, channelId), inArray(events.id, ids)))
    .union(db.select({ id: events.awayTeamId }).from(events).where(and(eq(events.channelId, channelId), inArray(events.id, ids))));
  const [productRows, eventRows, teamRows] = await db.batch([
    db
      .select({ id: products.id, name: products.name, kind: products.kind, simultaneousLogins: products.simultaneousLogins })
      .from(products)
      .where(eq(products.channelId, channelId)),
    db
      .select({ id: events.id, name: events.name, eventUtcTs: events.eventUtcTs, timeZone: events.timeZone, homeTeamId: events.homeTeamId, awayTeamId: events.awayTeamId })
      .from(events)
      .where(and(eq(events.channelId, channelId), inArray(events.id, ids))),
    db
      .select({ id: participants.id, name: participants.name, shortName: participants.shortName })
      .from(participants)
      .where(and(eq(participants.channelId, channelId), inArray(participants.id, ofEvents))),
  ]);
  const teams = new Map(teamRows.map((t) => [t.id, { name: t.name, shortName: t.shortName }]));
  const team = (id: number | null) => (id === null ? null : (teams.get(id) ?? null));
  return {
    products: productRows,
    events: eventRows.map((e) => ({ id: e.id, name: e.name, eventUtcTs: e.eventUtcTs, timeZone: e.timeZone, home: team(e.homeTeamId), away: team(e.awayTeamId) })),
  };
}

/** Every product of the channel (checkout resolves the buyer's choice and a bundle's items from it). */
export const productsOfChannel = (db: Db, channelId: number) => db.select().from(products).where(eq(products.channelId, channelId));

/** An order already bought with a trial (pending or paid): a second trial is refused even before the webhook marks the user. */
export async function hasTrialOrder(db: Db, channelId: number, userId: number): Promise<boolean> {
  const row = await db.query.orders.findFirst({
    where: and(eq(orders.channelId, channelId), eq(orders.userId, userId), sql`${orders.trialEndsAt} IS NOT NULL`, inArray(orders.status, ["pending", "paid"])),
    columns: { id: true },
  });
  return !!row;
}
