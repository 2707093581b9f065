// Orders of a user. The SQL keeps paid, active, current orders only; access.ts applies the same rule again, so a
// caller holding other orders (tests, the commerce issue's lists) gets the same answer.
import { and, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../client";
import { eventCategories, orders } from "../schema";

/** A user's paid, active orders valid at `now` (uses orders_user_idx). Unexecuted, so it can join a batch. */
export const activeOrdersQuery = (db: Db, channelId: number, userId: number, now: number) =>
  db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.channelId, channelId),
        eq(orders.userId, userId),
        eq(orders.status, "paid"),
        eq(orders.activityStatus, "active"),
        lte(orders.startsAt, now),
        or(isNull(orders.endsAt), gt(orders.endsAt, now)),
      ),
    );

export const activeOrdersOf = (db: Db, channelId: number, userId: number, now: number) => activeOrdersQuery(db, channelId, userId, now).all();

/** Every category's parent, for the ancestry a category package covers (a channel has tens of categories). */
export const categoryParentsQuery = (db: Db, channelId: number) =>
  db.select({ id: eventCategories.id, parentId: eventCategories.parentId }).from(eventCategories).where(eq(eventCategories.channelId, channelId));

export const parentMap = (rows: { id: number; parentId: number | null }[]): Map<number, number | null> =>
  new Map(rows.map((r) => [r.id, r.parentId]));
