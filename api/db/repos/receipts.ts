// What a receipt mail reads about one paid order (issue 28): the order and a bundle's other items, the buyer, the
// channel (name, alias, custom domains, default language) and the order's transactions, scoped by channel.
import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../client";
import { users } from "../auth-schema";
import { orders, transactions } from "../commerce-schema";
import { channelDomains, channels, channelSettings } from "../schema";

export async function receiptRows(db: Db, channelId: number, orderId: number) {
  const order = await db.query.orders.findFirst({ where: and(eq(orders.channelId, channelId), eq(orders.id, orderId)) });
  if (!order) return null;
  const [buyer, channel, domains, language, items, txns] = await db.batch([
    db
      .select({ email: users.email, firstName: users.firstName, language: users.language })
      .from(users)
      .where(and(eq(users.channelId, channelId), eq(users.id, order.userId))),
    db.select({ id: channels.id, name: channels.name, alias: channels.alias }).from(channels).where(eq(channels.id, channelId)),
    db.select({ hostname: channelDomains.hostname }).from(channelDomains).where(eq(channelDomains.channelId, channelId)),
    db
      .select({ value: channelSettings.value })
      .from(channelSettings)
      .where(and(eq(channelSettings.channelId, channelId), eq(channelSettings.key, "language"))),
    db
      .select()
      .from(orders)
      .where(and(eq(orders.channelId, channelId), eq(orders.bundleOrderId, orderId), ne(orders.id, orderId))),
    db
      .select()
      .from(transactions)
      .where(and(eq(transactions.channelId, channelId), eq(transactions.orderId, orderId)))
      .orderBy(desc(transactions.createdAt), desc(transactions.id)),
  ]);
  if (!buyer[0] || !channel[0]) return null;
  const setting = language[0]?.value;
  return {
    order,
    items,
    txns,
    buyer: buyer[0],
    channel: channel[0],
    domains: domains.map((d) => d.hostname),
    channelLanguage: typeof setting === "string" ? setting : null,
  };
}
